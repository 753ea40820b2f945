"""Text to parse tree: the grammar in grammars/xc.lark, loaded once with lark (LALR).

Syntax errors become ModelSyntaxErrors naming file, line and column, with the line, a caret
and what the parser expected there.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections import OrderedDict
from importlib import resources
from pathlib import Path

import lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from excover._errors import ModelSyntaxError, suggestion

GRAMMAR_IN_CHECKOUT = Path(__file__).resolve().parent.parent.parent / "grammars" / "xc.lark"

# How the parser's terminal names read in a message.
TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a string", "_NL": "the end of the line",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "LBRACE": "'{'", "RBRACE": "'}'",
    "COMMA": "','", "COLON": "':'", "EQUAL": "'='", "DOT": "'.'", "COMPARE": "a comparison",
    "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '/', '//' or '%'", "UNARY_OP": "'-'", "STAR": "'*'",
    "$END": "the end of the file", "POWER": "'**'",
}


def grammar_text() -> str:
    """The grammar: package data when installed (excover/grammars), else the checkout's
    grammars/ folder (an editable install maps it there)."""
    installed = resources.files("excover") / "grammars" / "xc.lark"
    if installed.is_file():
        return installed.read_text(encoding="utf-8")
    return GRAMMAR_IN_CHECKOUT.read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def parser() -> lark.Lark:
    return lark.Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=True,
                     start=["start", "expression"], cache=_cache_file())


def _cache_file() -> str | bool:
    """Where lark keeps the analysed grammar (it checks the grammar's hash on reading), so a
    command starts 60 ms sooner: the user's own cache folder, never a shared temporary one,
    since the file is a pickle. False (no cache) when that folder cannot be made."""
    try:
        folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "excover"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # RuntimeError: no home folder
        return False
    return str(folder / f"grammar-lark{lark.__version__}-py{sys.version_info[0]}{sys.version_info[1]}.cache")


# A text parsed lately is not parsed again: loading one model with other params, a game
# started anew, or each case of a batch reads the same files. Trees are never changed once
# made (a Program is frozen; an evaluation keeps what it compiles to itself), so one tree
# serves every reading. A tree takes some 200 bytes a character of its text: the trees kept
# are those of the last texts read, 200,000 characters of them in all (about 40 MB), and a
# text longer than a tenth of that (a matrix given as a param) is parsed each time.
KEPT_CHARACTERS = 200_000


class _Kept:
    """The trees kept, most lately read last (one for the process)."""

    trees: OrderedDict[tuple[str, str], lark.Tree] = OrderedDict()  # oldest first
    characters = 0  # of the texts kept
    lock = threading.Lock()


def parse(text: str, filename: str, *, start: str = "start") -> lark.Tree:
    """The parse tree of a model (or, with start="expression", of one expression)."""
    if start == "start" and not text.endswith("\n"):
        text += "\n"
    key = (text, start)
    with _Kept.lock:
        tree = _Kept.trees.get(key)
        if tree is not None:
            _Kept.trees.move_to_end(key)
            return tree
    try:
        tree = parser().parse(text, start=start)
    except UnexpectedInput as error:
        raise syntax_error(error, text, filename) from None
    if len(text) <= KEPT_CHARACTERS // 10:
        with _Kept.lock:
            if key not in _Kept.trees:
                _Kept.trees[key] = tree
                _Kept.characters += len(text)
            while _Kept.characters > KEPT_CHARACTERS:
                (old, _), _ = _Kept.trees.popitem(last=False)
                _Kept.characters -= len(old)
    return tree


@functools.cache
def _literals() -> dict[str, str]:
    """Each terminal that is a fixed text (a keyword, '->', '..'), by the parser's name for it."""
    return {terminal.name: terminal.pattern.value for terminal in parser().terminals
            if isinstance(terminal.pattern, lark.lexer.PatternStr)}


def _word(name: str) -> str:
    """A terminal as a message says it: its text, or what it is ("a name"); never the parser's
    own name for it (lark calls '->' __ANON_0)."""
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    literal = _literals().get(name)
    return repr(literal) if literal is not None else "something else"


def _expected(names) -> str:
    words = sorted({_word(name) for name in names})
    if len(words) > 6:
        words = words[:6] + ["..."]
    return ", ".join(words)


def _misspelt(token, expected) -> str:
    """"; did you mean 'secondary'?" when a name stands where a keyword was expected and is
    close to one of them."""
    if token.type != "NAME":
        return ""
    literals = _literals()
    keywords = [literals[name] for name in expected if name in literals and literals[name].isalpha()]
    return suggestion(str(token), keywords)


def syntax_error(error: UnexpectedInput, text: str, filename: str) -> ModelSyntaxError:
    lines = text.splitlines()
    line = getattr(error, "line", None) or len(lines)
    column = getattr(error, "column", None) or 1
    if isinstance(error, UnexpectedCharacters) and error.pos_in_stream is not None:
        message = f"unexpected character {text[error.pos_in_stream]!r}"
    elif isinstance(error, UnexpectedEOF):
        message = f"the file ends too early; expected {_expected(error.expected)}"
    elif isinstance(error, UnexpectedToken):
        token = error.token
        found = "end of the line" if token.type == "_NL" else (
            "end of the file" if token.type == "$END" else repr(str(token)))
        hint = _misspelt(token, error.expected)  # a keyword misspelt: the likeliest fix, said alone
        message = f"unexpected {found}{hint or f'; expected {_expected(error.expected)}'}"
        if token.type == "$END":
            line, column = len(lines), len(lines[-1]) + 1 if lines else 1
    else:  # pragma: no cover - lark has no other kinds
        message = str(error)
    source_line = lines[line - 1] if 0 < line <= len(lines) else None
    return ModelSyntaxError(message, file=filename, line=line, column=column, source_line=source_line)
