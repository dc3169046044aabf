"""The rest of the type contract: values_eq, values_eq_approx, may_share_memory, get_shape_info,
get_size, clone, filter_inplace and convert, through the public API only (`import ndtyping`).

Examples on both spellings first, then hypothesis properties against numpy's own answers:
`np.array_equal(equal_nan=True)`, `np.allclose` at sqrt(eps) of the dtype, `np.may_share_memory`,
`nbytes`, and `filter` itself (filter_inplace and convert refuse what it refuses, and give what it
gives). The jax tests run the same properties on jax arrays and are skipped without jax.
"""

from __future__ import annotations

import importlib.util
import pickle
import re
import subprocess
import sys
import textwrap
import warnings
from typing import Any, Literal, Union

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp
from typing_extensions import Unpack

import ndtyping
from ndtyping import (
    AnnotationError,
    DimensionVar,
    Float,
    Float16,
    Float32,
    Float64,
    Int8,
    NDArray,
    ShapeError,
    ShapeInfo,
    ShapeVar,
    TypeCheckError,
    float16,
    float32,
    float64,
    int32,
)

N = DimensionVar("N")
Batch = DimensionVar("Batch")
Rest = ShapeVar("Rest")
L2, L3 = Literal[2], Literal[3]
AnyAxes = Unpack[tuple[Any, ...]]
T = NDArray[float32, L3]  # the type of the issue
SPELLINGS = [NDArray[float32, L3], Float32[np.ndarray, "3"], Float32[Any, "n"]]
ANY_ARRAY = NDArray[Any, AnyAxes]  # any dtype, any shape, any library

HAVE_JAX = importlib.util.find_spec("jax") is not None
PROPERTY = settings(max_examples=60, deadline=None)
JAX_PROPERTY = settings(max_examples=25, deadline=None)


def f32(*values: float) -> np.ndarray:
    return np.array(values, dtype=np.float32)


def tolerance(dtype: Any) -> float:
    """The documented rule: sqrt of the dtype's machine epsilon (its parts' for complex types)."""
    try:
        return float(np.sqrt(np.finfo(dtype).eps))
    except ValueError:
        import ml_dtypes

        return float(np.sqrt(float(ml_dtypes.finfo(dtype).eps)))


def jax_numpy() -> Any:
    pytest.importorskip("jax")
    import jax.numpy

    return jax.numpy


# --------------------------------------------------------------------------- the example


@pytest.mark.parametrize("t", SPELLINGS, ids=repr)
def test_every_method_on_both_spellings(t: Any) -> None:
    a, b = f32(1, np.nan, 3), f32(1, np.nan, 3.00001)
    assert t.values_eq(a, a.copy()) and ndtyping.values_eq(t, a, a.copy())
    assert not t.values_eq(a, b) and t.values_eq_approx(a, b) and ndtyping.values_eq_approx(t, a, b)
    assert t.may_share_memory(a, a) and not ndtyping.may_share_memory(t, a, b)
    info = t.get_shape_info(a)
    assert info == ShapeInfo((3,), np.dtype(np.float32)) == ndtyping.get_shape_info(t, a)
    assert t.get_size(info) == ndtyping.get_size(t, info) == a.nbytes == 12
    assert t.clone(dtype=float16).is_valid_value(a.astype(np.float16))
    storage = np.zeros(3, np.float32)
    assert t.filter_inplace([1, 2, 3], storage) is storage and storage.tolist() == [1, 2, 3]
    assert ndtyping.filter_inplace(t, [4, 5, 6], storage) is storage and storage.tolist() == [4, 5, 6]
    assert t.convert(np.array([1, 2, 3], np.int64)).dtype == np.float32
    assert ndtyping.convert(t, a) is a


def test_the_functions_are_exported_and_loaded_on_first_use() -> None:
    code = textwrap.dedent(
        """
        import json, sys
        import ndtyping
        loaded = "ndtyping._runtime.type_contract" in sys.modules
        names = ["values_eq", "values_eq_approx", "may_share_memory", "get_shape_info", "get_size", "ShapeInfo",
                 "clone", "filter_inplace", "convert"]
        modules = {name: getattr(ndtyping, name).__module__ for name in names}
        from typing import Literal
        import numpy as np
        T = ndtyping.NDArray[ndtyping.float32, Literal[3]]
        T.values_eq(np.zeros(3, np.float32), np.zeros(3, np.float32))
        T.may_share_memory(np.zeros(3, np.float32), np.zeros(3, np.float32))
        print(json.dumps({"loaded": loaded, "modules": modules, "jax": "jax" in sys.modules,
                          "all": sorted(set(names) - set(ndtyping.__all__))}))
        """
    )
    import json

    result = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert result["loaded"] is False  # `import ndtyping` does not load it
    assert set(result["modules"].values()) == {"ndtyping._runtime.type_contract", "ndtyping"}  # ShapeInfo says ndtyping
    assert result["modules"]["ShapeInfo"] == "ndtyping"
    assert result["jax"] is False and result["all"] == []


def test_shape_info_pickles_by_its_public_name() -> None:
    info = ndtyping.get_shape_info(T, f32(1, 2, 3))
    assert pickle.loads(pickle.dumps(info)) == info


# --------------------------------------------------------------------------- errors name the method, type, reason


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: T.values_eq(f32(1, 2, 3), np.zeros(3)), ShapeError,
         r"values_eq\(\) argument 'b': expected NDArray\[float32, 3\], got f64\[3\]\(numpy\)\n  reason: dtype float64 is not float32"),
        (lambda: T.values_eq_approx([1, 2, 3], f32(1, 2, 3)), ShapeError,
         r"values_eq_approx\(\) argument 'a': expected NDArray\[float32, 3\], got list\n  reason: expected an array"),
        (lambda: T.may_share_memory(f32(1, 2), f32(1, 2, 3)), ShapeError,
         r"may_share_memory\(\) argument 'a': expected NDArray\[float32, 3\], got f32\[2\]\(numpy\)\n  reason: axis 0: size 2, expected 3"),
        (lambda: T.get_shape_info(f32(1)), ShapeError, r"get_shape_info\(\) argument 'x': .*axis 0: size 1, expected 3"),
        (lambda: T.get_size((4,)), ShapeError, r"get_size\(\) argument 'info': expected NDArray\[float32, 3\], got \(4,\)\n  reason: the shape \(4,\): axis 0: size 4"),
        (lambda: Float32[np.ndarray, "n+1"].values_eq(f32(1), f32(1)), AnnotationError,
         r"values_eq\(\): Float32\[ndarray, \"n\+1\"\]: dimension expression 'n\+1' uses n"),
        (lambda: Float32[np.ndarray, "n m"].get_size({"n": 2}), AnnotationError,
         r"get_size\(\): Float32\[ndarray, \"n m\"\]: dim m \(axis 1\) has no size, and the mapping gives sizes for n"),
        (lambda: Float32[np.ndarray, "_ n"].get_size({"n": 2}), AnnotationError, r"get_size\(\): .*axis 0 \('_'\) is unchecked"),
        (lambda: Float32[np.ndarray, "... n"].get_size({"n": 2}), AnnotationError, r"get_size\(\): .*'\.\.\.' is any number of unchecked axes"),
        (lambda: Float32[np.ndarray, "n+m"].get_size({"n": 2}), AnnotationError, r"get_size\(\): .*axis 0 \('n\+m'\) needs m"),
        (lambda: Float32[np.ndarray, "n>2"].get_size({"n": 3}), AnnotationError, r"get_size\(\): .*is a condition, not a size"),
        (lambda: Float32[np.ndarray, "n-5"].get_size({"n": 3}), AnnotationError, r"get_size\(\): .*is -2, not a size"),
        (lambda: Float[np.ndarray, "3"].get_size(), AnnotationError,
         r"get_size\(\): Float\[ndarray, \"3\"\]: its dtype Float is not one dtype \(bfloat16, .*\), and the size depends on it"),
        (lambda: Float32[np.ndarray, "n"].get_size({"n": "3"}), TypeCheckError, r"get_size\(\): Float32\[ndarray, \"n\"\]: the size of dim n must be an integer, not '3'"),
        (lambda: Float32[np.ndarray, "*b"].get_size({"b": 3}), TypeCheckError, r"get_size\(\): .*\*b is any number of axes, so its sizes are a tuple"),
        (lambda: T.get_size(3.0), TypeCheckError, r"get_size\(\): NDArray\[float32, 3\]: info must be a ShapeInfo"),
        (lambda: T.get_size({3: 4}), TypeCheckError, r"get_size\(\): .*keys of a size mapping are dimension names"),
        (lambda: T.values_eq_approx(f32(1, 2, 3), f32(1, 2, 3), rtol=-1), TypeCheckError,
         r"values_eq_approx\(\): NDArray\[float32, 3\]: rtol must be None or a number >= 0, not -1"),
        (lambda: T.clone(shape="#n"), AnnotationError, r"clone\(\): NDArray cannot spell the axis '#n': it has no broadcastable axes"),
        (lambda: T.clone(shape="n+1"), AnnotationError, r"clone\(\): NDArray cannot spell the axis 'n\+1': its axes are DimensionVars"),
        (lambda: T.clone(shape="?n"), AnnotationError, r"clone\(\): NDArray cannot spell the axis '\?n': it has no per-leaf axes"),
        (lambda: T.clone(dtype=ndtyping.Real), AnnotationError, r"clone\(\): NDArray has no dtype for the category Real"),
        (lambda: T.clone(dtype="float7"), AnnotationError, r"clone\(\): no dtype is named 'float7'"),
        (lambda: T.clone(dtype=3), AnnotationError, r"clone\(\): NDArray\[float32, 3\]: 3 is not a dtype"),
        (lambda: Float32[np.ndarray, "n"].clone(dtype=3), AnnotationError, r"clone\(\): dtype is a numpy scalar type"),
        (lambda: T.clone(shape=("n", "...", "*m")), AnnotationError, r"clone\(\): shape .* has more than one variadic part"),
        (lambda: T.clone(shape=3), AnnotationError, r"clone\(\): shape is a shape string"),
        (lambda: ndtyping.clone(int, dtype=float16), AnnotationError, r"clone\(\) takes array types"),
        (lambda: T.convert([1, 2, 3]), ShapeError, r"convert\(\): expected NDArray\[float32, 3\], got list\n  reason: convert\(\) takes an array"),
        (lambda: T.convert(np.array([0.1, 0.2, 0.3])), ShapeError,
         r"convert\(\): expected NDArray\[float32, 3\], got f64\[3\]\(numpy\)\n  reason: float64 -> float32 loses precision"),
        (lambda: T.convert(np.zeros(3), allow_downcast="yes"), TypeCheckError, r"convert\(\): NDArray\[float32, 3\]: allow_downcast must be None"),
        (lambda: T.filter_inplace([1, 2], np.zeros(3, np.float32)), ShapeError,
         r"filter_inplace\(\): expected NDArray\[float32, 3\], got list\n  reason: as an array it is i64\[2\]\(numpy\)"),
        (lambda: T.filter_inplace([1, 2, 3], np.zeros(3)), ShapeError, r"filter_inplace\(\) argument 'storage': .*dtype float64 is not float32"),
        (lambda: T.filter_inplace([1, 2, 3], None, strict=1), TypeCheckError, r"filter_inplace\(\): NDArray\[float32, 3\]: strict must be True or False"),
        (lambda: ndtyping.values_eq(3, f32(1), f32(1)), AnnotationError, r"values_eq\(\) takes array types"),
    ],
)  # fmt: skip
def test_errors_name_the_method_the_type_and_the_reason(call: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=re.compile(message, re.DOTALL)):
        call()


# Each feature of the grammar, with an array of the type and one that is not (for the methods
# that check values through the engine).
GRAMMAR = [
    ("n n", (2, 2), (2, 3)),  # a name repeated: the same size
    ("3 n", (3, 5), (4, 5)),  # fixed
    ("#n n", (1, 4), (3, 4)),  # broadcastable: n or 1
    ("*rest n", (2, 3, 4), ()),  # variadic, named
    ("... 2", (5, 5, 2), (5, 5, 3)),  # variadic, anonymous
    ("n n+1", (3, 4), (3, 3)),  # symbolic
    ("n _", (2, 9), (2,)),  # unchecked
]


@pytest.mark.parametrize(("shape", "good", "bad"), GRAMMAR)
def test_the_grammar_is_honoured_by_every_method_that_checks_values(shape: str, good: Any, bad: Any) -> None:
    t = Float32[np.ndarray, shape]
    x, y = np.zeros(good, np.float32), np.zeros(bad, np.float32)
    assert t.values_eq(x, x.copy()) and t.values_eq_approx(x, x.copy()) and t.may_share_memory(x, x)
    assert t.get_size(t.get_shape_info(x)) == x.nbytes == t.get_size(good)
    assert t.convert(x.astype(np.float64)).shape == good and t.filter_inplace(x + 1, x) is x
    for call in (
        lambda: t.values_eq(x, y),
        lambda: t.values_eq_approx(y, x),
        lambda: t.may_share_memory(x, y),
        lambda: t.get_shape_info(y),
        lambda: t.convert(y),
        lambda: t.filter_inplace(y, None),
    ):
        with pytest.raises(ShapeError, match=re.escape(f'expected Float32[ndarray, "{shape}"]')):
            call()
    with pytest.raises(ShapeError, match=re.escape(f'expected Float32[ndarray, "{shape}"]')):
        t.get_size(bad)


def test_shape_errors_carry_their_parts() -> None:
    with pytest.raises(ShapeError) as info:
        T.values_eq(f32(1, 2, 3), np.zeros(3))
    err = info.value
    assert (err.function, err.parameter, err.expected) == ("values_eq", "b", "NDArray[float32, 3]")
    assert err.reason == "dtype float64 is not float32" and isinstance(err, TypeError)


# --------------------------------------------------------------------------- values_eq


def test_values_eq_respects_the_type() -> None:
    t = NDArray[np.floating, Unpack[tuple[Any, ...]]]
    assert t.values_eq(f32(1, np.nan), f32(1, np.nan))  # NaNs in the same places are equal
    assert not t.values_eq(f32(1, np.nan), f32(np.nan, 1))
    assert t.values_eq(f32(0.0), f32(-0.0))
    assert not t.values_eq(f32(1, 2), np.array([1, 2], np.float64))  # another dtype of the type
    assert not t.values_eq(f32(1, 2), f32(1, 2).reshape(1, 2))  # another shape
    assert ANY_ARRAY.values_eq(np.array([1 + np.nan * 1j]), np.array([np.nan + 1j]))  # complex NaN, as numpy
    big = np.array([1, 2], dtype=">f4")  # byte order is storage: still float32
    assert t.values_eq(big, f32(1, 2))
    assert ANY_ARRAY.values_eq(
        np.array(["2024-01-01", "NaT"], "datetime64[D]"), np.array(["2024-01-01", "NaT"], "datetime64[D]")
    )
    assert ANY_ARRAY.values_eq(np.float32(1), np.array(1, np.float32))  # a numpy scalar is a rank-0 array


def test_values_eq_on_ml_dtypes() -> None:
    ml_dtypes = pytest.importorskip("ml_dtypes")
    t = NDArray[ml_dtypes.bfloat16, N]
    a = np.array([1, np.nan, 3], ml_dtypes.bfloat16)
    assert t.values_eq(a, a.copy()) and not t.values_eq(a, a[::-1].copy())
    assert t.values_eq_approx(a, (a.astype(np.float32) * 1.05).astype(ml_dtypes.bfloat16))  # 5% < 8.8%
    assert not t.values_eq_approx(a, (a.astype(np.float32) * 1.25).astype(ml_dtypes.bfloat16))
    i4 = np.array([1, -2], ml_dtypes.int4)
    assert ANY_ARRAY.values_eq(i4, i4.copy()) and ANY_ARRAY.values_eq_approx(i4, i4.copy())


NUMPY_DTYPES = [np.float16, np.float32, np.float64, np.complex64, np.complex128, np.int8, np.int32, np.uint8, np.bool_]
JAX_DTYPES = [
    np.float16,
    np.float32,
    np.complex64,
    np.int8,
    np.int32,
    np.uint8,
    np.bool_,
]  # held as they are without x64


@st.composite
def array_pairs(draw: Any, dtypes: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Two arrays, often equal or nearly so: a copy, a copy with some elements replaced, another
    array, another shape, another dtype."""
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    a = draw(hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=3, max_side=4)))
    how = draw(st.sampled_from(["copy", "replace", "other", "shape", "dtype"]))
    if how == "copy":
        return a, a.copy()
    if how == "replace":
        b = a.copy()
        if b.size:
            flat = b.reshape(-1)
            for index in draw(st.lists(st.integers(0, b.size - 1), max_size=3)):
                flat[index] = draw(hnp.from_dtype(dtype))
        return a, b
    if how == "other":
        return a, draw(hnp.arrays(dtype, a.shape))
    if how == "shape":
        return a, draw(hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=3, max_side=4)))
    other = np.dtype(draw(st.sampled_from(dtypes)))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # ComplexWarning: the cast is the point
        return a, a.astype(other)


def numpy_equal(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=a.dtype.kind in "fc"))


@PROPERTY
@given(array_pairs(NUMPY_DTYPES))
def test_values_eq_is_numpys_array_equal(pair: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = pair
    assert ndtyping.values_eq(ANY_ARRAY, a, b) == numpy_equal(a, b)
    if a.dtype == b.dtype:  # the same answer from the type that fixes the dtype and the rank
        t = ndtyping.clone(NDArray, dtype=a.dtype, shape=("_",) * a.ndim)
        if b.ndim == a.ndim:
            assert t.values_eq(a, b) == numpy_equal(a, b)


@pytest.mark.jax
@JAX_PROPERTY
@given(array_pairs(JAX_DTYPES), st.booleans())
def test_values_eq_on_jax_arrays(pair: tuple[np.ndarray, np.ndarray], mixed: bool) -> None:
    jnp = jax_numpy()
    a, b = pair
    x = jnp.asarray(a)
    y = b if mixed else jnp.asarray(b)  # numpy and jax compare by value when the type admits both
    assert ndtyping.values_eq(ANY_ARRAY, x, y) == numpy_equal(a, b)


# --------------------------------------------------------------------------- values_eq_approx


@pytest.mark.parametrize(
    ("dtype", "expected"),
    [
        (np.float64, 1.49e-8),
        (np.float32, 3.45e-4),
        (np.float16, 3.13e-2),
        (np.complex64, 3.45e-4),
        (np.complex128, 1.49e-8),
    ],
)
def test_the_default_tolerance_is_sqrt_eps(dtype: Any, expected: float) -> None:
    assert tolerance(dtype) == pytest.approx(expected, rel=1e-2)
    t = ndtyping.clone(NDArray, dtype=dtype, shape=(L2,))
    one = np.ones(2, dtype)
    assert t.values_eq_approx(one, one * (1 + 0.9 * tolerance(dtype)))
    assert not t.values_eq_approx(one, one * (1 + 2.5 * tolerance(dtype)))  # atol + rtol*|b|: 2 tolerances at 1
    assert t.values_eq_approx(one, one * (1 + 2.5 * tolerance(dtype)), rtol=1e-1)


def test_the_bfloat16_tolerance() -> None:
    ml_dtypes = pytest.importorskip("ml_dtypes")
    assert tolerance(ml_dtypes.bfloat16) == pytest.approx(8.84e-2, rel=1e-2)


def test_values_eq_approx_rules() -> None:
    t = NDArray[Any, AnyAxes]
    assert t.values_eq_approx(f32(np.nan, np.inf, -np.inf), f32(np.nan, np.inf, -np.inf))
    assert not t.values_eq_approx(f32(np.inf), f32(-np.inf)) and not t.values_eq_approx(f32(np.nan), f32(1))
    assert not t.values_eq_approx(f32(1, 2), np.array([1, 2], np.float64))  # same dtype needed
    assert not t.values_eq_approx(f32(1, 2), f32(1, 2, 3))
    # Integers and bools compare exactly, unless a tolerance is given.
    assert not t.values_eq_approx(np.array([100]), np.array([101]))
    assert t.values_eq_approx(np.array([100]), np.array([101]), rtol=0.02)
    assert t.values_eq_approx(np.array([True]), np.array([True]), atol=1) and not t.values_eq_approx(
        np.array([True]), np.array([False]), atol=1
    )
    with pytest.raises(TypeCheckError, match="a tolerance applies to numbers, and dtype str_ is compared exactly"):
        t.values_eq_approx(np.array(["a"]), np.array(["a"]), rtol=0.1)
    assert t.values_eq_approx(np.array(["a"]), np.array(["a"]))
    # atol is the tolerance times the arrays' scale: small values are not compared against 1 ...
    assert not t.values_eq_approx(f32(1e-3, 2e-3), f32(1.35e-3, 2e-3))
    # ... and a value near zero is judged against the largest one (or elementwise, with atol=0).
    assert t.values_eq_approx(f32(1, 0), f32(1, 1e-5)) and not t.values_eq_approx(f32(1, 0), f32(1, 1e-5), atol=0)
    # float16's tolerance, 0.0313, applied in float64: |a - b| <= 0.0313 * 1064 + 0.0313 * 1064 = 66.6
    h = NDArray[float16, N]
    assert h.values_eq_approx(np.array([1000], np.float16), np.array([1064], np.float16))
    assert not h.values_eq_approx(np.array([1000], np.float16), np.array([1072], np.float16))


@st.composite
def near_pairs(draw: Any, dtypes: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    """An array and one perturbed by about its dtype's tolerance (from far inside to far outside)."""
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=5))
    base = np.float32 if dtype.itemsize <= 4 or dtype.kind == "c" and dtype.itemsize <= 8 else np.float64
    values = draw(hnp.arrays(base, shape, elements=st.floats(-1e3, 1e3, width=32)))
    scale = draw(st.sampled_from([0.0, 0.3, 0.9, 1.1, 2.0, 10.0]))
    noise = draw(hnp.arrays(np.float64, shape, elements=st.floats(-1, 1)))
    a = values.astype(dtype)
    with np.errstate(all="ignore"):
        b = (
            a.astype(np.complex128 if dtype.kind == "c" else np.float64) * (1 + noise * scale * tolerance(dtype))
        ).astype(dtype)
    if draw(st.booleans()) and a.size:  # a NaN or an infinity, in one array or in both
        special = draw(st.sampled_from([np.nan, np.inf, -np.inf]))
        index = draw(st.integers(0, a.size - 1))
        a.reshape(-1)[index] = special
        if draw(st.booleans()):
            b.reshape(-1)[index] = special
    return a, b


def numpy_close(a: np.ndarray, b: np.ndarray, rtol: Any = None, atol: Any = None) -> bool:
    """np.allclose at the dtype's tolerance, computed in float64 / complex128: rtol = tol and
    atol = tol * the largest finite magnitude of both arrays."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    wide = np.complex128 if a.dtype.kind == "c" else np.float64
    x, y = a.astype(wide), b.astype(wide)
    tol = tolerance(a.dtype)
    finite = np.abs(np.concatenate([x[np.isfinite(x)], y[np.isfinite(y)]]))
    rtol = tol if rtol is None else rtol
    atol = tol * (finite.max() if finite.size else 0.0) if atol is None else atol
    with np.errstate(invalid="ignore"):  # numpy 1.26 warns on complex infinities
        return bool(np.allclose(x, y, rtol=rtol, atol=atol, equal_nan=True))


INEXACT = [np.float16, np.float32, np.float64, np.complex64, np.complex128]


@PROPERTY
@given(near_pairs(INEXACT), st.sampled_from([None, 0.0, 1e-3]))
def test_values_eq_approx_is_numpys_allclose_at_the_dtypes_tolerance(
    pair: tuple[np.ndarray, np.ndarray], atol: Any
) -> None:
    a, b = pair
    assert ndtyping.values_eq_approx(ANY_ARRAY, a, b, atol=atol) == numpy_close(a, b, atol=atol)
    assert ndtyping.values_eq_approx(ANY_ARRAY, a, b, atol=atol) == ndtyping.values_eq_approx(
        ndtyping.clone(NDArray, dtype=a.dtype, shape="..."), a, b, atol=atol
    )


@pytest.mark.jax
@JAX_PROPERTY
@given(near_pairs([np.float16, np.float32, np.complex64]))
def test_values_eq_approx_on_jax_arrays(pair: tuple[np.ndarray, np.ndarray]) -> None:
    jnp = jax_numpy()
    a, b = pair
    assert ndtyping.values_eq_approx(ANY_ARRAY, jnp.asarray(a), jnp.asarray(b)) == numpy_close(a, b)
    assert ndtyping.values_eq_approx(ANY_ARRAY, jnp.asarray(a), b) == numpy_close(a, b)


@pytest.mark.jax
@pytest.mark.parametrize("dtype", ["float16", "float32", "bfloat16"])
def test_jax_against_numpy_passes_at_the_default_tolerance(dtype: str) -> None:
    # What the tolerance is for: one computation by jax (XLA) and by numpy agrees to it; the same
    # result rounded through a narrower float does not.
    jnp = jax_numpy()
    ml_dtypes = pytest.importorskip("ml_dtypes")
    dt = np.dtype(getattr(ml_dtypes, dtype) if dtype == "bfloat16" else dtype)
    rng = np.random.default_rng(0)
    x = rng.standard_normal(4096).astype(dt)
    w = (rng.standard_normal((256, 16)) / 16).astype(dt)
    t = ndtyping.clone(NDArray, dtype=dt, shape="...")
    for name, op in [
        ("exp", lambda m, v, w: m.exp(v)),
        ("tanh", lambda m, v, w: m.tanh(v)),
        ("sum", lambda m, v, w: m.sum(v[:1000])),
        ("matmul", lambda m, v, w: v[: 16 * 256].reshape(16, 256) @ w),
        ("softmax", lambda m, v, w: m.exp(v[:500] - m.max(v[:500])) / m.sum(m.exp(v[:500] - m.max(v[:500])))),
    ]:
        wide = op(np, x.astype(np.float32), w.astype(np.float32)).astype(dt)  # numpy, rounded once
        got = np.asarray(op(jnp, jnp.asarray(x), jnp.asarray(w)))
        assert t.values_eq_approx(got, wide), (name, dtype)
    if dtype == "float32":  # a float32 result that went through bfloat16 is caught
        tanh = np.tanh(x)
        assert not t.values_eq_approx(tanh.astype(ml_dtypes.bfloat16).astype(np.float32), tanh)


# --------------------------------------------------------------------------- may_share_memory


@st.composite
def views(draw: Any) -> tuple[np.ndarray, np.ndarray]:
    """Two views of one buffer (or of two buffers), as basic indexing, transposes and reshapes give."""
    base = np.arange(60, dtype=draw(st.sampled_from([np.int8, np.float32, np.float64]))).reshape(3, 4, 5)
    other = base.copy()

    def view() -> np.ndarray:
        source = draw(st.sampled_from([base, base, other]))
        index = draw(hnp.basic_indices(source.shape, allow_newaxis=True))
        out = np.asarray(source[index])
        if draw(st.booleans()):
            out = out.T
        if draw(st.booleans()):
            out = out.reshape(-1) if out.flags.c_contiguous else out.copy()
        return out

    return view(), view()


@PROPERTY
@given(views())
def test_may_share_memory_is_numpys_answer(pair: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = pair
    assert ndtyping.may_share_memory(ANY_ARRAY, a, b) == bool(np.may_share_memory(a, b))


def test_may_share_memory_examples() -> None:
    x = np.arange(10, dtype=np.float32)
    t = Float32[np.ndarray, "n"]
    assert t.may_share_memory(x[:5], x[4:]) and not t.may_share_memory(x[:5], x[5:])
    assert not t.may_share_memory(x[:0], x)  # an empty view holds no memory
    assert not ANY_ARRAY.may_share_memory(np.float32(1), x)


@pytest.mark.jax
def test_may_share_memory_with_jax_is_sound() -> None:
    jnp = jax_numpy()
    import jax

    t = NDArray[float32, AnyAxes]
    j = jnp.arange(12, dtype=jnp.float32)
    host = np.asarray(j)  # on CPU a view of j's buffer
    assert t.may_share_memory(j, j)
    assert t.may_share_memory(j, host) == t.may_share_memory(host, j)
    if jax.devices()[0].platform == "cpu":
        assert t.may_share_memory(j, host) and t.may_share_memory(j, host[3:5].reshape(1, 2))
        assert not t.may_share_memory(j, host[:0])
    assert not t.may_share_memory(j, j + 1) and not t.may_share_memory(j, np.zeros(12, np.float32))
    # jnp.asarray may hand numpy's own memory to jax (jax 0.4.30 did on CPU): whenever a change to
    # the numpy array shows in the jax array, the answer must be True.
    n = np.zeros(16, np.float32)
    k = jnp.asarray(n)
    n[0] = 1.0
    aliased = float(k[0]) == 1.0
    assert t.may_share_memory(k, n) or not aliased
    if jax.devices()[0].platform == "cpu":
        assert t.may_share_memory(k, n) == aliased

    donate = jax.jit(lambda v: v * 2, donate_argnums=0)
    gone = jnp.ones(4, jnp.float32)
    donate(gone)
    if gone.is_deleted():
        assert not t.may_share_memory(gone, j)  # a donated array holds no memory any more


@pytest.mark.jax
@JAX_PROPERTY
@given(views())
def test_may_share_memory_of_jax_arrays_and_their_host_views(pair: tuple[np.ndarray, np.ndarray]) -> None:
    jnp = jax_numpy()
    import jax

    if jax.devices()[0].platform != "cpu":
        pytest.skip("host views of jax buffers exist on CPU only")
    a, b = pair
    j = jnp.asarray(np.ascontiguousarray(a))
    host = np.asarray(j)
    view = host.reshape(-1)[: max(host.size // 2, 0)] if host.ndim else host
    # On CPU the answer is exact: numpy's, on the host view that is the jax buffer.
    assert ndtyping.may_share_memory(ANY_ARRAY, j, view) == bool(np.may_share_memory(host, view))
    assert not ndtyping.may_share_memory(ANY_ARRAY, j, b) or np.may_share_memory(host, b)


@pytest.mark.jax
def test_traced_arrays_have_no_values_or_memory() -> None:
    jnp = jax_numpy()
    import jax

    seen = []

    @jax.jit
    def f(x: Any) -> Any:
        for call in (lambda: T.values_eq(x, x), lambda: T.values_eq_approx(x, x), lambda: T.may_share_memory(x, x)):
            with pytest.raises(TypeCheckError, match=r"it is a traced jax array \(inside jax.jit, vmap or grad\)"):
                call()
            seen.append(call)
        return T.convert(x)  # conversion works while tracing (by dtype, as filter)

    assert f(jnp.zeros(3, jnp.float32)).shape == (3,) and len(seen) == 3


# --------------------------------------------------------------------------- get_shape_info, get_size


@PROPERTY
@given(hnp.arrays(st.sampled_from(NUMPY_DTYPES), hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5)))
def test_get_size_of_shape_info_is_nbytes(x: np.ndarray) -> None:
    t = ndtyping.clone(NDArray, dtype=x.dtype, shape=("_",) * x.ndim)
    info = ndtyping.get_shape_info(t, x)
    assert info == (x.shape, x.dtype)
    assert ndtyping.get_size(t, info) == ndtyping.get_size(ANY_ARRAY, info) == x.nbytes
    assert ndtyping.get_size(t, x.shape) == x.nbytes


@pytest.mark.jax
@pytest.mark.parametrize("dtype", ["float32", "float16", "int8", "bool", "complex64", "bfloat16", "int4"])
def test_get_size_of_jax_arrays_is_nbytes(dtype: str) -> None:
    jnp = jax_numpy()
    x = jnp.zeros((2, 3, 5), dtype=getattr(jnp, dtype if dtype != "bool" else "bool_"))
    info = ndtyping.get_shape_info(ANY_ARRAY, x)
    assert ndtyping.get_size(ANY_ARRAY, info) == x.nbytes


# Tokens of a shape string, and how each one's size follows from the mapping {"b": B, "n": N, "rest": R}.
SIZE_TOKENS = {
    "b": lambda b, n: [b],
    "n": lambda b, n: [n],
    "3": lambda b, n: [3],
    "#4": lambda b, n: [4],  # the larger of the sizes it allows
    "#n": lambda b, n: [n],
    "n+1": lambda b, n: [n + 1],
    "2*b": lambda b, n: [2 * b],
    "rows=n": lambda b, n: [n],
    "{size}": lambda b, n: [b + n],
}


@PROPERTY
@given(
    st.lists(st.sampled_from(sorted(SIZE_TOKENS)), max_size=4),
    st.one_of(st.none(), st.integers(0, 4)),
    st.integers(0, 6),
    st.integers(0, 6),
    st.lists(st.integers(0, 3), max_size=3),
    st.sampled_from([np.float32, np.float16, np.int64, np.uint8, np.complex128, np.bool_]),
)
def test_get_size_from_dimension_sizes(
    tokens: list[str], variadic_at: Any, b: int, n: int, rest: list[int], dtype: Any
) -> None:
    axes = [(token, SIZE_TOKENS[token](b, n)) for token in tokens]
    if variadic_at is not None:
        axes.insert(min(variadic_at, len(axes)), ("*rest", rest))
    shape = [size for _, sizes in axes for size in sizes]
    tokens = [token for token, _ in axes]
    t = ndtyping.clone(Float32[np.ndarray, "..."], dtype=dtype, shape=" ".join(tokens))
    sizes = {"b": b, "n": n, "rest": tuple(rest), "size": b + n}
    expected = np.zeros(shape, dtype)
    assert ndtyping.get_size(t, sizes) == expected.nbytes
    bound = ("2*b" not in tokens or "b" in tokens) and ("n+1" not in tokens or {"n", "rows=n"} & set(tokens))
    if bound and "{size}" not in tokens:  # every name in an expression is an axis: the type is judged alone
        assert t.is_valid_value(expected)  # the sizes it computed are an array of the type
        assert t.get_size(t.get_shape_info(expected)) == expected.nbytes


def test_get_size_estimates_a_batch_before_allocating() -> None:
    image = NDArray[float32, Batch, Literal[224], Literal[224], L3]
    assert image.get_size({"Batch": 64}) == 64 * 224 * 224 * 3 * 4
    assert image.get_size({Batch: 64}) == image.get_size({"Batch": 64})  # a DimensionVar as the key
    assert NDArray[float16, Unpack[Rest], L3].get_size({Rest: (2, 5)}) == 2 * 5 * 3 * 2
    assert NDArray[float32, L2, L3].get_size() == 24  # every axis fixed: nothing to give
    assert Float32[np.ndarray, "n"].get_size({"n": np.int64(5), "unused": 7}) == 20
    assert Float64[np.ndarray, "{self.n}"].get_size({"self.n": 3}) == 24
    assert Float[np.ndarray, "n"].clone(dtype=float16).get_size({"n": 10}) == 20


def test_get_size_checks_a_shape_and_a_shape_info_against_the_type() -> None:
    t = Float32[np.ndarray, "n n+1"]
    assert t.get_size((3, 4)) == 48
    with pytest.raises(ShapeError, match=r"the shape \(3, 5\): axis 1: size 5, but n\+1 = 4"):
        t.get_size((3, 5))
    with pytest.raises(ShapeError, match="dtype float64 is not Float32"):
        t.get_size(ShapeInfo((3, 4), np.dtype(np.float64)))
    assert Float[np.ndarray, "n"].get_size(ShapeInfo((3,), np.dtype(np.float64))) == 24  # the info's dtype


# --------------------------------------------------------------------------- clone


def test_clone_keeps_the_spelling() -> None:
    assert T.clone(dtype=float16) == NDArray[float16, L3]
    assert T.clone(shape=(Batch, L3)) == NDArray[float32, Batch, L3]
    assert T.clone(dtype=float64, shape=(N, Unpack[Rest])) == NDArray[float64, N, Unpack[Rest]]
    assert T.clone() == T
    j = Float32[np.ndarray, "n 3"]
    assert j.clone(dtype=float16) is Float16[np.ndarray, "n 3"]  # the same class as written by hand
    assert j.clone(shape="#n n+1 *rest") is Float32[np.ndarray, "#n n+1 *rest"]
    assert j.clone() is j
    assert Float32[Union[np.ndarray, int], "n"].clone(dtype=np.int8) is Int8[Union[np.ndarray, int], "n"]
    assert ndtyping.clone(Float, shape="n") is Float[Any, "n"]


@pytest.mark.parametrize(
    ("dtype", "ndarray_dtype", "category"),
    [
        (float16, float16, Float16),
        (np.dtype("float16"), float16, Float16),
        ("float16", float16, Float16),
        (Float16, float16, Float16),
        (np.floating, np.floating, Float),
        (Float, np.floating, Float),
        (ndtyping.Integer, np.integer, ndtyping.Integer),
        (ndtyping.Bool, np.bool_, ndtyping.Bool),
        (Any, Any, ndtyping.Shaped),
    ],
)
def test_clone_dtypes_in_either_spelling(dtype: Any, ndarray_dtype: Any, category: Any) -> None:
    assert T.clone(dtype=dtype) == NDArray[ndarray_dtype, L3]
    assert Float32[np.ndarray, "3"].clone(dtype=dtype) is category[np.ndarray, "3"]


def test_clone_shapes_in_either_spelling() -> None:
    j = Float32[np.ndarray, "n 3"]
    assert j.clone(shape=(Batch, L3, 4, Any, Unpack[Rest])) is Float32[np.ndarray, "Batch 3 4 _ *Rest"]
    assert j.clone(shape=(N, Unpack[tuple[Any, ...]])) is Float32[np.ndarray, "N ..."]
    assert j.clone(shape=("#n", ..., "n+1")) is Float32[np.ndarray, "#n ... n+1"]
    assert repr(T.clone(shape=("n", 4, ..., Any))) == "NDArray[float32, n, 4, *tuple[Any, ...], Any]"
    assert T.clone(shape="n m n") == T.clone(shape="n m n")  # one DimensionVar per name, made once
    assert T.clone(shape="") == NDArray[float32]  # rank 0


def test_clone_of_a_dtype_ndtyping_has_no_category_for() -> None:
    j = Float32[np.ndarray, "n"].clone(dtype=np.datetime64)
    assert j.is_valid_value(np.zeros(2, "datetime64[s]")) and not j.is_valid_value(np.zeros(2))
    assert Float32[np.ndarray, "n"].clone(dtype=np.datetime64) is j


@pytest.mark.jax
def test_clone_keeps_jax_array_types() -> None:
    jnp = jax_numpy()
    import jax

    j = Float32[jax.Array, "n"].clone(dtype=float16)
    assert j is Float16[jax.Array, "n"] and j.is_valid_value(jnp.zeros(2, jnp.float16))


# Shape tokens; NDArray spells only the first five.
CLONE_TOKENS = ["n", "m", "3", "_", "...", "*rest", "#n", "n+1", "#2"]
CLONE_DTYPES = [
    float16,
    float32,
    np.int8,
    np.bool_,
    np.complex64,
    "float64",
    np.dtype("uint8"),
    Float,
    ndtyping.Integer,
]


@PROPERTY
@given(
    st.lists(st.sampled_from(CLONE_TOKENS), max_size=4).filter(lambda ts: sum(t in ("...", "*rest") for t in ts) <= 1),
    st.sampled_from(CLONE_DTYPES),
)
def test_clone_is_the_type_written_by_hand(tokens: list[str], dtype: Any) -> None:
    text = " ".join(tokens)
    category = Float32[np.ndarray, ""].clone(dtype=dtype).dtype  # the category class of the dtype
    by_hand = category[np.ndarray, text]
    assert Float32[np.ndarray, "n 3"].clone(dtype=dtype, shape=text) is by_hand
    spelled = all(token in ("n", "m", "3", "_", "...", "*rest") for token in tokens)
    if not spelled:
        with pytest.raises(AnnotationError, match="NDArray cannot spell the axis"):
            T.clone(dtype=dtype, shape=text)
        return
    clone = T.clone(dtype=dtype, shape=text)
    same = category[Any, text]  # NDArray, like Float[Any, ...], takes any array class
    assert ndtyping.is_super(clone, same) and ndtyping.is_super(same, clone)


# --------------------------------------------------------------------------- filter_inplace


def test_filter_inplace_writes_into_storage_when_it_fits() -> None:
    t = Float32[np.ndarray, "n"]
    storage = np.zeros(3, np.float32)
    assert t.filter_inplace(np.array([1, 2, 3], np.int64), storage) is storage and storage.tolist() == [1, 2, 3]
    assert t.filter_inplace(storage[::-1], storage) is storage and storage.tolist() == [3, 2, 1]  # overlapping
    assert t.filter_inplace(storage, storage) is storage
    longer = t.filter_inplace([1, 2, 3, 4], storage)  # another shape: a new array
    assert longer is not storage and longer.tolist() == [1, 2, 3, 4] and storage.tolist() == [3, 2, 1]
    assert t.filter_inplace([5, 6, 7], None).tolist() == [5, 6, 7]
    frozen = np.zeros(3, np.float32)
    frozen.flags.writeable = False
    assert t.filter_inplace([1, 2, 3], frozen) is not frozen
    # A type of several dtypes: the value goes into storage's dtype when it survives there ...
    f = Float[np.ndarray, "n"]
    half = np.zeros(2, np.float16)
    assert f.filter_inplace([0.5, 1.5], half) is half and half.tolist() == [0.5, 1.5]
    # ... and otherwise stays what filter makes of it.
    precise = f.filter_inplace(np.array([0.1, 0.2]), half)
    assert precise is not half and precise.dtype == np.float64 and half.tolist() == [0.5, 1.5]
    # strict converts nothing, but copies a value of storage's own dtype.
    assert t.filter_inplace(f32(7, 8, 9), storage, strict=True) is storage and storage.tolist() == [7, 8, 9]
    with pytest.raises(ShapeError, match=r"filter_inplace\(\): (.|\n)*strict=True converts nothing"):
        t.filter_inplace([1, 2, 3], storage, strict=True)


def test_a_refused_value_leaves_storage_as_it_was() -> None:
    storage = f32(1, 2)
    with pytest.raises(ShapeError, match=r"filter_inplace\(\): (.|\n)*float64 -> float32 loses precision: 0\.1"):
        Float32[np.ndarray, "n"].filter_inplace(np.array([0.1, 0.2]), storage)
    assert storage.tolist() == [1, 2]
    assert Float32[np.ndarray, "n"].filter_inplace(np.array([0.1, 0.2]), storage, allow_downcast=True) is storage


@st.composite
def fill_values(draw: Any) -> Any:
    size = draw(st.integers(0, 3))
    shape = draw(st.sampled_from([(size,), (size, 1), (2,)]))
    kind = draw(st.sampled_from(["list", "array", "jax"] if HAVE_JAX else ["list", "array"]))
    if kind == "list":
        return draw(st.lists(st.one_of(st.integers(-300, 300), st.floats(-1e5, 1e5)), min_size=size, max_size=size))
    dtype = draw(st.sampled_from([np.float64, np.float32, np.float16, np.int64, np.int8, np.bool_, np.complex64]))
    array = draw(hnp.arrays(dtype, shape))
    return ("jax", array) if kind == "jax" else array


def outcome(call: Any) -> Any:
    try:
        return call(), None
    except ShapeError as err:
        return None, err


def check_filter_inplace(t: Any, value: Any, storage: np.ndarray, strict: bool, allow_downcast: Any) -> None:
    before = storage.copy()
    expected, refused = outcome(lambda: ndtyping.filter(t, value, strict, allow_downcast))
    got, error = outcome(lambda: ndtyping.filter_inplace(t, value, storage, strict, allow_downcast))
    if refused is not None:  # filter's refusal, named for filter_inplace; storage untouched
        assert error is not None and error.reason == refused.reason and error.function == "filter_inplace"
        assert np.array_equal(storage, before, equal_nan=True)
        return
    assert error is None
    assert ndtyping.values_eq(ANY_ARRAY, np.asarray(got), np.asarray(expected))
    fits = storage.flags.writeable and np.asarray(expected).shape == storage.shape
    if fits and isinstance(expected, np.ndarray) and expected.dtype == storage.dtype:
        assert got is storage
    if got is not storage:
        assert np.array_equal(storage, before, equal_nan=True)


@PROPERTY
@given(
    fill_values(),
    st.sampled_from([(3,), (0,), (2,)]),
    st.booleans(),
    st.sampled_from([None, False, True]),
    st.booleans(),
)
def test_filter_inplace_is_filter_into_storage(
    value: Any, shape: Any, strict: bool, allow_downcast: Any, writeable: bool
) -> None:
    if isinstance(value, tuple):
        value = (
            jax_numpy().asarray(value[1]) if value[1].dtype.itemsize <= 4 or value[1].dtype.kind == "b" else value[1]
        )
    storage = np.zeros(shape, np.float32)
    storage.flags.writeable = writeable
    check_filter_inplace(Float32[np.ndarray, "n"], value, storage, strict, allow_downcast)
    check_filter_inplace(NDArray[float32, N], value, np.zeros(shape, np.float32), strict, allow_downcast)


@pytest.mark.jax
def test_filter_inplace_with_jax() -> None:
    jnp = jax_numpy()
    import jax

    storage = np.zeros(3, np.float32)
    assert NDArray[float32, N].filter_inplace(jnp.arange(3, dtype=jnp.int32), storage) is storage
    assert storage.tolist() == [0, 1, 2]
    held = jnp.zeros(3, jnp.float32)  # jax arrays are immutable: a new array
    out = Float32[jax.Array, "n"].filter_inplace([1, 2, 3], held)
    assert isinstance(out, jax.Array) and out is not held and out.tolist() == [1, 2, 3]


# --------------------------------------------------------------------------- convert


@st.composite
def arrays_to_convert(draw: Any) -> np.ndarray:
    dtype = draw(
        st.sampled_from([np.float64, np.float32, np.float16, np.int64, np.int8, np.uint8, np.bool_, np.complex128])
    )
    return draw(hnp.arrays(dtype, st.sampled_from([(3,), (2,), (3, 1), ()])))


@PROPERTY
@given(arrays_to_convert(), st.sampled_from([None, False, True]))
def test_convert_is_filter_on_arrays(x: np.ndarray, allow_downcast: Any) -> None:
    for t in (T, Float32[np.ndarray, "n"], Float[np.ndarray, "3"], NDArray[int32, Unpack[tuple[Any, ...]]]):
        expected, refused = outcome(lambda: ndtyping.filter(t, x, False, allow_downcast))
        got, error = outcome(lambda: ndtyping.convert(t, x, allow_downcast))
        if refused is not None:
            assert error is not None and (error.reason, error.expected, error.got) == (
                refused.reason,
                refused.expected,
                refused.got,
            )
            assert str(error) == str(refused).replace("filter()", "convert()", 1)
        else:
            assert error is None and ndtyping.values_eq(ANY_ARRAY, got, expected) and t.is_valid_value(got)


@pytest.mark.jax
def test_convert_between_libraries() -> None:
    jnp = jax_numpy()
    import jax

    x = np.array([1, 2, 3], np.int32)
    j = Float32[jax.Array, "n"].convert(x)
    assert isinstance(j, jax.Array) and j.dtype == jnp.float32
    back = Float32[np.ndarray, "n"].convert(j)
    assert isinstance(back, np.ndarray) and back.tolist() == [1, 2, 3]
    assert NDArray[float32, N].convert(j) is j  # NDArray takes either library: nothing to do
    h = NDArray[float16, N].convert(j, allow_downcast=True)
    assert isinstance(h, jax.Array) and h.dtype == jnp.float16
    with pytest.raises(
        ShapeError,
        match=r"convert\(\): expected NDArray\[float16, N\], got f32\[3\]\(jax\)\n  reason: float32 -> float16",
    ):
        NDArray[float16, N].convert(jnp.array([0.1, 0.2, 0.3], jnp.float32))
