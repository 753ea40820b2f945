"""The command line keeps the models it evaluates (excover.language.cache) and reads one back
only while everything it was made from is the same: a model read back is the model."""

import os
import subprocess
import sys

import pytest
import shipped

from excover.language import cache
from excover.language.evaluate import evaluate_file
from excover.language.values import Grid

PUZZLES = shipped.PUZZLES


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("EXCOVER_CACHE", raising=False)
    return tmp_path / "cache" / "excover" / "models"


def as_data(model):
    """Everything a model tells the commands, as comparable data."""
    return (model.problem, [option.show for option in model.problem.options], model.forced,
            model.batch_independent, model.outline, model.outline_notes, model.symmetries, model.lattice, model.reports, model.params,
            model.cases)


def kept(path, params=None):
    """The model read back from the cache (evaluated and kept first)."""
    cache.read_or_evaluate(path, params or {}, None)
    model = cache.read_or_evaluate(path, params or {}, None)
    assert not model._language.made  # read back, not evaluated
    return model


@pytest.mark.parametrize("name", shipped.every())
def test_every_shipped_model_reads_back_as_it_was_evaluated(folder, name):
    assert as_data(kept(PUZZLES / name)) == as_data(evaluate_file(PUZZLES / name))


def test_params_pictures_and_cases_read_back(folder):
    matrix = PUZZLES / "matrix.xc"  # (samurai's five grids: with every shipped model above)
    assert as_data(kept(PUZZLES / "killer.xc", {"whole": "0"})) == as_data(evaluate_file(PUZZLES / "killer.xc", {"whole": "0"}))
    two = {"matrix": "2 2\n1 0\n0 1\n1 1\n1 1\n0 1\n"}
    assert kept(matrix, two).cases == evaluate_file(matrix, two).cases is not None


def test_a_model_read_back_is_evaluated_when_asked_for_more(folder):
    model = kept(PUZZLES / "sudoku.xc")
    line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    assert model.forced_by("givens", line) == evaluate_file(PUZZLES / "sudoku.xc").forced_by("givens", line)
    report = kept(PUZZLES / "matrix.xc")
    assert report.reports and report.report(1) == evaluate_file(PUZZLES / "matrix.xc").report(1)


def test_a_changed_model_or_include_or_param_misses(folder, tmp_path):
    main, part = tmp_path / "main.xc", tmp_path / "part.xc"
    main.write_text('include "part.xc"\nparam n = 2\nprimary a(k) for k in 1..n\noption a(k) for k in 1..n\n')
    part.write_text("primary b\noption b\n")
    assert len(kept(main).problem.options) == 3
    part.write_text("primary b\noption b\noption b\n")
    assert len(cache.read_or_evaluate(main, {}, None).problem.options) == 4
    assert len(cache.read_or_evaluate(main, {"n": "5"}, None).problem.options) == 7
    main.write_text(main.read_text().replace("param n = 2", "param n = 3"))
    assert len(cache.read_or_evaluate(main, {}, None).problem.options) == 5


def test_a_damaged_entry_is_a_miss(folder):
    path = PUZZLES / "queens.xc"
    cache.read_or_evaluate(path, {}, None)
    for entry in folder.glob("*.json"):
        entry.write_text('{"format": 1, "read": [], "primary": [["x", 1, 1]], "options": "oops"}')
    assert as_data(cache.read_or_evaluate(path, {}, None)) == as_data(evaluate_file(path))
    for entry in folder.glob("*.json"):
        entry.write_bytes(b"\xff not json")
    assert as_data(cache.read_or_evaluate(path, {}, None)) == as_data(evaluate_file(path))


def test_errors_and_values_json_cannot_carry_are_not_kept(folder, tmp_path):
    path = tmp_path / "grid.xc"
    path.write_text('primary a\noption a show (1, 1) = grid "ab"\n')
    model = cache.read_or_evaluate(path, {}, None)
    assert isinstance(model.problem.options[0].show[(1, 1)], Grid) and not list(folder.glob("*.json"))
    assert cache._value(cache._stored({(1, 2): [frozenset({3}), ("x",)], "k": {True: None}})) == \
        {(1, 2): [frozenset({3}), ("x",)], "k": {True: None}}


def test_the_cache_can_be_turned_off(folder, monkeypatch):
    monkeypatch.setenv("EXCOVER_CACHE", "0")
    cache.read_or_evaluate(PUZZLES / "queens.xc", {}, None)
    assert not folder.exists() or not list(folder.glob("*.json"))


def test_the_command_reads_it_back_without_the_parser(tmp_path):
    script = ("import sys\nfrom excover._loading import open_model\n"
              "model, _ = open_model('sudoku.xc', {}, None, cache=True)\n"
              "print(len(model.problem.options), 'excover.language.evaluate' in sys.modules, 'lark' in sys.modules)")
    environment = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    environment.pop("EXCOVER_CACHE", None)
    outputs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environment,
                              cwd=tmp_path).stdout for _ in range(2)]
    assert outputs == ["729 True True\n", "729 False False\n"]
