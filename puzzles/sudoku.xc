# sudoku.xc: the classic 9x9 sudoku as exact cover.
# Every cell holds one digit; every row, column and box holds each digit once.
# Clues: -p givens=<81 characters, . or 0 for a blank>, or a grid as below.
param givens = grid """
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79
"""
let D = 1..9
def box_of(r, c) = (r - 1) // 3 * 3 + (c - 1) // 3 + 1

primary cell(r, c) for r in D for c in D
primary row(r, d)  for r in D for d in D
primary col(c, d)  for c in D for d in D
primary box(b, d)  for b in D for d in D

option "r{r}c{c}={d}": cell(r, c) row(r, d) col(c, d) box(box_of(r, c), d)
    for r in D for c in D for d in D
    show (r, c) = d

given "r{r}c{c}={givens[r, c]}" for r in D for c in D if givens[r, c] not in ".0"
