"""An independent tiling checker: pieces are congruent to their shapes and cover the board."""

from collections import Counter


def _normal(cells):
    cells = list(cells)
    lows = [min(cell[k] for cell in cells) for k in range(len(cells[0]))]
    return tuple(sorted(tuple(v - lo for v, lo in zip(cell, lows)) for cell in cells))


def _turns_2d(cells, reflect):
    result = set()
    shapes = [cells, [(r, -c) for r, c in cells]] if reflect else [cells]
    for shape in shapes:
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            result.add(_normal(shape))
    return result


def _turns_3d(cells, reflect):
    """All 24 rotations (48 with mirror images), by brute force over axis permutations and signs."""
    from itertools import permutations, product

    result = set()
    for axes in permutations(range(3)):
        parity = sum(1 for i in range(3) for j in range(i + 1, 3) if axes[i] > axes[j]) % 2
        for signs in product((1, -1), repeat=3):
            determinant = (-1) ** parity * signs[0] * signs[1] * signs[2]
            if determinant == 1 or reflect:
                result.add(_normal([tuple(signs[k] * cell[axes[k]] for k in range(3)) for cell in cells]))
    return result


def congruent(cells, shape_cells, reflect=True):
    cells, shape_cells = list(cells), list(shape_cells)
    if len(cells[0]) == 3 and len(shape_cells[0]) == 2:
        shape_cells = [(*cell, 0) for cell in shape_cells]
    turns = _turns_3d if len(cells[0]) == 3 else _turns_2d
    return _normal(cells) in turns(shape_cells, reflect)


def is_tiling(pieces, board, shapes, reflect=True):
    """pieces: list of (name, cells). Every board cell covered once, every piece its shape."""
    covered = Counter(cell for _, cells in pieces for cell in cells)
    if set(covered) != set(board) or any(n != 1 for n in covered.values()):
        return False
    return all(congruent(cells, shapes[name], reflect) for name, cells in pieces)
