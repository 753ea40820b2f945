import pathlib
import sys

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(pathlib.Path(__file__).parent))

# Some property tests run once per engine through a fixture that only sets an environment
# variable, the same for every example, so the function-scoped-fixture check does not apply.
settings.register_profile("excover", suppress_health_check=[HealthCheck.function_scoped_fixture])
settings.load_profile("excover")
