"""The compiled fast path and the general engine agree: same verdicts, same messages.

Every case is run twice: through `check` as it is (the fast path in front of the engine) and
through `check` built with the fast path switched off (`_fastpath.disabled()`, the plain
interpreter of annotations). Outcomes must be identical: the same result object, or the same
exception type with the same message. For `isinstance`, the compiled check is compared with the
engine called directly.

The comparison would be empty if the fast path never decided anything, so the tests also count
its misses (calls handed to the general engine) and require it to decide the plain cases itself.
"""

import asyncio
import functools
import itertools
import pickle
import subprocess
import sys
import textwrap
from typing import Any, Callable, Optional, TypeVar, Union

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typing_extensions import Unpack

from ndtyping import (
    DimensionVar,
    Float,
    Float32,
    Int,
    NDArray,
    Num,
    Shaped,
    ShapeVar,
    check,
    float32,
    print_bindings,
)
from ndtyping._runtime import fastpath as _fastpath
from ndtyping._runtime.bindings import Scope, current_scope
from ndtyping._runtime.engine import match_array

try:
    import jax
    import jax.numpy as jnp
except ImportError:  # the jax cases are skipped
    jax = None  # type: ignore[assignment]
    jnp = None  # type: ignore[assignment]

N, M = DimensionVar("N"), DimensionVar("M")
B = ShapeVar("B")

# Annotations the fast path compiles (both spellings, every dim kind it handles).
FAST_ANNOTATIONS: list[Any] = [
    Float32[np.ndarray, "n m"],
    Float32[np.ndarray, "m n"],
    Float[np.ndarray, "n m"],  # several dtypes: a set lookup
    Shaped[np.ndarray, "n"],  # any dtype: no dtype test at all
    Int[np.ndarray, "n"],
    Num[np.ndarray, "*b n"],
    Float32[np.ndarray, ""],
    Float32[np.ndarray, "..."],
    Float32[np.ndarray, "*b m"],
    Float32[np.ndarray, "*b"],
    Float32[np.ndarray, "3 n"],
    Float32[np.ndarray, "n n"],
    Float32[np.ndarray, "_ n"],
    Float32[np.ndarray, "*_ m"],
    Float32[Any, "n m"],  # any array type with .shape and .dtype
    NDArray[float32, N, M],
    NDArray[float32, M, N],
    NDArray[np.floating, Unpack[B], N],  # type: ignore[misc]
    NDArray[Any, N],
    int,
    float,
    None,
    tuple[Float32[np.ndarray, "n"], Float32[np.ndarray, "m"]],
    Optional[Float32[np.ndarray, "n m"]],
    Optional[Float32[np.ndarray, "m"]],
    Optional[Float32[np.ndarray, "*b 3"]],
    Optional[int],
]
# Annotations it declines: a function using one is checked by the engine alone.
GENERAL_ANNOTATIONS: list[Any] = [
    Float32[np.ndarray, "#n m"],
    Float32[np.ndarray, "n n-1"],
    Optional[list[Float32[np.ndarray, "n"]]],
    Union[int, str],
    list[Float32[np.ndarray, "n"]],
]
ANNOTATIONS = FAST_ANNOTATIONS + GENERAL_ANNOTATIONS


class LyingShape:
    """Not an array: a `.shape` that is not a tuple of ints."""

    def __init__(self, shape: Any, dtype: Any = np.dtype("float32")) -> None:
        self.shape = shape
        self.dtype = dtype


def _values() -> list[Any]:
    f32 = np.float32
    values: list[Any] = [
        np.zeros((3, 4), f32),
        np.zeros((4, 3), f32),
        np.zeros((3, 3), f32),
        np.zeros((3,), f32),
        np.zeros((4,), f32),
        np.zeros((), f32),
        np.zeros((2, 3, 4), f32),
        np.zeros((2, 4, 3), f32),
        np.zeros((3, 4), np.float64),
        np.zeros((3,), np.int32),
        np.zeros((3, 4), np.int64),
        np.zeros((3,), bool),
        np.zeros((3, 4), np.dtype(">f4")),  # byte-swapped: named '>f4', not float32
        np.zeros((3, 4), np.dtype(np.float32, metadata={"unit": "m"})),  # equal to float32, not identical
        np.zeros((3, 4), f32).view(np.memmap),  # a subclass: never trusted by the fast path
        np.matrix(np.zeros((3, 4), f32)),
        LyingShape((3, 4)),
        LyingShape([3, 4]),
        LyingShape((np.int64(3), 4)),
        LyingShape(("3", 4)),
        [[0.0] * 4] * 3,
        None,
        3,
        2.5,
        True,
        (np.zeros((3,), f32), np.zeros((4,), f32)),
        (np.zeros((3,), f32), np.zeros((3,), f32)),
        (np.zeros((3,), f32),),
    ]
    if jnp is not None:
        values += [jnp.zeros((3, 4), jnp.float32), jnp.zeros((4,), jnp.float32), jnp.zeros((3, 4), jnp.int32)]
    return values


VALUES = _values()


def outcome(fn: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    try:
        result = fn(*args)
    except Exception as err:  # the checks' errors, and anything else, compared the same way
        return type(err).__name__, str(err)
    return "ok", id(result)


class MissCounter:
    """Counts the calls a fast wrapper hands to the general engine."""

    def __init__(self, wrapper: Any) -> None:
        namespace = wrapper.__globals__  # the generated wrapper's own namespace
        self.count = 0
        original = namespace["_ndt_miss"]

        def counting(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return original(*args, **kwargs)

        namespace["_ndt_miss"] = counting


def _function(annotations: dict[str, Any]) -> Callable[..., Any]:
    def f(x, y, ret):  # type: ignore[no-untyped-def]
        return ret

    f.__annotations__ = dict(annotations)
    return f


@functools.cache
def both(x: int, y: Optional[int], r: Optional[int]) -> tuple[Any, Any]:
    """`check` of f(x: ANNOTATIONS[x], y: ANNOTATIONS[y]) -> ANNOTATIONS[r], fast and general."""
    annotations = {"x": ANNOTATIONS[x]}
    if y is not None:
        annotations["y"] = ANNOTATIONS[y]
    if r is not None:
        annotations["return"] = ANNOTATIONS[r]
    fast = check(_function(annotations))
    with _fastpath.disabled():
        general = check(_function(annotations))
    assert not hasattr(general, "_ndt_fast_source")
    return fast, general


def _agree(x: int, y: Optional[int], r: Optional[int], *args: Any) -> tuple[str, Any]:
    fast, general = both(x, y, r)
    expected = outcome(general, *args)
    assert outcome(fast, *args) == expected, (ANNOTATIONS[x], y and ANNOTATIONS[y], r and ANNOTATIONS[r], args)
    assert current_scope() is None
    return expected


# ------------------------------------------------------------------ which functions get a fast path


def test_fast_annotations_compile_and_general_ones_do_not() -> None:
    for index, annotation in enumerate(ANNOTATIONS):
        fast, _ = both(index, None, index)
        assert hasattr(fast, "_ndt_fast_source") == (annotation in FAST_ANNOTATIONS or annotation is None), annotation


def test_environment_switch_turns_the_fast_path_off() -> None:
    code = textwrap.dedent(
        """
        import numpy as np
        from ndtyping import Float32, check
        @check
        def f(x: Float32[np.ndarray, "n"]) -> Float32[np.ndarray, "n"]:
            return x
        print(hasattr(f, "_ndt_fast_source"))
        """
    )
    for value, expected in (("1", "False"), ("0", "True")):
        env = {**__import__("os").environ, "NDTYPING_NO_FASTPATH": value}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        assert out.stdout.strip() == expected


# ------------------------------------------------------------------ exhaustive grids


@pytest.mark.parametrize("x", range(len(ANNOTATIONS)))
def test_one_argument_every_value(x: int) -> None:
    for value in VALUES:
        _agree(x, None, None, value, None, None)


@pytest.mark.parametrize("r", range(len(ANNOTATIONS)))
def test_return_every_value(r: int) -> None:
    # x binds n=3, m=4 first; the return is checked against those bindings.
    x = ANNOTATIONS.index(Float32[np.ndarray, "n m"])
    for value in VALUES:
        _agree(x, None, r, np.zeros((3, 4), np.float32), None, value)


def test_pairs_of_annotations_share_bindings() -> None:
    cases = 0
    pool = VALUES[:16]
    for x, y in itertools.product(range(len(FAST_ANNOTATIONS)), repeat=2):
        for vx, vy in itertools.product(pool[:9], repeat=2):
            _agree(x, y, x, vx, vy, vx)
            cases += 1
    assert cases > 10_000


# ------------------------------------------------------------------ the fast path really decides


def test_plain_arrays_are_decided_without_the_engine() -> None:
    decided = 0
    for x, y in itertools.product(range(len(FAST_ANNOTATIONS)), repeat=2):
        fast, general = both(x, y, x)
        misses = MissCounter(fast)
        for vx, vy in itertools.product(VALUES[:12], repeat=2):
            if outcome(general, vx, vy, vx)[0] != "ok":
                continue
            before = misses.count
            assert outcome(fast, vx, vy, vx)[0] == "ok"
            # Canonical numpy arrays and builtins need no help from the engine.
            assert misses.count == before, (FAST_ANNOTATIONS[x], FAST_ANNOTATIONS[y], vx, vy)
            decided += 1
    assert decided > 500


def test_values_it_does_not_know_go_to_the_engine() -> None:
    fast, _ = both(ANNOTATIONS.index(Float32[Any, "n m"]), None, None)
    misses = MissCounter(fast)
    for value in (np.zeros((3, 4), np.float32).view(np.memmap), LyingShape((3, 4))):
        assert outcome(fast, value, None, None)[0] == "ok"
    assert misses.count == 2


# ------------------------------------------------------------------ hypothesis: shapes and dtypes

DTYPES = [np.float32, np.float64, np.float16, np.int32, np.int64, np.uint8, np.bool_, np.complex64, np.dtype(">f4")]
shapes = st.lists(st.integers(0, 4), min_size=0, max_size=4).map(tuple)
arrays = st.builds(lambda shape, dtype: np.zeros(shape, dtype), shapes, st.sampled_from(DTYPES))
indices = st.integers(0, len(ANNOTATIONS) - 1)


@settings(max_examples=1500, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # fmt: skip
@given(indices, indices, st.one_of(st.none(), indices), arrays, arrays, st.integers(0, 2), arrays)
def test_random_shapes_and_dtypes(x: int, y: int, r: Optional[int], vx: Any, vy: Any, pick: int, other: Any) -> None:
    ret = (vx, vy, other)[pick]
    _agree(x, y, r, vx, vy, ret)


@settings(max_examples=800, derandomize=True, database=None, deadline=None)
@given(st.integers(0, len(FAST_ANNOTATIONS) - 1), arrays)
def test_random_isinstance(index: int, value: Any) -> None:
    annotation = FAST_ANNOTATIONS[index]
    spec = getattr(annotation, "_ndt_spec", None)
    if spec is None:
        from ndtyping._runtime.ndarray import spec_of

        if typing_origin(annotation) is not NDArray:
            return
        spec = spec_of(annotation)
    engine = not match_array(spec, value, Scope(), "isinstance")
    assert isinstance(value, annotation) == engine


def typing_origin(annotation: Any) -> Any:
    import typing

    return typing.get_origin(annotation)


def test_isinstance_every_value() -> None:
    for annotation in ANNOTATIONS:
        spec = getattr(annotation, "_ndt_spec", None)
        if spec is None and typing_origin(annotation) is NDArray:
            from ndtyping._runtime.ndarray import spec_of

            spec = spec_of(annotation)
        if spec is None:
            continue
        for value in VALUES:
            assert isinstance(value, annotation) == (not match_array(spec, value, Scope(), "isinstance")), (
                annotation,
                value,
            )


# ------------------------------------------------------------------ the call's scope


def _body_probe(log: list[Any]) -> Callable[..., Any]:
    def f(x: Float32[np.ndarray, "n m"], y: NDArray[float32, M, N]) -> Float32[np.ndarray, "k"]:
        scope = current_scope()
        log.append(None if scope is None else (list(scope.dims.items()), dict(scope.origin), scope.function))
        log.append(isinstance(np.zeros(7, np.float32), Float32[np.ndarray, "k"]))
        log.append(isinstance(np.zeros(3, np.float32), Float32[np.ndarray, "n"]))
        log.append(isinstance(np.zeros(5, np.float32), Float32[np.ndarray, "n"]))
        print_bindings()
        return np.zeros(8, np.float32)

    return f


def test_body_sees_the_same_scope_and_its_bindings_reach_the_return(capsys: pytest.CaptureFixture[str]) -> None:
    logs: list[list[Any]] = [[], []]
    fast = check(_body_probe(logs[0]))
    with _fastpath.disabled():
        general = check(_body_probe(logs[1]))
    assert hasattr(fast, "_ndt_fast_source")
    x, y = np.zeros((3, 4), np.float32), np.zeros((4, 3), np.float32)
    results = [outcome(fast, x, y), outcome(general, x, y)]
    printed = capsys.readouterr().out.splitlines()
    assert results[0] == results[1]
    assert results[0][0] == "ShapeError" and "bound it to 7" in results[0][1]  # k was bound in the body
    assert logs[0] == logs[1]
    assert logs[0][0] == ([("n", 3), ("m", 4), ("M", 4), ("N", 3)], {"n": "x", "m": "x", "M": "y", "N": "y"}, "f")
    assert printed[0] == printed[1]
    assert current_scope() is None


def test_nested_fast_calls_have_their_own_scopes() -> None:
    seen: list[Any] = []

    @check
    def inner(v: Float32[np.ndarray, "n"]) -> Float32[np.ndarray, "n"]:
        seen.append(dict(current_scope().dims))  # type: ignore[union-attr]
        return v

    @check
    def outer(x: Float32[np.ndarray, "n m"]) -> Float32[np.ndarray, "n m"]:
        inner(np.zeros(9, np.float32))
        seen.append(dict(current_scope().dims))  # type: ignore[union-attr]
        assert not isinstance(np.zeros(9, np.float32), Float32[np.ndarray, "n"])
        return x

    assert hasattr(inner, "_ndt_fast_source") and hasattr(outer, "_ndt_fast_source")
    outer(np.zeros((3, 4), np.float32))
    assert seen == [{"n": 9}, {"n": 3, "m": 4}]
    assert current_scope() is None


def test_exception_in_body_restores_the_scope() -> None:
    @check
    def boom(x: Float32[np.ndarray, "n"]) -> None:
        raise KeyError("boom")

    with pytest.raises(KeyError):
        boom(np.zeros(3, np.float32))
    assert current_scope() is None


def test_methods_defaults_keywords_and_coroutines() -> None:
    class Layer:
        def __init__(self, w: Float32[np.ndarray, "i o"]) -> None:
            self.w = w

        def __call__(self, x: Float32[np.ndarray, "b i"], *, scale: float = 1.0) -> Float32[np.ndarray, "b o"]:
            return (x @ self.w) * np.float32(scale)

    results = []
    for fast in (True, False):
        if fast:
            cls = check(type("Layer", (Layer,), dict(vars(Layer))))
        else:
            with _fastpath.disabled():
                cls = check(type("Layer", (Layer,), dict(vars(Layer))))
        assert hasattr(vars(cls)["__call__"], "_ndt_fast_source") == fast
        layer = cls(np.ones((4, 2), np.float32))
        results.append((
            layer(np.ones((3, 4), np.float32), scale=2).shape,
            outcome(layer, np.ones((3, 4), np.float64)),
            outcome(lambda: cls(np.ones((4, 2), np.float64))),
        ))  # fmt: skip
    assert results[0] == results[1]
    assert results[0][0] == (3, 2) and results[0][1][0] == "ShapeError"

    async def double(x: Float32[np.ndarray, "n"]) -> Float32[np.ndarray, "n n"]:
        return np.zeros((x.shape[0], x.shape[0] + (x.shape[0] == 2)), np.float32)

    fast = check(double)
    with _fastpath.disabled():
        general = check(double)
    assert hasattr(fast, "_ndt_fast_source")
    for n in (1, 2, 3):
        value = np.zeros(n, np.float32)
        got = [outcome(lambda: asyncio.run(w(value))) for w in (fast, general)]
        assert got[0][0] == got[1][0] and (got[0][0] == "ok" or got[0] == got[1])


@pytest.mark.skipif(jnp is None, reason="needs jax")
def test_jax_arrays_and_tracers() -> None:
    def f(x: Float32[jax.Array, "n m"], y: Float32[jax.Array, "m"]) -> Float32[jax.Array, "n"]:
        return x @ y

    fast = check(f)
    with _fastpath.disabled():
        general = check(f)
    misses = MissCounter(fast)
    x, y = jnp.ones((3, 4), jnp.float32), jnp.ones(4, jnp.float32)
    for _ in range(3):
        assert outcome(fast, x, y)[0] == outcome(general, x, y)[0] == "ok"
    assert misses.count <= 1  # jax's array type is trusted once seen
    for args in ((x, x), (x, jnp.ones(4, jnp.int32)), (np.ones((3, 4), np.float32), y)):
        assert outcome(fast, *args) == outcome(general, *args)
    # Under jit the values are tracers: the engine decides, at trace time, the same way.
    assert jnp.array_equal(jax.jit(fast)(x, y), jax.jit(general)(x, y))
    bad = [outcome(jax.jit(w), x, x) for w in (fast, general)]
    assert bad[0] == bad[1] and bad[0][0] == "ShapeError"


# ------------------------------------------------------------------ annotations after their first isinstance


def test_substituted_alias_after_isinstance_has_its_own_check() -> None:
    T = TypeVar("T")
    generic = NDArray[T, N]  # type: ignore[valid-type]
    assert isinstance(np.zeros(3), generic)  # any dtype; the alias now carries this spec's check
    specialised = generic[float32, N]
    assert not isinstance(np.zeros(3), specialised)  # float64 is not float32
    assert isinstance(np.zeros(3, np.float32), specialised)


def test_annotations_still_pickle_and_compare_after_isinstance() -> None:
    string = Float32[np.ndarray, "p q"]
    generic = NDArray[float32, M, N]
    for annotation in (string, generic):
        assert isinstance(np.zeros((2, 3), np.float32), annotation)
        assert pickle.loads(pickle.dumps(annotation)) == annotation
    assert pickle.loads(pickle.dumps(string)) is string
    assert generic == NDArray[float32, M, N] and hash(generic) == hash(NDArray[float32, M, N])
    assert repr(generic) == "NDArray[float32, M, N]"
