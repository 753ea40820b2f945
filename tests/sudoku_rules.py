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
    each symbol once, keeping the clues (cell -> symbol). Plain backtracking over candidate
    sets, on the cell with the fewest candidates or the (unit, symbol) with the fewest
    places, whichever is fewer; nothing shared with the solver."""
    cells = sorted({cell for unit in units for cell in unit})
    peers = {cell: set() for cell in cells}
    for unit in units:
        for cell in unit:
            peers[cell].update(other for other in unit if other != cell)
    grid = {cell: str(value) for cell, value in clues.items()}
    if any(grid[cell] == grid.get(peer) for cell in grid for peer in peers[cell]):
        return 0

    def count() -> int:
        candidates = {cell: set(symbols) - {grid[peer] for peer in peers[cell] if peer in grid}
                      for cell in cells if cell not in grid}
        if not candidates:
            return 1
        cell = min(candidates, key=lambda c: len(candidates[c]))
        choices = [(cell, symbol) for symbol in sorted(candidates[cell])]
        for unit in units:
            present = {grid[c] for c in unit if c in grid}
            for symbol in symbols:
                if symbol not in present:
                    places = [(c, symbol) for c in unit if c in candidates and symbol in candidates[c]]
                    if len(places) < len(choices):
                        choices = places
        found = 0
        for cell, symbol in choices:
            grid[cell] = symbol
            found += count()
            del grid[cell]
            if found >= limit:
                break
        return found

    return min(count(), limit)


def sudoku_units(box_height: int = 3, box_width: int = 3, top: int = 1, left: int = 1) -> list[list]:
    """Rows, columns and boxes of a sudoku whose top-left cell is (top, left), cells from 1."""
    size = box_height * box_width
    rows = [[(top + r, left + c) for c in range(size)] for r in range(size)]
    cols = [[(top + r, left + c) for r in range(size)] for c in range(size)]
    boxes = [[(top + br + r, left + bc + c) for r in range(box_height) for c in range(box_width)]
             for br in range(0, size, box_height) for bc in range(0, size, box_width)]
    return rows + cols + boxes
