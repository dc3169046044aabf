"""`python -m ndtyping check ...`: the same as the `ndtyping` command."""

from ._cli import main

raise SystemExit(main())
