"""excover: exact-cover modelling with Knuth's Algorithm M (multiplicities and colours)."""

from excover.errors import ExcoverError, FormatError, ModelError
from excover.model import Item, Option, Problem, Solution

__all__ = ["ExcoverError", "FormatError", "Item", "ModelError", "Option", "Problem", "Solution"]
__version__ = "0.1.0"
