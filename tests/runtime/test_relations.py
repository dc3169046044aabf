"""Array types as values (issue 6): is_super, in_same_class, is_valid_value, filter, is_array, as_array.

Examples first (both annotation spellings, each conversion rule of `filter` for numpy and jax),
then hypothesis properties: `is_super` is reflexive and transitive, complete on generalisations
(an axis made unchecked, a name renamed, axes folded into `...`, a wider dtype), and sound
against `is_valid_value` on sampled arrays: T.is_super(U) and x valid for U imply x valid for T.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from typing import Any, Literal, Optional

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typing_extensions import Unpack

import ndtyping
from ndtyping import (
    AnnotationError,
    DimensionVar,
    Float,
    Float32,
    Float64,
    Inexact,
    Int32,
    Integer,
    Key,
    NDArray,
    Num,
    Shaped,
    ShapeError,
    ShapeVar,
    TypeCheckError,
    check,
    float32,
    float64,
    int32,
    uint8,
)
from ndtyping._runtime.bindings import current_scope
from ndtyping._runtime.engine import ArraySpec
from ndtyping._runtime.narrowing import as_array, is_array
from ndtyping._runtime.relations import as_spec, filter, in_same_class, is_super, is_valid_value

N = DimensionVar("N")
M = DimensionVar("M")
Rest = ShapeVar("Rest")
L1, L2, L3 = Literal[1], Literal[2], Literal[3]
AnyAxes = Unpack[tuple[Any, ...]]


def a(*shape: int, dtype: Any = np.float32) -> np.ndarray:
    return np.zeros(shape, dtype=dtype)


# --------------------------------------------------------------------------- is_super


def test_issue_example() -> None:
    t, u = NDArray[float32, L2, Any], NDArray[float32, L2, L1]
    assert t.is_super(u) and is_super(t, u)
    assert not u.is_super(t) and not is_super(u, t)


@pytest.mark.parametrize(
    ("t", "u"),
    [
        ("n", "3"),
        ("_ _", "a b"),
        ("n n", "3 3"),
        ("n n", "a a"),
        ("n m", "a a"),  # more general: need not be square
        ("n _ n", "a b a"),
        ("...", ""),
        ("...", "a b c"),
        ("... n", "a *r b"),
        ("a ... a", "x *r x"),
        ("*batch c", "2 3 c"),
        ("#3", "3"),
        ("#3", "1"),
        ("#n #n", "3 1"),
        ("n #n", "a 1"),
        ("n #n", "a a"),
        ("n n+1", "3 4"),
        ("n n+1", "n n+1"),
        ("n _ n+1", "n 7 n+1"),
        ("n", "1+2"),
        ("3", "1+2"),
        ("n*2", "n*2"),  # outer bindings: the same on both sides
        ("a {size}", "3 {size}"),
    ],
)
def test_is_super_holds(t: str, u: str) -> None:
    assert is_super(Float[np.ndarray, t], Float32[np.ndarray, u]), (t, u)


@pytest.mark.parametrize(
    ("t", "u"),
    [
        ("3", "n"),
        ("a a", "_ _"),
        ("3 3", "n n"),
        ("n n", "a b"),
        ("n n", "3 4"),
        ("n", "n n"),  # rank
        ("n n", "n"),
        ("", "..."),
        ("a b ...", "*r c"),  # U may have one axis only
        ("a ... a", "x *r y"),
        ("3", "#3"),  # U allows 1 as well
        ("n n", "a #a"),
        ("n #n", "3 5"),
        ("n n+1", "3 5"),
        ("n n+1", "m m+1"),  # sound but incomplete: no renaming inside expressions
        ("n n+1", "3 _"),
        ("n+1", "m"),
        ("*a a", "b"),  # the variadic name reused as an axis: decided only when identical
    ],
)
def test_is_super_fails(t: str, u: str) -> None:
    assert not is_super(Float[np.ndarray, t], Float32[np.ndarray, u]), (t, u)


def test_is_super_variadic_with_named_ends() -> None:
    assert is_super(Float[Any, "a ... a"], Float[Any, "x *r x"])
    assert is_super(Float[Any, "a ... a"], Float[Any, "x x"])
    assert not is_super(Float[Any, "a ... a"], Float[Any, "x"])  # rank 1: `a ... a` needs two axes
    assert is_super(Float[Any, "... a"], Float[Any, "x *r"])  # `a` is used once: any size
    assert not is_super(Float[Any, "... 3"], Float[Any, "3 *r"])  # U's last axis may be in *r


def test_is_super_dtypes_and_array_types() -> None:
    f32 = Float32[np.ndarray, "n"]
    assert Float[np.ndarray, "n"].is_super(f32) and not f32.is_super(Float[np.ndarray, "n"])
    assert Inexact[np.ndarray, "n"].is_super(f32) and Num[np.ndarray, "n"].is_super(f32)
    assert not Int32[np.ndarray, "n"].is_super(f32)
    assert Shaped[Any, "n"].is_super(f32) and not f32.is_super(Shaped[Any, "n"])
    # The array class: U's must be a subclass of one of T's; `Any` (or NDArray) takes any array.
    assert Float32[Any, "n"].is_super(f32) and not f32.is_super(Float32[Any, "n"])
    assert Float32[np.ndarray, "n"].is_super(Float32[np.memmap, "n"])
    assert not Float32[np.memmap, "n"].is_super(f32)
    assert Float32[np.ndarray | list, "n"].is_super(f32)  # type: ignore[operator]


def test_is_super_across_spellings() -> None:
    generic, spelled = NDArray[float32, N, L3], Float32[Any, "n 3"]
    assert generic.is_super(spelled) and spelled.is_super(generic)
    assert NDArray[float32, N, L3].is_super(Float32[np.ndarray, "n 3"])
    assert not Float32[np.ndarray, "n 3"].is_super(NDArray[float32, N, L3])  # NDArray: any array class
    assert NDArray[np.floating[Any], Unpack[Rest], N].is_super(NDArray[float64, L2, L3, N])
    assert NDArray[float32, AnyAxes].is_super(NDArray[float32, N, M])
    assert is_super(NDArray, NDArray[float32, N]) and not is_super(NDArray[float32, N], NDArray)
    assert is_super(Float, Float64[np.ndarray, "a b"]) and not is_super(Float, NDArray[int32, N])


def test_is_super_accepts_specs() -> None:
    spec = as_spec(NDArray[float32, N])
    assert isinstance(spec, ArraySpec)
    assert is_super(spec, NDArray[float32, L3]) and is_super(NDArray[float32, N], spec)


# --------------------------------------------------------------------------- in_same_class


def test_in_same_class() -> None:
    assert NDArray[float32, L2, Any].in_same_class(NDArray[float32, L2, L1])
    assert NDArray[float32, N, M].in_same_class(Float32[np.ndarray, "3 4"])  # array classes are not compared
    assert not NDArray[float32, L2].in_same_class(NDArray[float32, L3])  # a fixed axis disagrees
    assert not NDArray[float32, N].in_same_class(NDArray[float64, N])  # dtype
    assert not Float[Any, "n"].in_same_class(Float32[Any, "n"])  # a category is not one of its dtypes
    assert not NDArray[float32, N].in_same_class(NDArray[float32, N, M])  # rank
    assert Float32[Any, "#3 n"].in_same_class(Float32[Any, "1 n"])  # broadcastable: 1 fits both
    assert Float32[Any, "... n"].in_same_class(Float32[Any, "*b 2"])
    assert not Float32[Any, "... n"].in_same_class(Float32[Any, "n ..."])
    assert not Float32[Any, "... n"].in_same_class(Float32[Any, "n"])


# --------------------------------------------------------------------------- is_valid_value


def test_is_valid_value() -> None:
    t = NDArray[float32, N, N]
    assert t.is_valid_value(a(3, 3)) and not t.is_valid_value(a(3, 4))
    assert not t.is_valid_value(a(3, 3, dtype=np.float64))
    assert not t.is_valid_value([[0.0]])  # nothing is converted
    assert Float32[np.ndarray, "n n"].is_valid_value(a(2, 2)) and is_valid_value(Float32[np.ndarray, "2"], a(2))


def test_is_valid_value_ignores_a_running_call_but_is_array_does_not() -> None:
    @check
    def f(x: NDArray[float32, N]) -> None:
        five = a(5)
        assert NDArray[float32, N].is_valid_value(five)  # the type on its own
        assert not is_array(five, NDArray[float32, N])  # like isinstance: N is 3 in this call
        assert is_array(a(3), NDArray[float32, N])
        assert as_array(a(3, 2), NDArray[float32, N, M]).shape == (3, 2)
        assert current_scope().dims["M"] == 2  # type: ignore[union-attr]  # as_array extends the call's bindings
        with pytest.raises(
            ShapeError, match=r"(?s)as_array\(\): expected NDArray\[float32, N\].*dim N: 5 here.*bindings: N=3"
        ):
            as_array(five, NDArray[float32, N])

    f(a(3))


# --------------------------------------------------------------------------- is_array / as_array


def test_is_array_and_as_array() -> None:
    x = a(3)
    assert is_array(x, NDArray[float32, L3]) and not is_array(x, NDArray[float32, L2])
    assert is_array(x, Float32[np.ndarray, "3"]) and not is_array([0.0], Float32[Any, "1"])
    assert as_array(x, NDArray[float32, N]) is x
    with pytest.raises(
        ShapeError,
        match=r"(?s)as_array\(\): expected NDArray\[float32, 2\], got f32\[3\]\(numpy\).*axis 0: size 3, expected 2",
    ):
        as_array(x, NDArray[float32, L2])
    with pytest.raises(TypeError):  # ShapeError is a TypeError
        as_array([1.0, 2.0], NDArray[float32, L2])


# --------------------------------------------------------------------------- malformed input


@pytest.mark.parametrize("bad", [3, "n", int, np.ndarray, list[int], None])
def test_non_array_types_are_annotation_errors(bad: Any) -> None:
    with pytest.raises(AnnotationError, match=r"is_super\(\) takes array types"):
        is_super(NDArray[float32, N], bad)
    with pytest.raises(AnnotationError, match=r"is_super\(\) takes array types"):
        NDArray[float32, N].is_super(bad)
    with pytest.raises(AnnotationError, match=r"in_same_class\(\) takes array types"):
        Float32[Any, "n"].in_same_class(bad)
    with pytest.raises(AnnotationError, match=r"is_array\(\) takes array types"):
        is_array(a(2), bad)
    with pytest.raises(AnnotationError, match=r"as_array\(\) takes array types"):
        as_array(a(2), bad)
    with pytest.raises(AnnotationError, match=r"filter\(\) takes array types"):
        filter(bad, a(2))


def test_bad_filter_options_are_type_check_errors() -> None:
    with pytest.raises(TypeCheckError, match="strict must be True or False, not 'yes'"):
        NDArray[float32, N].filter(a(2), strict="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeCheckError, match="allow_downcast must be None, True or False, not 1"):
        Float32[Any, "n"].filter(a(2), allow_downcast=1)  # type: ignore[arg-type]


def test_a_type_that_needs_a_call_cannot_be_judged_alone() -> None:
    with pytest.raises(AnnotationError, match="uses n, which no earlier argument has bound"):
        Float32[Any, "n+1"].is_valid_value(a(3))
    with pytest.raises(AnnotationError, match="refers to the argument 'size'"):
        Float32[Any, "{size}"].filter(a(3))


# --------------------------------------------------------------------------- filter with numpy


def test_filter_returns_a_valid_value_as_it_is() -> None:
    x = a(3)
    assert NDArray[float32, L3].filter(x) is x
    assert NDArray[float32, L3].filter(x, strict=True) is x
    assert Float32[np.ndarray, "n"].filter(x, strict=True, allow_downcast=False) is x


@pytest.mark.parametrize("value", [[1.0, 2.0, 3.0], a(3, dtype=np.float64), a(3, dtype=np.int8), a(2)])
def test_filter_strict_converts_nothing(value: Any) -> None:
    with pytest.raises(
        ShapeError, match=r"(?s)filter\(\): expected NDArray\[float32, 3\].*strict=True converts nothing"
    ) as info:
        NDArray[float32, L3].filter(value, strict=True)
    assert isinstance(info.value, TypeError)


def test_filter_converts_lists_and_scalars() -> None:
    y = NDArray[float32, L1, L3].filter([[1, 2, 3]])
    assert isinstance(y, np.ndarray) and y.dtype == np.float32 and y.tolist() == [[1.0, 2.0, 3.0]]
    z = NDArray[float32].filter(0.5)
    assert z.shape == () and z.dtype == np.float32 and float(z) == 0.5
    assert Int32[np.ndarray, ""].filter(7).dtype == np.int32
    assert Float32[np.ndarray, ""].filter(np.float32(2.0)).shape == ()  # an array scalar becomes a 0-d array


def test_filter_refuses_lost_precision() -> None:
    with pytest.raises(
        ShapeError, match=r"float64 -> float32 loses precision: 0\.1 at index \[0\] becomes 0\.10000000149"
    ):
        NDArray[float32, L1].filter([0.1])
    with pytest.raises(ShapeError, match="pass allow_downcast=True to convert anyway"):
        NDArray[float32].filter(0.1)
    y = NDArray[float32, L1].filter([0.1], allow_downcast=True)
    assert y.dtype == np.float32 and y[0] == np.float32(0.1)
    assert NDArray[float32, L2].filter(np.array([0.5, np.nan])).dtype == np.float32  # NaN survives


@pytest.mark.parametrize(
    ("annotation", "value", "ok"),
    [
        (NDArray[uint8, L1], [255], True),
        (NDArray[uint8, L1], [256], False),  # overflow
        (NDArray[uint8, L1], [-1], False),  # sign
        (NDArray[int32, L2], [1.0, 2.0], True),
        (NDArray[int32, L1], [1.5], False),  # fraction
        (NDArray[int32, L1], [np.nan], False),
        (NDArray[float32, L1], [1 + 0j], True),
        (NDArray[float32, L1], [1 + 2j], False),  # imaginary part
        (NDArray[float32, L1], [2**24], True),
        (NDArray[float32, L1], [2**24 + 1], False),  # integer beyond float32's mantissa
        (NDArray[np.float16, L1], [70000.0], False),  # becomes inf
        (NDArray[np.bool_, L2], [0, 1], True),
        (NDArray[np.bool_, L1], [2], False),
    ],
)
def test_filter_value_rules(annotation: Any, value: Any, ok: bool) -> None:
    if ok:
        assert np.array_equal(annotation.filter(value), np.asarray(value))
    else:
        with pytest.raises(ShapeError, match="loses precision"):
            annotation.filter(value)
        assert annotation.is_valid_value(annotation.filter(value, allow_downcast=True))


def test_filter_allow_downcast_false_allows_safe_casts_only() -> None:
    assert NDArray[float64, L2].filter(a(2, dtype=np.float32), allow_downcast=False).dtype == np.float64
    assert NDArray[float64, L2].filter([1, 2], allow_downcast=False).dtype == np.float64  # int64 -> float64: safe
    with pytest.raises(ShapeError, match=r"int64 cannot be cast safely to float32 \(allow_downcast=False"):
        NDArray[float32, L2].filter([1, 2], allow_downcast=False)  # exact here, but not safe for every int64
    assert NDArray[float32, L2].filter([1, 2]).dtype == np.float32  # the default looks at the values


def test_filter_never_changes_a_shape() -> None:
    with pytest.raises(
        ShapeError, match=r"as an array it is i64\[1,3\]\(numpy\): rank 2, expected 1.*never changes a shape"
    ):
        NDArray[float32, L3].filter([[1, 2, 3]])
    with pytest.raises(ShapeError, match="axis 0: size 2, expected 3"):
        NDArray[float32, L3].filter(a(2), allow_downcast=True)
    with pytest.raises(ShapeError, match="rank 0, expected 1"):
        Float32[np.ndarray, "n"].filter(1.0)
    with pytest.raises(ShapeError, match="dim N: 3 here, but an earlier axis of this array bound it to 2"):
        NDArray[float32, N, N].filter([[1, 2, 3], [4, 5, 6]])


def test_filter_abstract_dtypes() -> None:
    try:  # with ml_dtypes loaded, numpy knows bfloat16 and float8_*: still not chosen for Float
        import ml_dtypes  # noqa: F401
    except ImportError:
        pass
    assert Float[np.ndarray, "n"].filter([1, 2]).dtype == np.float64  # int64 -> smallest safe float
    assert Float[np.ndarray, "n"].filter(a(2, dtype=np.int8)).dtype == np.float16  # numpy's promotion
    assert Float[np.ndarray, "n"].filter([0.1]).dtype == np.float64  # already Float: unchanged
    assert Integer[np.ndarray, "n"].filter([1.0, 2.0]).dtype == np.int64  # widest integer first
    assert Shaped[np.ndarray, "n"].filter(["a", "b"]).dtype.kind == "U"  # any dtype: kept
    assert Inexact[np.ndarray, "n"].filter(a(1, dtype=np.complex64)).dtype == np.complex64
    with pytest.raises(ShapeError, match="loses precision"):
        Integer[np.ndarray, "n"].filter([0.5])
    with pytest.raises(ShapeError, match="no numpy dtype is Key"):
        Key[np.ndarray, "n"].filter([1, 2])


def test_filter_to_ml_dtypes() -> None:
    ml_dtypes = pytest.importorskip("ml_dtypes")
    y = ndtyping.BFloat16[np.ndarray, "n"].filter([1.0, 2.5])
    assert y.dtype == ml_dtypes.bfloat16 and y.astype(np.float32).tolist() == [1.0, 2.5]
    with pytest.raises(ShapeError, match="float64 -> bfloat16 loses precision: 0.1 at index"):
        ndtyping.BFloat16[np.ndarray, "n"].filter([0.1])
    assert Float32[np.ndarray, "n"].filter(y).dtype == np.float32  # bfloat16 -> float32: exact


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([[1, 2], [3]], "cannot make an array of it"),
        (object(), r"dtype object"),
        (["a", "b"], "dtype str_ cannot be converted to float32"),
        ({"a": 1}, r"dtype object"),
    ],
)
def test_filter_unconvertible_values(value: Any, message: str) -> None:
    with pytest.raises(ShapeError, match=message):
        NDArray[float32, AnyAxes].filter(value, allow_downcast=True)


def test_filter_needs_numpy_or_jax_as_target() -> None:
    class Other:
        shape = (2,)
        dtype = np.dtype("float32")

    with pytest.raises(ShapeError, match="filter converts to numpy or jax arrays only, and .*Other is neither"):
        Float32[Other, "n"].filter([1.0, 2.0])
    assert Float32[Other, "n"].filter(Other()) is not None  # valid already: returned as it is


def test_filter_spec_of_both_spellings_agree() -> None:
    for annotation in (NDArray[float32, N, L3], Float32[Any, "n 3"]):
        y = annotation.filter([[1, 2, 3]])
        assert y.dtype == np.float32 and y.shape == (1, 3)
        assert filter(annotation, y, strict=True) is y


# --------------------------------------------------------------------------- filter with jax


@pytest.fixture(scope="module")
def jnp() -> Any:
    pytest.importorskip("jax")
    import jax.numpy

    return jax.numpy


@pytest.mark.jax
def test_filter_jax_arrays(jnp: Any) -> None:
    import jax

    x = jnp.array([1, 2, 3], dtype=jnp.int32)
    y = Float32[jax.Array, "n"].filter(x)
    assert isinstance(y, jax.Array) and y.dtype == jnp.float32 and y.tolist() == [1.0, 2.0, 3.0]
    assert Float32[jax.Array, "n"].filter(y, strict=True) is y
    with pytest.raises(ShapeError, match=r"float32 -> float16 loses precision: 0\.1"):
        NDArray[np.float16, L1].filter(jnp.array([0.1], dtype=jnp.float32))
    h = NDArray[np.float16, L1].filter(jnp.array([0.1], dtype=jnp.float32), allow_downcast=True)
    assert isinstance(h, jax.Array) and h.dtype == jnp.float16  # NDArray keeps the library it was given
    with pytest.raises(ShapeError, match="axis 0: size 3, expected 2"):
        Float32[jax.Array, "2"].filter(x)
    with pytest.raises(ShapeError, match="strict=True converts nothing"):
        Float32[jax.Array, "n"].filter(x, strict=True)


@pytest.mark.jax
def test_filter_between_numpy_and_jax(jnp: Any) -> None:
    import jax

    y = Float32[jax.Array, "n"].filter([1, 2])  # a list becomes a jax array
    assert isinstance(y, jax.Array) and y.dtype == jnp.float32
    z = Float32[jax.Array, "n"].filter(np.array([0.5, 1.5], dtype=np.float32))
    assert isinstance(z, jax.Array)
    back = Float32[np.ndarray, "n"].filter(z)
    assert isinstance(back, np.ndarray) and back.tolist() == [0.5, 1.5]
    with pytest.raises(ShapeError, match=r"float64 -> float32 loses precision: 0\.1"):
        Float[jax.Array, "n"].filter(np.array([0.1]))  # jax would hold it as float32


@pytest.mark.jax
def test_filter_jax_without_x64_explains(jnp: Any) -> None:
    import jax

    if jax.config.jax_enable_x64:
        pytest.skip("64-bit jax types are enabled")
    with pytest.raises(
        ShapeError,
        match=r"no jax dtype is Float64 \(jax has 64-bit types disabled, so float64 would become 32-bit.*jax_enable_x64",
    ):
        Float64[jax.Array, "n"].filter(jnp.zeros(2))


@pytest.mark.jax
def test_filter_under_jit_judges_tracers_by_dtype(jnp: Any) -> None:
    import jax

    @jax.jit
    def widen(x: Any) -> Any:
        return Float32[jax.Array, "n"].filter(x)  # int8 -> float32 is safe: fine while tracing

    assert widen(jnp.array([1, 2], dtype=jnp.int8)).dtype == jnp.float32

    @jax.jit
    def narrow(x: Any) -> Any:
        return NDArray[np.float16, N].filter(x)

    with pytest.raises(ShapeError, match="the values of a traced jax array are unknown"):
        narrow(jnp.array([0.5], dtype=jnp.float32))

    @jax.jit
    def forced(x: Any) -> Any:
        return NDArray[np.float16, N].filter(x, allow_downcast=True)

    assert forced(jnp.array([0.5], dtype=jnp.float32)).dtype == jnp.float16


@pytest.mark.jax
def test_is_array_on_jax(jnp: Any) -> None:
    import jax

    x = jnp.zeros((2, 3), dtype=jnp.float32)
    assert is_array(x, NDArray[float32, N, M]) and is_array(x, Float32[jax.Array, "2 3"])
    assert not is_array(x, Float32[np.ndarray, "2 3"])
    assert NDArray[float32, N, M].is_super(Float32[jax.Array, "2 3"])


def test_importing_the_modules_never_imports_jax() -> None:
    code = textwrap.dedent(
        """
        import sys
        import numpy as np
        from ndtyping import NDArray, Float32, float32
        from ndtyping._runtime.relations import filter, is_super
        from ndtyping._runtime.narrowing import is_array
        from typing import Literal
        assert NDArray[float32, Literal[2]].filter([1, 2]).dtype == np.float32
        assert is_super(Float32[np.ndarray, "n"], Float32[np.ndarray, "2"])
        assert is_array(np.zeros(2, np.float32), NDArray[float32, Literal[2]])
        assert "jax" not in sys.modules, sorted(m for m in sys.modules if m.startswith("jax"))
        """
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --------------------------------------------------------------------------- properties

# A spec is a list of axis tokens, rendered into a shape string (and, when it can be, into an
# NDArray). ("fixed", k, broadcast) ("name", n, broadcast) ("any",) ("sym", text) ("var", name, broadcast)
NAMES = ("a", "b", "c")
FRESH = ("p", "q", "s", "t")
SYMBOLS = ("a+1", "2*b", "a*b", "c-1", "a>1", "1+1", "b")
CATEGORIES = ("Float32", "Float64", "Float", "Inexact", "Num", "Int32", "Integer", "Shaped", "Bool")
WIDER = {"Float32": "Float", "Float64": "Float", "Float": "Inexact", "Inexact": "Num", "Int32": "Integer",
         "Integer": "Num", "Num": "Shaped", "Bool": "Shaped", "Shaped": "Shaped"}  # fmt: skip
DTYPES = (np.float32, np.float64, np.float16, np.int32, np.int64, np.uint8, np.bool_, np.complex64)
PROPERTY = settings(
    max_examples=400, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)

Token = tuple[Any, ...]


def _referenced(text: str) -> set[str]:
    return set(re.findall(r"[a-z]", text))


def tidy(tokens: list[Token]) -> list[Token]:
    """Expressions may only read names some plain axis binds (else the type needs a call)."""
    plain = {tok[1] for tok in tokens if tok[0] == "name" and not tok[2]}
    return [("any",) if tok[0] == "sym" and not _referenced(tok[1]) <= plain else tok for tok in tokens]


def render(tokens: list[Token]) -> str:
    out = []
    for tok in tokens:
        kind = tok[0]
        if kind in ("fixed", "name"):
            out.append(("#" if tok[2] else "") + str(tok[1]))
        elif kind == "any":
            out.append("_")
        elif kind == "sym":
            out.append(tok[1])
        else:
            out.append("..." if tok[1] is None else "*" + ("#" if tok[2] else "") + tok[1])
    return " ".join(out)


AXIS = st.one_of(
    st.tuples(st.just("fixed"), st.integers(0, 3), st.sampled_from([False, False, True])),
    st.tuples(st.just("name"), st.sampled_from(NAMES), st.sampled_from([False, False, True])),
    st.just(("any",)),
    st.tuples(st.just("sym"), st.sampled_from(SYMBOLS)),
)
AXES = st.lists(AXIS, max_size=4)


@st.composite
def token_lists(draw: Any, variadic_names: tuple[Optional[str], ...] = (None, "r", "a")) -> list[Token]:
    tokens: list[Token] = draw(AXES)
    if draw(st.booleans()):
        tokens.insert(
            draw(st.integers(0, len(tokens))), ("var", draw(st.sampled_from(variadic_names)), draw(st.booleans()))
        )
    return tidy(tokens)


@st.composite
def types_(draw: Any, variadic_names: tuple[Optional[str], ...] = (None, "r", "a")) -> tuple[str, Any, list[Token]]:
    return (
        draw(st.sampled_from(CATEGORIES)),
        draw(st.sampled_from([Any, np.ndarray])),
        draw(token_lists(variadic_names)),
    )


def build(kind: tuple[str, Any, list[Token]]) -> Any:
    category, container, tokens = kind
    return getattr(ndtyping, category)[container, render(tokens)]


def generalise(
    draw: Any, kind: tuple[str, Any, list[Token]], wild: bool, least: int = 0
) -> tuple[str, Any, list[Token]]:
    """`least` to 3 steps that make a type more general (and, when `wild`, also arbitrary ones)."""
    category, container, tokens = kind
    tokens = list(tokens)
    steps = ["any", "rename", "fresh", "broadcast", "fold", "dtype", "container"] + (["wild"] * 2 if wild else [])
    for _ in range(draw(st.integers(least, 3))):
        step = draw(st.sampled_from(steps))
        singles = [i for i, tok in enumerate(tokens) if tok[0] != "var"]
        if step == "any" and singles:
            tokens[draw(st.sampled_from(singles))] = ("any",)
        elif step == "rename":
            used = {tok[1] for tok in tokens if tok[0] in ("name", "var")}
            read = set().union(*(_referenced(tok[1]) for tok in tokens if tok[0] == "sym"))
            names = sorted(n for n in used if n and n not in read)
            fresh = [f for f in FRESH if f not in used]
            if names and fresh:
                old, new = draw(st.sampled_from(names)), fresh[0]
                tokens = [
                    (tok[0], new, *tok[2:]) if tok[0] in ("name", "var") and tok[1] == old else tok for tok in tokens
                ]
        elif step == "fresh":
            fixed = [i for i, tok in enumerate(tokens) if tok[0] == "fixed"]
            used = {tok[1] for tok in tokens if tok[0] in ("name", "var")}
            fresh = [f for f in FRESH if f not in used]
            if fixed and fresh:
                tokens[draw(st.sampled_from(fixed))] = ("name", fresh[0], False)
        elif step == "broadcast":
            marks = [i for i, tok in enumerate(tokens) if tok[0] in ("fixed", "name")]
            if marks:
                i = draw(st.sampled_from(marks))
                tokens[i] = (tokens[i][0], tokens[i][1], True)
        elif step == "fold" and not any(tok[0] == "var" for tok in tokens):
            start = draw(st.integers(0, len(tokens)))
            stop = draw(st.integers(start, len(tokens)))
            tokens[start:stop] = [("var", None, False)]
        elif step == "dtype":
            category = WIDER[category]
        elif step == "container":
            container = Any
        elif step == "wild":
            other = draw(types_())
            if draw(st.booleans()):
                category, container = other[0], other[1]
            elif singles and any(tok[0] != "var" for tok in other[2]):
                tokens[draw(st.sampled_from(singles))] = draw(
                    st.sampled_from([tok for tok in other[2] if tok[0] != "var"])
                )
    return category, container, tidy(tokens)


def sample_shape(draw: Any, tokens: list[Token]) -> tuple[int, ...]:
    """A shape built to fit `tokens` (mostly; expressions and broadcasting make some misses)."""
    values = {n: draw(st.integers(0, 4)) for n in NAMES + FRESH}
    shape: list[int] = []
    for tok in tokens:
        kind = tok[0]
        if kind == "fixed":
            shape.append(1 if tok[2] and draw(st.booleans()) else tok[1])
        elif kind == "name":
            shape.append(1 if tok[2] and draw(st.booleans()) else values[tok[1]])
        elif kind == "sym":
            expr = ndtyping._runtime.grammar.parse_shape(tok[1]).dims[0].expr
            result = expr.evaluate(values) if expr is not None else 0
            shape.append(result if not isinstance(result, bool) and 0 <= result <= 8 else draw(st.integers(0, 4)))
        elif kind == "any":
            shape.append(draw(st.integers(0, 4)))
        else:
            shape.extend(draw(st.lists(st.integers(0, 3), max_size=3)))
    if draw(st.integers(0, 9)) == 0:  # now and then, any shape at all
        shape = draw(st.lists(st.integers(0, 3), max_size=5))
    return tuple(shape)


class Duck:
    """An array that is no np.ndarray: only annotations with `Any` as the array type take it."""

    def __init__(self, shape: tuple[int, ...], dtype: Any) -> None:
        self.shape = shape
        self.dtype = np.dtype(dtype)


def sample_value(draw: Any, tokens: list[Token], category: str = "Shaped") -> Any:
    shape = sample_shape(draw, tokens)
    fitting = [d for d in DTYPES if getattr(ndtyping, category)._ndt_category.contains(np.dtype(d).name)]
    dtype = draw(st.sampled_from(fitting if fitting and draw(st.booleans()) else DTYPES))
    return Duck(shape, dtype) if draw(st.integers(0, 4)) == 0 else np.zeros(shape, dtype=dtype)


@PROPERTY
@given(types_())
def test_property_is_super_is_reflexive(kind: tuple[str, Any, list[Token]]) -> None:
    t = build(kind)
    assert is_super(t, t)
    assert in_same_class(t, t)


@PROPERTY
@given(types_(variadic_names=(None, "r")), st.data())
def test_property_renamed_copies_are_mutual_supers(kind: tuple[str, Any, list[Token]], data: st.DataObject) -> None:
    """Not through the identical-spec shortcut: alpha-renaming exercises the general decision."""
    category, container, tokens = kind
    read = set().union(*(_referenced(tok[1]) for tok in tokens if tok[0] == "sym"))
    renaming = {n: f for n, f in zip(NAMES, FRESH) if n not in read and data.draw(st.booleans())}
    renamed = [(tok[0], renaming.get(tok[1], tok[1]), *tok[2:]) if tok[0] == "name" else tok for tok in tokens]
    t, u = build(kind), build((category, container, renamed))
    assert is_super(t, u) and is_super(u, t), (render(tokens), render(renamed))


@PROPERTY
@given(types_(variadic_names=(None, "r")), st.data())
def test_property_generalisations_are_supers(kind: tuple[str, Any, list[Token]], data: st.DataObject) -> None:
    """Completeness where it is promised: unchecked axes, renaming, fresh names, `#`, `...`, wider dtypes."""
    general = generalise(data.draw, kind, wild=False)
    assert is_super(build(general), build(kind)), (render(general[2]), render(kind[2]))


@PROPERTY
@given(types_(), st.data())
def test_property_is_super_agrees_with_is_valid_value(kind: tuple[str, Any, list[Token]], data: st.DataObject) -> None:
    """Soundness: if T.is_super(U) and x is valid for U, x is valid for T (and in both directions for equals)."""
    u = build(kind)
    general = generalise(data.draw, kind, wild=True)
    t = build(general)
    forward, backward = is_super(t, u), is_super(u, t)
    for _ in range(4):
        source = kind if data.draw(st.booleans()) else general
        x = sample_value(data.draw, source[2], source[0])
        in_u, in_t = is_valid_value(u, x), is_valid_value(t, x)
        if forward and in_u:
            assert in_t, (str(t), str(u), x.shape, x.dtype)
        if backward and in_t:
            assert in_u, (str(u), str(t), x.shape, x.dtype)


@PROPERTY
@given(types_(), st.data())
def test_property_is_super_is_transitive(kind: tuple[str, Any, list[Token]], data: st.DataObject) -> None:
    v = kind
    u = generalise(data.draw, v, wild=data.draw(st.integers(0, 3)) == 0, least=1)
    t = generalise(data.draw, u, wild=data.draw(st.integers(0, 3)) == 0, least=1)
    tt, uu, vv = build(t), build(u), build(v)
    if is_super(tt, uu) and is_super(uu, vv):
        assert is_super(tt, vv), (str(tt), str(uu), str(vv))


@PROPERTY
@given(types_(), types_())
def test_property_in_same_class_is_symmetric_and_follows_is_super(
    one: tuple[str, Any, list[Token]], other: tuple[str, Any, list[Token]]
) -> None:
    t, u = build(one), build(other)
    assert in_same_class(t, u) == in_same_class(u, t)
    ts, us = as_spec(t), as_spec(u)
    same_frame = (
        ts.category.names == us.category.names
        and ts.shape.variadic == us.shape.variadic
        and len(ts.shape.dims) == len(us.shape.dims)
    )
    if same_frame and is_super(t, u):
        assert in_same_class(t, u)


GENERIC_AXES = {"a": N, "b": M}


def generic_alias(tokens: list[Token]) -> Any:
    """The NDArray spelling of tokens without `#` or expressions (None when there is none)."""
    args: list[Any] = [float32]
    for tok in tokens:
        kind = tok[0]
        if (
            kind in ("sym",)
            or (kind in ("fixed", "name", "var") and tok[2])
            or (kind == "name" and tok[1] not in GENERIC_AXES)
        ):
            return None
        if kind == "fixed":
            args.append(Literal[tok[1]])
        elif kind == "name":
            args.append(GENERIC_AXES[tok[1]])
        elif kind == "any":
            args.append(Any)
        else:
            args.append(AnyAxes if tok[1] is None else Unpack[Rest])
    return NDArray[tuple(args)]


@PROPERTY
@given(token_lists(variadic_names=(None, "r")), st.data())
def test_property_both_spellings_are_the_same_type(tokens: list[Token], data: st.DataObject) -> None:
    generic = generic_alias(tokens)
    if generic is None:
        return
    spelled = Float32[Any, render(tokens)]
    assert is_super(generic, spelled) and is_super(spelled, generic) and generic.in_same_class(spelled)
    x = sample_value(data.draw, tokens, "Float32")
    assert generic.is_valid_value(x) == spelled.is_valid_value(x)


@pytest.mark.jax
def test_jax_dtypes_are_judged_by_metadata_never_by_allocating(jnp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """XLA aborts the whole process on some dtypes jax lists (float6 on CPU, jax 0.12), so which
    dtypes a jax array can hold is read from the dtype, and no array is made to find out."""
    import jax
    import ml_dtypes

    from ndtyping._runtime.filtering import _jax_supports

    def no_allocation(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a jax array was allocated to probe a dtype")

    monkeypatch.setattr(jnp, "zeros", no_allocation)
    _jax_supports.cache_clear()
    try:
        narrow = [
            np.dtype(getattr(ml_dtypes, n))
            for n in ("float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn")
            if hasattr(ml_dtypes, n)
        ]
        if not narrow:
            pytest.skip("this ml_dtypes has no float formats narrower than 8 bits")
        assert not any(_jax_supports(d) for d in narrow)
        assert all(
            _jax_supports(np.dtype(d))
            for d in (np.float32, np.int8, np.bool_, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn)
        )
        if np.dtype(np.longdouble).itemsize > 8:
            assert not _jax_supports(np.dtype(np.longdouble))
        assert Float[jax.Array, "n"].filter(np.array([0.5])).dtype == jnp.float32
    finally:
        _jax_supports.cache_clear()


@pytest.mark.jax
def test_filter_into_every_float_category_does_not_abort() -> None:
    """Run where an abort would show as a dead child, not a dead test run."""
    code = (
        "import numpy as np, jax, ndtyping\n"
        "from ndtyping import Float, Inexact, Num, Shaped\n"
        "for category in (Float, Inexact, Num, Shaped):\n"
        "    print(category[jax.Array, 'n'].filter(np.array([0.5])).dtype)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    x64 = subprocess.run(
        [sys.executable, "-c", "import jax; print(jax.config.jax_enable_x64)"], capture_output=True, text=True
    )
    width = "64" if x64.stdout.strip() == "True" else "32"
    assert result.stdout.split() == [f"float{width}"] * 4  # Shaped too: float64 held as jax holds it


# --------------------------------------------------------------------------- one reader of array types


def test_every_entry_point_reads_numpys_own_spelling() -> None:
    """`npt.NDArray[np.float32]` is an array type to `check`, `is_array`, `as_array`, `filter`,
    `is_super`, `in_same_class` and `is_valid_value` alike (they once disagreed: only `check` took it)."""
    import numpy.typing as npt

    import ndtyping

    f32, f64 = np.zeros(3, np.float32), np.zeros(3)
    t = npt.NDArray[np.float32]
    assert ndtyping.is_array(f32, t) and not ndtyping.is_array(f64, t)
    assert ndtyping.as_array(f32, t) is f32
    with pytest.raises(ndtyping.ShapeError):
        ndtyping.as_array(f64, t)
    assert ndtyping.is_valid_value(t, f32) and not ndtyping.is_valid_value(t, f64)
    assert ndtyping.filter(t, [1.0, 2.0]).dtype == np.float32
    assert ndtyping.is_super(t, t) and not ndtyping.is_super(t, npt.NDArray[np.float64])
    assert ndtyping.in_same_class(t, t)

    @ndtyping.check
    def f(x: npt.NDArray[np.float32]) -> None: ...

    f(f32)
    with pytest.raises(ndtyping.ShapeError):
        f(f64)


def test_every_entry_point_refuses_a_non_array_type_in_the_same_words() -> None:
    import ndtyping

    calls = {
        "is_array": lambda t: ndtyping.is_array(np.zeros(2), t),
        "as_array": lambda t: ndtyping.as_array(np.zeros(2), t),
        "is_valid_value": lambda t: ndtyping.is_valid_value(t, np.zeros(2)),
        "filter": lambda t: ndtyping.filter(t, np.zeros(2)),
        "is_super": lambda t: ndtyping.is_super(t, t),
        "in_same_class": lambda t: ndtyping.in_same_class(t, t),
    }
    texts = set()
    for name, call in calls.items():
        with pytest.raises(ndtyping.AnnotationError) as info:
            call(int)
        assert str(info.value).startswith(f"{name}() takes array types such as NDArray[float32, N]"), str(info.value)
        texts.add(str(info.value).split("()", 1)[1])
    assert len(texts) == 1, texts
