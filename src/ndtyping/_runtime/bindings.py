"""Per-call dimension bindings, kept in a ContextVar.

A checked call opens a fresh Scope; every annotation checked inside it (parameters,
return value, `isinstance` in the body) reads and extends the same bindings. Threads and
asyncio tasks each see their own context, so they never share bindings, and the scope
is dropped when the call ends, whether it returned or raised.

The compiled fast path (see _fastpath.py) does not build a Scope per call: it puts a
*pending record* in the ContextVar instead, a list `[scope_or_None, build, *arguments]`.
Whoever asks for the scope (`current_scope`, `isinstance` in the body, `print_bindings`)
gets it built then, once per call, by `build(record)`, which checks the arguments again
with the general engine and stores the Scope in `record[0]`.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Optional

__all__ = ["Scope", "current_scope", "enter", "leave", "print_bindings"]


class Scope:
    """The dimension sizes bound so far in one checked call, and who bound each."""

    __slots__ = ("dims", "origin", "arguments", "function", "trees", "leaf", "grown")

    def __init__(self, function: str = "", arguments: Optional[dict[str, Any]] = None) -> None:
        self.dims: dict[str, Any] = {}  # name -> int, or tuple of ints for '*name'
        self.origin: dict[str, str] = {}  # name -> the parameter that bound it
        self.arguments = arguments  # the call's arguments, for '{name}' in expressions
        self.function = function
        # PyTree structures (see _pytree.py): name -> (treedef, who bound it); made on first use.
        self.trees: Optional[dict[str, tuple[Any, str]]] = None
        # While one PyTree leaf is checked, its position ("T[2]"): it qualifies '?name' axes.
        self.leaf: Optional[str] = None
        # Bindings that changed after they were made (a `*#name` binding widened by broadcasting),
        # as (name, old size, old origin), so a failed alternative can put them back; made on first use.
        self.grown: Optional[list[tuple[str, Any, str]]] = None

    def mark(self) -> tuple[int, int, int]:
        """A point to come back to with `rollback` (when one alternative of a union fails)."""
        return len(self.dims), len(self.trees) if self.trees else 0, len(self.grown) if self.grown else 0

    def rollback(self, mark: tuple[int, int, int]) -> None:
        """Undo every binding made since `mark`: names are only ever added or widened."""
        dims, trees, grown = mark
        if self.grown:
            while len(self.grown) > grown:
                name, size, origin = self.grown.pop()
                self.dims[name] = size
                self.origin[name] = origin
        for name in list(self.dims)[dims:]:
            del self.dims[name]
            self.origin.pop(name, None)
        if self.trees:
            for name in list(self.trees)[trees:]:
                del self.trees[name]

    def describe(self) -> str:
        parts = [f"{name}={_show(size)}" for name, size in self.dims.items()]
        if self.trees:
            parts += [f"{name}={treedef}" for name, (treedef, _) in self.trees.items()]
        return ", ".join(parts) if parts else "(none)"


def _show(size: Any) -> str:
    if isinstance(size, tuple):
        return "(" + ",".join(str(s) for s in size) + ")"
    return str(size)


# Holds a Scope, a pending record (a list, see the module docstring), or None.
_current: ContextVar[Any] = ContextVar("ndtyping_scope", default=None)


def current_scope() -> Optional[Scope]:
    """The scope of the innermost checked call running in this context, or None."""
    value = _current.get()
    if type(value) is list:
        return value[0] if value[0] is not None else value[1](value)
    return value  # type: ignore[no-any-return]


def enter(scope: Scope) -> Any:
    return _current.set(scope)


def leave(token: Any) -> None:
    _current.reset(token)


def print_bindings() -> None:
    """Print the dimension sizes bound so far in the current checked call (for debugging)."""
    scope = current_scope()
    if scope is None:
        print("ndtyping: no checked call is running, so no dimensions are bound")
    else:
        print(f"ndtyping bindings in {scope.function or 'this call'}: {scope.describe()}")
