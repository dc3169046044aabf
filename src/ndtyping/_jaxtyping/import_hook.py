"""`install_import_hook`: check every annotated function of some packages, with no decorators.

A `sys.meta_path` finder claims the named packages (and their submodules) as they are
imported and gives them a loader that adds the check decorator to the module's AST before
compiling it (see _instrument.py). Modules imported before the hook was installed are not
touched. The rewritten code is never written to, nor read from, the `__pycache__`: a
cached .pyc would otherwise serve checked code to a later unchecked import, or the reverse.
"""

from __future__ import annotations

import ast
import importlib.machinery
import sys
import warnings
from collections.abc import Iterable
from types import TracebackType
from typing import Any, Optional, Sequence, Union

from .._errors import ConfigurationError
from .instrument import Instrumenter, instrument_tree
from .jaxtyped import resolve_typechecker
from .typechecker import typechecker_from_spelling

__all__ = ["ImportHook", "install_import_hook"]


def install_import_hook(modules: Union[str, Sequence[str]], typechecker: Any = None) -> ImportHook:
    """Check the annotated functions, methods and dataclasses of `modules` when they are imported.

    `modules`: a package or module name, or several (submodules are included).
    `typechecker`: None for ndtyping's own `check`; or, as in jaxtyping, a decorator such as
    `beartype.beartype`, its dotted name ("beartype.beartype", "typeguard.typechecked"), an
    expression that builds one ("beartype.beartype(conf=beartype.BeartypeConf(...))") or the
    tuple ("beartype", "beartype"), applied through `jaxtyped(typechecker=...)`.

    Works as a context manager (`with install_import_hook("mypkg"): import mypkg`) or as a
    plain call whose result has `.uninstall()`. Only imports made while it is installed are
    instrumented; functions marked `@typing.no_type_check` are skipped.
    """
    packages = _package_names(modules)
    who = "install_import_hook()"
    checker = resolve_typechecker(typechecker_from_spelling(typechecker, who), who=who)
    hook = ImportHook(packages, Instrumenter(checker))
    already = sorted(name for name in sys.modules if _within(name, packages))
    if already:
        warnings.warn(
            f"install_import_hook(): {', '.join(already)} {'was' if len(already) == 1 else 'were'} imported "
            "before the hook was installed, so will not be checked (only later imports are instrumented)",
            stacklevel=2,
        )
    hook.install()
    return hook


def _package_names(modules: Any) -> tuple[str, ...]:
    if isinstance(modules, str):
        modules = [modules]
    elif not isinstance(modules, Iterable) or isinstance(modules, (bytes, bytearray)):
        raise ConfigurationError(
            f"install_import_hook() takes a package name or a list of them, got {type(modules).__name__} {modules!r}"
        )
    names = list(modules)
    if not names:
        raise ConfigurationError("install_import_hook() needs at least one package name")
    for name in names:
        if not isinstance(name, str):
            raise ConfigurationError(
                f'install_import_hook(): package names must be strings such as "mypkg", got {type(name).__name__} {name!r}'
            )
        if not all(part.isidentifier() for part in name.split(".")):
            raise ConfigurationError(
                f'install_import_hook(): {name!r} is not a module name (dotted identifiers such as "mypkg.models")'
            )
    return tuple(names)


def _within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


class ImportHook:
    """An installed import hook; `.uninstall()` (or leaving the `with` block) removes it."""

    def __init__(self, packages: tuple[str, ...], instrumenter: Instrumenter) -> None:
        self.packages = packages
        self._finder = _Finder(packages, instrumenter)

    @property
    def installed(self) -> bool:
        return self._finder in sys.meta_path

    def install(self) -> None:
        if not self.installed:
            sys.meta_path.insert(0, self._finder)

    def uninstall(self) -> None:
        """Stop instrumenting new imports (modules already imported stay checked)."""
        while self._finder in sys.meta_path:
            sys.meta_path.remove(self._finder)

    def __enter__(self) -> ImportHook:
        return self

    def __exit__(
        self, kind: Optional[type[BaseException]], error: Optional[BaseException], traceback: Optional[TracebackType]
    ) -> None:
        self.uninstall()

    def __repr__(self) -> str:
        state = "installed" if self.installed else "uninstalled"
        return f"<ndtyping import hook for {', '.join(self.packages)} ({state})>"


class _Finder:
    """Finds the named packages' modules with the other finders, then swaps in our loader.

    (A duck-typed sys.meta_path finder: subclassing importlib.abc.MetaPathFinder would make
    `import ndtyping` import importlib.abc, about 10 ms.)
    """

    def __init__(self, packages: tuple[str, ...], instrumenter: Instrumenter) -> None:
        self.packages = packages
        self.instrumenter = instrumenter

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> Optional[importlib.machinery.ModuleSpec]:
        if not _within(fullname, self.packages):
            return None
        for finder in list(sys.meta_path):
            # Other ndtyping hooks are skipped: the first one installed for a module wins.
            if isinstance(finder, _Finder):
                continue
            find = getattr(finder, "find_spec", None)
            if find is None:
                continue
            spec = find(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        # Only plain source files are rewritten: extension modules, namespace packages and
        # zipped modules are left to their own loaders.
        if type(loader) is not importlib.machinery.SourceFileLoader:
            return spec
        spec.loader = _InstrumentingLoader(loader.name, loader.path, self.instrumenter)
        return spec


class _InstrumentingLoader(importlib.machinery.SourceFileLoader):
    def __init__(self, fullname: str, path: str, instrumenter: Instrumenter) -> None:
        super().__init__(fullname, path)
        self.instrumenter = instrumenter

    def get_code(self, fullname: str) -> Any:
        # Always from source, never via __pycache__ (see the module docstring).
        path = self.get_filename(fullname)
        tree = ast.parse(self.get_data(path), filename=path)
        instrument_tree(tree, self.instrumenter)
        return compile(tree, path, "exec", dont_inherit=True)
