# samurai.xc: samurai sudoku: five 9x9 sudokus on a 21x21 board, the middle one sharing a
# corner box with each of the others. Every row, column and box of each sudoku holds 1..9.
#   excover run samurai.xc -p givens=@puzzle.txt     (21 rows of 21; "." or "-" blank)
param givens = grid "empty"   # 21 rows of 21 clues, "." or "-" blank, blank outside the grids

let D = 1..9
let corners = [(1, 1), (1, 13), (7, 7), (13, 1), (13, 13)]   # top-left cells of the five grids
let grids = 1..5
def inside(g, r, c) = corners[g - 1][0] <= r < corners[g - 1][0] + 9 and corners[g - 1][1] <= c < corners[g - 1][1] + 9
let board = sorted(set([(corners[g - 1][0] + i, corners[g - 1][1] + j) for g in grids for i in 0..8 for j in 0..8]))
def box_of(r, c) = (r - 1) // 3 * 3 + (c - 1) // 3 + 1
# Each cell of the board, with the grids it belongs to and where it sits in each (row, column).
let homes = {(r, c): [(g, r - corners[g - 1][0] + 1, c - corners[g - 1][1] + 1) for g in grids if inside(g, r, c)]
             for (r, c) in board}
require givens.height in [0, 21], "the givens must be 21 rows of 21 (or empty)"

primary cell(r, c) for (r, c) in board
primary row(g, r, d) for g in grids for r in D for d in D
primary col(g, c, d) for g in grids for c in D for d in D
primary box(g, b, d) for g in grids for b in D for d in D

option "r{r}c{c}={d}": cell(r, c) [row(g, i, d) col(g, j, d) box(g, box_of(i, j), d) for (g, i, j) in homes[r, c]]
    for (r, c) in board for d in D
    show (r, c) = d

given "r{r}c{c}={givens[r, c]}" for (r, c) in givens.cells if givens[r, c] not in [".", "-", "0"]
outline {(r, c): (r - 1) // 3 * 100 + (c - 1) // 3 for (r, c) in board}
