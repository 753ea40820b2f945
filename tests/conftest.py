import atexit
import os
import pathlib
import shutil
import sys
import tempfile

# `python -m pytest` puts the current folder first on the path, which would make a checkout's
# excover/ shadow the installed package: tests are to run against what `pip install` made
# (with its compiled core), whether it was an editable install of this checkout or a plain one.
# The commands the tests start (`python -m excover ...`) likewise: Python 3.11's safe path
# leaves the current folder off theirs.
ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:] = [entry for entry in sys.path if pathlib.Path(entry or os.curdir).resolve() != ROOT]
sys.path.insert(0, str(pathlib.Path(__file__).parent))
os.environ["PYTHONSAFEPATH"] = "1"

# The commands keep evaluated models (and lark its analysed grammar) in the user's cache
# folder: a run of the tests keeps its own, so that it neither reads nor leaves anything there,
# one for the whole run (xdist's workers take the folder their controller made, so that the
# grammar is analysed once and a model kept by one is read back by the others).
if "EXCOVER_TESTS_CACHE" not in os.environ:
    os.environ["EXCOVER_TESTS_CACHE"] = tempfile.mkdtemp(prefix="excover-tests-cache-")
    atexit.register(shutil.rmtree, os.environ["EXCOVER_TESTS_CACHE"], ignore_errors=True)
CACHE = os.environ["XDG_CACHE_HOME"] = os.environ["EXCOVER_TESTS_CACHE"]



def pytest_configure(config):
    """A run of the slow tests is thorough: property tests try all their examples. Where the
    tests run (not in xdist's controller, which hands them out: Hypothesis is not loaded
    there), Hypothesis's settings for them."""
    expression = config.getoption("markexpr", "") or ""
    if "slow" in expression and "not slow" not in expression:
        os.environ["EXCOVER_THOROUGH"] = "1"
    if hasattr(config, "workerinput") or config.getoption("dist", "no") == "no":
        from hypothesis import HealthCheck, settings

        # Some property tests run once per engine through a fixture that only sets an environment
        # variable, the same for every example, so the function-scoped-fixture check does not apply.
        settings.register_profile("excover", suppress_health_check=[HealthCheck.function_scoped_fixture])
        settings.load_profile("excover")


def pytest_collection_finish(session):
    """What the collection made lives for the whole run (modules, the tests, their parameters):
    moved out of the cycle collector's way (gc.freeze), so that each of its full passes during
    the run looks only at what the tests make."""
    import gc

    gc.collect()
    gc.freeze()
