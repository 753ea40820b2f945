# queens.xc: n queens on an n x n board, none attacking another (8x8: 92 ways, 12 up to the
# board's turns and mirrors: count --up-to-symmetry).
# Every row and column holds one queen (primary items); every diagonal at most one
# (secondary items).
#   excover count queens.xc -p n=12
param n = 8   # the side of the board, and the number of queens
require n >= 1, "-p n is the side of the board: 1 or more"
let D = 1..n

primary row(r) for r in D
primary col(c) for c in D
secondary up(k) for k in 2..2 * n
secondary down(k) for k in 1 - n..n - 1

option "r{r}c{c}": row(r) col(c) up(r + c) down(r - c) for r in D for c in D
    show (r, c) = "Q"

# The board's symmetries, as permutations of the items (the queen on r, c goes to c, r; and
# to r, n + 1 - c): its transpose and its left-right mirror, which generate all 8.
symmetry row(r) -> col(r), col(r) -> row(r), down(r - c) -> down(c - r) for r in D for c in D
symmetry col(c) -> col(n + 1 - c), up(r + c) -> down(r + c - n - 1), down(r - c) -> up(r - c + n + 1)
    for r in D for c in D
