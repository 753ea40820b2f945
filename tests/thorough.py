"""How many random examples a property test tries.

The default run tries a quarter of each test's full number (at least 25), so that it stays
quick on a busy two-core machine; the thorough run tries them all. `python -m pytest -m slow`
is thorough, as is any run with EXCOVER_THOROUGH=1 (`.ci/run` runs the property tests so).
"""

import os

from hypothesis import settings


def examples(full: int, default: int | None = None) -> settings:
    """Hypothesis settings for a property test whose thorough run tries `full` examples (and
    the default run `default`, when a quarter would be too many)."""
    thorough = os.environ.get("EXCOVER_THOROUGH") == "1"
    if default is None:
        default = max(full // 4, min(full, 25))
    return settings(max_examples=full if thorough else default, deadline=None)
