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
