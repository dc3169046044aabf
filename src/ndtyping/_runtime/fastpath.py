"""The compiled fast path: straight-line checks that decide "fits" for the common cases.

For each checked function this module writes the front section of the wrapper `check`
generates (FastSection), and for each array annotation used with `isinstance` a function of
its own: array types tested by exact type against a set, dtypes by
identity against the dtypes the engine accepts, shapes unpacked into locals and compared,
nothing bound per call but locals. It only ever answers "fits". On anything else (a
mismatch, or a value it does not know: a numpy subclass, a jax tracer, a lying `.shape`)
it falls through to the general section (the engine), which decides again and raises
the error. So every message is the engine's, and a gap in the fast path can only cost time.

What it compiles is read from the checkers themselves (`_ndt_fast`, see _typecheck.py);
annotations it does not handle (unions, PyTrees, `n-1`, `#n`, `?n`, containers...) make
the function use the general engine for every call, exactly as before.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

import numpy

from .. import _config
from .bindings import Scope, _current
from .codegen import define
from .engine import ArraySpec, fits
from .grammar import ANY, FIXED, NAMED, VARIADIC

__all__ = ["ENABLED", "disabled", "FastSection", "fast_section", "fits_for", "trust_type"]

# The switch the agreement tests use to compare against the general engine alone.
# NDTYPING_NO_FASTPATH=1 turns the fast path off for a whole process.
ENABLED = _config.FASTPATH_ENABLED


@contextmanager
def disabled() -> Iterator[None]:
    """Within this block, `check` and new `isinstance` checks compile no fast path."""
    global ENABLED
    saved, ENABLED = ENABLED, False
    try:
        yield
    finally:
        ENABLED = saved


# Exact array types whose `.shape` is always a tuple of Python ints and whose `.dtype` is a
# numpy dtype: for these, unpacking the shape and comparing the dtype by identity is exact.
_TRUSTED: set[type] = {numpy.ndarray}
# An annotation's array types (a tuple of classes, or None for "any") -> the trusted types
# it accepts. The sets are shared with the generated code and grow when a type is trusted.
_ACCEPTED: dict[Any, set[type]] = {}


def _accepts(types: Optional[tuple[type, ...]], candidate: type) -> bool:
    if types is None:
        return True
    try:
        return issubclass(candidate, types)
    except Exception:
        return False


def _accepted_types(types: Optional[tuple[type, ...]]) -> set[type]:
    accepted = _ACCEPTED.get(types)
    if accepted is None:
        accepted = _ACCEPTED[types] = {t for t in _TRUSTED if _accepts(types, t)}
    return accepted


def trust_type(candidate: type) -> None:
    """Let the fast path unpack `candidate`'s shape (it must hold Python ints, its dtype be numpy's)."""
    _TRUSTED.add(candidate)
    for types, accepted in list(_ACCEPTED.items()):
        if _accepts(types, candidate):
            accepted.add(candidate)


def _learn(values: tuple[Any, ...]) -> None:
    """jax's concrete array type is trusted once seen (never imported here: jax may be absent)."""
    for value in values:
        kind = type(value)
        if kind not in _TRUSTED and kind.__name__ == "ArrayImpl" and kind.__module__.startswith("jaxlib"):
            trust_type(kind)


def _numpy_dtype(name: str) -> Any:
    try:
        return numpy.dtype(name)
    except Exception:
        return None


class _Compiler:
    """Turns checkers into source: conditions before, shape unpacks, conditions after."""

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {
            "_ndt_type": type,
            "_ndt_isinstance": isinstance,
            "_ndt_len": len,
            "_ndt_tuple": tuple,
            "_ndt_ValueError": ValueError,
        }
        self.bound: dict[str, tuple[str, bool]] = {}  # dim name -> (its local, is variadic)
        self.shapes: dict[tuple[Any, ...], str] = {}  # axes of a matched array -> the local with its shape
        self.count = 0

    def const(self, value: Any) -> str:
        self.count += 1
        name = f"_ndt_c{self.count}"
        self.namespace[name] = value
        return name

    def local(self) -> str:
        self.count += 1
        return f"_ndt_v{self.count}"

    def plan(self, checker: Any, expr: str, pre: list[str], unpack: list[str], post: list[str]) -> bool:
        """Append the checks of `checker` on `expr`; False if the fast path cannot reproduce it."""
        what = getattr(checker, "_ndt_fast", None)
        if what is None:
            return False
        kind = what[0]
        if kind == "array":
            return self.array(what[1], expr, pre, unpack, post)
        if kind == "instance":
            pre.append(f"_ndt_isinstance({expr}, {self.const(what[1])})")
            return True
        if kind == "none":
            pre.append(f"{expr} is None")
            return True
        if kind == "optional":
            inner = getattr(what[1], "_ndt_fast", None)
            if inner is not None and inner[0] == "instance":
                pre.append(f"({expr} is None or _ndt_isinstance({expr}, {self.const(inner[1])}))")
                return True
            if inner is not None and inner[0] == "array":
                return self.array(inner[1], expr, pre, unpack, post, optional=True)
            return False
        if kind == "tuple":
            items = what[1]
            pre.append(f"_ndt_isinstance({expr}, _ndt_tuple)")
            pre.append(f"_ndt_len({expr}) == {len(items)}")
            for index, item in enumerate(items):
                if item is not None and not self.plan(item, f"{expr}[{index}]", pre, unpack, post):
                    return False
            return True
        return False

    def array(
        self, spec: ArraySpec, expr: str, pre: list[str], unpack: list[str], post: list[str], optional: bool = False
    ) -> bool:
        """The checks of one array annotation; `optional`: None is accepted too.

        A None in place of an optional array leaves its new names holding None (or [] for
        variadic ones): a later axis compared with them then fails, and the engine, which
        binds them there instead, decides that call.
        """
        if spec.per_leaf:
            return False
        dtype = self.dtype_condition(spec, expr)
        if dtype is None:
            return False
        tests = [f"_ndt_type({expr}) in {self.const(_accepted_types(spec.types))}"]
        if dtype:
            tests.append(dtype)
        # The same axes as an array already matched (`x: "*b c", y: "*b c"`, or the return of an
        # elementwise function): one tuple comparison with that array's shape decides.
        pattern = tuple((dim.kind, dim.name, dim.size) for dim in spec.shape.dims)
        earlier = self.shapes.get(pattern)
        if earlier is not None and not optional:
            pre += tests
            post.append(f"{expr}.shape == {earlier}")
            return True
        targets = []
        own_post: list[str] = []
        for dim in spec.shape.dims:
            if dim.broadcast:
                return False
            kind = dim.kind
            if kind == FIXED:
                target = self.local()
                own_post.append(f"{target} == {dim.size}")
            elif kind == ANY or (kind == VARIADIC and dim.name is None):
                target = "_ndt_any"
            elif kind == NAMED or kind == VARIADIC:
                assert dim.name is not None
                variadic = kind == VARIADIC
                known = self.bound.get(dim.name)
                target = self.local()
                if known is None:
                    self.bound[dim.name] = (target, variadic)
                elif known[1] != variadic:
                    return False  # one name as a single axis and as variadic axes: the engine explains
                else:
                    own_post.append(f"{target} == {known[0]}")
            else:  # SYMBOLIC
                return False
            targets.append(("*" if kind == VARIADIC else "") + target)
        shape = f"{expr}.shape"
        if optional:
            tests = [f"({expr} is None or ({' and '.join(tests)}))"]
            shape = f"({shape} if {expr} is not None else {self.const((None,) * (len(targets) - (spec.shape.variadic is not None)))})"
            own_post = [f"({expr} is None or ({' and '.join(own_post)}))"] if own_post else []
        pre += tests
        if not optional and all(
            dim.kind in (FIXED, NAMED) or (dim.kind == VARIADIC and dim.name) for dim in spec.shape.dims
        ):
            # Every axis is pinned once this array fits: later arrays with these axes compare shapes.
            self.shapes[pattern] = self.local()
            unpack.append(f"{self.shapes[pattern]} = {shape}")
            shape = self.shapes[pattern]
        unpack.append(f"[{', '.join(targets)}] = {shape}")
        post += own_post
        return True

    def dtype_condition(self, spec: ArraySpec, expr: str) -> Optional[str]:
        """A test of `expr.dtype` ("" when any dtype fits), or None if no numpy dtype can fit."""
        names = spec.category.names
        if names is None:
            return ""
        dtypes = []
        for name in sorted(names):
            dtype = _numpy_dtype(name)
            if dtype is not None and dtype not in dtypes and spec.dtype_ok(dtype):
                dtypes.append(dtype)
        if not dtypes:
            return None
        if len(dtypes) == 1:
            return f"{expr}.dtype is {self.const(dtypes[0])}"
        return f"{expr}.dtype in {self.const(frozenset(dtypes))}"


def _conditions(parts: list[str]) -> str:
    return " and ".join(parts) if parts else "True"


def _indent(depth: int, lines: list[str]) -> list[str]:
    return ["    " * depth + line for line in lines]


class FastSection:
    """The fast path of one checked function: source lines for the front of its wrapper.

    The section runs first in the wrapper `check` generates (see _decorator.py). When every
    condition holds it calls the function and returns; otherwise it falls through, after
    `_ndt_miss(...)`, to the general engine's section below it, which decides the call again.
    """

    def __init__(
        self,
        name: str,
        arguments: list[tuple[str, Any]],
        check_return: Optional[Any],
        fail_return: Any,
    ) -> None:
        self.name = name
        self.arguments = arguments
        self.check_return = check_return
        self.fail_return = fail_return
        self.compiler = _Compiler()
        self.pre: list[str] = []
        self.unpack: list[str] = []
        self.post: list[str] = []
        self.return_pre: list[str] = []
        self.return_unpack: list[str] = []
        self.return_post: list[str] = []
        self.possible = all(
            self.compiler.plan(checker, pname, self.pre, self.unpack, self.post) for pname, checker in arguments
        )
        self.fast_return = check_return is None or self.compiler.plan(
            check_return, "_ndt_result", self.return_pre, self.return_unpack, self.return_post
        )

    def namespace(self) -> dict[str, Any]:
        """The names the section's lines use (all prefixed `_ndt_`, as the general section's)."""
        arguments, name, check_return, fail_return = self.arguments, self.name, self.check_return, self.fail_return

        def build_scope(record: list[Any]) -> Scope:
            """The Scope the general engine would have made for this call (made only when asked for)."""
            scope = Scope(name, None)
            record[0] = scope
            for (pname, checker), value in zip(arguments, record[2:]):
                checker(value, scope, pname)
            return scope

        def finish_return(record: list[Any], result: Any) -> Any:
            """Check the result with the general engine, in the call's scope (as the general section does)."""
            scope = record[0] if record[0] is not None else build_scope(record)
            token = _current.set(record)
            try:
                reason = check_return(result, scope, "return")  # type: ignore[misc]
                if reason:
                    raise fail_return(result, reason, scope)
            finally:
                _current.reset(token)
            return result

        def miss(*values: Any) -> None:
            """The fast path could not decide: learn jax's array type, then the general section runs."""
            _learn(values)

        namespace = dict(self.compiler.namespace)
        namespace.update(
            _ndt_miss=miss,
            _ndt_build=build_scope,
            _ndt_finish=finish_return,
            _ndt_set=_current.set,
            _ndt_reset=_current.reset,
        )
        return namespace

    def lines(self, invoke: str) -> list[str]:
        """The section, indented for a function body; `invoke` calls the function (`await` included)."""
        names = [pname for pname, _ in self.arguments]
        body = [
            f"_ndt_record = [None, _ndt_build{''.join(', ' + pname for pname in names)}]",
            "_ndt_token = _ndt_set(_ndt_record)",
            "try:",
            f"    _ndt_result = {invoke}",
            "finally:",
            "    _ndt_reset(_ndt_token)",
        ]
        if self.check_return is None:
            body += ["return _ndt_result"]
        elif not self.fast_return:
            body += ["return _ndt_finish(_ndt_record, _ndt_result)"]
        else:
            # A scope built during the call (isinstance in the body) may hold new bindings: the
            # general engine checks the result against it.
            body += [f"if _ndt_record[0] is None and {_conditions(self.return_pre)}:"]
            if self.return_unpack:
                body += [
                    "    try:",
                    *_indent(2, self.return_unpack),
                    "    except _ndt_ValueError:",
                    "        return _ndt_finish(_ndt_record, _ndt_result)",
                ]
            body += [f"    if {_conditions(self.return_post)}:", "        return _ndt_result"]
            body += ["return _ndt_finish(_ndt_record, _ndt_result)"]
        # Nested ifs, no flags: a call that fits runs exactly these tests and the call.
        depth = 1
        lines: list[str] = []
        if self.pre:
            lines += _indent(depth, [f"if {_conditions(self.pre)}:"])
            depth += 1
        if self.unpack:
            lines += _indent(depth, ["try:", *_indent(1, self.unpack), "except _ndt_ValueError:", "    pass", "else:"])
            depth += 1
        if self.post:
            lines += _indent(depth, [f"if {_conditions(self.post)}:"])
            depth += 1
        lines += _indent(depth, body)
        lines += _indent(1, [f"_ndt_miss({', '.join(names)})"])
        return lines


def fast_section(
    name: str, arguments: list[tuple[str, Any]], check_return: Optional[Any], fail_return: Any
) -> Optional[FastSection]:
    """The fast section for a function's checked parameters, or None if they need the general engine.

    `arguments` are the checked parameters in order, as (name, checker); `fail_return` makes
    the error for a result the engine rejects.
    """
    if not ENABLED:
        return None
    section = FastSection(name, arguments, check_return, fail_return)
    return section if section.possible else None


def fits_for(spec: ArraySpec) -> Callable[[Any, Any], bool]:
    """`isinstance(value, annotation)` for one array spec, as `(annotation, value) -> bool`.

    Compiled once per spec (every alias `NDArray[...]` that means the same shares it). Outside
    any checked call, a plain array is decided by the compiled code; anything else, and every
    value inside a checked call (the call's bindings count), goes to the engine.
    """
    compiled = spec.fits
    if compiled is None:
        compiled = spec.fits = _build_fits(spec)
    return compiled


def _build_fits(spec: ArraySpec) -> Callable[[Any, Any], bool]:
    def general(owner: Any, value: Any) -> bool:
        return fits(spec, value)

    if not ENABLED:
        return general
    compiler = _Compiler()
    pre: list[str] = []
    unpack: list[str] = []
    post: list[str] = []
    if not compiler.array(spec, "value", pre, unpack, post):
        return general
    namespace = compiler.namespace
    namespace.update(_ndt_get=_current.get, _ndt_general=general)
    lines = [
        # The annotation is named here, not in the file name: file names are interned by
        # compile() and never freed, so runtime-built annotations must not each make one.
        f"# isinstance {spec.label}",
        "def _ndt_fits(_ndt_owner, value):",
        f"    if _ndt_get() is None and {_conditions(pre)}:",
        "        try:",
        *[f"            {line}" for line in unpack],
        "        except _ndt_ValueError:",
        "            return _ndt_general(_ndt_owner, value)",
        f"        if {_conditions(post)}:",
        "            return True",
        "    return _ndt_general(_ndt_owner, value)",
    ]
    return define("\n".join(lines) + "\n", "_ndt_fits", namespace, "isinstance")
