# killer.xc: killer sudoku: sudoku rules, and in every cage the digits differ and add up to
# the cage's sum. Cages are a grid of labels ("." or "-" outside every cage: a partial
# killer); sums a grid with each cage's sum in one of its cells. Each cage chooses a set of
# digits with its sum (an option per set, a handful each), and its cells must take digits
# from that set, each once: so the sums are kept by the cover itself, and a big cage costs
# a few dozen options, not one per ordering of its digits.

# The cages: one label a cell, the same label for the cells of a cage.
param cages = grid """
2 2 4 1
2 3 4 1
6 3 4 5
6 3 5 5
"""
# The sums: each cage's sum in one of its cells, "-" elsewhere.
param sums = grid """
9 - 8 3
- 7 - -
4 - - 9
- - - -
"""
param box_rows = 2   # rows of a box
param box_cols = 2   # columns of a box

let N = box_rows * box_cols
let D = 1..N
let outside = [".", "-"]
let cage_cells = {label: cells for (label, cells) in items(regions(cages)) if label not in outside}
let total = {label: int(sums[r, c]) for (label, cells) in items(cage_cells) for (r, c) in cells
             if sums[r, c] not in outside}
require set(keys(total)) == set(keys(cage_cells)), "every cage needs its sum written in one of its cells"
def box_of(r, c) = (r - 1) // box_rows * box_rows + (c - 1) // box_cols + 1

primary cell(r, c) for r in D for c in D
primary row(r, d)  for r in D for d in D
primary col(c, d)  for c in D for d in D
primary box(b, d)  for b in D for d in D
primary cage(label) for label in keys(cage_cells)
secondary digit(label, d) for label in keys(cage_cells) for d in D  # coloured "in" or "out" of the cage's set
secondary used(label, d) for label in keys(cage_cells) for d in D   # a digit once in a cage

option "cage {label} = {sorted(chosen)}": cage(label) [digit(label, d):("in" if d in chosen else "out") for d in D]
    for (label, cells) in items(cage_cells) for chosen in combinations(D, len(cells)) if sum(chosen) == total[label]
option "r{r}c{c}={d}": cell(r, c) row(r, d) col(c, d) box(box_of(r, c), d) digit(label, d):"in" used(label, d)
    for (label, cells) in items(cage_cells) for (r, c) in cells for d in D
    show (r, c) = d
option "r{r}c{c}={d}": cell(r, c) row(r, d) col(c, d) box(box_of(r, c), d)
    for r in D for c in D if cages[r, c] in outside for d in D
    show (r, c) = d
outline {cell: label for (label, cells) in items(cage_cells) for cell in cells}, total
