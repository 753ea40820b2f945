# hexiamonds.xc: the twelve hexiamonds (six triangles each) fill a board of the triangular
# lattice: a 6x6 rhombus in 624 ways, 156 up to its symmetries (count --up-to-symmetry);
# a 4x9 parallelogram in 148, 74 up to symmetry; a 3x12 one in none (Polyform Puzzler's counts).
#   excover run hexiamonds.xc                         (drawn as triangles)
#   excover count hexiamonds.xc -p width=9 -p height=4 --up-to-symmetry
lattice triangular
param width = 6    # rhombi along a row of the board (each two triangles)
param height = 6   # rows
require width >= 1 and height >= 1, "the board needs a width and a height of 1 or more"

let board = parallelogram(width, height)
primary cell(r, c) for (r, c) in board
primary piece(p) for p in hexiamonds
symmetry cell(r, c) at (r, c) for (r, c) in board   # count --up-to-symmetry: the board's turns and mirrors

option piece(p) [cell(r, c) for (r, c) in cells]
    for p in hexiamonds for cells in placements(hexiamonds[p], board)
    show cells = p
