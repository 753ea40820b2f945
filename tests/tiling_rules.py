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


# The hexagonal and triangular lattices, in plain Euclidean geometry: each cell's centre in
# the plane (row r, column c as excover writes them), turned and mirrored by trigonometry.
# Independent of excover's own plane coordinates.
HEIGHT = 3 ** 0.5 / 2  # of a row


def centre(cell, lattice):
    r, c = cell
    if lattice == "hexagonal":
        return c / 2, r * HEIGHT
    up = (r + c) % 2 == 0
    return c / 2, r * HEIGHT + (2 if up else 1) * HEIGHT / 3


def _plane_normal(points):
    """The points shifted to put their least at the origin, rounded (after the shift, so that
    congruent sets round alike), sorted."""
    points = list(points)
    x0, y0 = min(points, key=lambda point: (round(point[0], 4), round(point[1], 4)))
    return tuple(sorted((round(x - x0, 4) + 0.0, round(y - y0, 4) + 0.0) for x, y in points))


def plane_images(cells, lattice):
    """The normal forms of the cells' centres under the 12 turns and mirrors."""
    import math

    points = [centre(cell, lattice) for cell in cells]
    images = set()
    for mirrored in (False, True):
        for k in range(6):
            angle = k * math.pi / 3
            moved = []
            for x, y in points:
                x = -x if mirrored else x
                moved.append((x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle)))
            images.add(_plane_normal(moved))
    return images


def plane_congruent(cells, shape_cells, lattice):
    return _plane_normal(centre(cell, lattice) for cell in cells) in plane_images(shape_cells, lattice)


def plane_neighbours(cell, lattice):
    r, c = cell
    if lattice == "hexagonal":
        return [(r, c - 2), (r, c + 2), (r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)]
    return [(r, c - 1), (r, c + 1), (r + 1, c) if (r + c) % 2 == 0 else (r - 1, c)]


def free_polyforms(size, lattice):
    """Every polyhex or polyiamond of `size` cells, once each up to turns and mirrors: grown
    a cell at a time from one cell, kept by the least of its 12 normal forms."""
    level = {min(plane_images([(0, 0)], lattice)): [(0, 0)]}
    for _ in range(size - 1):
        grown = {}
        for cells in level.values():
            for cell in cells:
                for new in plane_neighbours(cell, lattice):
                    if new not in cells:
                        bigger = cells + [new]
                        grown.setdefault(min(plane_images(bigger, lattice)), bigger)
        level = grown
    return level


def is_plane_tiling(pieces, board, shapes, lattice):
    covered = Counter(cell for _, cells in pieces for cell in cells)
    if set(covered) != set(board) or any(n != 1 for n in covered.values()):
        return False
    return all(plane_congruent(cells, shapes[name], lattice) for name, cells in pieces)
