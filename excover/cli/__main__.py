"""`python -m excover.cli`: the command line (see excover.__main__ for the guarded start)."""

import sys

from excover.cli import main

sys.exit(main())
