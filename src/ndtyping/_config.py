"""The environment switches ndtyping reads, parsed in one place.

    NDTYPING_DISABLE      `check`, `jaxtyped` and the import hook return what they decorate unchanged
    NDTYPING_NO_FASTPATH  `check` and `isinstance` compile no fast path (read once, at import)

A switch is on for "1", "true", "yes", "on" and off for "", "0", "false", "no", "off" (any
case, surrounding spaces ignored). Anything else is a ConfigurationError naming the variable:
a typo such as NDTYPING_DISABLE=ture must not silently leave the checks on (or off).

NDTYPING_DISABLE is read at decoration time, never per call, so that tests (and programs)
that set it before decorating see their setting.

`ndtyping.config` is jaxtyping's `config` object: `config.update("jaxtyping_disable", True)`
(or "ndtyping_disable") overrides NDTYPING_DISABLE from then on, for later decorations (None
hands it back to the variable);
`config.update("jaxtyping_remove_typechecker_stack", True)` raises the TypeCheckError for a
violation an external typechecker found without the checker's own exception chained to it.
"""

from __future__ import annotations

import os

from ._errors import ConfigurationError

__all__ = ["switch", "checks_disabled", "config", "FASTPATH_ENABLED"]

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
    """NDTYPING_DISABLE (or `config.update("ndtyping_disable", ...)`): decorators return their argument unchanged."""
    if config._disable is not None:
        return config._disable
    return switch("NDTYPING_DISABLE")


class Config:
    """Settings changed from code; jaxtyping's names are accepted beside ndtyping's."""

    _NAMES = {
        "ndtyping_disable": "_disable", "jaxtyping_disable": "_disable",
        "ndtyping_remove_typechecker_stack": "_remove_stack", "jaxtyping_remove_typechecker_stack": "_remove_stack",
    }  # fmt: skip

    def __init__(self) -> None:
        self._disable: bool | None = None  # None: NDTYPING_DISABLE decides
        self._remove_stack = False

    def update(self, item: str, value: bool | str | None) -> None:
        """`config.update("jaxtyping_disable", True)`: a bool, or "1"/"0"/"true"/"false".

        None gives the disable switch back to the NDTYPING_DISABLE environment variable.
        """
        slot = self._NAMES.get(item.lower())
        if slot is None:
            raise ConfigurationError(
                f"config.update(): unknown setting {item!r}; known: {', '.join(sorted(self._NAMES))}"
            )
        if value is None and slot == "_disable":
            self._disable = None
            return
        setattr(self, slot, _as_bool(item, value))

    @property
    def jaxtyping_disable(self) -> bool:
        return checks_disabled()

    ndtyping_disable = jaxtyping_disable

    @property
    def jaxtyping_remove_typechecker_stack(self) -> bool:
        return self._remove_stack

    ndtyping_remove_typechecker_stack = jaxtyping_remove_typechecker_stack

    def __repr__(self) -> str:
        return f"ndtyping.config(disable={checks_disabled()}, remove_typechecker_stack={self._remove_stack})"


def _as_bool(item: str, value: bool | str | None) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _ON | _OFF:
        return value.strip().lower() in _ON
    raise ConfigurationError(f"config.update({item!r}, {value!r}): expected True/False or one of 1, true, 0, false")


config: Config = Config()


FASTPATH_ENABLED = not switch("NDTYPING_NO_FASTPATH")
