"""The models shipped with excover, so that `excover run calendar.xc` works from any directory.

They live in puzzles/ at the top of the repository and are installed as the package data
excover/puzzles. An installed package's data is read through importlib.resources (which knows
wheels, plain installs and zipped packages alike); a checkout, or an editable install of one,
has them beside the package instead.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:  # Python 3.10 has it here only
        from importlib.abc import Traversable

SUFFIXES = (".xc", ".dlx")
IN_CHECKOUT = Path(__file__).resolve().parent.parent / "puzzles"


def folder() -> Traversable | None:
    """The folder of shipped models: the installed package data, else the checkout's puzzles/."""
    installed = resources.files("excover") / "puzzles"
    if installed.is_dir():
        return installed
    # Only a checkout has pyproject.toml beside puzzles/: an installed excover must not pick
    # up some other project's puzzles/ folder in site-packages.
    if IN_CHECKOUT.is_dir() and (IN_CHECKOUT.parent / "pyproject.toml").is_file():
        return IN_CHECKOUT
    return None


def models() -> list[Traversable]:
    where = folder()
    if where is None:
        return []
    return sorted((entry for entry in where.iterdir() if entry.name.endswith(SUFFIXES)), key=lambda e: e.name)


def find(name: str) -> Path | None:
    """The shipped model called `name` (with or without its extension), if there is one, as
    a file on disk (a model may include the files beside it)."""
    for entry in models():
        if name in (entry.name, entry.name.rpartition(".")[0]):
            return entry if isinstance(entry, Path) else None
    return None


def summary(entry: Traversable) -> str:
    """The first sentence of a model's opening comment (which may run over several lines)."""
    words = " ".join(line.strip() for line in description(entry).splitlines()).split(" ")
    for k, word in enumerate(words):
        if word.endswith("."):
            return " ".join(words[:k + 1])
    return " ".join(words)


def description(entry: Traversable) -> str:
    """A model's opening comment, whole (the comment lines before its first statement, their
    indentation kept), without the file name the first line may start with."""
    lines = []
    for line in entry.read_text(encoding="utf-8").splitlines():
        if not line.startswith(("#", "|")):
            break
        text = line[1:]
        lines.append(text[1:] if text.startswith(" ") else text)
    if lines:
        head, colon, rest = lines[0].partition(": ")
        if colon and head.endswith(SUFFIXES):
            lines[0] = rest
    return "\n".join(lines).strip("\n")
