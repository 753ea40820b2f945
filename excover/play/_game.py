"""A game of a model's puzzle, refereed by the model itself.

The board is what the options show: the cells their `show` values paint. The *givens* are
forced options (the model's clues, or a generated puzzle's); each *entry* the player makes
is an option too: a digit typed in a sudoku's cell is the option that shows that digit
there, a piece laid on the calendar's board is the option that shows that piece on those
cells. So the referee needs no rules of its own:

* a **clash** is an item covered more often than it may be (two 5s in a row: the item
  "row 1 has a 5" twice) by the givens and entries together;
* **still solvable?** is a search with the givens and entries forced, for one solution,
  within a time limit (an answer the search did not reach is said to be unknown);
* a **hint** is a *forced* move where there is one: an item still open with a single
  option left that clashes with nothing chosen (a cell with one digit possible, or a digit
  with one place left in a row); else the solution's option for the cell asked about;
* **check** marks the entries that are not in the solution (the first one the search finds
  from the givens: for a puzzle with a unique answer, the answer);
* **solved** is a solution: the givens and entries cover every primary item as its bounds
  ask, checked by Problem.verify, not by the search.

Two kinds of board: *cells* (every option shows one cell: the sudoku family, Latin squares)
where the player types a value into a cell; and *pieces* (options show several cells:
tilings) where the player picks a piece and lays one of its placements. Everything here is
plain Python, without the terminal app (excover.play._app), so that it is tested alone.
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

Cell = tuple[int, int]  # (row, column): play draws boards of the plane
SAVE_FORMAT = 1  # of a saved game's JSON


@attrs.frozen
class Move:
    """One step of the game, undone as a whole: the entries it took away and put in."""

    removed: tuple[int, ...] = ()
    added: tuple[int, ...] = ()


@attrs.frozen
class Hint:
    """A move the referee suggests: the option, and why ("forced": the only option left for
    one of its items; "answer": the solution's)."""

    option: int
    why: str
    item: str = ""  # the item with one option left, when forced


@attrs.frozen
class Verdict:
    """Whether the position can still be completed: True, False, or None when the search
    stopped at its time limit without knowing."""

    solvable: bool | None
    clashes: frozenset[int] = frozenset()


@attrs.define
class Game:
    """A puzzle being played: the model, its givens, the player's entries (with their undo
    and redo history) and pencil marks."""

    model: LoadedModel
    givens: tuple[int, ...]
    entries: list[int] = attrs.field(factory=list)
    marks: dict[Cell, set[str]] = attrs.field(factory=dict)
    source: dict[str, Any] = attrs.field(factory=dict)  # the model's file and params, for saving
    _past: list[Move] = attrs.field(factory=list)
    _future: list[Move] = attrs.field(factory=list)
    _answer: tuple[int, ...] | None = None
    _by_cell: dict[Cell, list[int]] = attrs.field(init=False)

    _pieces: dict[str, list[int]] = attrs.field(init=False)

    @_pieces.default
    def _placements_of_pieces(self) -> dict[str, list[int]]:
        found: dict[str, list[int]] = {}
        for index, option in enumerate(self.model.problem.options):
            values = {str(value) for value in option.show.values()}
            if len(option.show) > 1 and len(values) == 1:
                found.setdefault(values.pop(), []).append(index)
        return found

    @_by_cell.default
    def _showing_cells(self) -> dict[Cell, list[int]]:
        found: dict[Cell, list[int]] = {}
        for index, option in enumerate(self.model.problem.options):
            for cell in option.show:
                found.setdefault(cell, []).append(index)
        return found

    @classmethod
    def of(cls, model: LoadedModel, *, new: bool = False, seed: int | None = None, givens: int | None = None,
           source: dict[str, Any] | None = None) -> Game:
        """A game of the model's own puzzle (its givens), or with `new` of a puzzle generated
        from it (reproducible with `seed`; `givens` clues at most, if it can)."""
        clues = model.forced
        answer = None
        if new:
            from excover._generate import generate

            puzzle = generate(model.problem, seed=seed, givens=givens, forced=model.forced)
            clues, answer = puzzle.clues, puzzle.solution
        game = cls(model, tuple(clues), source=dict(source or {}))
        game._answer = answer
        return game

    # -- the board ------------------------------------------------------------------------

    @property
    def problem(self) -> Problem:
        return self.model.problem

    @property
    def kind(self) -> str:
        """"cells" when every option shows one cell (type a value into it), else "pieces"."""
        return "cells" if all(len(option.show) <= 1 for option in self.problem.options) else "pieces"

    @property
    def chosen(self) -> list[int]:
        """The givens and the entries."""
        return [*self.givens, *self.entries]

    def showing(self, cell: Cell) -> list[int]:
        """The options that show something on this cell."""
        return list(self._by_cell.get(cell, ()))

    @property
    def cells(self) -> list[Cell]:
        return sorted(self._by_cell)

    def choices(self, cell: Cell) -> dict[str, int]:
        """A cell's possible values (what the options showing it show there) and their options."""
        return {str(self.problem.options[index].show[cell]): index for index in self.showing(cell)}

    def at(self, cell: Cell) -> int | None:
        """The given or entry that shows something on this cell."""
        for index in self.chosen:
            if cell in self.problem.options[index].show:
                return index
        return None

    def text(self, cell: Cell) -> str:
        index = self.at(cell)
        return "" if index is None else str(self.problem.options[index].show[cell])

    # -- moves ----------------------------------------------------------------------------

    def enter(self, cell: Cell, value: str) -> int:
        """Type a value into a cell (replacing what the player had there); the option entered.
        A given cannot be changed, and a value no option shows there is refused."""
        options = self.choices(cell)
        if str(value) not in options:
            offered = ", ".join(sorted(options)) or "nothing"
            raise ExcoverError(f"{value!r} cannot go in {cell}: the model offers {offered}")
        here = self.at(cell)
        if here is not None and here in self.givens:
            raise ExcoverError(f"{cell} is a given")
        option = options[str(value)]
        self._do(Move(removed=() if here is None else (here,), added=(option,)))
        self.marks.pop(cell, None)
        return option

    def erase(self, cell: Cell) -> None:
        here = self.at(cell)
        if here is not None and here not in self.givens:
            self._do(Move(removed=(here,)))

    def place(self, option: int) -> None:
        """Lay an option (a piece's placement); refused if it is already laid or given."""
        if option in self.chosen:
            raise ExcoverError("that option is already on the board")
        self._do(Move(added=(option,)))

    def take_back(self, option: int) -> None:
        if option in self.entries:
            self._do(Move(removed=(option,)))

    def _do(self, move: Move) -> None:
        self._apply(move)
        self._past.append(move)
        self._future.clear()

    def _apply(self, move: Move, backwards: bool = False) -> None:
        removed, added = (move.added, move.removed) if backwards else (move.removed, move.added)
        for option in removed:
            self.entries.remove(option)
        self.entries.extend(added)

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

    # -- the referee ----------------------------------------------------------------------

    def clashes(self) -> frozenset[int]:
        """The chosen options that cover some item more often than it may be covered (with
        the others chosen), or give a secondary item two colours."""
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
        return frozenset(found)

    def verdict(self, time_limit: float = 2.0) -> Verdict:
        """Whether the givens and entries can still be completed to a solution."""
        clashes = self.clashes()
        if clashes:
            return Verdict(False, clashes)
        search = self.problem.search(forced=self.chosen, max_solutions=1, time_limit=time_limit)
        found = next(search.solutions(), None)
        if found is not None:
            return Verdict(True)
        return Verdict(False if search.stopped_by is None else None)

    def answer(self) -> tuple[int, ...] | None:
        """The solution the hints and checks go by: the first the search finds from the
        givens (for a puzzle with a unique answer, the answer); None if there is none."""
        if self._answer is None:
            found = next(self.problem.search(forced=self.givens, max_solutions=1).solutions(), None)
            self._answer = None if found is None else tuple(found)
        return self._answer

    def wrong(self) -> list[int]:
        """The entries that are not in the solution."""
        answer = self.answer()
        return [index for index in self.entries if answer is None or index not in answer]

    def hint(self, cell: Cell | None = None) -> Hint | None:
        """A forced move if there is one (see the module docstring), else the solution's
        option for `cell` (or for the first open cell); None when the board is full or no
        solution exists."""
        forced = self._forced_move()
        if forced is not None:
            return forced
        answer = self.answer()
        if answer is None:
            return None
        chosen = set(self.chosen)
        open_options = [index for index in answer if index not in chosen]
        if cell is not None:
            for index in open_options:
                if cell in self.problem.options[index].show:
                    return Hint(index, "answer")
        return Hint(open_options[0], "answer") if open_options else None

    def _forced_move(self) -> Hint | None:
        """An open exactly-once item with a single option left that clashes with nothing chosen
        (none when the position already clashes)."""
        if self.clashes():
            return None
        covered: dict[str, int] = {}
        colours: dict[str, str | None] = {}
        for index in self.chosen:
            for name, colour in self.problem.options[index].items:
                covered[name] = covered.get(name, 0) + 1
                colours[name] = colour
        primary = {item.name: item for item in self.problem.primary}

        def fits(index: int) -> bool:
            for name, colour in self.problem.options[index].items:
                item = primary.get(name)
                if item is not None:
                    if item.hi is not None and covered.get(name, 0) >= item.hi:
                        return False
                elif name in covered and (colour is None or colours[name] != colour):
                    return False
            return True

        chosen = set(self.chosen)
        left: dict[str, list[int]] = {}
        for index, option in enumerate(self.problem.options):
            if index in chosen or not fits(index):
                continue
            for name in option.names:
                left.setdefault(name, []).append(index)
        for item in self.problem.primary:
            if (item.lo, item.hi) == (1, 1) and not covered.get(item.name) and len(left.get(item.name, ())) == 1:
                return Hint(left[item.name][0], "forced", item.name)
        return None

    def solved(self) -> bool:
        return not self.problem.verify(self.chosen)  # (the faults it finds: none)

    # -- pieces ---------------------------------------------------------------------------

    def pieces(self) -> dict[str, list[int]]:
        """For a tiling: each piece (what its options show) and its placements."""
        return self._pieces

    def placements_at(self, piece: str, cell: Cell) -> list[int]:
        """The piece's placements that cover this cell."""
        return [index for index in self.pieces().get(piece, []) if cell in self.problem.options[index].show]

    def laid(self) -> set[str]:
        """The pieces on the board (given or laid)."""
        return {str(next(iter(self.problem.options[index].show.values()))) for index in self.chosen
                if len(self.problem.options[index].show) > 1}

    # -- saving ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, **self.source, "options": len(self.problem.options),
                "givens": list(self.givens), "entries": list(self.entries),
                "marks": [[list(cell), sorted(values)] for cell, values in sorted(self.marks.items())]}

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: dict[str, Any], model: LoadedModel) -> Game:
        """A saved game on its model (loaded by the caller from the file and params saved)."""
        if data.get("format") != SAVE_FORMAT or data.get("options") != len(model.problem.options):
            raise ExcoverError("the saved game is of another version of the model (its options differ)")
        count = len(model.problem.options)
        picked = [*data["givens"], *data["entries"]]
        if not all(isinstance(index, int) and 0 <= index < count for index in picked):
            raise ExcoverError("the saved game names options the model does not have")
        game = cls(model, tuple(data["givens"]), list(data["entries"]),
                   {tuple(cell): set(values) for cell, values in data.get("marks", [])},
                   {key: data[key] for key in ("model", "params") if key in data})
        return game


def read_saved(path: str | Path) -> dict[str, Any]:
    """A saved game's JSON (the model and params to load it on are in it)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ExcoverError(f"cannot read the saved game: {error}", file=str(path)) from None
    if not isinstance(data, dict) or "model" not in data:
        raise ExcoverError("not a saved game of excover play", file=str(path))
    return data


__all__: Sequence[str] = ["Game", "Hint", "Move", "Verdict", "read_saved"]
