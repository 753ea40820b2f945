"""The benchmark instances, built as excover Problems and as plain option lists for the peers.

Each instance is a list of primary items, a list of secondary items, and options as lists of
item names, so that every solver gets exactly the same matrix.
"""

from __future__ import annotations

from dataclasses import dataclass

PENTOMINOES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


@dataclass
class Instance:
    name: str
    primary: list[str]
    secondary: list[str]
    options: list[list[str]]
    expected: int
    givens: str | None = None  # for a sudoku: its 81-character line


def orientations(cells):
    shapes = set()
    for flip in (False, True):
        current = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            current = [(c, -r) for r, c in current]
            lo_r = min(r for r, _ in current)
            lo_c = min(c for _, c in current)
            shapes.add(tuple(sorted((r - lo_r, c - lo_c) for r, c in current)))
    return sorted(shapes)


def pentomino(height=6, width=10) -> Instance:
    cells = [f"{r}_{c}" for r in range(height) for c in range(width)]
    options = []
    for name, shape in PENTOMINOES.items():
        for orientation in orientations(shape):
            for r in range(height):
                for c in range(width):
                    placed = [(r + dr, c + dc) for dr, dc in orientation]
                    if all(0 <= pr < height and 0 <= pc < width for pr, pc in placed):
                        options.append([name] + [f"{pr}_{pc}" for pr, pc in placed])
    expected = {(6, 10): 9356, (5, 12): 4040, (4, 15): 1472, (3, 20): 8}[(height, width)]
    return Instance(f"pentomino {height}x{width}", list(PENTOMINOES) + cells, [], options, expected)


def queens(n=12) -> Instance:
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)]
    secondary = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    counts = {8: 92, 10: 724, 11: 2680, 12: 14200, 13: 73712}
    return Instance(f"{n}-queens", [f"r{r}" for r in range(n)] + [f"c{c}" for c in range(n)], secondary,
                    options, counts[n])


def langford(n=12) -> Instance:
    options = [[f"n{k}", f"s{j}", f"s{j + k + 1}"] for k in range(1, n + 1) for j in range(2 * n - k - 1)]
    counts = {7: 52, 8: 300, 11: 35584, 12: 216288}
    return Instance(f"Langford n={n}", [f"n{k}" for k in range(1, n + 1)] + [f"s{j}" for j in range(2 * n)], [],
                    options, counts[n])


def dominoes(height=8, width=8) -> Instance:
    options = []
    for r in range(height):
        for c in range(width):
            if c + 1 < width:
                options.append([f"{r}_{c}", f"{r}_{c + 1}"])
            if r + 1 < height:
                options.append([f"{r}_{c}", f"{r + 1}_{c}"])
    counts = {(4, 4): 36, (6, 6): 6728, (8, 8): 12988816, (12, 12): 53060477521960000,
              (16, 16): 2444888770250892795802079170816}  # OEIS A004003
    return Instance(f"domino {height}x{width}", [f"{r}_{c}" for r in range(height) for c in range(width)], [],
                    options, counts[(height, width)])


def sudoku(givens: str = "." * 81, name: str = "sudoku") -> Instance:
    """A 9x9 sudoku from an 81-character line ('.' or '0' for an empty cell).

    Its options are those the clues allow (a clue's cell keeps only its digit). Option
    (r, c, d) of the empty grid is number 81 r + 9 c + d - 1, for solvers that keep one
    matrix and force the clues instead.
    """
    options = []
    for r in range(9):
        for c in range(9):
            given = givens[9 * r + c]
            digits = range(1, 10) if given in ".0" else [int(given)]
            for d in digits:
                b = r // 3 * 3 + c // 3
                options.append([f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{b}{d}"])
    primary = [f"{kind}{a}{b}" for kind in "prcb" for a in range(9)
               for b in (range(9) if kind == "p" else range(1, 10))]
    return Instance(name, primary, [], options, 1, givens)


def sudoku_clues(givens: str) -> list[int]:
    """The clues of a puzzle as option numbers of the empty grid's matrix."""
    return [9 * k + int(given) - 1 for k, given in enumerate(givens[:81]) if given not in ".0"]


def sudoku_batch(path: str, name: str) -> list[Instance]:
    """One instance per puzzle line of a file of 81-character sudoku lines."""
    with open(path) as lines:
        return [sudoku(line.strip()[:81], f"{name} #{k}") for k, line in enumerate(lines, start=1)
                if len(line.strip()) >= 81]


WORD_SQUARES = {1000: 0, 1800: 8}  # the double word squares of the SGB's most common words


def word_squares(words_path: str, count: int = 1800) -> Instance:
    """Double word squares (Knuth, TAOCP 7.2.2.1): a 5x5 grid whose rows and columns are ten
    different words, from the first `count` five-letter words of a list (the Stanford
    GraphBase's five-letter words, most common first). Row i is an option per word: the
    primary item a{i}, the word (secondary: each word used once) and its letters as the colours
    of the secondary items of its cells; column j likewise, with the item d{j}."""
    size = 5
    with open(words_path) as lines:
        words = [line.strip() for line in lines if len(line.strip()) == size][:count]
    options = []
    for word in words:
        for k in range(size):
            options.append([f"a{k}", word] + [f"{k}{j}:{letter}" for j, letter in enumerate(word)])
            options.append([f"d{k}", word] + [f"{j}{k}:{letter}" for j, letter in enumerate(word)])
    cells = [f"{i}{j}" for i in range(size) for j in range(size)]
    rows_and_columns = [f"a{k}" for k in range(size)] + [f"d{k}" for k in range(size)]
    return Instance(f"double word squares ({count} words)", rows_and_columns, words + cells, options,
                    WORD_SQUARES[count])


def suite(data_dir: str, words: str | None = None) -> dict[str, list[Instance]]:
    """The benchmark suite: name -> the instances solved together (counts are summed). With
    a word list, the double word squares (a colour instance) too."""
    entries = {
        "pentomino 6x10": [pentomino()],
        "12-queens": [queens(12)],
        "Langford n=12": [langford(12)],
        "domino 8x8": [dominoes()],
        "sudoku hardest (11)": sudoku_batch(f"{data_dir}/sudoku9/hardest.txt", "hardest"),
    }
    if words:
        entries["double word squares"] = [word_squares(words)]
    return entries
