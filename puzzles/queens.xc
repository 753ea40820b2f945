# queens.xc: n queens on an n x n board, none attacking another (8x8: 92 ways).
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

option "Q{r}{c}": row(r) col(c) up(r + c) down(r - c) for r in D for c in D
    show (r, c) = "Q"
