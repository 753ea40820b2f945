# pentomino.xc: the twelve pentominoes tile a rectangle (6x10: 9356 ways).
# F I L N P T U V W X Y Z; 2339 tilings up to the board's symmetry with -p unique=true.
#   excover count pentomino.xc -p width=12 -p height=5
#   excover count pentomino.xc -p width=8 -p height=8 -p hole=2     (8x8 less its centre)
#   excover count pentomino.xc -p width=8 -p height=8 -p square=true --up-to-symmetry   (16146)
param width = 10        # columns of the board
param height = 6        # rows of the board
param hole = 0          # side of a square hole in the middle of the board
param unique = false    # count each tiling once, not once per symmetry of the board
param square = false    # a 2x2 square too (the tetromino O), as on Dana Scott's 8x8 board
require width >= 1 and height >= 1, "the board needs a width and a height of 1 or more"
require 0 <= hole <= min(width, height), "-p hole is the side of a square inside the board"

let hole_rows = (height - hole) // 2 + 1 .. (height - hole) // 2 + hole
let hole_cols = (width - hole) // 2 + 1 .. (width - hole) // 2 + hole
let board = [(r, c) for (r, c) in box(width, height) if not (r in hole_rows and c in hole_cols)]

# Symmetry breaking: the F pentomino has no symmetry of its own, so every tiling has one
# image under the board's symmetries (4 for a rectangle, 8 for a square) in which F lies in
# one chosen orientation (or, for a rectangle, one of two a quarter turn apart).
let f_turns = orientations(pentominoes["F"])
let f_allowed = [f_turns[0]] if width == height else [f_turns[0], f_turns[1]]
def allowed(p) = f_allowed if unique and p == "F" else orientations(pieces[p])

let pieces = {p: shape for (p, shape) in list(items(pentominoes)) + [("O", tetrominoes["O"])] if square or p != "O"}
primary piece(p) for p in pieces
primary cell(r, c) for (r, c) in board
symmetry cell(r, c) at (r, c) for (r, c) in board   # count --up-to-symmetry: the board's turns and mirrors

option piece(p) [cell(r, c) for (r, c) in cells]
    for p in pieces for cells in placements(pieces[p], board, orientations=allowed(p))
    show cells = p
