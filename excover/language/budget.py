"""The bounds on a model's evaluation (see docs/language.md, "Safety")."""

from __future__ import annotations

import attrs


@attrs.define
class Budget:
    """Limits on the work a model may do; exceeding one is an error naming where. Each
    evaluation counts its steps on a copy of its own (the `steps` given are not added to)."""

    max_steps: int = 20_000_000
    max_options: int = 1_000_000
    max_call_depth: int = 64
    steps: int = 0
