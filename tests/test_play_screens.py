"""Snapshot tests of excover play's screens (pytest-textual-snapshot): each screen as SVG,
kept in tests/__snapshots__/ and looked at as PNG when it was made (rsvg-convert); a change
in the drawing shows here as a changed picture. `pytest --snapshot-update` writes them anew,
to be looked at again before they are committed."""

import pytest

import excover
from excover.play import Game
from excover.play._app import PlayApp


def app(name, *, new=False, seed=None, **params):
    model = excover.load(name, **params)
    return PlayApp(Game.of(model, new=new, seed=seed, source={"model": name}))


def test_a_4x4_sudoku_after_a_hint(snap_compare):
    assert snap_compare(app("sudoku.xc", new=True, seed=3, box_rows=2, box_cols=2, givens="empty"),
                        press=["ctrl+t"], terminal_size=(70, 18))


def test_a_clash_is_shown_in_red(snap_compare):
    async def clash(pilot):
        board = pilot.app.board
        board.cursor = (1, 2)
        await pilot.press("1")  # the 1 given in row 1's first cell

    assert snap_compare(app("sudoku.xc", box_rows=2, box_cols=2, givens="1..............."),
                        run_before=clash, terminal_size=(70, 18))


def test_a_killer_with_its_cages(snap_compare):
    assert snap_compare(app("killer.xc"), press=["right", "2"], terminal_size=(110, 18))


@pytest.mark.heavy
def test_the_calendar_with_a_piece_to_lay(snap_compare):
    assert snap_compare(app("calendar.xc", month="Oct", day=6), press=["l", "space"], terminal_size=(110, 24))


@pytest.mark.heavy
def test_hexiamonds_drawn_as_triangles(snap_compare):
    assert snap_compare(app("hexiamonds.xc"), press=["ctrl+t", "ctrl+t"], terminal_size=(90, 30))


def test_the_readme_screenshots_are_the_snapshots():
    from pathlib import Path

    root = Path(__file__).parent
    snapshots = root / "__snapshots__" / "test_play_screens"
    for docs, snapshot in [("play-killer.svg", "test_a_killer_with_its_cages.svg"),
                           ("play-calendar.svg", "test_the_calendar_with_a_piece_to_lay.svg")]:
        assert (root.parent / "docs" / docs).read_text() == (snapshots / snapshot).read_text()
