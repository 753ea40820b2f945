"""All the solutions of a problem as a zero-suppressed decision diagram (ZDD).

A ZDD stands for a family of sets of options. Node 0 is the empty family (no solution),
node 1 the family holding the empty set (nothing more to choose); a node k >= 2 is a triple
(option, lo, hi) standing for the sets of lo together with the sets of hi, each with the
option added. The memo count builds one as it searches (run_memo in _core.c, as Knuth's DLX6
does): a state's node is a chain over its branches that have solutions, and a state met
again shares its node, so a diagram of 10^30 solutions takes a few million nodes. Children
are made before their parents, so a node's number is above those of its branches.

From it, without searching again: the count (a sum over the nodes), every solution in turn,
and solutions drawn uniformly at random (from a node, hi with probability count(hi) /
count(node)).

The text form is Knuth's, as DLX6 writes it and his ZDDREAD programs read it: a line a
node, ``k: (~v?lo:hi)``, node numbers in hexadecimal and v the option's number counted from
1, children first; then a last line ``k: (~0?0:root)``, a dummy node pointing at the root.
"""

from __future__ import annotations

import random
import re
from array import array
from collections.abc import Iterator, Sequence

Chosen = tuple[int, ...]  # a solution: option indices

NODE_LINE = re.compile(r"\s*([0-9a-fA-F]+):\s*\(~(\d+)\?([0-9a-fA-F]+):([0-9a-fA-F]+)\)\s*")


class Zdd:
    """A ZDD over the option indices of a matrix; see the module docstring."""

    def __init__(self, root: int, nodes: Sequence[tuple[int, int, int]]) -> None:
        self.root = root
        self.nodes = list(nodes)  # node k + 2 is nodes[k]: (option, lo, hi)
        counts = [0, 1]
        for _option, lo, hi in self.nodes:
            if not (lo < len(counts) and hi < len(counts)):
                raise ValueError("a ZDD node names a node made after it")
            counts.append(counts[lo] + counts[hi])
        if root >= len(counts):
            raise ValueError("the ZDD's root is not one of its nodes")
        self._counts = counts

    @classmethod
    def from_core(cls, root: int, raw: bytes | None, forced: Sequence[int] = ()) -> Zdd:
        """The diagram the native core built (its nodes as native 32-bit triples), with the
        forced options, which every solution holds, put above its root."""
        numbers = array("I")
        numbers.frombytes(raw or b"")
        nodes = [(numbers[k], numbers[k + 1], numbers[k + 2]) for k in range(0, len(numbers), 3)]
        for option in reversed(list(dict.fromkeys(forced))):
            if root:
                nodes.append((option, 0, root))
                root = len(nodes) + 1
        return cls(root, nodes)

    @classmethod
    def of_solutions(cls, solutions: Sequence[Sequence[int]]) -> Zdd:
        """The diagram of a list of solutions (a trie of their sorted options; not reduced)."""

        def build(family: list[tuple[int, ...]]) -> int:
            if not family:
                return 0
            if family == [()]:
                return 1
            first = min(solution[0] for solution in family if solution)
            hi = build([solution[1:] for solution in family if solution and solution[0] == first])
            lo = build([solution for solution in family if not solution or solution[0] != first])
            nodes.append((first, lo, hi))
            return len(nodes) + 1

        nodes: list[tuple[int, int, int]] = []
        root = build(sorted({tuple(sorted(set(solution))) for solution in solutions}))
        return cls(root, nodes)

    def __len__(self) -> int:
        """Its nodes, the two ends left out."""
        return len(self.nodes)

    def count(self, node: int | None = None) -> int:
        """The solutions below a node (the root's: all of them)."""
        return self._counts[self.root if node is None else node]

    def solutions(self) -> Iterator[Chosen]:
        """Each solution once, its options in the order the diagram takes them: a walk down
        the nodes that lead to a solution, the options on the way kept in one list (so a
        solution of n options costs n steps, not n**2). ValueError when an option comes
        twice on a way down (no set holds it twice: not a diagram of solutions)."""
        chosen: list[int] = []
        on_path: set[int] = set()
        stack: list[tuple[int, int]] = [(self.root, 0)]  # (node, options chosen above it)
        counts = self._counts
        while stack:
            node, depth = stack.pop()
            while len(chosen) > depth:
                on_path.discard(chosen.pop())
            while node > 1:
                option, lo, hi = self.nodes[node - 2]
                if counts[lo]:
                    stack.append((lo, depth))
                if not counts[hi]:
                    node = 0
                    break
                if option in on_path:
                    raise ValueError(f"option {option + 1} comes twice on a way down the ZDD")
                chosen.append(option)
                on_path.add(option)
                node, depth = hi, depth + 1
            if node == 1:
                yield tuple(chosen)

    def sample(self, k: int, seed: int | None = None) -> list[Chosen]:
        """``k`` solutions drawn independently and uniformly at random, reproducibly for a
        seed; empty when there is none."""
        if not self.count():
            return []
        rng = random.Random(seed)
        drawn = []
        for _ in range(k):
            node, chosen, taken = self.root, [], set()
            while node > 1:
                option, lo, hi = self.nodes[node - 2]
                if rng.randrange(self._counts[node]) < self._counts[hi]:
                    if option in taken:
                        raise ValueError(f"option {option + 1} comes twice on a way down the ZDD")
                    chosen.append(option)
                    taken.add(option)
                    node = hi
                else:
                    node = lo
            drawn.append(tuple(chosen))
        return drawn

    def text(self) -> str:
        """Knuth's text form (see the module docstring)."""
        lines = [f"{k + 2:x}: (~{option + 1}?{lo:x}:{hi:x})" for k, (option, lo, hi) in enumerate(self.nodes)]
        lines.append(f"{len(self.nodes) + 2:x}: (~0?0:{self.root:x})")
        return "\n".join(lines) + "\n"

    @classmethod
    def read(cls, text: str) -> Zdd:
        """A diagram in Knuth's text form (DLX6's output too); ValueError naming the line
        that is not one."""
        numbers: dict[int, int] = {0: 0, 1: 1}
        nodes: list[tuple[int, int, int]] = []
        lines: list[int] = []  # the line of each node
        root = root_name = None
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            found = NODE_LINE.fullmatch(line)
            if found is None:
                raise ValueError(f"line {number}: expected 'k: (~v?lo:hi)', got {line.strip()[:60]!r}")
            name, variable, lo, hi = int(found[1], 16), int(found[2]), int(found[3], 16), int(found[4], 16)
            if name in (0, 1):
                raise ValueError(f"line {number}: node {name} is an end of the diagram (0 none, 1 done), not "
                                 "a node to define")
            if name in numbers or name == root_name:
                raise ValueError(f"line {number}: node {name:x} is defined twice")
            if lo not in numbers or hi not in numbers:
                raise ValueError(f"line {number}: node {name:x} names a node not yet defined")
            if variable == 0:
                if root is not None:
                    raise ValueError(f"line {number}: a second root (a line 'k: (~0?0:root)')")
                root, root_name = numbers[hi], name
                continue
            nodes.append((variable - 1, numbers[lo], numbers[hi]))
            lines.append(number)
            numbers[name] = len(nodes) + 1
        if root is None:
            raise ValueError("no root: the last line should be 'k: (~0?0:root)'")
        diagram = cls(root, nodes)
        diagram._check_sets(lines)
        return diagram

    def _check_sets(self, lines: Sequence[int]) -> None:
        """ValueError (naming the line) when a way down takes an option twice: no set holds
        it twice. Each node's options taken on its ways down to 1 are a bitset, made from its
        branches' (children come first) and let go once its last parent has read it, so
        that a chain of n options costs n bitsets of the options below, and no more at once."""
        parents = [0] * (len(self.nodes) + 2)
        for _, lo, hi in self.nodes:
            parents[lo] += 1
            parents[hi] += 1
        taken: dict[int, int] = {0: 0, 1: 0}
        counts = self._counts
        for k, (option, lo, hi) in enumerate(self.nodes):
            mine = taken[lo]
            if counts[hi]:
                if taken[hi] >> option & 1:
                    raise ValueError(f"line {lines[k]}: option {option + 1} comes twice on a way down the ZDD")
                mine |= taken[hi] | 1 << option
            taken[k + 2] = mine
            for child in (lo, hi):
                parents[child] -= 1
                if child > 1 and not parents[child]:
                    del taken[child]


__all__ = ["Zdd"]
