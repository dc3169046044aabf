"""The environment switches ndtyping reads, parsed in one place.

    NDTYPING_DISABLE      `check`, `jaxtyped` and the import hook return what they decorate unchanged
    NDTYPING_NO_FASTPATH  `check` and `isinstance` compile no fast path (read once, at import)

A switch is on for "1", "true", "yes", "on" and off for "", "0", "false", "no", "off" (any
case, surrounding spaces ignored). Anything else is a ConfigurationError naming the variable:
a typo such as NDTYPING_DISABLE=ture must not silently leave the checks on (or off).

NDTYPING_DISABLE is read at decoration time, never per call, so that tests (and programs)
that set it before decorating see their setting.
"""

from __future__ import annotations

import os

from ._errors import ConfigurationError

__all__ = ["switch", "checks_disabled", "FASTPATH_ENABLED"]

_ON = frozenset({"1", "true", "yes", "on"})
_OFF = frozenset({"", "0", "false", "no", "off"})


def switch(variable: str) -> bool:
    """Whether the environment variable `variable` turns its switch on."""
    raw = os.environ.get(variable, "")
    value = raw.strip().lower()
    if value in _ON:
        return True
    if value in _OFF:
        return False
    raise ConfigurationError(
        f"environment variable {variable}={raw!r}: expected one of 1, true, yes, on (switch on) "
        f"or 0, false, no, off, empty (switch off)"
    )


def checks_disabled() -> bool:
    """NDTYPING_DISABLE: decorators return their argument unchanged."""
    return switch("NDTYPING_DISABLE")


FASTPATH_ENABLED = not switch("NDTYPING_NO_FASTPATH")
