"""Golden pictures: solutions drawn to a recording rich Console, compared as text and styles."""

import io
import re
from pathlib import Path

from rich.console import Console

import shipped

from excover.language import evaluate_file
from excover.render import picture

PUZZLES = Path(__file__).parent.parent / "puzzles"


def drawn(model, colours=True, terminal=True):
    solution = model.problem.first(forced=model.forced)
    console = Console(record=True, width=100, force_terminal=terminal, color_system="truecolor" if terminal else None)
    console.print(picture(solution, colours))
    return console


def test_calendar_is_drawn_with_borders_between_pieces_and_the_date_open():
    console = drawn(shipped.model("calendar.xc", month="Oct", day="6"))
    assert console.export_text() == "\n".join([
        "┌───────┬───────────────┐",
        "│ O   O │ L   L   L   L │",
        "│       ├───┬───┬───┐   │",
        "│ O   O │ U │Oct│ U │ L │",
        "│       │   └───┘   ├───┼───┐",
        "│ O   O │ U   U   U │ 6 │ Y │",
        "├───────┴───┬───┬───┼───┘   │",
        "│ V   V   V │ Z │ P │ Y   Y │",
        "│   ┌───────┘   │   └───┐   │",
        "│ V │ Z   Z   Z │ P   P │ Y │",
        "│   │   ┌───────┤       │   │",
        "│ V │ Z │ N   N │ P   P │ Y │",
        "├───┴───┘   ┌───┴───────┴───┘",
        "│ N   N   N │",
        "└───────────┘",
        "",
    ])


def test_each_piece_has_its_own_colour_and_the_open_cells_stand_out():
    console = drawn(shipped.model("calendar.xc", month="Oct", day="6"))
    html = console.export_html(inline_styles=True)
    colours = set(re.findall(r'<span style="[^"]*background-color: (#[0-9a-f]{6})', html))
    assert len(colours) == 8  # eight pieces, eight colours
    assert "font-weight: bold" in html  # Oct and 6


def test_a_pipe_gets_plain_text_without_escape_codes():
    model = shipped.model("calendar.xc", month="Oct", day="6")
    pipe = io.StringIO()
    Console(file=pipe, width=100).print(picture(model.problem.first(forced=model.forced)))
    assert "\x1b[" not in pipe.getvalue() and "│ O   O │ L   L   L   L │" in pipe.getvalue()


def test_3d_solutions_are_drawn_as_layers_side_by_side():
    text = drawn(shipped.model("soma.xc")).export_text()
    assert text.splitlines()[0] == "layer 1   layer 2   layer 3"
    assert len(text.splitlines()) == 8


def test_sudoku_is_a_plain_grid_of_digits():
    text = drawn(shipped.model("sudoku.xc")).export_text()
    assert text.splitlines()[0] == "5 3 4 6 7 8 9 1 2"


def test_svg_picture_of_a_tiling(tmp_path, capsys):
    import xml.etree.ElementTree as ElementTree

    from excover.cli import main

    path = tmp_path / "calendar.svg"
    assert main(["run", str(PUZZLES / "calendar.xc"), "-p", "month=Oct", "-p", "day=6", "--svg", str(path)]) == 0
    root = ElementTree.fromstring(path.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    cells = root.findall(f"{ns}rect")[1:]
    assert len(cells) == 43  # every board cell, the open date included
    assert len({rect.get("fill") for rect in cells}) == 9  # eight pieces and the white open cells
    assert sorted(t.text for t in root.findall(f"{ns}text") if t.get("font-weight") == "bold") == ["6", "Oct"]
    assert root.findall(f"{ns}line")


def test_svg_of_a_solid_is_its_layers_side_by_side(tmp_path):
    import xml.etree.ElementTree as ElementTree

    from excover.cli import main

    path = tmp_path / "soma.svg"
    assert main(["run", str(PUZZLES / "soma.xc"), "--svg", str(path)]) == 0
    texts = [t.text for t in ElementTree.fromstring(path.read_text()).iter("{http://www.w3.org/2000/svg}text")]
    assert [t for t in texts if t.startswith("layer")] == ["layer 1", "layer 2", "layer 3"]
    assert len(texts) == 3 + 27  # the captions and a letter in every cube


def test_sudoku_with_boxes_outlined_and_clues_in_bold():
    model = shipped.model("sudoku.xc")
    console = Console(record=True, width=100, force_terminal=True, color_system="truecolor")
    console.print(picture(model.problem.first(forced=model.forced), outline=model.outline, forced=model.forced))
    lines = console.export_text(clear=False).splitlines()
    assert lines[:5] == ["┌─────┬─────┬─────┐", "│5 3 4│6 7 8│9 1 2│", "│6 7 2│1 9 5│3 4 8│", "│1 9 8│3 4 2│5 6 7│",
                         "├─────┼─────┼─────┤"]
    drawn = picture(model.problem.first(forced=model.forced), outline=model.outline, forced=model.forced)
    bold = "".join(drawn.plain[span.start:span.end] for span in drawn.spans if span.style == "bold")
    assert len(bold) == 30 and bold.isdigit()  # the 30 clues, and nothing else


def test_killer_cages_are_outlined_with_their_sums_in_the_corner():
    model = evaluate_file(PUZZLES / "killer.xc")
    console = Console(record=True, width=100)
    console.print(picture(model.problem.first(forced=model.forced), outline=model.outline, forced=model.forced,
                          notes=model.outline_notes))
    assert console.export_text().splitlines()[:4] == ["┌9──┬8┬3┐", "│2 3│4│1│", "│ ┌7┤ │ │", "│4│1│3│2│"]


def test_a_killers_grid_is_its_digits_and_tiles_alike_are_numbered(capsys):
    """--format grid prints the values a judge expects: a killer's cage options write several
    digits at once, so its grid is the digits (it was the cages' numbers); identical tiles
    (each one value on all its cells) are told apart by number."""
    from excover.cli import main
    from sudoku_rules import is_solved_grid

    assert main(["run", str(PUZZLES / "killer.xc"), "--format", "grid"]) == 0
    rows = capsys.readouterr().out.split()
    assert len(rows) == 4 and is_solved_grid(rows, box_height=2, box_width=2)
    assert main(["sample", str(PUZZLES / "killer.xc"), "--format", "grid", "--seed", "1"]) == 0
    assert capsys.readouterr().out.split() == rows  # (its one solution)
    strip = ('primary c(k) for k in 1..4\n'
             'option "d{k}": c(k) c(k + 1) for k in [1, 3] show (1, k) = "D" show (1, k + 1) = "D"\n')
    from excover import loads
    from excover.render import grid_text

    assert grid_text(loads(strip).first()) == "1122"
