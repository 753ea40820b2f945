"""The README's Python examples run, and print what their comments say."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


def test_readme_python_examples_print_what_they_claim():
    for block in python_blocks():
        claimed = [line.split("# ", 1)[1] for line in block.splitlines() if line.startswith("print(") and "# " in line]
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            exec(compile(block, str(README), "exec"), {})
        assert output.getvalue().splitlines() == claimed


def test_readme_model_pictures_are_what_the_commands_print():
    import shlex
    import subprocess
    import sys

    blocks = re.findall(r"```\n\$ (excover (?:run|generate) [^\n]*)\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) >= 5
    for command, shown in blocks:
        argv = shlex.split(command)
        result = subprocess.run([sys.executable, "-m", "excover.cli", *argv[1:]], capture_output=True, text=True,
                                cwd=README.parent)
        assert result.stdout == shown, command
