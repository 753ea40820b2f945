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
