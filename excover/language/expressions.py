"""The expressions of the language, compiled: one function per kind of parse-tree node.

Each takes the evaluator and a node, and returns a *closure*: a Python function of the scope
that evaluates the node there (its sub-expressions by their own closures). An expression is
compiled once, the first time it is evaluated, and its closure reused every time after
(a sudoku's option statement runs 729 times): the tree is not walked again. No Python code
is generated from the model's text; the closures are these functions' inner functions.

Every closure does what the tree-walking interpreter did at its node: it charges one step
to the budget, and turns a Python error of its own work (a type mismatch, a division by
zero) into a failure located at the node. What cannot fail (a name, a literal, a list built
from its parts) is not guarded; what can is wrapped by `guarded`. A failure found while
compiling (a label's malformed `{...}`) is raised when the node is evaluated, as before:
a branch never taken never fails.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from lark import Token, Tree

from excover._errors import brief, suggestion
from excover._geometry import Shape
from excover.language.failure import ModelFailure, fail, fail_budget, fail_type
from excover.language.values import GRID_ATTRIBUTES, SHAPE_ATTRIBUTES, Grid, a_type, format_value

MAX_SEQUENCE = 1_000_000  # longest list or string a single operation may build
CHARACTERS_PER_STEP = 10  # text built is paid for: this many characters a step of the budget
# Numbers stay below 2**14000 (about 4,200 digits), so that every one can be written out:
# Python refuses to turn an int of more than 4,300 digits into text.
MAX_INT_BITS = 14_000
INT_BITS_PER_STEP = 500  # arithmetic on large numbers is paid for: a step for this many bits


Closure = Callable[[Any], Any]  # scope -> value


def charged(ev, node, body: Closure) -> Closure:
    """The node's closure: a step charged, then `body`, whose own work cannot fail."""
    budget = ev.budget

    def run(scope):
        budget.steps += 1
        if budget.steps > budget.max_steps:
            raise ev.past_budget(node)
        return body(scope)
    return run


PYTHON_ERRORS = (ZeroDivisionError, TypeError, ValueError, IndexError, KeyError, OverflowError)


def located(error: Exception, node: Any) -> ModelFailure:
    """A Python error of a node's own work, as the model's failure there."""
    if isinstance(error, ZeroDivisionError):
        return fail("division by zero", node)
    if isinstance(error, TypeError):
        return fail_type(describe(error), node)
    return fail(describe(error), node)


def guarded(ev, node, body: Closure) -> Closure:
    """The node's closure: a step charged, then `body`, a Python error of its own turned into
    a failure at the node (sub-expressions' errors are located at theirs already)."""
    budget = ev.budget

    def run(scope):
        budget.steps += 1
        if budget.steps > budget.max_steps:
            raise ev.past_budget(node)
        try:
            return body(scope)
        except PYTHON_ERRORS as error:
            raise located(error, node) from None
    return run


def constant(ev, node, value: Any) -> Closure:
    """The node's closure for a value known when compiling: a step charged, the value. (Each
    closure charges its step itself, written out: a call per node is what compiling saves.)"""
    budget = ev.budget

    def run(scope):
        budget.steps += 1
        if budget.steps > budget.max_steps:
            raise ev.past_budget(node)
        return value
    return run


def _integer(ev, node):
    try:
        return constant(ev, node, int(node.children[0]))
    except ValueError as error:  # past Python's limit on the digits of an int read from text
        return guarded(ev, node, _raising(ValueError(str(error))))


def _raising(error: Exception) -> Closure:
    def run(scope):
        raise error
    return run


def _string(ev, node):
    token = node.children[0]
    parts = ev.compiled_template(token)
    if len(parts) == 1 and isinstance(parts[0], str):
        return constant(ev, node, parts[0])
    return charged(ev, node, lambda scope: ev.fill(parts, token, scope))


def _grid(ev, node):
    """A grid literal (its text as written: no {...} filled in), or a grid of a computed value:
    a text, or a list of rows (each a text of one-character cells, or a list of labels)."""
    (written,) = node.children
    if isinstance(written, Tree) and written.data == "string":
        literal = string_literal(written.children[0])
        written_value = lambda scope: literal  # noqa: E731
    else:
        written_value = ev.compiled(written)

    def body(scope):
        value = written_value(scope)
        if isinstance(value, str):
            ev.charge_text(node, len(value), "that grid")
            return Grid.from_text(value)
        if isinstance(value, (list, tuple)) and all(isinstance(row, (str, list, tuple)) for row in value):
            ev.charge_size(node, sum(len(row) for row in value), "that grid")
            return Grid(tuple(tuple(ev.text(label, node) for label in row) for row in value))
        raise fail_type(f"grid needs a text or a list of rows, not {a_type(value)}", node)
    return guarded(ev, node, body)


def _name(ev, node):
    token = node.children[0]
    name = str(token)
    budget = ev.budget

    def run(scope):
        budget.steps += 1
        if budget.steps > budget.max_steps:
            raise ev.past_budget(node)
        inner = scope
        while inner is not None:
            names = inner.names
            if name in names:
                if ev.tracking is not None and name in ev.depends:
                    ev.tracking |= ev.depends[name]
                return names[name]
            inner = inner.parent
        raise fail(f"unknown name {name!r}{suggestion(name, scope.visible())}", token)
    return run


def _parts(ev, node) -> list[Closure]:
    return [ev.compiled(child) for child in node.children if child is not None]


def _elements(ev, node):
    parts = _parts(ev, node)
    return charged(ev, node, lambda scope: [part(scope) for part in parts])


def _tuple(ev, node):
    parts = _parts(ev, node)
    return charged(ev, node, lambda scope: tuple([part(scope) for part in parts]))


def _hashed(ev, node, elements: list) -> frozenset:
    ev.charge_looking(node, elements)
    return frozenset(elements)


def _set(ev, node):
    parts = _parts(ev, node)
    return guarded(ev, node, lambda scope: _hashed(ev, node, [part(scope) for part in parts]))


def _listed(ev, node) -> Closure:
    """A comprehension's elements, as a list (the node's step not charged)."""
    element, *generators = node.children
    value = ev.compiled(element)
    return lambda scope: [value(inner) for inner in ev.generate(generators, scope)]


def _comprehension(ev, node):
    return charged(ev, node, _listed(ev, node))


def _set_comprehension(ev, node):
    listed = _listed(ev, node)
    return guarded(ev, node, lambda scope: _hashed(ev, node, listed(scope)))


def _filled(ev, entries) -> dict:
    """A dict from (pair node, key, value) entries, in order, each key's hashing paid for."""
    result = {}
    for pair, key, value in entries:
        ev.charge_looking(pair, key)  # hashed
        result[key] = value
    return result


def _dict(ev, node):
    pairs = [(pair, ev.compiled(pair.children[0]), ev.compiled(pair.children[1]))
             for pair in node.children if pair is not None]
    return guarded(ev, node, lambda scope: _filled(
        ev, ((pair, key_of(scope), value_of(scope)) for pair, key_of, value_of in pairs)))


def _dict_comprehension(ev, node):
    pair, *generators = node.children
    key_of, value_of = ev.compiled(pair.children[0]), ev.compiled(pair.children[1])
    return guarded(ev, node, lambda scope: _filled(
        ev, ((pair, key_of(inner), value_of(inner)) for inner in ev.generate(generators, scope))))


def _if_else(ev, node):
    value, condition, otherwise = (ev.compiled(child) for child in node.children)
    return charged(ev, node, lambda scope: value(scope) if condition(scope) else otherwise(scope))


def _or(ev, node):
    left, right = (ev.compiled(child) for child in node.children)
    return charged(ev, node, lambda scope: left(scope) or right(scope))


def _and(ev, node):
    left, right = (ev.compiled(child) for child in node.children)
    return charged(ev, node, lambda scope: left(scope) and right(scope))


def _not(ev, node):
    operand = ev.compiled(node.children[0])
    return charged(ev, node, lambda scope: not operand(scope))


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


def _compare(ev, node):
    children = node.children
    first = ev.compiled(children[0])
    steps = []
    for k in range(1, len(children), 2):
        op = " ".join(str(children[k]).split())
        steps.append((op.endswith("in"), COMPARISONS[op], ev.compiled(children[k + 1])))

    def body(scope):
        left = first(scope)
        for membership, holds, right_of in steps:
            right = right_of(scope)
            # What a comparison may look at is paid for: a sequence searched, a key hashed, both sides.
            if membership:
                if isinstance(right, str):
                    ev.charge(node, len(right) // CHARACTERS_PER_STEP)
                elif isinstance(right, (list, tuple)):
                    ev.charge_looking(node, right)
                elif isinstance(right, (set, frozenset, dict)):
                    ev.charge_looking(node, left)
            elif isinstance(left, SIZED) and isinstance(right, SIZED):
                ev.charge_looking(node, left if len(left) <= len(right) else right)
            if not holds(left, right):
                return False
            left = right
        return True
    return guarded(ev, node, body)


def _integer_of(ev, child, what: str) -> Closure:
    """The closure of a child that must be an integer (see Run.integer)."""
    value_of = ev.compiled(child)

    def run(scope):
        value = value_of(scope)
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail_type(f"{what} must be an integer, not {a_type(value)}", child)
        return value
    return run


def _span(ev, node):
    lo, hi = (_integer_of(ev, child, "a range bound") for child in node.children)
    return guarded(ev, node, lambda scope: range(lo(scope), hi(scope) + 1))


INTEGER_OPERATIONS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
                      "%": operator.mod}
SMALL = 1 << INT_BITS_PER_STEP  # an integer below this in size costs no more than its step


def _binary(ev, node):
    left_node, op, right_node = node.children
    left, right, op = ev.compiled(left_node), ev.compiled(right_node), str(op)
    integers = INTEGER_OPERATIONS.get(op)
    budget = ev.budget

    def run(scope):  # guarded, written out: arithmetic is most of what a model computes
        budget.steps += 1
        if budget.steps > budget.max_steps:
            raise ev.past_budget(node)
        a, b = left(scope), right(scope)
        try:
            if integers is not None and type(a) is int and type(b) is int:
                result = integers(a, b)
                if -SMALL < result < SMALL:
                    return result
                return _checked(ev, result, node)
            return _arithmetic(ev, node, op, a, b)
        except PYTHON_ERRORS as error:
            raise located(error, node) from None
    return run


def _arithmetic(ev, node, op: str, left: Any, right: Any) -> Any:
    result: Any
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


def _unary(ev, node):
    op, operand = node.children
    value_of, negate = ev.compiled(operand), str(op) == "-"

    def body(scope):
        value = value_of(scope)
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail_type(f"'{op}' needs a number, not {a_type(value)}", node)
        return -value if negate else value
    return guarded(ev, node, body)


def _power(ev, node):
    base_of = _integer_of(ev, node.children[0], "a power's base")
    exponent_of = _integer_of(ev, node.children[2], "an exponent")

    def body(scope):
        base, exponent = base_of(scope), exponent_of(scope)
        if exponent < 0:
            raise fail("negative exponents are not integers", node)
        if base not in (0, 1, -1) and exponent * max(abs(base).bit_length() - 1, 1) > MAX_INT_BITS:
            raise fail_budget(TOO_LARGE, node)
        return _checked(ev, base ** exponent, node)
    return guarded(ev, node, body)


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


def _call(ev, node):
    function_node, arguments = node.children
    function_of = ev.compiled(function_node)
    # The arguments in order: (None, closure) by position, (name, closure) by keyword, or the
    # failure met there (raised when the call gets to it, after the arguments before it).
    steps: list[tuple[str | None, Closure | None, Any]] = []
    named: set[str] = set()
    for argument in [] if arguments is None else arguments.children:
        if argument.data == "keyword":
            name, value = argument.children
            if str(name) in named:
                steps.append((None, None, fail(f"argument {name} is given twice", name)))
                break
            named.add(str(name))
            steps.append((str(name), ev.compiled(value), None))
        elif named:
            steps.append((None, None, fail("a positional argument cannot follow keyword arguments", argument)))
            break
        else:
            steps.append((None, ev.compiled(argument), None))

    def body(scope):
        function = function_of(scope)
        values, keywords = [], {}
        for name, value_of, failure in steps:
            if failure is not None:
                raise failure
            if name is None:
                values.append(value_of(scope))
            else:
                keywords[name] = value_of(scope)
        return ev.call(function, values, node, keywords)
    return guarded(ev, node, body)


def _index(ev, node):
    container_node, *key_nodes = node.children
    container_of = ev.compiled(container_node)
    keys_of = [ev.compiled(k) for k in key_nodes]

    def body(scope):
        container = container_of(scope)
        keys = [key_of(scope) for key_of in keys_of]
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
    return guarded(ev, node, body)


def _attribute(ev, node):
    value_node, name = node.children
    value_of, attribute = ev.compiled(value_node), str(name)

    def body(scope):
        value = value_of(scope)
        if isinstance(value, Grid) and attribute in GRID_ATTRIBUTES:
            return getattr(value, attribute)
        if isinstance(value, Shape) and attribute in SHAPE_ATTRIBUTES:
            return getattr(value, attribute)
        raise fail_type(f"{a_type(value)} has no attribute {attribute!r}"
                        + (f"; a grid has {', '.join(sorted(GRID_ATTRIBUTES))}" if isinstance(value, Grid) else ""),
                        name)
    return guarded(ev, node, body)


def _expression(ev, node):
    inner = ev.compiled(node.children[0])
    return charged(ev, node, inner)


COMPILERS: dict[str, Callable[[Any, Any], Closure]] = {
    "integer": _integer, "string": _string, "true": lambda ev, n: constant(ev, n, True),
    "false": lambda ev, n: constant(ev, n, False), "grid": _grid, "name": _name, "tuple": _tuple,
    "list": _elements, "list_comprehension": _comprehension, "set": _set,
    "set_comprehension": _set_comprehension, "dict": _dict, "dict_comprehension": _dict_comprehension,
    "if_else": _if_else, "or_": _or, "and_": _and, "not_": _not, "compare": _compare, "span": _span,
    "binary": _binary, "unary": _unary, "power": _power, "call": _call, "index": _index,
    "attribute": _attribute, "expression": _expression,
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


ESCAPES = {"\\": "\\", '"': '"', "'": "'", "n": "\n", "t": "\t", "r": "\r", "0": "\0", "a": "\a", "b": "\b",
           "f": "\f", "v": "\v"}
HEX_DIGITS = {"x": 2, "u": 4, "U": 8}  # the escapes of a character by its code: how many digits each takes


def string_literal(token: Token) -> str:
    """A string literal's text, its escapes read as Python reads them: \\n, \\", \\xHH,
    \\uHHHH, \\UHHHHHHHH, \\N{NAME}, ... (a backslash before anything else stays a backslash).
    A triple-quoted string is taken as written. An escape that names no character is an
    error at its place."""
    text = str(token)
    if text.startswith('"""'):
        return text[3:-3]
    body = text[1:-1]
    if "\\" not in body:
        return body
    out, k = [], 0
    while k < len(body):
        char = body[k]
        if char != "\\" or k + 1 == len(body):
            out.append(char)
            k += 1
            continue
        kind = body[k + 1]
        if kind in ESCAPES:
            out.append(ESCAPES[kind])
            k += 2
        elif kind in HEX_DIGITS:
            digits = body[k + 2:k + 2 + HEX_DIGITS[kind]]
            if len(digits) < HEX_DIGITS[kind] or any(d not in "0123456789abcdefABCDEF" for d in digits):
                raise _bad_escape(token, k, f"\\{kind} takes {HEX_DIGITS[kind]} hexadecimal digits")
            if int(digits, 16) > 0x10FFFF:
                raise _bad_escape(token, k, f"\\{kind}{digits} is past the last character, U+10FFFF")
            out.append(chr(int(digits, 16)))
            k += 2 + len(digits)
        elif kind == "N":
            end = body.find("}", k)
            if body[k + 2:k + 3] != "{" or end < 0:
                raise _bad_escape(token, k, "\\N takes a character's name in braces: \\N{BULLET}")
            import unicodedata

            try:
                out.append(unicodedata.lookup(body[k + 3:end]))
            except KeyError:
                raise _bad_escape(token, k, f"no character is named {body[k + 3:end]!r}") from None
            k = end + 1
        else:
            out.append(char)
            k += 1
    return "".join(out)


def _bad_escape(token: Token, at: int, message: str) -> ModelFailure:
    """A failure at the escape itself: `at` counts from the character after the quote."""
    where = Token(token.type, token.value, line=token.line, column=(token.column or 1) + 1 + at)
    return fail(f"a bad escape in a string: {message}", where)


def describe(error: Exception) -> str:
    text = str(error)
    if isinstance(error, KeyError):
        return f"no key {text}"
    if isinstance(error, TypeError):
        text = text.replace("'frozenset'", "'set'").replace("'str'", "'string'")
        return f"type mismatch: {text}"
    return text
