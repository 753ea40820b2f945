"""The expressions of the language: one function per kind of parse-tree node.

Each takes the evaluator (for evaluating sub-expressions, charging the budget and calling
functions), the node and the scope, and returns a value or raises a located failure.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from lark import Token, Tree

from excover._errors import brief, suggestion
from excover._geometry import Shape
from excover.language.failure import fail, fail_budget, fail_type
from excover.language.values import GRID_ATTRIBUTES, SHAPE_ATTRIBUTES, Grid, a_type, format_value

MAX_SEQUENCE = 1_000_000  # longest list or string a single operation may build
CHARACTERS_PER_STEP = 10  # text built is paid for: this many characters a step of the budget
# Numbers stay below 2**14000 (about 4,200 digits), so that every one can be written out:
# Python refuses to turn an int of more than 4,300 digits into text.
MAX_INT_BITS = 14_000
INT_BITS_PER_STEP = 500  # arithmetic on large numbers is paid for: a step for this many bits


def _integer(ev, node, scope):
    return int(node.children[0])


def _string(ev, node, scope):
    return ev.string(node.children[0], scope)


def _grid(ev, node, scope):
    """A grid literal (its text as written: no {...} filled in), or a grid of a computed value:
    a text, or a list of rows (each a text of one-character cells, or a list of labels)."""
    (written,) = node.children
    value = string_literal(written.children[0]) if isinstance(written, Tree) and written.data == "string" \
        else ev.eval(written, scope)
    if isinstance(value, str):
        ev.charge_text(node, len(value), "that grid")
        return Grid.from_text(value)
    if isinstance(value, (list, tuple)) and all(isinstance(row, (str, list, tuple)) for row in value):
        ev.charge_size(node, sum(len(row) for row in value), "that grid")
        return Grid(tuple(tuple(ev.text(label, node) for label in row) for row in value))
    raise fail_type(f"grid needs a text or a list of rows, not {a_type(value)}", node)


def _name(ev, node, scope):
    token = node.children[0]
    name = str(token)
    try:
        value = scope.lookup(name)
    except KeyError:
        raise fail(f"unknown name {name!r}{suggestion(name, scope.visible())}", token) from None
    if ev.tracking is not None and name in ev.depends:
        ev.tracking |= ev.depends[name]
    return value


def _elements(ev, node, scope):
    return [ev.eval(child, scope) for child in node.children if child is not None]


def _comprehension(ev, node, scope):
    element, *generators = node.children
    return [ev.eval(element, inner) for inner in ev.generate(generators, scope)]


def _dict(ev, node, scope):
    result = {}
    for pair in node.children:
        if pair is not None:
            key, value = (ev.eval(part, scope) for part in pair.children)
            ev.charge_looking(pair, key)  # hashed
            result[key] = value
    return result


def _dict_comprehension(ev, node, scope):
    pair, *generators = node.children
    result = {}
    for inner in ev.generate(generators, scope):
        key, value = (ev.eval(part, inner) for part in pair.children)
        ev.charge_looking(pair, key)  # hashed
        result[key] = value
    return result


def _if_else(ev, node, scope):
    value, condition, otherwise = node.children
    return ev.eval(value, scope) if ev.eval(condition, scope) else ev.eval(otherwise, scope)


def _or(ev, node, scope):
    left, right = node.children
    return ev.eval(left, scope) or ev.eval(right, scope)


def _and(ev, node, scope):
    left, right = node.children
    return ev.eval(left, scope) and ev.eval(right, scope)


def _not(ev, node, scope):
    return not ev.eval(node.children[0], scope)


SIZED = (list, tuple, set, frozenset, dict)  # values whose comparison looks at every part

COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
    ">=": operator.ge, "in": lambda a, b: _contains(b, a), "not in": lambda a, b: not _contains(b, a),
}


def _contains(container, element):
    if isinstance(container, range) and not isinstance(element, int):
        return False  # (Python would compare it with every number of the range)
    if isinstance(container, str) and not isinstance(element, str):
        raise TypeError(f"'in <string>' needs a string on the left, not {a_type(element)}")
    return element in container


def _compare(ev, node, scope):
    children = node.children
    left = ev.eval(children[0], scope)
    for k in range(1, len(children), 2):
        op = " ".join(str(children[k]).split())
        right = ev.eval(children[k + 1], scope)
        # What a comparison may look at is paid for: a sequence searched, a key hashed, both sides.
        if op.endswith("in"):
            if isinstance(right, str):
                ev.charge(node, len(right) // CHARACTERS_PER_STEP)
            elif isinstance(right, (list, tuple)):
                ev.charge_looking(node, right)
            elif isinstance(right, (set, frozenset, dict)):
                ev.charge_looking(node, left)
        elif isinstance(left, SIZED) and isinstance(right, SIZED):
            ev.charge_looking(node, left if len(left) <= len(right) else right)
        if not COMPARISONS[op](left, right):
            return False
        left = right
    return True


def _span(ev, node, scope):
    lo, hi = (ev.integer(child, scope, "a range bound") for child in node.children)
    return range(lo, hi + 1)


def _binary(ev, node, scope):
    left_node, op, right_node = node.children
    left, right = ev.eval(left_node, scope), ev.eval(right_node, scope)
    op = str(op)
    if op == "+":
        if isinstance(left, (set, frozenset)) and isinstance(right, (set, frozenset)):
            result = frozenset(left | right)
        else:
            result = left + right
    elif op == "-":
        result = frozenset(left - right) if isinstance(left, (set, frozenset)) else left - right
    elif op == "*":
        for sequence, times in ((left, right), (right, left)):
            if isinstance(sequence, (str, list, tuple)) and isinstance(times, int):
                if len(sequence) * times > MAX_SEQUENCE:
                    raise fail_budget(f"that would build a sequence longer than {MAX_SEQUENCE:,}", node)
        result = left * right
    elif op == "/":
        if isinstance(left, int) and isinstance(right, int) and right and left % right == 0:
            result = left // right
        else:
            raise fail("'/' divides integers exactly; use '//' for the quotient", node)
    elif op == "//":
        result = left // right
    else:
        result = left % right
    if isinstance(result, (frozenset, set)):
        ev.charge_size(node, len(result), "that set")
    elif isinstance(result, (str, list, tuple)):
        if len(result) > MAX_SEQUENCE:
            raise fail_budget(f"that would build a sequence longer than {MAX_SEQUENCE:,}", node)
        if isinstance(result, str):  # what is built is paid for
            ev.charge_text(node, len(result), "that text")
        else:
            ev.charge_size(node, len(result), "that value")
    return _checked(ev, result, node)


def _unary(ev, node, scope):
    op, operand = node.children
    value = ev.eval(operand, scope)
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail_type(f"'{op}' needs a number, not {a_type(value)}", node)
    return -value if str(op) == "-" else value


def _power(ev, node, scope):
    base = ev.integer(node.children[0], scope, "a power's base")
    exponent = ev.integer(node.children[2], scope, "an exponent")
    if exponent < 0:
        raise fail("negative exponents are not integers", node)
    if base not in (0, 1, -1) and exponent * max(abs(base).bit_length() - 1, 1) > MAX_INT_BITS:
        raise fail_budget(TOO_LARGE, node)
    return _checked(ev, base ** exponent, node)


TOO_LARGE = f"that number is too large: numbers stay below 2**{MAX_INT_BITS} (about 4,200 digits)"


def _checked(ev, value, node):
    """A number in range, its arithmetic paid for (by its size: a large product or power takes
    a while)."""
    if isinstance(value, int):
        bits = value.bit_length()
        if bits > MAX_INT_BITS:
            raise fail_budget(TOO_LARGE, node)
        if bits > INT_BITS_PER_STEP:
            ev.charge(node, bits // INT_BITS_PER_STEP)
    return value


def _call(ev, node, scope):
    function_node, arguments = node.children
    function = ev.eval(function_node, scope)
    values, keywords = [], {}
    for argument in [] if arguments is None else arguments.children:
        if argument.data == "keyword":
            name, value = argument.children
            if str(name) in keywords:
                raise fail(f"argument {name} is given twice", name)
            keywords[str(name)] = ev.eval(value, scope)
        elif keywords:
            raise fail("a positional argument cannot follow keyword arguments", argument)
        else:
            values.append(ev.eval(argument, scope))
    return ev.call(function, values, node, keywords)


def _index(ev, node, scope):
    container_node, *key_nodes = node.children
    container = ev.eval(container_node, scope)
    keys = [ev.eval(k, scope) for k in key_nodes]
    key = keys[0] if len(keys) == 1 else tuple(keys)
    if isinstance(container, Grid):
        if not (isinstance(key, tuple) and len(key) == 2):
            raise fail("a grid is indexed by a position: g[row, column]", node)
        return container[key]
    if isinstance(container, dict):
        ev.charge_looking(node, key)  # hashed
        if key not in container:
            raise fail(f"no key {brief(format_value(key))} in this dict", node)
        return container[key]
    if isinstance(container, (list, tuple, str, range)):
        if not isinstance(key, int):
            raise fail_type(f"{a_type(container)} is indexed by an integer, from 0", node)
        return container[key]
    raise fail_type(f"{a_type(container)} cannot be indexed", node)


def _attribute(ev, node, scope):
    value_node, name = node.children
    value = ev.eval(value_node, scope)
    if isinstance(value, Grid) and str(name) in GRID_ATTRIBUTES:
        return getattr(value, str(name))
    if isinstance(value, Shape) and str(name) in SHAPE_ATTRIBUTES:
        return getattr(value, str(name))
    raise fail_type(f"{a_type(value)} has no attribute {str(name)!r}"
               + (f"; a grid has {', '.join(sorted(GRID_ATTRIBUTES))}" if isinstance(value, Grid) else ""), name)


def _tuple(ev, node, scope):
    return tuple(_elements(ev, node, scope))


def _set(ev, node, scope):
    return _hashed(ev, node, _elements(ev, node, scope))


def _hashed(ev, node, elements: list) -> frozenset:
    ev.charge_looking(node, elements)
    return frozenset(elements)


def _expression(ev, node, scope):
    return ev.eval(node.children[0], scope)


EXPRESSIONS: dict[str, Callable[[Any, Any, Any], Any]] = {
    "integer": _integer, "string": _string, "true": lambda ev, n, s: True, "false": lambda ev, n, s: False,
    "grid": _grid, "name": _name, "tuple": _tuple, "list": _elements,
    "list_comprehension": _comprehension, "set": _set,
    "set_comprehension": lambda ev, n, s: _hashed(ev, n, _comprehension(ev, n, s)),
    "dict": _dict, "dict_comprehension": _dict_comprehension, "if_else": _if_else, "or_": _or, "and_": _and,
    "not_": _not, "compare": _compare, "span": _span, "binary": _binary, "unary": _unary, "power": _power,
    "call": _call, "index": _index, "attribute": _attribute, "expression": _expression,
}




def order_key(value: Any) -> tuple:
    """Sort mixed values deterministically (numbers before strings before the rest)."""
    if isinstance(value, bool):
        return (0, int(value), "")
    if isinstance(value, int):
        return (0, value, "")
    if isinstance(value, str):
        return (1, 0, value)
    if isinstance(value, tuple):
        return (2, 0, tuple(order_key(v) for v in value))
    return (3, 0, format_value(value))


def string_literal(token: Token) -> str:
    text = str(token)
    if text.startswith('"""'):
        return text[3:-3]
    body = text[1:-1]
    if "\\" not in body:
        return body
    return body.encode("latin-1", "backslashreplace").decode("unicode_escape")


def describe(error: Exception) -> str:
    text = str(error)
    if isinstance(error, KeyError):
        return f"no key {text}"
    if isinstance(error, TypeError):
        text = text.replace("'frozenset'", "'set'").replace("'str'", "'string'")
        return f"type mismatch: {text}"
    return text
