"""An independent sudoku checker (Norvig's rules, not the solver's model)."""


def is_solved_grid(rows: list[str], givens: str | None = None, box_height: int = 3, box_width: int = 3) -> bool:
    """Every row, column and box holds each symbol once, and the clues are kept."""
    size = box_height * box_width
    grid = [list(row) for row in rows]
    if len(grid) != size or any(len(row) != size for row in grid):
        return False
    symbols = set(grid[0])
    units = [[(r, c) for c in range(size)] for r in range(size)]
    units += [[(r, c) for r in range(size)] for c in range(size)]
    units += [[(br + r, bc + c) for r in range(box_height) for c in range(box_width)]
              for br in range(0, size, box_height) for bc in range(0, size, box_width)]
    if len(symbols) != size or any({grid[r][c] for r, c in unit} != symbols for unit in units):
        return False
    if givens is not None:
        flat = "".join("".join(row) for row in grid)
        return all(g in ".0" or g == s for g, s in zip(givens, flat))
    return True


def count_fillings(clues: dict, units: list[list], symbols: str, limit: int = 2) -> int:
    """How many ways (up to `limit`) to fill the cells of `units` so that every unit holds
    each symbol once, keeping the clues (cell -> symbol). Norvig's constraint propagation:
    a cell's candidates shrink as its peers are filled, a cell left one candidate is filled,
    a symbol left one place in a unit goes there; then search on the cell with the fewest
    candidates. Nothing shared with the solver."""
    cells = sorted({cell for unit in units for cell in unit})
    units_of = {cell: [unit for unit in units if cell in unit] for cell in cells}
    peers = {cell: {other for unit in units_of[cell] for other in unit} - {cell} for cell in cells}

    def assign(values: dict, cell, symbol) -> bool:
        return all(eliminate(values, cell, other) for other in values[cell] - {symbol})

    def eliminate(values: dict, cell, symbol) -> bool:
        if symbol not in values[cell]:
            return True
        values[cell] = values[cell] - {symbol}
        if not values[cell]:
            return False
        if len(values[cell]) == 1:
            (last,) = values[cell]
            if not all(eliminate(values, peer, last) for peer in peers[cell]):
                return False
        for unit in units_of[cell]:
            places = [other for other in unit if symbol in values[other]]
            if not places or (len(places) == 1 and not assign(values, places[0], symbol)):
                return False
        return True

    def count(values: dict) -> int:
        open_cells = [cell for cell in cells if len(values[cell]) > 1]
        if not open_cells:
            return 1
        cell = min(open_cells, key=lambda c: len(values[c]))
        found = 0
        for symbol in sorted(values[cell]):
            trial = dict(values)
            if assign(trial, cell, symbol):
                found += count(trial)
                if found >= limit:
                    break
        return found

    values = {cell: frozenset(symbols) for cell in cells}
    for cell, symbol in clues.items():
        if str(symbol) not in values[cell] or not assign(values, cell, str(symbol)):
            return 0
    return min(count(values), limit)


def sudoku_units(box_height: int = 3, box_width: int = 3, top: int = 1, left: int = 1) -> list[list]:
    """Rows, columns and boxes of a sudoku whose top-left cell is (top, left), cells from 1."""
    size = box_height * box_width
    rows = [[(top + r, left + c) for c in range(size)] for r in range(size)]
    cols = [[(top + r, left + c) for r in range(size)] for c in range(size)]
    boxes = [[(top + br + r, left + bc + c) for r in range(box_height) for c in range(box_width)]
             for br in range(0, size, box_height) for bc in range(0, size, box_width)]
    return rows + cols + boxes
