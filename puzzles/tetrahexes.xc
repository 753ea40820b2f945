# tetrahexes.xc: the seven tetrahexes (four hexagons each) fill a board of the hexagonal
# lattice: a 4x7 parallelogram in 18 ways, 9 up to its half turn (count --up-to-symmetry);
# a triangle of side 7 in none (Polyform Puzzler's counts).
#   excover run tetrahexes.xc                         (drawn as hexagons)
#   excover count tetrahexes.xc -p side=7
lattice hexagonal
param width = 7      # hexagons along a row of the parallelogram
param height = 4     # its rows, each half a hexagon to the right of the one above
param side = 0       # the side of a triangular board to fill instead (0: the parallelogram)
require width >= 1 and height >= 1 and side >= 0, "the board needs a width and a height of 1 or more"

let board = triangle(side) if side > 0 else parallelogram(width, height)
primary cell(r, c) for (r, c) in board
primary piece(p) for p in tetrahexes
symmetry cell(r, c) at (r, c) for (r, c) in board   # count --up-to-symmetry: the board's turns and mirrors

option piece(p) [cell(r, c) for (r, c) in cells]
    for p in tetrahexes for cells in placements(tetrahexes[p], board)
    show cells = p
