"""A game of a model's puzzle, refereed by the model itself.

The board is what the options show: the cells their `show` values paint. The *givens* are
forced options (the model's clues, or a generated puzzle's). The referee needs no rules of
its own; there are two kinds of board:

* **cells** (every option shows values on its cells, one value a cell: the sudoku family,
  killer cages written whole included): the player writes a value into a cell. An entry
  (cell, value) stands for the options that show that value there; it *implies* the items
  every one of them covers (a 5 in row 1: the item "row 1 has a 5"). Two entries **clash**
  when they imply a common item and no single option shows them both: no solution can hold
  them. **Still solvable?** searches the problem left when every option that shows another
  value on an entered cell is struck out; the board is **solved** when every cell has its
  value and that search finds a solution (any solution: a puzzle with several answers is
  solved by each).
* **pieces** (an option shows one value on several cells: tilings): the player lays an
  option, a piece's placement. A clash is an item covered more often than it may be (two
  pieces on one cell); still solvable? is a search with the givens and the pieces laid
  forced; solved is Problem.verify of them, not the search.

Either way a **hint** is a *forced* move where there is one (a cell with one value left, a
piece with one place left) and otherwise the solution's move for the cell asked about;
**check** marks what differs from the solution (the first one the search finds from the
givens: for a puzzle with a unique answer, the answer). Everything here is plain Python,
without the terminal app (excover.play._app), so that it is tested alone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from excover._errors import ExcoverError
from excover._model import Problem
from excover.language.loaded import LoadedModel

Cell = tuple[int, ...]  # (row, column); (row, column, layer) on a solid's board
Entry = Any  # a cell game's (cell, value), a piece game's option
SAVE_FORMAT = 1  # of a saved game's JSON
TIME_LIMIT = 2.0  # seconds the referee searches for "still solvable?"


@attrs.frozen
class Move:
    """One step of the game, undone as a whole: the entries it took away and put in."""

    removed: tuple[Entry, ...] = ()
    added: tuple[Entry, ...] = ()


@attrs.frozen
class Hint:
    """A move the referee suggests, and why: "forced" (the only one left there) or "answer"
    (the solution's). `cell` and `value` for a cell game, `option` for a piece game."""

    why: str
    cell: Cell | None = None
    value: str = ""
    option: int | None = None


@attrs.frozen
class Verdict:
    """Whether the position can still be completed: True, False, or None when the search
    stopped at its time limit without knowing."""

    solvable: bool | None


@attrs.frozen
class Question:
    """"Can the board still be finished?" as it stands at one moment: the problem and the
    options placed, fixed then, so that another thread can search it while the player goes
    on moving (the game's own state is the UI thread's alone)."""

    problem: Problem | None  # None: the answer is known without a search (a clash: no)
    forced: tuple[int, ...] = ()

    def answer(self, time_limit: float = TIME_LIMIT) -> Verdict:
        if self.problem is None:
            return Verdict(False)
        search = self.problem.search(forced=self.forced, max_solutions=1, time_limit=time_limit)
        if next(search.solutions(), None) is not None:
            return Verdict(True)
        return Verdict(False if search.stopped_by is None else None)


@attrs.define
class Game:
    """A puzzle being played: the model, its givens, the player's entries (with their undo
    and redo history) and pencil marks. Game.of makes the kind of game the model's options
    call for: Cells or Pieces."""

    model: LoadedModel
    givens: tuple[int, ...]
    source: dict[str, Any] = attrs.field(factory=dict)  # the model's file and params, for saving
    marks: dict[Cell, set[str]] = attrs.field(factory=dict)
    _past: list[Move] = attrs.field(factory=list)
    _future: list[Move] = attrs.field(factory=list)
    _answer: tuple[int, ...] | None = None
    _showing: dict[Cell, list[int]] = attrs.field(init=False)
    _solutions: list[tuple[int, ...]] = attrs.field(init=False, factory=list)
    _all_found: bool = attrs.field(init=False, default=False)

    kind = ""

    @_showing.default
    def _options_by_cell(self) -> dict[Cell, list[int]]:
        found: dict[Cell, list[int]] = {}
        for index, option in enumerate(self.model.problem.options):
            for cell in option.show:
                found.setdefault(cell, []).append(index)
        return found

    @staticmethod
    def of(model: LoadedModel, *, new: bool = False, seed: int | None = None, givens: int | None = None,
           source: dict[str, Any] | None = None) -> Game:
        """A game of the model's own puzzle (its givens), or with `new` of a puzzle generated
        from it (reproducible with `seed`; `givens` clues or a few more, if it can)."""
        clues, answer = model.forced, None
        if new:
            from excover._generate import generate

            puzzle = generate(model.problem, seed=seed, givens=givens, forced=model.forced)
            clues, answer = puzzle.clues, puzzle.solution
        kind = Pieces if any(_placement(option.show) for option in model.problem.options) else Cells
        return kind(model, tuple(clues), dict(source or {}), answer=answer)

    # -- the board ------------------------------------------------------------------------

    @property
    def problem(self) -> Problem:
        return self.model.problem

    @property
    def cells(self) -> list[Cell]:
        return sorted(self._showing)

    def showing(self, cell: Cell) -> list[int]:
        """The options that show something on this cell."""
        return self._showing.get(cell, [])

    def given_text(self, cell: Cell) -> str:
        for index in self.givens:
            if cell in self.problem.options[index].show:
                return str(self.problem.options[index].show[cell])
        return ""

    def text(self, cell: Cell) -> str:
        """What the cell shows now: a given's value, or the player's."""
        raise NotImplementedError

    # -- history --------------------------------------------------------------------------

    def _do(self, move: Move) -> None:
        self._apply(move)
        self._past.append(move)
        self._future.clear()

    def _apply(self, move: Move, backwards: bool = False) -> None:
        raise NotImplementedError

    def undo(self) -> bool:
        if not self._past:
            return False
        move = self._past.pop()
        self._apply(move, backwards=True)
        self._future.append(move)
        return True

    def redo(self) -> bool:
        if not self._future:
            return False
        move = self._future.pop()
        self._apply(move)
        self._past.append(move)
        return True

    def mark(self, cell: Cell, value: str) -> None:
        """Toggle a pencil mark."""
        marks = self.marks.setdefault(cell, set())
        marks.symmetric_difference_update({str(value)})
        if not marks:
            del self.marks[cell]

    # -- the referee, common ground -------------------------------------------------------

    def answer(self) -> tuple[int, ...] | None:
        """The solution the hints and checks go by: the first the search finds from the
        givens (for a puzzle with a unique answer, the answer); None if there is none."""
        if self._answer is None:
            found = next(self.problem.search(forced=self.givens, max_solutions=1).solutions(), None)
            self._answer = None if found is None else tuple(found)
        return self._answer

    def solution(self, number: int) -> tuple[int, ...] | None:
        """The `number`-th solution from the givens (0 the first), in the search's order; None
        past the last. Kept as found, so that stepping through them searches once."""
        found = self._solutions
        if len(found) <= number and not self._all_found:
            search = self.problem.search(forced=self.givens)
            found[:] = [tuple(solution) for _, solution in zip(range(number + 1), search.solutions())]
            self._all_found = len(found) <= number
        return found[number] if number < len(found) else None

    def show(self, solution: Sequence[int]) -> None:
        """Put a solution on the board in place of the player's entries (one move: undo takes
        the player's back)."""
        raise NotImplementedError

    def question(self) -> Question:
        """Whether the board can still be finished, as a question fixed now (see Question)."""
        raise NotImplementedError

    def verdict(self, time_limit: float = TIME_LIMIT) -> Verdict:
        return self.question().answer(time_limit)

    def full(self) -> bool:
        """Whether the board is complete enough to ask if it is solved (every cell filled, or
        every piece laid, and nothing clashing): cheap, so asked after every move."""
        raise NotImplementedError

    def solved(self) -> bool:
        return self.full() and self.verdict().solvable is True

    # -- saving ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, **self.source, "kind": self.kind, "options": len(self.problem.options),
                "givens": list(self.givens), "entries": self._entries_json(),
                "marks": [[list(cell), sorted(values)] for cell, values in sorted(self.marks.items())]}

    def _entries_json(self) -> list:
        raise NotImplementedError

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def from_json(data: dict[str, Any], model: LoadedModel) -> Game:
        """A saved game on its model (loaded by the caller from the file and params saved)."""
        count = len(model.problem.options)
        if data.get("format") != SAVE_FORMAT or data.get("options") != count:
            raise ExcoverError("the saved game is of another version of the model (its options differ)")
        if not all(isinstance(index, int) and 0 <= index < count for index in data.get("givens", [])):
            raise ExcoverError("the saved game names options the model does not have")
        game = Game.of(model, source={key: data[key] for key in ("model", "params") if key in data})
        game.givens = tuple(data.get("givens", []))
        game.marks = {(cell[0], cell[1]): set(values) for cell, values in data.get("marks", [])}
        if game.kind != data.get("kind"):
            raise ExcoverError("the saved game is of another kind of board than the model's")
        if any(cell not in game.cells for cell in game.marks):
            raise ExcoverError("the saved game marks a cell the board does not have")
        game._load_entries(data.get("entries", []))
        return game

    def _load_entries(self, entries: list) -> None:
        raise NotImplementedError


@attrs.define
class Cells(Game):
    """A board of cells to fill with values (see the module docstring)."""

    values: dict[Cell, str] = attrs.field(factory=dict)  # the player's entries
    _implied: dict[tuple[Cell, str], frozenset[str]] = attrs.field(factory=dict)

    kind = "cells"

    def text(self, cell: Cell) -> str:
        return self.given_text(cell) or self.values.get(cell, "")

    def choices(self, cell: Cell) -> list[str]:
        """The values some option shows on this cell."""
        return sorted({str(self.problem.options[index].show[cell]) for index in self.showing(cell)})

    def filled(self) -> dict[Cell, str]:
        """Every value on the board: the givens' and the player's."""
        board = {cell: str(value) for index in self.givens for cell, value in self.problem.options[index].show.items()}
        return {**board, **self.values}

    # moves

    def enter(self, cell: Cell, value: str) -> None:
        """Write a value into a cell (replacing the player's); a given cannot be changed,
        and a value no option shows there is refused."""
        value = str(value)
        if self.given_text(cell):
            raise ExcoverError(f"row {cell[0]}, column {cell[1]} is a given")
        if value not in self.choices(cell):
            offered = ", ".join(self.choices(cell)) or "nothing"
            raise ExcoverError(f"{value!r} cannot go in row {cell[0]}, column {cell[1]}: the model offers {offered}")
        old = self.values.get(cell)
        if old != value:
            self._do(Move(() if old is None else ((cell, old),), ((cell, value),)))
        self.marks.pop(cell, None)

    def erase(self, cell: Cell) -> None:
        if cell in self.values:
            self._do(Move(((cell, self.values[cell]),)))

    def show(self, solution: Sequence[int]) -> None:
        given = {cell for index in self.givens for cell in self.problem.options[index].show}
        values = {cell: str(value) for index in solution for cell, value in self.problem.options[index].show.items()
                  if cell not in given}
        self._do(Move(tuple(self.values.items()), tuple(values.items())))

    def _apply(self, move: Move, backwards: bool = False) -> None:
        removed, added = (move.added, move.removed) if backwards else (move.removed, move.added)
        for cell, _ in removed:
            del self.values[cell]
        for cell, value in added:
            self.values[cell] = value

    # the referee

    def _options_for(self, cell: Cell, value: str) -> list[int]:
        return [index for index in self.showing(cell) if str(self.problem.options[index].show[cell]) == value]

    def implied(self, cell: Cell, value: str) -> frozenset[str]:
        """The items every option showing `value` on `cell` covers (exactly-once primary
        items, and secondary ones without a colour)."""
        key = (cell, value)
        if key not in self._implied:
            exact = {item.name for item in self.problem.primary if (item.lo, item.hi) == (1, 1)}
            exact |= {item.name for item in self.problem.secondary}
            common: set[str] | None = None
            for index in self._options_for(cell, value):
                names = {name for name, colour in self.problem.options[index].items if name in exact and colour is None}
                common = names if common is None else common & names
            self._implied[key] = frozenset(common or ())
        return self._implied[key]

    def _together(self, first: tuple[Cell, str], second: tuple[Cell, str]) -> bool:
        """Whether one option shows both values."""
        (cell, value), (other, other_value) = first, second
        return any(str(self.problem.options[index].show.get(other)) == other_value
                   for index in self._options_for(cell, value))

    def clashes(self) -> set[Cell]:
        """The cells whose values clash with another's (see the module docstring)."""
        filled = self.filled()
        by_item: dict[str, list[Cell]] = {}
        for cell, value in filled.items():
            for name in self.implied(cell, value):
                by_item.setdefault(name, []).append(cell)
        found: set[Cell] = set()
        for cells in by_item.values():
            for k, cell in enumerate(cells):
                for other in cells[k + 1:]:
                    if not self._together((cell, filled[cell]), (other, filled[other])):
                        found.update((cell, other))
        return found & set(self.values) or found

    def _restricted(self) -> tuple[Problem, list[int]]:
        """The problem without the options that show another value on a filled cell, and
        the givens' positions in it."""
        filled = self.filled()
        keep = [index for index, option in enumerate(self.problem.options)
                if all(str(value) == filled.get(cell, str(value)) for cell, value in option.show.items())]
        position = {index: k for k, index in enumerate(keep)}
        smaller = Problem(primary=self.problem.primary, secondary=self.problem.secondary,
                          options=[self.problem.options[index] for index in keep])
        return smaller, [position[index] for index in self.givens]

    def question(self) -> Question:
        if self.clashes():
            return Question(None)
        problem, forced = self._restricted()
        return Question(problem, tuple(forced))

    def full(self) -> bool:
        return len(self.filled()) == len(self._showing) and not self.clashes()

    def answer_values(self) -> dict[Cell, str]:
        answer = self.answer() or ()
        return {cell: str(value) for index in answer for cell, value in self.problem.options[index].show.items()}

    def wrong(self) -> list[Cell]:
        """The player's cells whose value differs from the solution's."""
        answer = self.answer_values()
        return sorted(cell for cell, value in self.values.items() if answer.get(cell) != value)

    def candidates(self, cell: Cell) -> list[str]:
        """The values that clash with nothing on the board (and that some option offers)."""
        filled = self.filled()
        taken: dict[str, list[Cell]] = {}
        for other, value in filled.items():
            for name in self.implied(other, value):
                taken.setdefault(name, []).append(other)
        return [value for value in self.choices(cell)
                if all(self._together((cell, value), (other, filled[other]))
                       for name in self.implied(cell, value) for other in taken.get(name, []) if other != cell)]

    def hint(self, cell: Cell | None = None) -> Hint | None:
        """A forced value (see forced), else the solution's value for `cell` (or for the
        first empty cell); None when the board is full or there is no solution."""
        filled = self.filled()
        empty = [other for other in self.cells if other not in filled]
        if not empty or self.clashes():
            return None
        forced = self.forced(empty)
        if forced is not None:
            return forced
        answer = self.answer_values()
        if not answer:
            return None
        target = cell if cell in empty else empty[0]
        return Hint("answer", target, answer[target])

    def forced(self, empty: list[Cell]) -> Hint | None:
        """A value that must go where it goes: a cell with one candidate left, or an item
        that only one candidate (cell, value) can still cover (a digit with one place left
        in a row), among items no option covers without showing a value."""
        candidates = {cell: self.candidates(cell) for cell in empty}
        for cell, left in candidates.items():
            if len(left) == 1:
                return Hint("forced", cell, left[0])
        unseen = {name for option in self.problem.options if not option.show for name in option.names}
        covered = {name for cell, value in self.filled().items() for index in self._options_for(cell, value)
                   for name in self.problem.options[index].names}  # (perhaps covered: left alone)
        touching: dict[str, set[tuple[Cell, str]]] = {}
        for cell, left in candidates.items():
            for value in left:
                for index in self._options_for(cell, value):
                    for name in self.problem.options[index].names:
                        touching.setdefault(name, set()).add((cell, value))
        for item in self.problem.primary:
            ways = touching.get(item.name, set())
            if (item.lo, item.hi) == (1, 1) and item.name not in covered | unseen and len(ways) == 1:
                (cell, value), = ways
                return Hint("forced", cell, value)
        return None

    # saving

    def _entries_json(self) -> list:
        return [[list(cell), value] for cell, value in sorted(self.values.items())]

    def _load_entries(self, entries: list) -> None:
        given = self.filled()
        for cell, value in entries:
            where = (cell[0], cell[1])
            if where not in self.cells:
                raise ExcoverError(f"the saved game fills a cell the board does not have, {where}")
            if where in given:
                raise ExcoverError(f"the saved game fills a given cell, {where}")
            self.values[where] = str(value)


@attrs.define
class Pieces(Game):
    """A board to tile with pieces (see the module docstring)."""

    laid: list[int] = attrs.field(factory=list)  # the options the player laid, in order
    _pieces: dict[str, list[int]] = attrs.field(init=False)

    kind = "pieces"

    @_pieces.default
    def _placements_of_pieces(self) -> dict[str, list[int]]:
        found: dict[str, list[int]] = {}
        for index, option in enumerate(self.model.problem.options):
            piece = _placement(option.show)
            if piece is not None:
                found.setdefault(piece, []).append(index)
        return found

    @property
    def chosen(self) -> list[int]:
        return [*self.givens, *self.laid]

    def pieces(self) -> dict[str, list[int]]:
        """Each piece (what its options show) and its placements."""
        return self._pieces

    def at(self, cell: Cell) -> int | None:
        """The given or laid option on this cell."""
        for index in self.chosen:
            if cell in self.problem.options[index].show:
                return index
        return None

    def text(self, cell: Cell) -> str:
        index = self.at(cell)
        return "" if index is None else str(self.problem.options[index].show[cell])

    def piece_of(self, option: int) -> str:
        return str(next(iter(self.problem.options[option].show.values())))

    def placements_at(self, piece: str, cell: Cell) -> list[int]:
        """The piece's placements that cover this cell."""
        return [index for index in self._pieces.get(piece, []) if cell in self.problem.options[index].show]

    def on_board(self) -> set[str]:
        """The pieces given or laid."""
        return {self.piece_of(index) for index in self.chosen if index in self._pieces.get(self.piece_of(index), ())}

    # moves

    def place(self, option: int) -> None:
        if option in self.chosen:
            raise ExcoverError("that piece is on the board already, there")
        self._do(Move(added=(option,)))

    def take_back(self, option: int) -> None:
        if option in self.laid:
            self._do(Move(removed=(option,)))

    def show(self, solution: Sequence[int]) -> None:
        self._do(Move(tuple(self.laid), tuple(index for index in solution if index not in self.givens)))

    def _apply(self, move: Move, backwards: bool = False) -> None:
        removed, added = (move.added, move.removed) if backwards else (move.removed, move.added)
        for option in removed:
            self.laid.remove(option)
        self.laid.extend(added)

    # the referee

    def clashes(self) -> set[int]:
        """The options that cover an item more often than it may be (or give a secondary item
        two colours) with the others on the board."""
        primary = {item.name: item for item in self.problem.primary}
        covering: dict[str, list[int]] = {}
        colours: dict[str, set[str | None]] = {}
        for index in self.chosen:
            for name, colour in self.problem.options[index].items:
                covering.setdefault(name, []).append(index)
                colours.setdefault(name, set()).add(colour)
        found: set[int] = set()
        for name, options in covering.items():
            item = primary.get(name)
            if item is not None:
                if item.hi is not None and len(options) > item.hi:
                    found.update(options)
            elif len(options) > 1 and (None in colours[name] or len(colours[name]) > 1):
                found.update(options)
        return found

    def question(self) -> Question:
        return Question(None) if self.clashes() else Question(self.problem, tuple(self.chosen))

    def full(self) -> bool:
        return not self.problem.verify(self.chosen)  # (the faults it finds: none)

    def solved(self) -> bool:
        return self.full()  # (a verified cover is a solution: no search needed)

    def wrong(self) -> list[int]:
        answer = self.answer() or ()
        return [index for index in self.laid if index not in answer]

    def hint(self, cell: Cell | None = None) -> Hint | None:
        """A piece with one place left that fits (or the one placement of an open cell), else
        the solution's piece on `cell` (or its next piece)."""
        forced = self._forced()
        if forced is not None:
            return Hint("forced", option=forced)
        answer = self.answer()
        if answer is None or self.clashes():
            return None
        open_options = [index for index in answer if index not in self.chosen]
        for index in open_options:
            if cell is not None and cell in self.problem.options[index].show:
                return Hint("answer", option=index)
        return Hint("answer", option=open_options[0]) if open_options else None

    def _forced(self) -> int | None:
        if self.clashes():
            return None
        covered = {name for index in self.chosen for name in self.problem.options[index].names}
        fits = [index for index in range(len(self.problem.options))
                if index not in self.chosen and not covered & set(self.problem.options[index].names)]
        left: dict[str, list[int]] = {}
        for index in fits:
            for name in self.problem.options[index].names:
                left.setdefault(name, []).append(index)
        for item in self.problem.primary:
            if (item.lo, item.hi) == (1, 1) and item.name not in covered and len(left.get(item.name, ())) == 1:
                return left[item.name][0]
        return None

    # saving

    def _entries_json(self) -> list:
        return list(self.laid)

    def _load_entries(self, entries: list) -> None:
        count = len(self.problem.options)
        if not all(isinstance(index, int) and 0 <= index < count for index in entries):
            raise ExcoverError("the saved game names options the model does not have")
        if len(set(entries)) < len(entries) or set(entries) & set(self.givens):
            raise ExcoverError("the saved game lays an option twice (or one that is given)")
        self.laid = list(entries)


def _placement(show: dict) -> str | None:
    """The piece an option lays, when it shows one value on several cells (a tiling's
    placement); else None."""
    values = {str(value) for value in show.values()}
    return values.pop() if len(show) > 1 and len(values) == 1 else None


def read_saved(path: str | Path) -> dict[str, Any]:
    """A saved game's JSON (the model and params to load it on are in it), its shape checked
    (see :func:`_not_a_save`): "not a saved game: ..." otherwise, never a traceback later."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except RecursionError:
        raise ExcoverError("not a saved game: its JSON nests too deep", file=str(path)) from None
    except (OSError, ValueError) as error:
        raise ExcoverError(f"cannot read the saved game: {error}", file=str(path)) from None
    why = _not_a_save(data)
    if why:
        raise ExcoverError(f"not a saved game: {why}", file=str(path))
    return data


def _whole(value: Any) -> bool:
    return type(value) is int


def _cell(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_whole(part) for part in value)


def _not_a_save(data: Any) -> str:
    """What in a saved game's JSON is not as :meth:`Game.to_json` writes it; "" when nothing."""
    if not isinstance(data, dict):
        return "it is not a JSON object"
    if not isinstance(data.get("model"), str) or not data["model"]:
        return "its model is not a file name"
    params = data.get("params", {})
    if not isinstance(params, dict) or not all(isinstance(value, (str, int)) for value in params.values()):
        return "its params are not names with values"
    if data.get("format") != SAVE_FORMAT:
        return f"its format is not {SAVE_FORMAT}"
    if data.get("kind") not in ("cells", "pieces"):
        return "its kind is neither cells nor pieces"
    if not _whole(data.get("options")) or not isinstance(data.get("givens", []), list) \
            or not all(_whole(index) for index in data.get("givens", [])):
        return "its options and givens are not whole numbers"
    marks = data.get("marks", [])
    if not isinstance(marks, list) or not all(
            isinstance(mark, list) and len(mark) == 2 and _cell(mark[0]) and isinstance(mark[1], list)
            and all(isinstance(value, str) for value in mark[1]) for mark in marks):
        return "its marks are not cells with values"
    entries = data.get("entries", [])
    if not isinstance(entries, list):
        return "its entries are not a list"
    if data["kind"] == "cells" and not all(isinstance(entry, list) and len(entry) == 2 and _cell(entry[0])
                                           and isinstance(entry[1], (str, int)) for entry in entries):
        return "its entries are not cells with values"
    if data["kind"] == "pieces" and not all(_whole(entry) for entry in entries):
        return "its entries are not options laid"
    return ""


__all__: Sequence[str] = ["Cells", "Game", "Hint", "Move", "Pieces", "Question", "Verdict", "read_saved"]
