"""Impossibilities a model shows before any search: what `excover check` reports.

Each finding is a sentence a user can act on, and each is a proof, never a guess:

* a primary item that fewer options name than it must be covered;
* forced options (givens) that clash with each other;
* a *counting argument*. Items are grouped into families by the name before their
  parenthesis (``piece(F)``, ``cell(3, 4)``). If every option covers, say, 1 piece item and
  5 cell items, then covering the 12 piece items once each covers exactly 60 cell items,
  and a board of 64 cells cannot be tiled. In general: if weights on the families make every
  option weigh 0, a solution weighs 0 too, so the families' totals must weigh 0. The
  weights are found by exact rational elimination on the options' distinct family counts
  (a handful of rows), and the finding names them, so the user can check the arithmetic.
  Only families whose items are each covered an exact number of times take part.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from excover._model import Problem
from excover.language.loaded import LoadedModel

MOST_FAMILIES = 40  # beyond this, names do not group into families (raw matrices): no argument


def impossibilities(model: LoadedModel) -> list[str]:
    """Why the model can have no solution, as far as can be proved without searching."""
    problem = model.problem
    found = uncoverable(problem) or counting_argument(problem)  # the plainer reason, when there is one
    if model.forced:
        probe = problem.search(forced=model.forced, max_nodes=0)  # takes the forced options, then stops
        probe.count()
        if probe.stopped_by is None:
            found.append("the forced options (givens) clash with each other")
    return found


def uncoverable(problem: Problem) -> list[str]:
    uses = problem.uses
    return [f"primary item {item.name} must be covered {_times(item.lo)} but "
            f"{_naming(uses[item.name])}"
            for item in problem.primary if uses[item.name] < item.lo]


def family(name: str) -> str:
    return name.partition("(")[0]


def counting_argument(problem: Problem) -> list[str]:
    exact = {item.name: item.lo for item in problem.primary if item.hi == item.lo}
    inexact = {family(item.name) for item in problem.primary if item.name not in exact}
    members: dict[str, list[str]] = {}
    for name in exact:
        if family(name) not in inexact:
            members.setdefault(family(name), []).append(name)
    if not members or len(members) > MOST_FAMILIES:
        return []
    # A column a family; the smallest families split into their items while columns are few,
    # so that pieces of different sizes (the Soma cube's) are told apart.
    groups = {name: name for name in members}  # item or family -> its column
    columns = len(members)
    for name in sorted(members, key=lambda f: len(members[f])):
        if len(members[name]) > 1 and columns + len(members[name]) - 1 <= MOST_FAMILIES:
            columns += len(members[name]) - 1
            del groups[name]
            groups.update((item, item) for item in members[name])
    column_of = {item: groups[item] if item in groups else groups[family(item)]
                 for items in members.values() for item in items}
    names = sorted(set(column_of.values()))
    index = {name: k for k, name in enumerate(names)}
    patterns = set()
    for option in problem.options:
        row = [0] * len(names)
        for name in option.names:
            if name in column_of:
                row[index[column_of[name]]] += 1
        patterns.add(tuple(row))
    target = [0] * len(names)
    for item, column in column_of.items():
        target[index[column]] += exact[item]
    weights = _separating_weights(sorted(patterns), target)
    if weights is not None:
        return [_weighing(names, weights, target)]
    return _divisibility(names, sorted(patterns), target)


def _separating_weights(rows: Sequence[Sequence[int]], target: Sequence[int]) -> list[int] | None:
    """Integer weights w with row . w == 0 for every row and target . w != 0, if any exist
    (exactly when the target is not a rational combination of the rows)."""
    width = len(target)
    basis: list[list[Fraction]] = []  # reduced rows, each with a leading 1 in its pivot column
    pivots: list[int] = []
    for row in rows:
        vector = [Fraction(v) for v in row]
        for pivot, reduced in zip(pivots, basis):
            if vector[pivot]:
                factor = vector[pivot]
                vector = [a - factor * b for a, b in zip(vector, reduced)]
        lead = next((k for k, v in enumerate(vector) if v), None)
        if lead is None:
            continue
        vector = [v / vector[lead] for v in vector]
        for k, reduced in enumerate(basis):  # keep the basis fully reduced
            if reduced[lead]:
                factor = reduced[lead]
                basis[k] = [a - factor * b for a, b in zip(reduced, vector)]
        basis.append(vector)
        pivots.append(lead)
    for free in (k for k in range(width) if k not in pivots):
        # A null vector: 1 on the free column, and what the pivot rows then demand.
        weights = [Fraction(0)] * width
        weights[free] = Fraction(1)
        for pivot, reduced in zip(pivots, basis):
            weights[pivot] = -reduced[free]
        if sum(w * t for w, t in zip(weights, target)):
            scale = math.lcm(*(w.denominator for w in weights))
            integers = [int(w * scale) for w in weights]
            divisor = math.gcd(*integers)
            return [w // divisor for w in integers]
    return None


def _weighing(names: list[str], weights: list[int], target: list[int]) -> str:
    """The counting argument in words: per family when its items weigh alike."""
    by_family: dict[str, list[tuple[str, int, int]]] = {}
    for name, w, t in zip(names, weights, target):
        by_family.setdefault(family(name), []).append((name, w, t))
    alike = {f: (columns[0][1], sum(t for _, _, t in columns)) for f, columns in by_family.items()
             if len({w for _, w, _ in columns}) == 1}
    used = [(f, w, t) for f, (w, t) in alike.items() if w]
    if len(alike) == len(by_family) and len(used) == 2 and used[0][1] * used[1][1] < 0:  # the usual case
        if abs(used[0][1]) < abs(used[1][1]):
            used.reverse()
        (a, wa, ta), (b, wb, tb) = used
        ratio = Fraction(abs(wa), abs(wb))  # b items covered for each a item, at least 1
        each = f"{a} item" if ratio.denominator == 1 else _items(ratio.denominator, a)
        return (f"counting: every option covers {_items(ratio.numerator, b)} for each {each}, so covering "
                f"the {_items(ta, a)} covers {_items(ta * ratio, b)}, but there are {tb}")
    parts = []
    for f, columns in by_family.items():
        if f in alike:
            if alike[f][0]:
                parts.append(f"each {f} item {alike[f][0]}")
            continue
        usual = Counter(w for _, w, _ in columns).most_common(1)[0][0]
        parts += [f"{name} {w}" for name, w, _ in columns if w != usual]
        if usual:
            parts.append(f"each other {f} item {usual}")
    total = sum(w * t for w, t in zip(weights, target))
    return (f"counting: weigh the items ({', '.join(parts)}): every option weighs 0, so a solution would "
            f"too, but the items to cover weigh {total}")


def _divisibility(families: list[str], rows: list[tuple[int, ...]], target: list[int]) -> list[str]:
    """A family every option covers a multiple of g items of, whose total is no multiple of g."""
    found = []
    for k, name in enumerate(families):
        step = math.gcd(*(row[k] for row in rows))
        if step > 1 and target[k] % step:
            found.append(f"counting: every option covers a multiple of {step} {name} items, "
                         f"but there are {target[k]}")
    return found


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _naming(n: int) -> str:
    return "no option names it" if n == 0 else "only 1 option names it" if n == 1 else f"only {n} options name it"


def _items(n: int | Fraction, name: str) -> str:
    return f"{n} {name} item{'s' if n != 1 else ''}"
