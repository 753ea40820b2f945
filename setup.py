"""The native core is an optional extension: without a compiler, excover still installs
and falls back to the pure-Python engine (with a one-line notice when it first searches)."""

import sys

from setuptools import Extension, setup

compile_args = [] if sys.platform == "win32" else ["-O3", "-std=c99", "-Wall", "-Wno-unused-function"]

setup(ext_modules=[Extension("excover.engine._core", ["excover/engine/_core.c"],
                             extra_compile_args=compile_args, optional=True)])
