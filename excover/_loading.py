"""`excover.load` and `excover.loads`: a model from Python, its params as Python values."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from excover._errors import ExcoverError, nearest
from excover.language.loaded import LoadedModel

if TYPE_CHECKING:  # pragma: no cover
    from excover.language.budget import Budget


def load(path: str | Path, /, *, budget: Budget | None = None, **params: Any) -> LoadedModel:
    """The model in `path` (or the shipped model of that name: "sudoku.xc"), its params set
    from keywords: ``excover.load("queens.xc", n=10).count()``. A value may be a Python
    int, bool, str (a grid's text, too) or a list, tuple, set or dict of those. A file in
    Knuth's format (not ending in .xc) is read as such; it has no params."""
    model, _ = open_model(str(path), _as_texts(params), budget)
    return model


def model_path(name: str) -> str:
    """The file as named, or else the shipped model of that name (with or without .xc); an
    ExcoverError for neither, with the likeliest one meant (a shipped model, or a file beside
    the one named)."""
    if name == "-" or Path(name).exists():
        return name
    from excover import _shipped as shipped

    found = shipped.find(name)
    if found is not None:
        return str(found)
    if not Path(name).parent.is_dir():
        return name  # (reading it says what is wrong)
    stem = Path(name).stem  # (compared without the extension, which every candidate shares)
    beside = {entry.stem: repr(entry.name) for entry in Path(name).parent.iterdir() if entry.suffix in (".xc", ".dlx")}
    meant = nearest(stem, beside)
    if meant is None and Path(name).parent == Path("."):
        beside = {entry.name.rpartition(".")[0]: f"{entry.name} (shipped)" for entry in shipped.models()}
        meant = nearest(stem, beside)
    hint = f"; did you mean {beside[meant]}?" if meant is not None else ""
    raise ExcoverError(f"cannot read the model: no such file{hint}", file=name)


def open_model(name: str, params: dict[str, str] | None = None, budget: Budget | None = None,
               stdin: Callable[[], bytes] | None = None, cache: bool = False) -> tuple[LoadedModel, tuple[str, ...]]:
    """A model by the name a user gives: a .xc model (with its params as text), a file in
    Knuth's format, "-" for Knuth's format read by `stdin`, or a shipped model's name; with
    the warnings of reading it (options Knuth's format drops). With `cache`, a .xc model
    evaluated before with the same params is read back from the user's cache folder (see
    excover.language.cache)."""
    name = model_path(name)
    if name.endswith(".xc"):  # (the parser is loaded only for a model in the language)
        if cache:
            from excover.language.cache import read_or_evaluate

            return read_or_evaluate(Path(name), params or {}, budget), ()
        from excover.language.evaluate import evaluate_file

        return evaluate_file(name, params, budget), ()
    if params:
        raise ExcoverError(f"-p {next(iter(params))}: a Knuth-format file has no params")
    from excover import _dlx_format as dlx_format

    if name == "-":
        from excover._errors import decode

        reading = dlx_format.read(decode(stdin() if stdin is not None else b"", "standard input"), "<stdin>")
    else:
        reading = dlx_format.read_file(name)
    return LoadedModel(reading.problem), reading.warnings


def loads(text: str, /, *, filename: str = "<model>", budget: Budget | None = None, **params: Any) -> LoadedModel:
    """The model written in `text`, its params set from keywords."""
    from excover.language.evaluate import evaluate_text

    return evaluate_text(text, filename, _as_texts(params), budget)


def _as_texts(params: dict[str, Any]) -> dict[str, str]:
    return {name: value if isinstance(value, str) else _literal(value, name) for name, value in params.items()}


def _literal(value: Any, name: str) -> str:
    """A Python value written as the language writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_literal(part, name) for part in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(_literal(part, name) for part in value) + "}" if value else "set([])"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_literal(k, name)}: {_literal(v, name)}" for k, v in value.items()) + "}"
    raise ExcoverError(f"param {name}: a {type(value).__name__} cannot be a param's value")
