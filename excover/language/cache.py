"""Models evaluated before, kept: how a command starts quickly on a model it has read.

Evaluating a model costs the parser's start (lark, its grammar) and the interpreter's run,
tens of milliseconds even for a sudoku, and most commands read the same few models again
and again. So the command line keeps each evaluated model (its problem, clues, drawing and
params) in the user's cache folder, and the next command with the same model, params and
limits reads it back instead: without importing the parser or the interpreter at all.

An entry is found by a key that covers everything the evaluation read: this copy of
excover's own code (the size and time of each of its source files, so that another version
or a changed checkout misses), the model file's path and bytes, the params' texts and the
budget's limits. The entry lists every file the evaluation read (the model and its
includes) with a hash of its bytes, and is used only when each still hashes the same.

An entry is plain JSON (no pickle: nothing in it can run), written whole or not at all
(a temporary file renamed into place), read back defensively (anything unexpected is a
miss, and the model is evaluated), in a folder only the user may read; the folder keeps
the most recent entries only. Errors are never kept: a model that fails is evaluated (and
fails) every time. `EXCOVER_CACHE=0` turns the cache off.

What asks a model for more than its problem (the clues of a batch's lines, a `report`)
evaluates it then, once (see loaded.Later).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import attrs

from excover._collector import pausing
from excover._model import Item, Option, Problem, Symmetries
from excover.language.budget import Budget
from excover.language.loaded import Later, LoadedModel, Param

FORMAT = 4  # of an entry; a new format misses every old entry (4: the symmetry and lattice statements)
KEPT = 64  # entries kept; the least recently written go first
LARGEST = 16 * 1024 * 1024  # bytes of JSON: a larger model is evaluated every time


class Unstorable(Exception):
    """A value that JSON cannot carry back as the same value (a grid in a picture, say)."""


def read_or_evaluate(path: Path, params: dict[str, str], budget: Budget | None) -> LoadedModel:
    """The model in `path` with these params: from the cache when it holds it, else evaluated
    (and then kept)."""
    folder = _folder()
    if folder is None:
        return _evaluate(path, params, budget)
    try:
        text = path.read_bytes()
    except OSError:
        return _evaluate(path, params, budget)  # (which says what is wrong with the file)
    entry = folder / f"{_key(path, text, params, budget or Budget())}.json"
    model = _read(entry, path, params, budget)
    if model is not None:
        return model
    model = _evaluate(path, params, budget)
    if model.files and model.files[0] == path.resolve():
        try:
            _write(entry, folder, model)
        except (OSError, Unstorable, ValueError):
            pass  # not kept: evaluated again next time
    return model


def _evaluate(path: Path, params: dict[str, str], budget: Budget | None) -> LoadedModel:
    from excover.language.evaluate import evaluate_file

    return evaluate_file(path, params, budget)


def _folder() -> Path | None:
    if os.environ.get("EXCOVER_CACHE") == "0":
        return None
    try:
        folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "excover" / "models"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # RuntimeError: no home folder
        return None
    return folder


def _code_fingerprint() -> list:
    """This copy of excover: the size and time of each of its source files and its grammar
    (a new version, or a changed checkout, has other ones)."""
    package = Path(__file__).resolve().parent.parent
    found = []
    for folder in (package, package / "language", package / "grammars", package.parent / "grammars"):
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError:
            continue
        for file in entries:
            if file.name.endswith((".py", ".lark")):
                status = file.stat()
                found.append([folder.name, file.name, status.st_size, status.st_mtime_ns])
    return found


def _key(path: Path, text: bytes, params: dict[str, str], budget: Budget) -> str:
    described = [FORMAT, _code_fingerprint(), str(path.resolve()), hashlib.sha256(text).hexdigest(),
                 sorted(params.items()), [budget.max_steps, budget.max_options, budget.max_call_depth]]
    return hashlib.sha256(json.dumps(described).encode()).hexdigest()


def _hash_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- an entry ---------------------------------------------------------------------------


@pausing
def _write(entry: Path, folder: Path, model: LoadedModel) -> None:
    problem = model.problem
    data = {
        "format": FORMAT,
        "read": [[str(file), _hash_of(file)] for file in model.files],
        "primary": [[item.name, item.lo, item.hi] for item in problem.primary],
        "secondary": [item.name for item in problem.secondary],
        "options": [[[list(pair) for pair in option.items], option.label, _stored(option.show) if option.show else None]
                    for option in problem.options],
        "forced": list(model.forced),
        "batch_independent": sorted(model.batch_independent),
        "outline": _stored(model.outline),
        "outline_notes": _stored(model.outline_notes),
        "symmetries": _stored(attrs.astuple(model.symmetries, recurse=False)),
        "lattice": model.lattice,
        "reports": model.reports,
        "params": [[param.name, param.kind, param.default, param.comment] for param in model.params],
        "cases": None if model.cases is None else [model.cases[0], list(model.cases[1])],
    }
    text = json.dumps(data, separators=(",", ":"))
    if len(text) > LARGEST:
        return
    with tempfile.NamedTemporaryFile("w", dir=folder, suffix=".part", delete=False, encoding="utf-8") as out:
        out.write(text)
    os.replace(out.name, entry)
    kept = sorted(folder.glob("*.json"), key=lambda file: file.stat().st_mtime_ns)
    for old in kept[:-KEPT]:
        old.unlink(missing_ok=True)


@pausing  # (see excover._collector)
def _read(entry: Path, path: Path, params: dict[str, str], budget: Budget | None) -> LoadedModel | None:
    """The model an entry holds, or None when there is none, it is stale or it is not sound."""
    try:
        data = json.loads(entry.read_text(encoding="utf-8"))
        if data["format"] != FORMAT or any(_hash_of(Path(file)) != digest for file, digest in data["read"]):
            return None
        problem = Problem(
            primary=[Item(name, lo, hi) for name, lo, hi in data["primary"]],
            secondary=data["secondary"],
            options=[Option(tuple((name, colour) for name, colour in items), label,
                            None if show is None else {"show": _value(show)})
                     for items, label, show in data["options"]])
        cases = data["cases"]
        return LoadedModel(
            problem, tuple(data["forced"]), frozenset(data["batch_independent"]),
            outline=_value(data["outline"]), outline_notes=_value(data["outline_notes"]),
            symmetries=Symmetries(*_value(data["symmetries"])), lattice=data["lattice"],
            reports=bool(data["reports"]), params=tuple(Param(*param) for param in data["params"]),
            cases=None if cases is None else (cases[0], tuple(cases[1])),
            files=tuple(Path(file) for file, _ in data["read"]),
            language=Later(lambda: _evaluate(path, params, budget).language))
    except Exception:  # any fault in an entry is a miss: the model is evaluated
        return None


def _stored(value: Any) -> Any:
    """A value of a picture as JSON, tagged so that it reads back as the same value."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, tuple):
        return {"t": [_stored(part) for part in value]}
    if isinstance(value, list):
        return {"l": [_stored(part) for part in value]}
    if isinstance(value, frozenset):
        return {"s": [_stored(part) for part in value]}
    if isinstance(value, dict):
        return {"d": [[_stored(key), _stored(part)] for key, part in value.items()]}
    raise Unstorable(type(value).__name__)


def _value(stored: Any) -> Any:
    if not isinstance(stored, dict):
        return stored
    ((tag, parts),) = stored.items()
    if tag == "d":
        return {_value(key): _value(part) for key, part in parts}
    values = [_value(part) for part in parts]
    return {"t": tuple, "l": list, "s": frozenset}[tag](values)
