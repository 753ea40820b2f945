"""Counting as the library chooses (excover._counting): the command and the Python API give
the same answer for the same asking, and the one table of settings that do not go together
refuses every clash, in Python and on the command line."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracle import all_solutions
from strategies import problems
from thorough import examples

import excover
from excover._counting import APART, CountSettings, count, refused
from excover.cli import main
from excover.cli._commands import FLAGS

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

ASKED = [  # (model, params, how it is asked in Python, the same on the command line)
    ("queens.xc", {"n": 7}, {}, []),
    ("queens.xc", {"n": 7}, {"method": "search"}, ["--method", "search"]),
    ("queens.xc", {"n": 7}, {"method": "memo"}, ["--method", "memo"]),
    ("queens.xc", {"n": 7}, {"up_to_symmetry": True}, ["--up-to-symmetry"]),
    ("queens.xc", {"n": 7}, {"jobs": 2}, ["--jobs", "2"]),
    ("langford.xc", {"n": 7}, {"seed": 3}, ["--seed", "3"]),
    ("langford.xc", {"n": 8}, {"max_nodes": 50}, ["--node-limit", "50"]),
    ("pentomino.xc", {"width": 10, "height": 3}, {"up_to_symmetry": True, "method": "search"},
     ["--up-to-symmetry", "--method", "search"]),
    ("matching.xc", {"graph": "grid", "width": 6, "height": 6}, {"method": "auto", "jobs": None}, []),
]


@pytest.mark.parametrize("name, params, python, flags", ASKED, ids=lambda value: str(value)[:30])
def test_the_api_counts_as_the_command_does(name, params, python, flags, capsys):
    total = excover.load(name, **params).count(**python)
    argv = ["count", str(PUZZLES / name), *[f"-p{key}={value}" for key, value in params.items()], *flags]
    assert main(argv) in (0, 1)
    out = capsys.readouterr().out.strip()
    if "max_nodes" in python:  # a limit: the count so far, said as such
        assert out == f"at least {total}"
    else:
        assert out == str(total)


def test_the_way_is_the_librarys_choice():
    """The memo while it pays (domino tilings: many solutions a node), else the search
    (Langford pairs: the memo's probe does not pay); a seed or a limit asks for a search."""
    dominoes = excover.load("matching.xc", graph="grid", width=6, height=6)
    assert count(dominoes.problem, dominoes.forced).way == "memo"
    seeded = count(dominoes.problem, dominoes.forced, CountSettings(seed=1))
    assert (seeded.way, seeded.total) == ("search", 6728)
    langford = excover.load("langford.xc", n=11)
    assert count(langford.problem, langford.forced).tried[0].startswith("memo: ")  # (tried, did not pay)
    queens = excover.load("queens.xc", n=6)
    assert count(queens.problem, queens.forced, CountSettings(method="search")).way == "search"
    split = count(queens.problem, queens.forced, CountSettings(jobs=2))
    assert (split.way, split.total) == ("split", 4)
    classes = count(queens.problem, queens.forced, CountSettings(up_to_symmetry=True), symmetries=queens.symmetries)
    assert (classes.way, classes.total) == ("classes", 1)


def asked_by(these):
    return lambda setting: setting in these


@pytest.mark.parametrize("rule", APART, ids=lambda rule: f"{rule.these[0]}-{rule.when[0]}")
def test_every_clash_in_the_table_is_refused_by_the_library_and_the_command(rule, capsys, tmp_path):
    """Each rule, each pair it names: refused() finds it; the command refuses the flags with
    both named (exit 2, before reading anything); the library refuses the settings."""
    for when in rule.when:
        for this in rule.these:
            for that in rule.those:
                found = refused(asked_by({this, that}), when)
                assert found is not None and found[0] in (this, that) and found[1]
    this, that = rule.these[0], rule.those[0]
    flags = {"cluster": ["--cluster", "tcp://127.0.0.1:1"], "checkpoint": ["--checkpoint", str(tmp_path / "c")],
             "jobs>1": ["--jobs", "2"], "seed": ["--seed", "1"], "time_limit": ["--time-limit", "5"],
             "max_nodes": ["--node-limit", "5"], "method=memo": ["--method", "memo"],
             "method=search": ["--method", "search"], "zdd": ["--zdd", str(tmp_path / "z")],
             "up_to_symmetry": ["--up-to-symmetry"], "some": []}
    command = "run" if "listing" in rule.when else "count"
    assert main([command, str(tmp_path / "nowhere.xc"), *flags[this], *flags[that]]) == 2
    err = capsys.readouterr().err
    assert f"does not go with {FLAGS[that]}" in err and FLAGS[this] in err and "nowhere" not in err
    if "counting" in rule.when and "some" not in (this, that) and "zdd" not in (this, that):
        values = {"cluster": {"cluster": "tcp://127.0.0.1:1"}, "checkpoint": {"checkpoint": str(tmp_path / "c")},
                  "jobs>1": {"jobs": 2}, "seed": {"seed": 1}, "time_limit": {"time_limit": 5.0},
                  "max_nodes": {"max_nodes": 5}, "method=memo": {"method": "memo"},
                  "method=search": {"method": "search"}, "up_to_symmetry": {"up_to_symmetry": True}}
        with pytest.raises(ValueError, match="does not go with"):
            count(excover.Problem(primary=["a"], options=[["a"]]), (), CountSettings(**values[this], **values[that]))


def test_the_table_names_only_settings_there_are():
    settings = CountSettings()
    for rule in APART:
        for setting in rule.these + rule.those:
            assert setting in FLAGS
            if setting not in ("some", "jobs>1"):
                name = setting.partition("=")[0]
                assert hasattr(settings, name)


def test_the_command_makes_no_choice_of_counting_method():
    """The command parses and prints; the way a count is made is the library's (sample draws
    from a memo's table, which is what sampling is, not a choice)."""
    source = (Path(excover.__file__).parent / "cli" / "_commands.py").read_text()
    for choosing in ("MEMO_PROBE", "parallel.count(", "count_model_classes", "args.method ==", ".memo_count(probe"):
        assert choosing not in source


@examples(400, default=40)
@given(problem=problems(), data=st.data())
def test_every_way_counts_as_the_brute_force_does(problem, data):
    """Random problems with bounds, colours, secondary items and forced options, counted each
    way the library can (auto, the memo where it applies, the search, a seeded or bounded
    search, the search split over two processes) against every subset of the options tried
    (tests/oracle.py, written apart from the engines)."""
    from excover.engine.interface import MemoUnavailable

    forced = data.draw(st.lists(st.integers(0, max(len(problem.options) - 1, 0)), max_size=2)) \
        if problem.options else []
    expected = sum(1 for solution in all_solutions(problem) if set(forced) <= solution)
    asked = [CountSettings(), CountSettings(method="search"), CountSettings(method="memo"),
             CountSettings(seed=data.draw(st.integers(0, 9))), CountSettings(max_nodes=10**6)]
    if data.draw(st.booleans()):
        asked.append(CountSettings(jobs=2))
    for settings in asked:
        try:
            counted = count(problem, forced, settings)
        except MemoUnavailable:
            assert settings.method == "memo" and any(item.lo != 1 or item.hi != 1 for item in problem.primary)
            continue
        assert (counted.total, counted.exact) == (expected, True), settings


def test_progress_is_reported_as_often_as_asked(capsys):
    """--progress reports every second, --progress-every SECONDS as often as said: a search
    stopped after a fifth of a second reports several times at a fiftieth. (The library:
    CountSettings.every, a second unless said, and above 0.)"""
    from excover.cli._arguments import _parser
    from excover.cli._commands import count_settings

    queens = str(PUZZLES / "queens.xc")
    assert main(["count", queens, "-p", "n=16", "--method", "search", "--time-limit", "0.2", "--progress",
                 "--progress-every", "0.02"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("progress:")]
    assert 3 <= len(lines) <= 10
    assert count_settings(_parser().parse_args(["count", queens, "--progress"])).every == 1.0 == CountSettings().every
    with pytest.raises(ValueError):
        CountSettings(every=0)
    with pytest.raises(SystemExit) as wrong:
        main(["count", queens, "--progress-every", "0"])
    assert wrong.value.code == 2 and "expected a number of seconds above 0" in capsys.readouterr().err
