"""The ways a typechecker may be named where only text fits (the import hook, the IPython magic).

jaxtyping accepts, besides a decorator or its dotted name (`"beartype.beartype"`):

- an expression that builds one, `"beartype.beartype(conf=beartype.BeartypeConf(...))"`;
- the older tuple form, `("beartype", "beartype")`.

An expression is not handed to `eval`: it is parsed, and only what a typechecker's
configuration needs is evaluated: dotted names rooted at an importable module (no private
attributes), calls, keywords, constants, tuples and lists. Anything else (operators, lambdas,
subscripts, names that are not modules) is a ConfigurationError naming the part. This is not a
sandbox: the text is the user's own configuration, and a call may call any public function.
"""

from __future__ import annotations

import ast
import importlib
from typing import Any

from .._errors import ConfigurationError

__all__ = ["typechecker_from_spelling"]


def typechecker_from_spelling(spelling: Any, who: str) -> Any:
    """A decorator, a dotted name or None, from any of jaxtyping's spellings of a typechecker.

    Dotted names (and everything that is not text or a tuple) are returned unchanged, for the
    caller's own resolution; an expression string is evaluated to the decorator it builds.
    """
    if isinstance(spelling, tuple):
        if len(spelling) == 2 and all(isinstance(part, str) for part in spelling):
            return f"{spelling[0]}.{spelling[1]}"
        raise ConfigurationError(
            f'{who}: a typechecker given as a tuple is (module, attribute), e.g. ("beartype", "beartype"); got {spelling!r}'
        )
    if not isinstance(spelling, str) or "(" not in spelling:
        return spelling
    try:
        tree = ast.parse(spelling.strip(), mode="eval")
    except SyntaxError as error:
        raise ConfigurationError(f"{who}: typechecker {spelling!r} is not a Python expression ({error.msg})") from None
    return _Evaluator(spelling, who).evaluate(tree.body)


class _Evaluator:
    def __init__(self, text: str, who: str) -> None:
        self.text = text
        self.who = who

    def fail(self, node: ast.AST, why: str) -> ConfigurationError:
        part = ast.get_source_segment(self.text.strip(), node) or type(node).__name__
        return ConfigurationError(f"{self.who}: in the typechecker {self.text!r}, {part!r} {why}")

    def evaluate(self, node: ast.AST) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, (ast.Tuple, ast.List)):
            items = [self.evaluate(item) for item in node.elts]
            return tuple(items) if isinstance(node, ast.Tuple) else items
        if isinstance(node, ast.Name):
            try:
                return importlib.import_module(node.id)
            except ImportError as error:
                raise self.fail(node, f"is not an importable module ({error})") from error
        if isinstance(node, ast.Attribute):
            if node.attr.startswith("_"):
                raise self.fail(node, "reaches a private attribute, which is not allowed")
            owner = self.evaluate(node.value)
            try:
                return getattr(owner, node.attr)
            except AttributeError:
                pass
            # `package.submodule.name` where the submodule is not imported by the package.
            module = getattr(owner, "__name__", None)
            if isinstance(owner, type(importlib)) and module:
                try:
                    return importlib.import_module(f"{module}.{node.attr}")
                except ImportError:
                    pass
            raise self.fail(node, "does not exist")
        if isinstance(node, ast.Call):
            function = self.evaluate(node.func)
            args = [self.evaluate(arg) for arg in node.args if not isinstance(arg, ast.Starred)]
            if len(args) != len(node.args) or any(keyword.arg is None for keyword in node.keywords):
                raise self.fail(node, "unpacks arguments (* or **), which is not allowed")
            kwargs = {keyword.arg: self.evaluate(keyword.value) for keyword in node.keywords}
            return function(*args, **kwargs)  # type: ignore[arg-type]
        raise self.fail(node, "is not a dotted name, a call or a constant")
