# jigsaw.xc: jigsaw (irregular, "chaos") sudoku: the boxes are irregular areas, given as a
# grid of labels (n areas of n cells, n from 4 to 9; the digits are 1..n).
#   excover run jigsaw.xc -p givens=@puzzle.txt -p areas=@areas.txt

# The clues: a digit or "-" (or ".") for a blank.
param givens = grid """
- - 4 3
- - - 1
- 2 - -
- - - -
"""
# The areas: one label a cell, the same label for the cells of an area.
param areas = grid """
1 1 1 3
1 3 3 3
2 2 4 4
2 2 4 4
"""
let N = areas.height
let D = 1..N
let area = {cell: label for (label, cells) in items(regions(areas)) for cell in cells}
require areas.width == N and len(regions(areas)) == N, "the areas must be {N} areas in {N} rows of {N}"
require givens.height in [0, N], "the givens must be {N} rows of {N} (or empty)"

primary cell(r, c) for r in D for c in D
primary row(r, d)  for r in D for d in D
primary col(c, d)  for c in D for d in D
primary area(a, d) for a in keys(regions(areas)) for d in D
# count --up-to-symmetry: the digits are interchangeable
symmetry permute d: row(k, d) col(k, d) area(a, d) for (k, a) in zip(D, keys(regions(areas))) for d in D

option "r{r}c{c}={d}": cell(r, c) row(r, d) col(c, d) area(area[(r, c)], d)
    for r in D for c in D for d in D
    show (r, c) = d

given "r{r}c{c}={givens[r, c]}" for (r, c) in givens.cells if givens[r, c] not in [".", "-", "0"]
outline area
