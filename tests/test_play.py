"""excover play: the game (excover/play/_game.py) and its terminal app, played whole with
Textual's Pilot. The referee's answers are checked against the independent sudoku rules
(sudoku_rules) and tiling checker, not against the engine."""

import asyncio
import json

import pytest
from sudoku_rules import is_solved_grid

import excover
from excover import ExcoverError
from excover.play import Game
from excover.play._app import Board, PlayApp


def sudoku(size=4, seed=3, givens=None):
    rows, cols = {4: (2, 2), 9: (3, 3)}[size]
    model = excover.load("sudoku.xc", box_rows=rows, box_cols=cols, givens="empty")
    return Game.of(model, new=True, seed=seed, givens=givens, source={"model": "sudoku.xc",
                                                                    "params": {"box_rows": str(rows),
                                                                               "box_cols": str(cols),
                                                                               "givens": "empty"}})


def grid_of(game, size):
    return ["".join(game.text((r, c)) or "." for c in range(1, size + 1)) for r in range(1, size + 1)]


def solved_grid(game, size):
    box = {4: 2, 9: 3}[size]
    return is_solved_grid(grid_of(game, size), box_height=box, box_width=box)


def play(app, moves):
    """Run the app headless, make the moves (an async function of the pilot); the status
    line it shows at the end."""
    shown = []

    async def main():
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await moves(pilot)
            await pilot.app.workers.wait_for_complete()  # (the referee's word comes from its thread)
            await pilot.pause()
            shown.append(status(app))
    asyncio.run(main())
    return shown[0]


def status(app):
    return str(app.query_one("#status").render())


# -- the game, without the app ----------------------------------------------------------


def answer_of(game):
    return game.answer_values()


def test_a_game_is_refereed_by_the_model():
    game = sudoku()
    assert game.kind == "cells" and len(game.cells) == 16 and not game.solved()
    answer = answer_of(game)
    open_cell = next(cell for cell in game.cells if not game.text(cell))
    wrong = next(value for value in "1234" if value != answer[open_cell])
    game.enter(open_cell, wrong)
    assert game.wrong() == [open_cell]
    game.erase(open_cell)
    assert game.values == {} and game.undo() and game.values and game.redo() and game.values == {}
    for cell, value in answer.items():
        if not game.text(cell):
            game.enter(cell, value)
    assert game.solved() and solved_grid(game, 4) and game.verdict().solvable


def test_a_clash_is_an_item_covered_twice_and_no_completion_is_said():
    game = sudoku()
    given = next(cell for cell in game.cells if game.given_text(cell))
    value = game.text(given)
    same_row = next(cell for cell in game.cells if cell[0] == given[0] and not game.text(cell))
    game.enter(same_row, value)
    assert game.clashes() == {same_row}
    assert game.verdict().solvable is False
    with pytest.raises(ExcoverError, match="is a given"):
        game.enter(given, "1")
    with pytest.raises(ExcoverError, match="cannot go in"):
        game.enter(same_row, "7")


def test_a_hint_is_a_forced_move_first():
    game = sudoku(9, seed=5)
    hint = game.hint()
    assert hint is not None and hint.why == "forced"
    assert answer_of(game)[hint.cell] == hint.value  # a forced value is every solution's, so the answer's


def test_a_killer_cage_written_whole_is_played_cell_by_cell():
    """killer.xc writes small cages whole (one option fills the cage): the player still
    types a digit a cell, the referee reads the cages from the options."""
    from sudoku_rules import is_solved_grid as rules

    model = excover.load("killer.xc")
    game = Game.of(model)
    assert game.kind == "cells" and any(len(option.show) > 1 for option in model.problem.options)
    answer = answer_of(game)
    size = max(r for r, _ in game.cells)
    first = min(cell for cell in game.cells if not game.text(cell))
    wrong = next(v for v in game.choices(first) if v != answer[first])
    game.enter(first, wrong)
    assert game.wrong() == [first] and game.verdict().solvable is False
    game.enter(first, answer[first])
    for cell, value in answer.items():
        if not game.text(cell):
            game.enter(cell, value)
    assert game.solved()
    box = {4: 2, 6: 2, 9: 3}[size]
    assert rules(grid_of(game, size), box_height=box, box_width=size // box)


def test_a_saved_game_reads_back(tmp_path):
    game = sudoku()
    cell = next(cell for cell in game.cells if not game.text(cell))
    game.enter(cell, "1")
    game.mark((1, 1), "3")
    game.save(tmp_path / "game.json")
    data = json.loads((tmp_path / "game.json").read_text())
    again = Game.from_json(data, excover.load("sudoku.xc", **data["params"]))
    assert (again.givens, again.values, again.marks) == (game.givens, game.values, {(1, 1): {"3"}})
    data["options"] += 1
    with pytest.raises(ExcoverError, match="another version of the model"):
        Game.from_json(data, excover.load("sudoku.xc", **data["params"]))


# -- the app, played ----------------------------------------------------------------------


async def click(pilot, cell):
    board = pilot.app.query_one(Board)
    x, y = board.spots[cell]
    await pilot.click(Board, offset=(x + 1, y))


async def walk(pilot, cell):
    """The arrow keys from the cursor to the cell."""
    board = pilot.app.query_one(Board)
    for _ in range(40):
        r, c = board.cursor
        if (r, c) == cell:
            return
        await pilot.press("down" if cell[0] > r else "up" if cell[0] < r else "right" if cell[1] > c else "left")
    raise AssertionError(f"the arrows did not reach {cell}")


def typing_the_answer(game, reach):
    """The moves that type the solution's value into every open cell, each reached with
    `reach` (click: the mouse; walk: the arrows)."""
    async def moves(pilot):
        for cell, value in answer_of(game).items():
            if not game.text(cell):
                await reach(pilot, cell)
                assert pilot.app.query_one(Board).cursor == cell
                await pilot.press(value)
    return moves


def test_solve_a_4x4_with_the_arrows():
    game = sudoku()
    shown = play(PlayApp(game), typing_the_answer(game, walk))
    assert game.solved() and solved_grid(game, 4) and "Solved in" in shown


@pytest.mark.heavy
def test_solve_a_9x9_with_the_mouse():
    """An easy one (play --new --givens 66): a Pilot's key or click takes 50 ms."""
    game = sudoku(9, seed=11, givens=66)
    assert len(game.givens) == 66
    shown = play(PlayApp(game), typing_the_answer(game, click))
    assert game.solved() and solved_grid(game, 9)
    assert "Solved in" in shown


def test_a_wrong_digit_clashes_and_is_undone():
    game = sudoku()
    given = next(cell for cell in game.cells if game.given_text(cell))
    same_row = next(cell for cell in game.cells if cell[0] == given[0] and not game.text(cell))
    seen = {}

    async def moves(pilot):
        await click(pilot, same_row)
        await pilot.press(game.text(given))
        seen["clash"] = status(pilot.app)
        await pilot.press("ctrl+z")
        seen["undone"] = game.text(same_row)
        await pilot.press("ctrl+y")
        seen["redone"] = game.text(same_row)
        await pilot.press("backspace")

    play(PlayApp(game), moves)
    assert seen["clash"].startswith("clash:") and seen["undone"] == "" and seen["redone"] == game.text(given)
    assert game.text(same_row) == ""


def test_hint_check_solvable_and_save(tmp_path):
    game = sudoku(9, seed=2)
    seen = {}

    async def moves(pilot):
        await pilot.press("ctrl+t")
        seen["hint"] = status(pilot.app)
        await pilot.press("ctrl+o")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        seen["solvable"] = status(pilot.app)
        answer = answer_of(game)
        cell = next(cell for cell in game.cells if not game.text(cell))
        await click(pilot, cell)
        wrong = next(v for v in "123456789" if v != answer[cell] and not _clashes_with(game, cell, v))
        await pilot.press(wrong)
        await pilot.press("ctrl+k")
        seen["check"] = status(pilot.app)
        await pilot.press("ctrl+s")
        seen["save"] = status(pilot.app)

    play(PlayApp(game, tmp_path / "game.json"), moves)
    assert seen["hint"].startswith("hint: ") and len(game.values) == 2
    assert seen["solvable"] == "still solvable" and seen["check"] == "1 wrong"
    saved = json.loads((tmp_path / "game.json").read_text())["entries"]
    assert seen["save"].startswith("saved to") and {tuple(cell): value for cell, value in saved} == game.values


def _clashes_with(game, cell, value):
    game.enter(cell, value)
    clash = bool(game.clashes())
    game.undo()
    return clash


@pytest.mark.heavy
def test_lay_the_calendar_pieces_for_one_date():
    """Pick each piece by its letter, turn it with space until it lies as the solution has it,
    lay it with enter: the date's two cells stay open and the referee says solved."""
    model = excover.load("calendar.xc", month="Oct", day=6)
    game = Game.of(model, source={"model": "calendar.xc", "params": {"month": "Oct", "day": "6"}})
    assert game.kind == "pieces"

    async def moves(pilot):
        board = pilot.app.query_one(Board)
        for index in game.answer():
            if index in game.givens:
                continue
            show = game.problem.options[index].show
            piece = str(next(iter(show.values())))
            await click(pilot, min(show, key=lambda cell: len(game.placements_at(piece, cell))))
            await pilot.press(piece.lower())
            for _ in range(60):
                if board.preview == index:
                    break
                await pilot.press("space")
            assert board.preview == index
            await pilot.press("enter")

    shown = play(PlayApp(game), moves)
    assert game.solved() and "Solved in" in shown
    from test_calendar import BOARD, PIECES, position  # the checker's own board and pieces
    from tiling_rules import is_tiling

    placed = [(game.piece_of(i), list(game.problem.options[i].show)) for i in game.laid]
    assert is_tiling(placed, [cell for cell in BOARD if cell not in set(position("Oct", 6))], PIECES)


def test_play_without_textual_says_how_to_get_it(monkeypatch, capsys):
    import importlib.util

    from excover.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name == "textual" else real(name))
    assert main(["play", "sudoku.xc"]) == 2
    assert "pip install 'excover[play]'" in capsys.readouterr().err


def test_the_command_starts_new_and_saved_games(monkeypatch, tmp_path, capsys):
    """`excover play` makes the game the arguments ask for and hands it to the app (run here
    without a screen: the app's run is replaced by a note of the game)."""
    from excover.cli import _commands, main

    started = []
    monkeypatch.setattr(PlayApp, "run", lambda app: started.append((app.game, app.save_to)))
    monkeypatch.setattr(_commands, "_on_a_terminal", lambda: True)
    assert main(["play", "sudoku.xc", "-p", "box_rows=2", "-p", "box_cols=2", "-p", "givens=empty", "--new",
                 "--seed", "4", "--save", str(tmp_path / "g.json")]) == 0
    game, save_to = started.pop()
    assert isinstance(game, Game) and len(game.givens) < 16 and save_to == tmp_path / "g.json"
    cell = next(cell for cell in game.cells if not game.text(cell))
    game.enter(cell, game.answer_values()[cell])
    game.save(save_to)
    assert main(["play", str(save_to)]) == 0
    again, save_again = started.pop()
    assert again.values == game.values and again.givens == game.givens and save_again == save_to
    assert main(["play", "matrix.xc"]) == 2
    assert "shows no cells to play on" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{")
    assert main(["play", str(tmp_path / "bad.json")]) == 2
    assert "cannot read the saved game" in capsys.readouterr().err
    monkeypatch.setattr(_commands, "_on_a_terminal", lambda: False)
    assert main(["play", "sudoku.xc"]) == 2 and not started
    assert "needs a terminal" in capsys.readouterr().err


def test_step_through_the_solutions_and_back():
    """ctrl+n shows the solutions one by one (the calendar's Oct 6 has 7), each a tiling the
    independent checker accepts; ctrl+z gives the player's board back."""
    from test_calendar import BOARD, PIECES, position
    from tiling_rules import is_tiling

    game = Game.of(excover.load("calendar.xc", month="Oct", day=6))
    first = game.pieces()["L"][0]
    game.place(first)
    seen = []

    async def moves(pilot):
        for _ in range(8):
            await pilot.press("ctrl+n")
            seen.append((tuple(sorted(game.laid)), status(pilot.app)))
        await pilot.press("ctrl+z")

    play(PlayApp(game), moves)
    boards = [laid for laid, _ in seen[:7]]
    assert len(set(boards)) == 7 and seen[7][1].startswith("no more solutions")
    board = [cell for cell in BOARD if cell not in set(position("Oct", 6))]
    for laid in boards:
        assert is_tiling([(game.piece_of(i), list(game.problem.options[i].show)) for i in laid], board, PIECES)
    assert game.laid == [first]  # ctrl+z: the player's board again


def test_the_referee_says_at_once_when_the_pieces_leave_no_way_to_finish():
    """A piece laid where no tiling has it: the app's referee (off the screen's thread) says
    so without being asked; the game's own verdict agrees, and so does a count."""
    model = excover.load("calendar.xc", month="Oct", day=6)
    game = Game.of(model)
    dead = next(index for index in game.pieces()["O"]
                if model.problem.count(forced=[*game.givens, index]) == 0)
    seen = {}

    async def moves(pilot):
        board = pilot.app.query_one(Board)
        show = game.problem.options[dead].show
        await click(pilot, min(show, key=lambda cell: len(game.placements_at("O", cell))))
        await pilot.press("o")
        for _ in range(30):
            if board.preview == dead:
                break
            await pilot.press("space")
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        seen["said"] = status(pilot.app)

    play(PlayApp(game), moves)
    assert game.laid == [dead] and game.verdict().solvable is False
    assert seen["said"] == "no solution from here: something placed is wrong"


@pytest.mark.heavy
def test_the_soma_cube_layer_by_layer_with_hints():
    """A solid's board is its layers side by side; seven hints lay the seven pieces, and the
    independent checker agrees that they build the cube."""
    from test_tilings import SOMA
    from tiling_rules import is_tiling

    game = Game.of(excover.load("soma.xc"))

    async def moves(pilot):
        assert len(pilot.app.query_one(Board).spots) == 27
        for _ in range(7):
            await pilot.press("ctrl+t")

    shown = play(PlayApp(game), moves)
    cube = [(r, c, z) for r in (1, 2, 3) for c in (1, 2, 3) for z in (1, 2, 3)]
    assert "Solved in" in shown
    assert is_tiling([(game.piece_of(i), list(game.problem.options[i].show)) for i in game.laid], cube, SOMA,
                     reflect=False)


@pytest.mark.heavy
def test_a_jigsaw_played_with_the_mouse():
    """jigsaw.xc's own puzzle, its areas outlined: typed in cell by cell, checked by the
    independent rules (rows, columns and the areas read from the model's outline)."""
    model = excover.load("jigsaw.xc")
    game = Game.of(model)
    shown = play(PlayApp(game), typing_the_answer(game, click))
    assert "Solved in" in shown
    size = max(r for r, _ in game.cells)
    filled = game.filled()
    units = [[(r, c) for c in range(1, size + 1)] for r in range(1, size + 1)]
    units += [[(r, c) for r in range(1, size + 1)] for c in range(1, size + 1)]
    areas: dict = {}
    for cell, area in model.outline.items():
        areas.setdefault(area, []).append(cell)
    units += list(areas.values())
    assert all(sorted(filled[cell] for cell in unit) == [str(d) for d in range(1, size + 1)] for unit in units)


def damaged(save: dict, kind: str) -> list:
    """Saved games damaged every way the issue found, from a good one of that kind."""
    import copy

    cell = [1, 1]
    variants = [5, [], "text", {**save, "model": 3}, {**save, "model": ""}, {**save, "params": ["n"]},
                {**save, "params": {"n": [1]}}, {**save, "format": 2}, {**save, "kind": "dice"},
                {**save, "options": "many"}, {**save, "givens": [True, "x"]}, {**save, "givens": [10**9]},
                {**save, "marks": 7}, {**save, "marks": [[cell]]}, {**save, "marks": [[[1], ["2"]]]},
                {**save, "marks": [[[99, 99], ["2"]]]}, {**save, "marks": [[cell, [2]]]},
                {**save, "entries": {"a": 1}}, {**save, "entries": [[cell]]}, {**save, "entries": [["x", "1"]]},
                {**save, "entries": [[[99, 99], "1"]]}, {**save, "entries": [-1]}, {**save, "entries": [0, 0]}]
    if kind == "cells" and save["givens"]:  # an entry on a cell that a given fills
        given = copy.deepcopy(save)
        variants.append(given)
    return variants


@pytest.mark.parametrize("model, params", [("sudoku.xc", {"box_rows": "2", "box_cols": "2", "givens": "empty"}),
                                           pytest.param("calendar.xc", {"month": "Oct", "day": "6"}, marks=pytest.mark.heavy)])
def test_damaged_saved_games_are_refused_at_load_and_never_crash_later(model, params, monkeypatch, tmp_path,
                                                                        capsys):
    """Each damage is "not a saved game: ..." (or another one-line refusal) with exit 2, or
    a game the referee and the board take as it is: never a traceback, then or later."""
    from excover.cli import _commands, main

    started = []
    monkeypatch.setattr(PlayApp, "run", lambda app: started.append(app.game))
    monkeypatch.setattr(_commands, "_on_a_terminal", lambda: True)
    game = Game.of(excover.load(model, **params), new=True, seed=4)
    save = {**game.to_json(), "model": model, "params": params}
    variants = damaged(save, game.kind)
    if game.kind == "cells":
        given_cell = next(cell for cell in game.cells if game.given_text(cell))
        variants[-1]["entries"] = [[list(given_cell), "1"]]
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    paths = [deep]
    for number, variant in enumerate(variants):
        path = tmp_path / f"save{number}.json"
        path.write_text(json.dumps(variant))
        paths.append(path)
    refused = 0
    for path in paths:
        code = main(["play", str(path)])
        err = capsys.readouterr().err
        assert "Traceback" not in err
        if code == 2:
            refused += 1
            assert err.startswith("excover: error: ") and err.count("\n") == 1, err
            continue
        assert code == 0
        loaded = started.pop()  # taken as it is: the board and the referee work on it
        assert all(isinstance(loaded.text(cell), str) for cell in loaded.cells)
        loaded.verdict(time_limit=0.5)
        loaded.hint()
        json.dumps(loaded.to_json())
    assert refused >= len(paths) - 3  # (a param set to a number, say, is a param like any other)


def test_the_referee_answers_the_board_as_it_was_when_asked():
    """The referee's search runs on another thread than the moves: it is handed the board's
    question fixed when asked (the game itself is the screen's thread's alone), and the app
    drops an answer about a board moved on since."""
    game = sudoku()
    question = game.question()
    given = next(cell for cell in game.cells if game.given_text(cell))
    same_row = next(cell for cell in game.cells if cell[0] == given[0] and not game.text(cell))
    game.enter(same_row, game.text(given))  # a clash
    assert question.answer().solvable is True and game.verdict().solvable is False
    seen = {}

    async def moves(pilot):
        app = pilot.app
        app.say("as it is")
        app.said_after(app.moves - 1, "no solution from here: something placed is wrong")
        app.celebrate(app.moves - 1)
        seen["stale"] = status(app)
        app.said_after(app.moves, "still solvable")
        seen["fresh"] = status(app)

    play(PlayApp(sudoku()), moves)
    assert seen == {"stale": "as it is", "fresh": "still solvable"}
