"""SVG pictures of every family, as the terminal draws them, kept as golden files.

The golden files were looked at as PNG pictures (rsvg-convert) when they were made; a change
in the drawing shows here as a changed file. EXCOVER_UPDATE_GOLDEN=1 writes them anew, to be
looked at again before they are committed.
"""

import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import excover
from excover.render.svg import svg

GOLDEN = Path(__file__).parent / "golden"
SVG = "{http://www.w3.org/2000/svg}"

FAMILIES = {
    "sudoku": ("sudoku.xc", {}),
    "jigsaw": ("jigsaw.xc", {}),
    "killer": ("killer.xc", {}),
    "queens": ("queens.xc", {}),
    "langford": ("langford.xc", {}),
    "calendar": ("calendar.xc", {"month": "Oct", "day": 6}),
    "soma": ("soma.xc", {}),
    "hexiamonds": ("hexiamonds.xc", {}),
    "tetrahexes": ("tetrahexes.xc", {}),
    "matching": ("matching.xc", {"graph": "complete", "size": 6}),
    "matrix": ("matrix.xc", {}),
}


def picture(name: str) -> str:
    path, params = FAMILIES[name]
    model = excover.load(path, **params)
    return model.first()._repr_svg_()


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_family_draws_as_its_golden_picture(name):
    drawn = picture(name)
    golden = GOLDEN / f"{name}.svg"
    if os.environ.get("EXCOVER_UPDATE_GOLDEN") == "1":
        golden.write_text(drawn)
    assert drawn == golden.read_text()
    ElementTree.fromstring(drawn)  # well-formed


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")
@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_picture_renders(name, tmp_path):
    source = tmp_path / f"{name}.svg"
    source.write_text(picture(name))
    subprocess.run(["rsvg-convert", str(source), "-o", str(tmp_path / f"{name}.png")], check=True, timeout=60)
    assert (tmp_path / f"{name}.png").stat().st_size > 1000


def test_a_sudoku_shows_its_boxes_and_its_clues_in_bold():
    root = ElementTree.fromstring(picture("sudoku"))
    texts = list(root.iter(f"{SVG}text"))
    assert len(texts) == 81
    assert sum(t.get("font-weight") == "bold" for t in texts) == 30  # the givens
    heavy = [line for line in root.iter(f"{SVG}line") if line.get("stroke-width") == "3.5"]
    assert len(heavy) == 4 * 9 * 2  # the outer edges and the box edges inside, a cell's length each


def test_a_killer_writes_each_cages_sum_in_its_corner():
    root = ElementTree.fromstring(picture("killer"))
    notes = sorted(t.text for t in root.iter(f"{SVG}text") if t.get("font-size") == "11")
    assert notes == sorted(str(total) for total in excover.load("killer.xc").outline_notes.values())
    assert len(notes) == 6


def test_a_model_shows_itself_as_its_puzzle():
    root = ElementTree.fromstring(excover.load("sudoku.xc")._repr_svg_())
    assert len(list(root.iter(f"{SVG}text"))) == 30  # the clues on the empty board
    assert excover.load("queens.xc")._repr_svg_() is None  # no clues, no outline: nothing to show
    killer = ElementTree.fromstring(excover.load("killer.xc")._repr_svg_())
    assert len([t for t in killer.iter(f"{SVG}text") if t.get("font-size") == "11"]) == 6


def test_svg_takes_what_the_command_line_gives(tmp_path):
    from excover.cli import main

    path = tmp_path / "jigsaw.svg"
    assert main(["run", "jigsaw.xc", "--svg", str(path)]) == 0
    assert path.read_text() == (GOLDEN / "jigsaw.svg").read_text()
    model = excover.load("jigsaw.xc")
    assert svg(model.first(), **model.drawing) == path.read_text()


@pytest.mark.heavy
def test_the_readme_pictures_are_what_the_command_draws(tmp_path):
    from excover.cli import main

    from shared_data import data_path

    docs = Path(__file__).parent.parent / "docs"
    assert main(["run", "calendar.xc", "-p", "month=Oct", "-p", "day=6", "--svg", str(tmp_path / "c.svg")]) == 0
    assert (tmp_path / "c.svg").read_text() == (docs / "calendar-oct-6.svg").read_text()
    seed = data_path("seeds", "killer_full_seed.txt")
    assert main(["run", "killer.xc", "-p", f"puzzle=@{seed}", "--svg", str(tmp_path / "k.svg")]) == 0
    assert (tmp_path / "k.svg").read_text() == (docs / "killer-9x9.svg").read_text()
    assert main(["run", "hexiamonds.xc", "--svg", str(tmp_path / "h.svg")]) == 0
    assert (tmp_path / "h.svg").read_text() == (docs / "hexiamonds-6x6.svg").read_text()
    assert main(["run", "tetrahexes.xc", "--svg", str(tmp_path / "t.svg")]) == 0
    assert (tmp_path / "t.svg").read_text() == (docs / "tetrahexes-4x7.svg").read_text()
