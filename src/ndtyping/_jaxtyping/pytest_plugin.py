"""pytest plugin: `pytest --ndtyping-packages=mypkg,other` checks those packages while testing.

Registered through the `pytest11` entry point, so it loads with pytest; without the option it
does nothing. The import hook is installed before the conftest.py files are loaded (so a
package they import is still checked) and removed when pytest finishes.
`--ndtyping-typechecker=beartype.beartype` uses an external typechecker instead of ndtyping's
`check` (jaxtyping's `--jaxtyping-packages=pkg,beartype.beartype` spelling is accepted too).
"""

from __future__ import annotations

import sys
from typing import Any, Optional

import pytest

from .._errors import ConfigurationError
from .import_hook import install_import_hook

_HOOK_ATTRIBUTE = "_ndtyping_import_hook"


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("ndtyping")
    group.addoption(
        "--ndtyping-packages",
        action="store",
        default=None,
        help="comma-separated packages whose annotated functions ndtyping checks at runtime",
    )
    group.addoption(
        "--ndtyping-typechecker",
        action="store",
        default=None,
        help="check with this decorator (e.g. beartype.beartype) through jaxtyped, instead of ndtyping.check",
    )


def _requested(packages: Optional[str], typechecker: Optional[str]) -> tuple[list[str], Optional[str]]:
    names = [name.strip() for name in (packages or "").split(",") if name.strip()]
    # jaxtyping's spelling puts the typechecker last: `pkg,other,beartype.beartype`.
    if typechecker is None and len(names) > 1 and names[-1] in ("beartype.beartype", "typeguard.typechecked"):
        typechecker = names.pop()
    return names, typechecker


def _install(config: Any, packages: Optional[str], typechecker: Optional[str]) -> None:
    if getattr(config, _HOOK_ATTRIBUTE, None) is not None:
        return
    names, checker = _requested(packages, typechecker)
    if not names:
        return
    already = sorted(m for m in sys.modules if any(m == n or m.startswith(n + ".") for n in names))
    if already:
        raise pytest.UsageError(
            f"--ndtyping-packages: {', '.join(already)} {'is' if len(already) == 1 else 'are'} already imported "
            "before ndtyping could install its import hook, so could not be checked"
        )
    try:
        hook = install_import_hook(names, checker)
    except ConfigurationError as error:
        raise pytest.UsageError(f"--ndtyping-packages: {error}") from error
    setattr(config, _HOOK_ATTRIBUTE, hook)


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: Any, parser: Any, args: Any) -> None:
    namespace = early_config.known_args_namespace
    _install(early_config, namespace.ndtyping_packages, namespace.ndtyping_typechecker)


def pytest_configure(config: Any) -> None:
    # For runs where the early hook did not fire (the plugin given with `-p` late, or in-process pytester).
    _install(config, config.getoption("ndtyping_packages"), config.getoption("ndtyping_typechecker"))


def pytest_unconfigure(config: Any) -> None:
    hook = getattr(config, _HOOK_ATTRIBUTE, None)
    if hook is not None:
        hook.uninstall()
        setattr(config, _HOOK_ATTRIBUTE, None)
