"""The models shipped with excover (puzzles/ in the repository, excover/puzzles when
installed), so that `excover run calendar.xc` works from any directory."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

IN_CHECKOUT = Path(__file__).resolve().parent.parent / "puzzles"


def folder() -> Path | None:
    if IN_CHECKOUT.is_dir():
        return IN_CHECKOUT
    try:
        installed = Path(str(resources.files("excover.puzzles")))
    except ModuleNotFoundError:  # pragma: no cover - an install without the models
        return None
    return installed if installed.is_dir() else None


def models() -> list[Path]:
    where = folder()
    if where is None:
        return []
    return sorted(p for p in where.iterdir() if p.suffix in (".xc", ".dlx"))


def find(name: str) -> Path | None:
    """The shipped model called `name` (with or without its extension), if there is one."""
    for path in models():
        if name in (path.name, path.stem):
            return path
    return None


def summary(path: Path) -> str:
    """The first comment line of a model, without the file name it may start with."""
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.lstrip("#|").strip()
        if text:
            _, colon, rest = text.partition(": ")
            return rest if colon and _.endswith(path.suffix) else text
    return ""
