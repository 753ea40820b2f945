"""`python -m excover.cli`: the command line in a process of its own (see excover.__main__ for
the start that answers Ctrl-C even while loading)."""

import sys

from excover.cli import bound_memory, main

bound_memory()
sys.exit(main())
