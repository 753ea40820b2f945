"""Where the public puzzle collections live: ../shared/data beside the checkout.

A missing collection skips the test on a developer's machine but fails under CI, so a
broken CI set-up can never pass by skipping.
"""

import os
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


def data_path(*parts: str) -> Path:
    """The collection's file; inside a test, a skip (or under CI a failure) when it is missing."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"shared data missing under CI: {path}")
        pytest.skip(f"shared data not found: {path}")
    return path


def collected_keys(keys, *parts: str) -> list:
    """Parameters read from a collection while tests are collected: keys(path) when the file is
    there; otherwise one parameter that skips (pytest.skip cannot be called outside a test), or
    under CI an error that fails the collection."""
    path = DATA.joinpath(*parts)
    if path.exists():
        return keys(path)
    if os.environ.get("CI"):
        raise FileNotFoundError(f"shared data missing under CI: {path}")
    return [pytest.param(None, marks=pytest.mark.skip(reason=f"shared data not found: {path}"))]
