"""How many random examples a property test tries.

The default run tries a tenth of each test's full number (at least 10), so that it stays
within a minute of CPU on a two-core machine; the thorough run tries them all. `python -m pytest -m slow`
is thorough, as is any run with EXCOVER_THOROUGH=1 (`.ci/run` runs the property tests so).
"""

import os

from hypothesis import settings


def examples(full: int, default: int | None = None) -> settings:
    """Hypothesis settings for a property test whose thorough run tries `full` examples (and
    the default run `default`, when a tenth would be too many)."""
    thorough = os.environ.get("EXCOVER_THOROUGH") == "1"
    if default is None:
        default = max(full // 10, min(full, 10))
    return settings(max_examples=full if thorough else default, deadline=None)
