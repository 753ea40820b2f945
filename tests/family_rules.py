"""Independent rule checkers for the sudoku family and the other seed puzzles."""

from itertools import combinations


def _all_once(groups, symbols):
    return all(sorted(group) == sorted(symbols) for group in groups)


def latin(grid):
    """Rows and columns of a square grid (list of lists) each hold every symbol once."""
    symbols = grid[0]
    n = len(grid)
    return _all_once(grid, symbols) and _all_once([[grid[r][c] for r in range(n)] for c in range(n)], symbols)


def sudoku(grid, box_rows, box_cols):
    n = len(grid)
    boxes = [[grid[r][c] for r in range(br, br + box_rows) for c in range(bc, bc + box_cols)]
             for br in range(0, n, box_rows) for bc in range(0, n, box_cols)]
    return latin(grid) and _all_once(boxes, grid[0])


def areas_hold_everything(grid, areas):
    groups = {}
    for r, row in enumerate(areas):
        for c, label in enumerate(row):
            groups.setdefault(label, []).append(grid[r][c])
    return latin(grid) and _all_once(groups.values(), grid[0])


def killer(grid, cages, sums, box_rows, box_cols):
    groups, totals = {}, {}
    for r, row in enumerate(cages):
        for c, label in enumerate(row):
            if label not in ".-":
                groups.setdefault(label, []).append(int(grid[r][c]))
                if sums[r][c] not in ".-":
                    totals[label] = int(sums[r][c])
    return sudoku(grid, box_rows, box_cols) and all(
        len(set(values)) == len(values) and sum(values) == totals[label] for label, values in groups.items())


def keeps_clues(grid, clues, blanks=".-0"):
    return all(clue in blanks or clue == value for clue_row, row in zip(clues, grid) for clue, value in zip(clue_row, row))


def queens(positions, n):
    if len(positions) != n or len({r for r, _ in positions}) != n or len({c for _, c in positions}) != n:
        return False
    return all(abs(r1 - r2) != abs(c1 - c2) for (r1, c1), (r2, c2) in combinations(positions, 2))


def langford(row, n):
    if sorted(row) != sorted(list(range(1, n + 1)) * 2):
        return False
    return all(row.index(k) + k + 1 == len(row) - 1 - row[::-1].index(k) for k in range(1, n + 1))


def perfect_matching(chosen, edges):
    covered = [v for edge in chosen for v in edge]
    vertices = {v for edge in edges for v in edge}
    return set(chosen) <= set(edges) and len(covered) == len(set(covered)) and set(covered) == vertices
