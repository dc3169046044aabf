"""`python -m ndtyping check ...`: the same as the `ndtyping` command."""

from ._static.cli import main

raise SystemExit(main())
