# sudoku.xc: sudoku as exact cover, the classic 9x9 by default.
# Every cell holds one symbol; every row, column and box holds each symbol once.
#   excover run sudoku.xc -p givens=<81 characters, . or 0 for a blank>
#   excover run sudoku.xc -p box_rows=2 -p box_cols=3 -p givens=...      (6x6)
#   excover run sudoku.xc -p box_rows=4 -p box_cols=4 -p symbols=ABCDEFGHIJKLMNOP -p givens=...
#   excover run sudoku.xc -p givens=empty --seed 7                           (a random full grid)

# The clues: one symbol a cell, "." (or "-", "0", "_") for a blank; or 81 characters on one line; or "empty".
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
param box_rows = 3   # rows of a box
param box_cols = 3   # columns of a box (the grid has box_rows * box_cols symbols)
param symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"   # the symbols, the first N of them used
require box_rows >= 1 and box_cols >= 1, "a box needs 1 or more rows and columns"
param blanks = ".-0_"   # the characters that mark a blank cell (any that is a symbol excepted)

let N = box_rows * box_cols
let D = 1..N
let symbol = [symbols[k] for k in 0..N - 1]
let blank = [mark for mark in blanks if mark not in symbol]
require len(symbols) >= N, "-p symbols needs {N} symbols"
require givens.height in [0, N] and givens.width in [0, N], "the givens must be {N} rows of {N} (or empty)"
def box_of(r, c) = (r - 1) // box_rows * box_rows + (c - 1) // box_cols + 1

primary cell(r, c) for r in D for c in D
primary row(r, d)  for r in D for d in D
primary col(c, d)  for c in D for d in D
primary box(b, d)  for b in D for d in D

# count --up-to-symmetry: the symbols are interchangeable (any relabelling of them keeps the rules)
symmetry permute d: row(k, d) col(k, d) box(k, d) for k in D for d in D

option "r{r}c{c}={symbol[d - 1]}": cell(r, c) row(r, d) col(c, d) box(box_of(r, c), d)
    for r in D for c in D for d in D
    show (r, c) = symbol[d - 1]

require all([givens[r, c] in symbol or givens[r, c] in blank for (r, c) in givens.cells]),
    "the givens hold '{[givens[r, c] for (r, c) in givens.cells if givens[r, c] not in symbol + blank][0]}', neither a symbol nor a blank"
given "r{r}c{c}={givens[r, c]}" for (r, c) in givens.cells if givens[r, c] in symbol
outline {(r, c): box_of(r, c) for r in D for c in D}
