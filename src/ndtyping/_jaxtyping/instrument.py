"""Instrumenting source code: add a check decorator to every annotated function and every class.

Shared by the import hook and the IPython extension. Only decorator lists are edited (no
statement is added, moved or removed), so every line number, traceback and
`inspect.getsource` stays as it was.

- Functions and methods with at least one annotation get the decorator innermost (applied
  first, to the plain function, so it also works under `@staticmethod`, `@property`,
  `@jax.jit`...). Functions without annotations are left alone.
- Classes get it outermost (applied after `@dataclass`); it checks a dataclass's fields
  after `__init__` and leaves other classes as they are (their methods are decorated one by one).
- `@typing.no_type_check` (on a function or a class), `@overload` stubs, and functions
  already decorated with ndtyping's `check` or `jaxtyped` are skipped.
- Definitions at every level are instrumented, as jaxtyping's hook does: module level, class
  bodies, blocks (`if`/`try`/`with`/loops/`match`) and functions inside functions (a closure or a
  local class is checked each time it is defined; `define` reuses the compiled wrapper, so
  redefining a function costs a fraction of the first decoration).
"""

from __future__ import annotations

import ast
import dataclasses
from typing import Any, Callable, Optional

from .._config import checks_disabled
from .._runtime.dataclass_fields import check_fields_after_init
from .._runtime.decorator import check, check_with_names, remember_class_namespace
from .._runtime.signature import decoration_locals
from .jaxtyped import field_checks_for, jaxtyped

__all__ = ["Instrumenter", "INSTRUMENTERS", "instrument_tree"]

# Every Instrumenter ever made, by index: instrumented code refers to its own by index, so
# an instrumented module keeps working after its hook is uninstalled.
INSTRUMENTERS: list[Instrumenter] = []

_SKIP_DECORATORS = frozenset({"no_type_check", "overload"})
_ALREADY_CHECKED = frozenset({"check", "jaxtyped"})


class Instrumenter:
    """What the added decorators do: ndtyping's `check`, or `jaxtyped(typechecker=...)`."""

    def __init__(self, typechecker: Optional[Callable[..., Any]]) -> None:
        self.typechecker: Optional[Callable[..., Any]] = None if typechecker is check else typechecker
        self.index: int = len(INSTRUMENTERS)
        INSTRUMENTERS.append(self)

    def function(self, fn: Any) -> Any:
        if self.typechecker is None:
            # The names where the definition is (a closure naming a local class), not this frame's.
            return check_with_names(fn, decoration_locals(1))
        return jaxtyped(fn, typechecker=self.typechecker)

    def klass(self, cls: Any) -> Any:
        if checks_disabled():
            return cls
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and not getattr(cls, "__no_type_check__", False):
            remember_class_namespace(cls, decoration_locals(1))  # fields may name local classes
            check_fields_after_init(cls, field_checks_for(self.typechecker or check))
        return cls

    def decorator(self, kind: str, location: ast.AST) -> ast.expr:
        """`__import__("ndtyping._jaxtyping.instrument", ...).INSTRUMENTERS[i].<kind>`, placed at `location`.

        An expression rather than a name injected into the module, so it still resolves in an
        IPython namespace after `%reset`, and inside class bodies.
        """
        text = f"__import__('ndtyping._jaxtyping.instrument', fromlist=['_']).INSTRUMENTERS[{self.index}].{kind}"
        expression = ast.parse(text, mode="eval").body
        for node in ast.walk(expression):
            ast.copy_location(node, location)
            # One line, the definition's own: the decorator must not claim the whole body.
            setattr(node, "end_lineno", getattr(location, "lineno", None))  # noqa: B010
            setattr(node, "end_col_offset", getattr(location, "col_offset", None))  # noqa: B010
        return expression


def instrument_tree(tree: ast.Module, instrumenter: Instrumenter) -> ast.Module:
    """Add `instrumenter`'s decorators to `tree` in place (and return it)."""
    _Rewriter(instrumenter).statements(tree.body)
    return tree


def _decorator_name(node: ast.expr) -> str:
    """`no_type_check` for `@no_type_check`, `@typing.no_type_check` and `@jaxtyped(...)`-style calls."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def _has_annotations(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    arguments = node.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    return node.returns is not None or any(a.annotation is not None for a in every)


class _Rewriter:
    def __init__(self, instrumenter: Instrumenter) -> None:
        self.instrumenter = instrumenter

    def statements(self, body: list[ast.stmt]) -> None:
        for statement in body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.function(statement)
            elif isinstance(statement, ast.ClassDef):
                self.klass(statement)
            elif isinstance(
                statement, (ast.If, ast.Try, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While)
            ) or type(statement).__name__ in ("TryStar", "Match"):
                for field in ("body", "orelse", "finalbody"):
                    self.statements(getattr(statement, field, []) or [])
                for handler in getattr(statement, "handlers", []) or []:
                    self.statements(handler.body)
                for case in getattr(statement, "cases", []) or []:  # match statements
                    self.statements(case.body)

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        names = {_decorator_name(d) for d in node.decorator_list}
        if names & _SKIP_DECORATORS:
            return  # opted out (no_type_check), or a stub (overload): its body is not run as written
        self.statements(node.body)  # closures and local classes: checked where they are defined
        if not _has_annotations(node) or names & _ALREADY_CHECKED:
            return
        node.decorator_list.append(self.instrumenter.decorator("function", node))

    def klass(self, node: ast.ClassDef) -> None:
        names = {_decorator_name(d) for d in node.decorator_list}
        if "no_type_check" in names or "check" in names:
            return  # opted out, or ndtyping's `check` already covers every method
        self.statements(node.body)
        if "jaxtyped" in names:
            return
        location = node.decorator_list[0] if node.decorator_list else node
        node.decorator_list.insert(0, self.instrumenter.decorator("klass", location))
