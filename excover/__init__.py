"""excover: exact-cover modelling with Knuth's Algorithm M (multiplicities and colours)."""

from importlib.metadata import PackageNotFoundError, version

from excover.errors import ExcoverError, FormatError, ModelError
from excover.model import Item, Option, Problem, Solution

__all__ = ["ExcoverError", "FormatError", "Item", "ModelError", "Option", "Problem", "Solution"]

try:
    __version__ = version("excover")
except PackageNotFoundError:  # pragma: no cover - run from a checkout that was never installed
    __version__ = "unknown"
