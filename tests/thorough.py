"""How many random examples a property test tries.

The default run tries a quarter of each test's full number (at least 25), so that it stays
quick on a busy two-core machine; the thorough run tries them all. `python -m pytest -m slow`
is thorough, as is any run with EXCOVER_THOROUGH=1 (`.ci/run` runs the property tests so).
"""

import os

from hypothesis import settings


def examples(full: int) -> settings:
    """Hypothesis settings for a property test whose thorough run tries `full` examples."""
    thorough = os.environ.get("EXCOVER_THOROUGH") == "1"
    return settings(max_examples=full if thorough else max(full // 4, min(full, 25)), deadline=None)
