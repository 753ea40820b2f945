"""Where the public puzzle collections live: ../shared/data beside the checkout.

A missing collection skips the test on a developer's machine but fails under CI, so a
broken CI set-up can never pass by skipping.
"""

import os
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


def data_path(*parts: str) -> Path:
    path = DATA.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"shared data missing under CI: {path}")
        pytest.skip(f"shared data not found: {path}")
    return path
