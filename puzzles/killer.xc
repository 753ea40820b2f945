# killer.xc: killer sudoku: sudoku rules, and in every cage the digits differ and add up to
# the cage's sum. Cages are a grid of labels ("." or "-" outside every cage: a partial
# killer); sums a grid with each cage's sum in one of its cells. The sums are kept by the
# cover itself, in one of two ways, whichever a cage makes cheaper:
# - a cage with few fillings (at most `whole` ways to write its digits in its cells) gets an
#   option per filling, which writes the whole cage at once: the search then sees at every
#   step which fillings are still possible (the origin texts' two killers: 519 and 20,470
#   nodes, where the second way alone takes 1.8 and 6.6 million);
# - a bigger cage chooses a set of digits with its sum (an option per set, a handful), and
#   its cells take digits from that set, each once, agreeing with it through colours: a few
#   dozen options, not one per ordering of its digits.

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
# Or the whole puzzle as the origin texts write it (-p puzzle=@killer.txt): a line of givens,
# the cages' sums in the order of their labels (a closing 0 is ignored), then the grid of
# cage labels, one row a line, -1 outside every cage. It stands for cages, sums and givens.
param puzzle = ""
param givens = grid "empty"   # clues: a digit or "." (or "-") a cell
param box_rows = 0   # rows of a box (0: from the grid's size, the box as square as it divides)
param box_cols = 0   # columns of a box (0: the size over box_rows)
param whole = 100    # a cage with at most this many fillings, and no given, is written whole (0: none is)
require box_rows >= 0 and box_cols >= 0, "a box's rows and columns are 1 or more (or 0: from the grid)"

let outside = [".", "-", "-1"]
let seed = lines(puzzle)
require puzzle == "" or len(seed) >= 3, "-p puzzle: a line of givens, a line of sums, then the cage labels"
let cage_grid = grid [split(line) for (k, line) in enumerate(seed) if k >= 2] if seed else cages
let clue_grid = grid(seed[0]) if seed else givens
let N = cage_grid.height
require N >= 1 and cage_grid.width == N, "the cages must be a square grid, not {cage_grid.height} rows of {cage_grid.width}"
let rows_per_box = box_rows if box_rows else max([k for k in 1..N if N % k == 0 and k * k <= N])
let cols_per_box = box_cols if box_cols else N // rows_per_box
require rows_per_box * cols_per_box == N, "boxes of {rows_per_box} x {cols_per_box} do not make a {N} x {N} grid"
let D = 1..N
let cage_cells = {label: cells for (label, cells) in items(regions(cage_grid)) if label not in outside}

# The sums: from the puzzle's line, in the order of the labels (as numbers), or from the grid.
let numbered = sorted([int(label) for label in keys(cage_cells)]) if seed else []
let listed = [int(word) for word in split(seed[1])] if seed else []
require not seed or len(listed) == len(numbered) or (len(listed) == len(numbered) + 1 and listed[-1] == 0),
    "-p puzzle: {len(numbered)} cages but {len(listed)} sums"
let total = {str(label): listed[k] for (k, label) in enumerate(numbered)} if seed
    else {label: int(sums[r, c]) for (label, cells) in items(cage_cells) for (r, c) in cells if sums[r, c] not in outside}
require set(keys(total)) == set(keys(cage_cells)), "every cage needs its sum written in one of its cells"
# The sets of digits each cage may hold, and the cages written whole: a cage of n cells and
# k sets has k * n! fillings (a cage of more than 9 cells is never written whole).
let sets = {label: [chosen for chosen in combinations(D, len(cells)) if sum(chosen) == total[label]]
            for (label, cells) in items(cage_cells)}
let factorial = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880]
let whole_cages = set([label for (label, cells) in items(cage_cells) if len(cells) < len(factorial)
                       and len(sets[label]) * factorial[len(cells)] <= whole
                       and all([(r, c) not in clue_grid.cells or clue_grid[r, c] in outside for (r, c) in cells])])
def box_of(r, c) = (r - 1) // rows_per_box * rows_per_box + (c - 1) // cols_per_box + 1

primary cell(r, c) for r in D for c in D
primary row(r, d)  for r in D for d in D
primary col(c, d)  for c in D for d in D
primary box(b, d)  for b in D for d in D
primary cage(label) for label in keys(cage_cells)
secondary digit(label, d) for label in keys(cage_cells) if label not in whole_cages for d in D  # "in" or "out" of its set
secondary used(label, d) for label in keys(cage_cells) if label not in whole_cages for d in D   # once in the cage

option "cage {label} = {f}": cage(label) [cell(r, c) row(r, d) col(c, d) box(box_of(r, c), d) for ((r, c), d) in zip(cells, f)]
    for (label, cells) in items(cage_cells) if label in whole_cages for chosen in sets[label] for f in permutations(chosen)
    show {cell: d for (cell, d) in zip(cells, f)}
option "cage {label} = {sorted(chosen)}": cage(label) [digit(label, d):("in" if d in chosen else "out") for d in D]
    for (label, cells) in items(cage_cells) if label not in whole_cages for chosen in sets[label]
option "r{r}c{c}={d}": cell(r, c) row(r, d) col(c, d) box(box_of(r, c), d) digit(label, d):"in" used(label, d)
    for (label, cells) in items(cage_cells) if label not in whole_cages for (r, c) in cells for d in D
    show (r, c) = d
option "r{r}c{c}={d}": cell(r, c) row(r, d) col(c, d) box(box_of(r, c), d)
    for r in D for c in D if cage_grid[r, c] in outside for d in D
    show (r, c) = d
given "r{r}c{c}={clue_grid[r, c]}" for (r, c) in clue_grid.cells if clue_grid[r, c] not in outside
outline {cell: label for (label, cells) in items(cage_cells) for cell in cells}, total
