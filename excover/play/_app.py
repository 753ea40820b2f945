"""The terminal app of `excover play`, with Textual: the board drawn as `excover run` draws
it (boxes, jigsaw areas, cages with their sums; pieces in colour; hexagons and triangles),
a cursor moved with the arrows or the mouse, and the referee (excover.play._game) behind
every key. Long answers (is this still solvable?) run off the UI's thread.

Keys (shown in the footer): a symbol types it into the cursor's cell (in a tiling, a piece's
letter picks the piece, space turns it through its placements on the cursor's cell, enter
lays it); backspace erases; ctrl+z undo, ctrl+y redo, ctrl+e pencil marks, ctrl+t a hint,
ctrl+k check, ctrl+o still solvable?, ctrl+n show a solution (again: the next), ctrl+s
save, ctrl+q quit. A solid's board (the Soma cube) is drawn layer by layer, side by side.
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

from excover._errors import ExcoverError
from excover.play._game import Cell, Cells, Game, Pieces, Question
from excover.render._paint import DARK, PALETTE, Paint
from excover.render._terminal import boxed_lines, outlined_lines

EMPTY = "·"


class Board(Widget, can_focus=True):
    """The board, its cursor, and what the player is about to lay (a tiling's piece)."""

    DEFAULT_CSS = "Board { width: auto; height: auto; padding: 0 1; }"

    cursor: reactive[Cell] = reactive((0, 0), always_update=True)

    def __init__(self, game: Cells | Pieces, **settings: Any) -> None:
        super().__init__(**settings)
        self.game = game
        self.spots: dict[Cell, tuple[int, int]] = {}  # each cell's text on the drawing
        self.marked_wrong: set = set()  # cells (or laid options) the last check found wrong
        self.preview: int | None = None  # a placement about to be laid
        self._clashes: set = set()
        self._colours = {piece: PALETTE[k % len(PALETTE)]
                         for k, piece in enumerate(sorted(game.pieces()) if isinstance(game, Pieces) else [])}
        cells = game.cells
        self.set_reactive(Board.cursor, next((cell for cell in cells if not game.text(cell)), cells[0]))

    # -- drawing --------------------------------------------------------------------------

    def render(self) -> Text:
        return Text("\n").join(self.lines())

    def lines(self) -> list[Text]:
        game = self.game
        self._clashes = game.clashes()  # once a drawing
        paints = self._paints()
        if game.model.lattice != "square":
            from excover.render._plane import plane_lines

            self.spots = {}
            return plane_lines(paints, game.model.lattice, self._group, lambda cell: paints[cell].text,
                               self._style, self.spots)
        cells = game.cells
        if len(cells[0]) == 3:
            return self._layers(paints)
        rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
        cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
        rows_at: dict[int, int] = {}
        width = max(len(paint.text) for paint in paints.values())
        if isinstance(game, Cells):
            outline = game.model.outline or {cell: 0 for cell in cells}
            drawn = outlined_lines(paints, rows, cols, outline, game.model.outline_notes,
                                   lambda r, c: self._style((r, c)), rows_at, width)
        else:
            drawn = boxed_lines(paints, rows, cols, width, lambda r, c: self._group((r, c)),
                                 lambda r, c: self._style((r, c)), rows_at=rows_at)
        self.spots = {(r, c): (1 + (c - cols.start) * (width + 1), rows_at[r]) for r, c in cells}
        return drawn

    def _layers(self, paints: dict) -> list[Text]:
        """A solid's board (the Soma cube's): its layers side by side, as `excover run` draws
        them, each under its heading."""
        cells = self.game.cells
        rows = range(min(cell[0] for cell in cells), max(cell[0] for cell in cells) + 1)
        cols = range(min(cell[1] for cell in cells), max(cell[1] for cell in cells) + 1)
        width = max(len(paint.text) for paint in paints.values())
        drawn, self.spots, left = [], {}, 0
        for z in sorted({cell[2] for cell in cells}):
            rows_at: dict[int, int] = {}
            layer = {(r, c): paint for (r, c, layer_z), paint in paints.items() if layer_z == z}
            lines = boxed_lines(layer, rows, cols, width, lambda r, c, z=z: self._group((r, c, z)),
                                 lambda r, c, z=z: self._style((r, c, z)), rows_at=rows_at)
            self.spots.update({(r, c, z): (left + 1 + (c - cols.start) * (width + 1), rows_at[r] + 1)
                               for (r, c) in layer})
            drawn.append((f"layer {z}", lines))
            left += (len(cols) * (width + 1) + 1) + 3
        out = [Text("   ".join(heading.ljust(len(cols) * (width + 1) + 1) for heading, _ in drawn).rstrip())]
        for k in range(max(len(lines) for _, lines in drawn)):
            line = Text()
            for _, lines in drawn:
                part = lines[k] if k < len(lines) else Text()
                line.append_text(part)
                line.append(" " * (len(cols) * (width + 1) + 1 - len(part) + 3))
            line.rstrip()
            out.append(line)
        return out

    def _paints(self) -> dict[Cell, Paint]:
        game = self.game
        shown: dict[Cell, Paint] = {cell: Paint(EMPTY, -1, False) for cell in game.cells}
        if isinstance(game, Cells):
            for cell, value in game.filled().items():
                shown[cell] = Paint(value, 0, False)
            return shown
        for index in [*game.chosen, *([self.preview] if self.preview is not None else [])]:
            show = game.problem.options[index].show
            for cell, value in show.items():
                shown[cell] = Paint(str(value), index, len(show) > 1)
        return shown

    def _group(self, cell: Cell) -> Any:
        """What a line separates in a tiling: pieces, the empty board, the outside."""
        if not self.game.showing(cell):
            return None
        index = self._covering(cell)
        return "empty" if index is None else index

    def _covering(self, cell: Cell) -> int | None:
        game = self.game
        assert isinstance(game, Pieces)
        if self.preview is not None and cell in game.problem.options[self.preview].show:
            return self.preview
        return game.at(cell)

    def _style(self, cell: Cell) -> str:
        style = self._cell_style(cell) if isinstance(self.game, Cells) else self._piece_style(cell)
        return style + " reverse" if cell == self.cursor else style

    def _cell_style(self, cell: Cell) -> str:
        game = self.game
        assert isinstance(game, Cells)
        if game.given_text(cell):
            style = "bold"
        elif cell in game.values:
            style = "bold cyan"
        else:
            return "dim"
        if cell in self._clashes:
            style = "bold red"
        if cell in self.marked_wrong:
            style += " underline"
        return style

    def _piece_style(self, cell: Cell) -> str:
        game = self.game
        assert isinstance(game, Pieces)
        index = self._covering(cell)
        if index is None:
            return "dim"
        if index == self.preview:
            return "black on bright_white"
        if len(game.problem.options[index].show) < 2:
            return "bold"  # (the calendar's open date)
        colour = self._colours.get(game.text(cell), PALETTE[0])
        style = f"{'white' if colour in DARK else 'black'} on {colour}"
        return style + " underline" if index in self._clashes or index in self.marked_wrong else style

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
        Binding("ctrl+e", "pencil", "marks"), Binding("ctrl+t", "hint", "hint"),
        Binding("ctrl+k", "check", "check"), Binding("ctrl+o", "solvable", "ok?"),
        Binding("ctrl+n", "next_solution", "solution"),
        Binding("ctrl+s", "save", "save"), Binding("ctrl+q", "quit", "quit"),
    ]

    def __init__(self, game: Game, save_to: str | Path | None = None, **settings: Any) -> None:
        super().__init__(**settings)
        assert isinstance(game, (Cells, Pieces))
        self.game: Cells | Pieces = game
        self.save_to = Path(save_to) if save_to is not None else None
        self.pencil = False
        self.piece: str | None = None  # a tiling: the piece picked
        self.started = time.monotonic()
        self.finished: float | None = None
        self.shown = -1  # the solution ctrl+n showed last
        self.peeked = False
        self.moves = 0  # moves redrawn: which board a referee's answer, come later, was about

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
        if isinstance(self.game, Cells):
            self.say("Type a symbol into the cell; backspace erases; ctrl+t for a hint.")
        else:
            self.say("Type a piece's letter, space to turn it through its places on this cell, enter to lay it; "
                     f"pieces: {' '.join(sorted(self.game.pieces()))}")

    def say(self, message: str) -> None:
        self.query_one("#status", Static).update(message)

    def redraw(self) -> None:
        """After a move: the board again, and the celebration when it is solved."""
        self.shown = -1  # (a move after ctrl+n: the next ctrl+n keeps it, from the first solution)
        self.moves += 1
        self.board.refresh()
        if self.finished is None and not self.peeked and self.game.full():
            self._judge(self.game.question(), self.moves, celebrate=True)

    def celebrate(self, moves: int) -> None:
        """The referee agrees that the board is solved, as it was `moves` moves in."""
        if moves != self.moves or self.finished is not None or self.peeked:
            return  # a move since, or a solution shown: not this board's verdict
        self.finished = time.monotonic() - self.started
        minutes, seconds = divmod(int(self.finished), 60)
        self.say(f"Solved in {minutes}:{seconds:02d}. Well played! Every item covered, the referee agrees.")

    # -- moves ----------------------------------------------------------------------------

    def action_step(self, down: int, right: int) -> None:
        self.board.step(down, right)
        marks = self.game.marks.get(self.board.cursor)
        if marks:
            self.say(f"pencil marks here: {' '.join(sorted(marks))}")

    def on_key(self, event) -> None:
        character = event.character
        if event.key == "enter" and isinstance(self.game, Pieces):
            self._lay()
        elif character and character.isprintable() and not event.key.startswith("ctrl"):
            if isinstance(self.game, Cells):
                self._write(self.game, character)
            else:
                self._pick(self.game, character)

    def _write(self, game: Cells, symbol: str) -> None:
        cell = self.board.cursor
        if symbol not in game.choices(cell):
            if symbol in ". 0":
                self.action_erase()
            else:
                self.say(f"{symbol!r} cannot go there: {', '.join(game.choices(cell))}")
            return
        if self.pencil:
            game.mark(cell, symbol)
            self.say(f"pencil marks here: {' '.join(sorted(game.marks.get(cell, ())))}")
            return
        try:
            game.enter(cell, symbol)
        except ExcoverError as error:
            self.say(error.message)
            return
        self.board.marked_wrong.clear()
        clashes = game.clashes()
        self.say(f"clash: {symbol} here cannot be with the {symbol} at "
                 + ", ".join(f"row {r}, column {c}" for r, c in sorted(clashes - {cell}) or sorted(clashes))
                 if cell in clashes else "")
        self.redraw()

    def _pick(self, game: Pieces, character: str) -> None:
        pieces = game.pieces()
        name = character if character in pieces else character.upper() if character.upper() in pieces else None
        if name is not None:
            self.piece = name
            self.board.preview = None
            self._turn(game)
        elif character == " " and self.piece is not None:
            self._turn(game)

    def _turn(self, game: Pieces) -> None:
        board = self.board
        assert self.piece is not None
        if self.piece in game.on_board():
            self.say(f"{self.piece} is on the board already (backspace on it takes it back)")
            return
        places = game.placements_at(self.piece, board.cursor)
        if not places:
            board.preview = None
            self.say(f"{self.piece} has no place covering this cell")
        else:
            at = (places.index(board.preview) + 1) % len(places) if board.preview in places else 0
            board.preview = places[at]
            self.say(f"{self.piece}: place {at + 1} of {len(places)} on this cell; space turns it, enter lays it")
        board.refresh()

    def _lay(self) -> None:
        board, game = self.board, self.game
        if board.preview is None or not isinstance(game, Pieces):
            return
        game.place(board.preview)
        board.preview, self.piece = None, None
        self.say("that piece overlaps another" if game.clashes() else "")
        self.redraw()
        if not game.clashes() and not game.full():
            # the referee speaks up when the pieces laid leave no way to finish
            self._judge(game.question(), self.moves, quiet=True)

    def action_erase(self) -> None:
        game, cell = self.game, self.board.cursor
        if isinstance(game, Cells):
            game.erase(cell)
        else:
            here = game.at(cell)
            if here is not None:
                game.take_back(here)
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
        game = self.game
        hint = game.hint(self.board.cursor)
        if hint is None:
            self.say("no hint: the board is full, something clashes, or no solution is left from the givens")
            return
        why = "the only one left there" if hint.why == "forced" else "from the solution"
        if isinstance(game, Cells):
            assert hint.cell is not None
            game.enter(hint.cell, hint.value)
            self.board.cursor = hint.cell
            self.say(f"hint: {hint.value} at row {hint.cell[0]}, column {hint.cell[1]} ({why})")
        else:
            assert hint.option is not None
            game.place(hint.option)
            self.board.cursor = min(game.problem.options[hint.option].show)
            self.say(f"hint: {game.piece_of(hint.option)} laid ({why})")
        self.redraw()

    def action_next_solution(self) -> None:
        """Show a solution (the next one, pressed again; ctrl+z gives the board back)."""
        solution = self.game.solution(self.shown + 1)
        if solution is None:
            self.say("no more solutions: ctrl+n again starts from the first" if self.shown >= 0 else "no solution")
            self.shown = -1
            return
        if self.shown >= 0:
            self.game.undo()  # the solution shown before: one ctrl+z gives the player's board back
        self.shown += 1
        self.peeked = True  # (a solution shown is not a game won)
        self.game.show(solution)
        self.board.marked_wrong.clear()
        self.say(f"solution {self.shown + 1} (ctrl+n the next, ctrl+z back to your board)")
        self.board.refresh()

    def action_check(self) -> None:
        wrong = self.game.wrong()
        self.board.marked_wrong = set(wrong)
        self.say(f"{len(wrong)} wrong" if wrong else "nothing wrong so far")
        self.board.refresh()

    def action_solvable(self) -> None:
        self.say("the referee is thinking ...")
        self._judge(self.game.question(), self.moves)

    @work(thread=True, exclusive=True)
    def _judge(self, question: Question, moves: int, quiet: bool = False, celebrate: bool = False) -> None:
        """Whether the board, as it was `moves` moves in, can still be finished: searched off
        the screen's thread, on the question fixed then (the game itself is the screen
        thread's alone). `quiet` says only that it cannot; `celebrate` only that it is solved."""
        solvable = question.answer().solvable
        if celebrate:
            if solvable:
                self.call_from_thread(self.celebrate, moves)
            return
        if quiet and solvable is not False:
            return
        text = {True: "still solvable", False: "no solution from here: something placed is wrong",
                None: "no answer within the time limit"}[solvable]
        self.call_from_thread(self.said_after, moves, text)

    def said_after(self, moves: int, text: str) -> None:
        """The referee's word on the board as it was `moves` moves in, unless moved since."""
        if moves == self.moves:
            self.say(text)

    def action_save(self) -> None:
        if self.save_to is None:
            self.say("no file to save to: start with --save FILE")
            return
        self.game.save(self.save_to)
        self.say(f"saved to {self.save_to}")
