"""A restricted evaluator for symbolic dimension expressions (`n-1`, `2*c`, `min(a,b)`).

The text is parsed with `ast` and checked against a small whitelist; the result is a
tree of closures. Nothing is ever passed to `eval`, so an expression that reaches for
anything else (`__import__`, arbitrary calls, subscripts) is rejected before it can run.
"""

from __future__ import annotations

import ast
import operator
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .._errors import AnnotationError

__all__ = ["Expression", "SizeOverflow", "parse_expression", "not_a_size"]

# An evaluator takes the dimension bindings and returns an int (or bool for comparisons).
Evaluator = Callable[[Mapping[str, Any]], Any]

_BINARY: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_UNARY: dict[type, Callable[[Any], Any]] = {ast.USub: operator.neg, ast.UAdd: operator.pos}
_COMPARE: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_FUNCTIONS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs}
_MAX_EXPONENT = 64  # `2**10**10` would hang the checker; sizes never need more
_MAX_MAGNITUDE = 1 << 64  # no real axis is larger; bigger intermediate values are refused
_MAX_LENGTH = 200  # characters in one expression


@dataclass(frozen=True)
class Expression:
    """A parsed symbolic dimension: its source text, the names it reads, and its evaluator."""

    text: str
    names: frozenset[str]
    evaluate: Evaluator = field(compare=False)  # equal text means equal expression


def parse_expression(text: str, *, where: str = "") -> Expression:
    """Parse `text` into an Expression, or raise AnnotationError saying why not."""
    if len(text) > _MAX_LENGTH:
        raise AnnotationError(f"{where}dimension expression is {len(text)} characters long; the limit is {_MAX_LENGTH}")
    try:
        tree = ast.parse(text, mode="eval")
    except (RecursionError, MemoryError):
        raise AnnotationError(f"{where}dimension expression {text[:40]!r}... is nested too deeply") from None
    except (SyntaxError, ValueError) as err:  # ValueError: null bytes
        raise AnnotationError(
            f"{where}{text!r} is not a valid dimension expression: {err.msg if isinstance(err, SyntaxError) else err}"
        ) from None
    names: set[str] = set()
    try:
        evaluate = _compile(tree.body, names, text, where)
    except RecursionError:
        raise AnnotationError(f"{where}dimension expression {text!r} is nested too deeply") from None
    return Expression(text, frozenset(names), evaluate)


def _reject(node: ast.AST, text: str, where: str, what: str) -> AnnotationError:
    return AnnotationError(
        f"{where}dimension expression {text!r} uses {what}; only integers, dimension names, "
        "+ - * // % **, comparisons and min/max/abs are allowed"
    )


def _compile(node: ast.AST, names: set[str], text: str, where: str) -> Evaluator:
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise _reject(node, text, where, f"the constant {value!r} (dimension sizes are integers)")
        return lambda bindings: value
    if isinstance(node, ast.Name):
        name = node.id
        if name.startswith("__"):
            raise _reject(node, text, where, f"the reserved name {name!r}")
        names.add(name)
        return lambda bindings: bindings[name]
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        op = _BINARY[type(node.op)]
        left = _compile(node.left, names, text, where)
        right = _compile(node.right, names, text, where)
        if isinstance(node.op, ast.Pow):
            return lambda bindings: _safe_pow(left(bindings), right(bindings))
        return lambda bindings: _bounded(op(left(bindings), right(bindings)))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        uop = _UNARY[type(node.op)]
        operand = _compile(node.operand, names, text, where)
        return lambda bindings: uop(operand(bindings))
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARE:
        cop = _COMPARE[type(node.ops[0])]
        left = _compile(node.left, names, text, where)
        right = _compile(node.comparators[0], names, text, where)
        return lambda bindings: cop(left(bindings), right(bindings))
    if isinstance(node, ast.Call):
        func = node.func
        if not isinstance(func, ast.Name) or func.id not in _FUNCTIONS:
            raise _reject(node, text, where, f"a call to {ast.unparse(func)!r}")
        if node.keywords or not node.args:
            raise _reject(node, text, where, f"{func.id}() with keywords or no arguments")
        fn = _FUNCTIONS[func.id]
        args = [_compile(arg, names, text, where) for arg in node.args]
        return lambda bindings: fn(*[arg(bindings) for arg in args])
    raise _reject(node, text, where, _describe(node))


# Operators that are not allowed, by the words a user would use for them.
_OPERATOR_WORDS: dict[type, str] = {
    ast.Div: "'/' (true division gives a fraction; write '//' for integer division)",
    ast.MatMult: "'@'",
    ast.LShift: "'<<'",
    ast.RShift: "'>>'",
    ast.BitAnd: "'&'",
    ast.BitOr: "'|'",
    ast.BitXor: "'^'",
    ast.Invert: "'~'",
    ast.Not: "'not'",
    ast.Is: "'is'",
    ast.IsNot: "'is not'",
    ast.In: "'in'",
    ast.NotIn: "'not in'",
}


def _describe(node: ast.AST) -> str:
    """What a rejected piece of an expression is, in the user's terms (never an `ast` class name)."""
    source = ast.unparse(node)
    if isinstance(node, ast.BinOp):
        return "the operator " + _OPERATOR_WORDS.get(type(node.op), repr(source))
    if isinstance(node, ast.UnaryOp):
        return "the operator " + _OPERATOR_WORDS.get(type(node.op), repr(source))
    if isinstance(node, ast.Compare):
        if len(node.ops) > 1:
            return f"the chained comparison {source!r} (compare two values at a time)"
        return "the operator " + _OPERATOR_WORDS.get(type(node.ops[0]), repr(source))
    if isinstance(node, ast.Attribute):
        return f"attribute access {source!r} (write it as {{{source}}})"
    if isinstance(node, ast.Subscript):
        return f"the subscript {source!r}"
    if isinstance(node, ast.BoolOp):
        return f"{'and' if isinstance(node.op, ast.And) else 'or'} in {source!r} (write a single comparison)"
    if isinstance(node, ast.IfExp):
        return f"the conditional expression {source!r}"
    if isinstance(node, ast.Lambda):
        return "a lambda"
    if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
        return f"the literal {source[:40]!r} (axes are separated by spaces, not written as a collection)"
    if isinstance(node, ast.Starred):
        return f"{source!r} (a variadic axis is '*name' on its own)"
    return f"{source[:40]!r}"


class SizeOverflow(ArithmeticError):
    """An expression's value (or an intermediate one) is beyond any array axis."""


_TOO_BIG = "exceeds 2**64, larger than any array axis"


def _safe_pow(base: Any, exponent: Any) -> Any:
    if not isinstance(exponent, int):
        raise ArithmeticError(f"the exponent {exponent!r} is not an integer")
    if exponent < 0:
        raise ArithmeticError(f"the negative exponent {exponent} gives a fraction, not a size")
    if isinstance(base, int) and abs(base) <= 1:
        return base**exponent  # 0, 1, -1: any exponent is cheap and small
    if exponent > _MAX_EXPONENT or (isinstance(base, int) and (abs(base).bit_length() - 1) * exponent > 64):
        raise SizeOverflow(_TOO_BIG)
    return _bounded(base**exponent)


def not_a_size(value: Any) -> str:
    """Why `value`, what an expression gave, can be no axis's size (", and sizes are not negative"), or ""."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            return ", and sizes are not negative"
        if value > _MAX_MAGNITUDE:
            return ", larger than any array axis"
    return ""


def _bounded(value: Any) -> Any:
    if isinstance(value, int) and not -_MAX_MAGNITUDE <= value <= _MAX_MAGNITUDE:
        raise SizeOverflow(_TOO_BIG)
    return value
