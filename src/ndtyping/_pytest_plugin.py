"""pytest plugin: `pytest --ndtyping-packages=mypkg,other` checks those packages while testing.

Registered through the `pytest11` entry point, so it loads with pytest; without the option it
does nothing.
"""

from __future__ import annotations

from typing import Any


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("ndtyping")
    group.addoption(
        "--ndtyping-packages",
        action="store",
        default=None,
        help="comma-separated packages whose annotated functions ndtyping checks at runtime",
    )
