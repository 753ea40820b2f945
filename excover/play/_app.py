"""The terminal app of `excover play`, with Textual: the board drawn as `excover run` draws
it (boxes, jigsaw areas, cages with their sums; pieces in colour; hexagons and triangles),
a cursor moved with the arrows or the mouse, and the referee (excover.play._game) behind
every key. Long answers (is this still solvable?) run off the UI's thread.

Keys (shown in the footer): a symbol types it into the cursor's cell (in a tiling, a piece's
letter picks the piece, space turns it through its placements on the cursor's cell, enter
lays it); backspace erases; ctrl+z undo, ctrl+y redo, ctrl+e pencil marks, ctrl+t a hint,
ctrl+k check, ctrl+o still solvable?, ctrl+s save, ctrl+q quit.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Footer, Header, Static

from excover.play._game import Cell, Game
from excover.render import DARK, PALETTE, Paint, _boxed_lines, outlined_lines

EMPTY = "·"


class Board(Widget, can_focus=True):
    """The board, its cursor, and what the player is about to lay (a tiling's piece)."""

    DEFAULT_CSS = "Board { width: auto; height: auto; padding: 0 1; }"

    cursor: reactive[Cell] = reactive((0, 0), always_update=True)

    def __init__(self, game: Game, **settings: Any) -> None:
        super().__init__(**settings)
        self.game = game
        self.spots: dict[Cell, tuple[int, int]] = {}  # each cell's text on the drawing
        self.marked_wrong: set[int] = set()
        self.preview: int | None = None  # a placement about to be laid
        self._clashes: frozenset[int] = frozenset()
        self._colours = {piece: PALETTE[k % len(PALETTE)] for k, piece in enumerate(sorted(game.pieces()))}
        cells = game.cells
        self.set_reactive(Board.cursor, next((cell for cell in cells if game.at(cell) is None), cells[0]))

    # -- drawing --------------------------------------------------------------------------

    def render(self) -> Text:
        return Text("\n").join(self.lines())

    def lines(self) -> list[Text]:
        game = self.game
        self._clashes = game.clashes()  # once a drawing
        if game.model.lattice != "square":
            return self._plane()
        cells = game.cells
        rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
        cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
        rows_at: dict[int, int] = {}
        paints = self._paints()
        if game.kind == "cells":
            outline = game.model.outline or {cell: 0 for cell in cells}
            width = max(len(paint.text) for paint in paints.values())
            drawn = outlined_lines(paints, rows, cols, outline, game.model.outline_notes,
                                   lambda r, c: self._style((r, c)), rows_at, width)
        else:
            width = max(len(paint.text) for paint in paints.values())
            drawn = _boxed_lines(paints, rows, cols, width, lambda r, c: self._group((r, c)),
                                 lambda r, c: self._style((r, c)), rows_at=rows_at)
        self.spots = {(r, c): (1 + (c - cols.start) * (width + 1), rows_at[r]) for r, c in cells}
        return drawn

    def _plane(self) -> list[Text]:
        from excover.render._plane import plane_lines

        paints = self._paints()
        self.spots = {}
        return plane_lines(paints, self.game.model.lattice, self._group, lambda cell: paints[cell].text,
                           self._style, self.spots)

    def _paints(self) -> dict[Cell, Paint]:
        game = self.game
        shown: dict[Cell, Paint] = {cell: Paint(EMPTY, -1, False) for cell in game.cells}
        for index in [*game.chosen, *([self.preview] if self.preview is not None else [])]:
            show = game.problem.options[index].show
            for cell, value in show.items():
                shown[cell] = Paint(str(value), index, len(show) > 1)
        return shown

    def _group(self, cell: Cell) -> Any:
        """What a line separates in a tiling: pieces, the empty board, the outside."""
        if cell not in self.game._by_cell:
            return None
        index = self._covering(cell)
        return "empty" if index is None else index

    def _covering(self, cell: Cell) -> int | None:
        if self.preview is not None and cell in self.game.problem.options[self.preview].show:
            return self.preview
        return self.game.at(cell)

    def _style(self, cell: Cell) -> str:
        game = self.game
        index = self._covering(cell)
        style = ""
        if index is None:
            style = "dim"
        elif index == self.preview:
            style = "black on bright_white"
        elif game.kind == "pieces" and len(game.problem.options[index].show) > 1:
            colour = self._colours.get(game.text(cell), PALETTE[0])
            style = f"{'white' if colour in DARK else 'black'} on {colour}"
        elif index in game.givens:
            style = "bold"
        else:
            style = "bold cyan"
        if index is not None and (index in self._clashes or index in self.marked_wrong):
            style += " bold red" if game.kind == "cells" else " underline"
        if cell == self.cursor:
            style += " reverse"
        return style

    # -- the cursor -----------------------------------------------------------------------

    def on_click(self, event) -> None:
        if not self.spots:
            return
        x, y = event.x - 1, event.y  # (the padding)
        self.cursor = min(self.spots, key=lambda cell: (abs(self.spots[cell][1] - y) * 4
                                                        + abs(self.spots[cell][0] - x)))
        self.focus()

    def step(self, down: int, right: int) -> None:
        """Move to the nearest cell in that direction, as the drawing places them."""
        if not self.spots:
            self.refresh()
            return
        x, y = self.spots[self.cursor]

        def ahead(cell: Cell) -> bool:
            cx, cy = self.spots[cell]
            return (cy - y) * down > 0 if down else (cx - x) * right > 0 and abs(cy - y) <= 1

        candidates = [cell for cell in self.spots if cell != self.cursor and ahead(cell)]
        if candidates:
            self.cursor = min(candidates, key=lambda cell: (abs(self.spots[cell][1] - y) * (1 if down else 4)
                                                            + abs(self.spots[cell][0] - x) * (4 if down else 1)))


class PlayApp(App):
    """`excover play`: one puzzle of one model."""

    TITLE = "excover play"
    CSS = """
    Screen { align: center top; }
    #status { width: 100%; height: auto; padding: 0 1; }
    """
    BINDINGS = [
        Binding("up", "step(-1, 0)", "", show=False), Binding("down", "step(1, 0)", "", show=False),
        Binding("left", "step(0, -1)", "", show=False), Binding("right", "step(0, 1)", "", show=False),
        Binding("backspace,delete", "erase", "erase"),
        Binding("ctrl+z", "undo", "undo"), Binding("ctrl+y", "redo", "redo"),
        Binding("ctrl+e", "pencil", "pencil"), Binding("ctrl+t", "hint", "hint"),
        Binding("ctrl+k", "check", "check"), Binding("ctrl+o", "solvable", "solvable?"),
        Binding("ctrl+s", "save", "save"), Binding("ctrl+q", "quit", "quit"),
    ]

    def __init__(self, game: Game, save_to: str | Path | None = None, **settings: Any) -> None:
        super().__init__(**settings)
        self.game = game
        self.save_to = Path(save_to) if save_to is not None else None
        self.pencil = False
        self.piece: str | None = None  # a tiling: the piece picked
        self.started = time.monotonic()
        self.finished: float | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Center():
            yield Board(self.game, id="board")
        yield Static(id="status")
        yield Footer()

    @property
    def board(self) -> Board:
        return self.query_one(Board)

    def on_mount(self) -> None:
        self.board.focus()
        name = self.game.source.get("model", "")
        self.sub_title = Path(name).name if name else ""
        self.say(self._welcome())

    def _welcome(self) -> str:
        if self.game.kind == "cells":
            return "Type a symbol into the cell; backspace erases. ctrl+t for a hint."
        return ("Type a piece's letter, space to turn it through its places on this cell, enter to lay it; "
                f"pieces: {' '.join(sorted(self.game.pieces()))}")

    def say(self, message: str) -> None:
        self.query_one("#status", Static).update(message)

    def redraw(self) -> None:
        self.board.refresh()
        if self.finished is None and self.game.solved():
            self.finished = time.monotonic() - self.started
            minutes, seconds = divmod(int(self.finished), 60)
            self.say(f"Solved in {minutes}:{seconds:02d}. Well played! Every item covered, the referee agrees.")

    # -- moves ----------------------------------------------------------------------------

    def action_step(self, down: int, right: int) -> None:
        self.board.step(down, right)
        self._show_marks()

    def _show_marks(self) -> None:
        marks = self.game.marks.get(self.board.cursor)
        if marks and self.game.kind == "cells":
            self.say(f"pencil marks here: {' '.join(sorted(marks))}")

    def on_key(self, event) -> None:
        character = event.character
        if not character or not character.isprintable() or event.key.startswith("ctrl"):
            return
        if self.game.kind == "cells":
            self._type(character)
        else:
            self._piece_key(character, event)

    def _type(self, symbol: str) -> None:
        cell = self.board.cursor
        if symbol in (".", " ", "0") and symbol not in self.game.choices(cell):
            self.action_erase()
            return
        if self.pencil:
            if symbol in self.game.choices(cell):
                self.game.mark(cell, symbol)
                self._show_marks()
            return
        try:
            self.game.enter(cell, symbol)
        except Exception as error:  # (the game says why: a given, or no such value)
            self.say(str(getattr(error, "message", error)))
            return
        self.board.marked_wrong.clear()
        clashes = self.game.clashes()
        self.say(self._clash_text(clashes) if clashes else "")
        self.redraw()

    def _clash_text(self, clashes: frozenset[int]) -> str:
        covered: dict[str, int] = {}
        for index in clashes:
            for name in self.game.problem.options[index].names:
                covered[name] = covered.get(name, 0) + 1
        names = sorted(name for name, times in covered.items() if times > 1)
        return f"clash: {', '.join(names[:3])} covered twice"

    def _piece_key(self, character: str, event) -> None:
        board = self.board
        cell = board.cursor
        if character.upper() in self.game.pieces() or character in self.game.pieces():
            self.piece = character if character in self.game.pieces() else character.upper()
            board.preview = None
            self._turn()
        elif character == " " and self.piece is not None:
            self._turn()
        elif character == "\r" or event.key == "enter":
            self._lay()
        del cell

    def _turn(self) -> None:
        board = self.board
        assert self.piece is not None
        if self.piece in self.game.laid():
            self.say(f"{self.piece} is on the board already (backspace on it takes it back)")
            return
        places = [index for index in self.game.placements_at(self.piece, board.cursor)]
        if not places:
            board.preview = None
            self.say(f"{self.piece} has no place covering this cell")
        else:
            at = places.index(board.preview) + 1 if board.preview in places else 0
            board.preview = places[at % len(places)]
            self.say(f"{self.piece}: place {at % len(places) + 1} of {len(places)} on this cell; enter lays it")
        board.refresh()

    def key_enter(self) -> None:
        if self.game.kind == "pieces":
            self._lay()

    def _lay(self) -> None:
        board = self.board
        if board.preview is None:
            return
        self.game.place(board.preview)
        board.preview, self.piece = None, None
        clashes = self.game.clashes()
        self.say("those cells are taken" if clashes else "")
        self.redraw()

    def action_erase(self) -> None:
        cell = self.board.cursor
        if self.game.kind == "cells":
            self.game.erase(cell)
        else:
            here = self.game.at(cell)
            if here is not None:
                self.game.take_back(here)
            self.board.preview = None
        self.say("")
        self.redraw()

    def action_undo(self) -> None:
        self.say("" if self.game.undo() else "nothing to undo")
        self.redraw()

    def action_redo(self) -> None:
        self.say("" if self.game.redo() else "nothing to redo")
        self.redraw()

    def action_pencil(self) -> None:
        self.pencil = not self.pencil
        self.say("pencil marks: typing marks a value, ctrl+e again to write" if self.pencil else "writing values")

    def action_hint(self) -> None:
        hint = self.game.hint(self.board.cursor)
        if hint is None:
            self.say("no hint: the board is full, or no solution is left from the givens")
            return
        option = self.game.problem.options[hint.option]
        cells = sorted(option.show)
        if self.game.kind == "cells":
            (cell, value), = option.show.items()
            self.game.enter(cell, str(value))
            self.board.cursor = cell
            why = f"the only option left for {hint.item}" if hint.why == "forced" else "from the solution"
            self.say(f"hint: {value} at row {cell[0]}, column {cell[1]} ({why})")
        else:
            self.game.place(hint.option)
            self.board.cursor = cells[0]
            self.say(f"hint: {next(iter(option.show.values()))} laid")
        self.redraw()

    def action_check(self) -> None:
        wrong = self.game.wrong()
        self.board.marked_wrong = set(wrong)
        self.say(f"{len(wrong)} wrong" if wrong else "nothing wrong so far")
        self.board.refresh()

    def action_solvable(self) -> None:
        self.say("the referee is thinking ...")
        self._judge()

    @work(thread=True, exclusive=True)
    def _judge(self) -> None:
        verdict = self.game.verdict(time_limit=2.0)
        text = {True: "still solvable", False: "no solution from here: something placed is wrong",
                None: "no answer within 2 s"}[verdict.solvable]
        self.call_from_thread(self.say, text)

    def action_save(self) -> None:
        if self.save_to is None:
            self.say("no file to save to: start with --save FILE")
            return
        self.game.save(self.save_to)
        self.say(f"saved to {self.save_to}")
