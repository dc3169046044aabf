"""Hostile shape strings and hostile values: ndtyping never executes them and never crashes oddly.

Every failure must be an ndtyping error (AnnotationError for a bad annotation, ShapeError /
TypeCheckError for a bad value), with a message that says what went wrong.
"""

import subprocess
import sys
import textwrap
from typing import Any, Literal

import numpy as np
import pytest

import ndtyping
from ndtyping import (
    AnnotationError,
    DimensionVar,
    Float,
    Int,
    NDArray,
    Shaped,
    ShapeError,
    TypeCheckError,
    check,
    float32,
    float64,
)
from ndtyping._runtime.bindings import current_scope

# --------------------------------------------------------------------------- hostile shape strings

PWNED: list[str] = []


def pwn(*args: Any) -> int:
    """Referenced from hostile shape strings: if it ever runs, PWNED is non-empty."""
    PWNED.append("pwned")
    return 3


class Evil:
    @property
    def b(self) -> int:
        PWNED.append("attribute")
        return 3


a = Evil()


@pytest.fixture(autouse=True)
def _reset_flag():
    PWNED.clear()
    yield
    PWNED.clear()


HOSTILE = [
    "__import__('os').system('echo')",
    "__import__('os').system('echo pwned')",
    "{x.__class__}",
    "{x.__class__.__bases__}",
    "{x.y.__dict__}",
    "().__class__",
    "().__class__.__bases__[0].__subclasses__()",
    "open('f')",
    "open('f').read()",
    "lambda:1",
    "lambda:pwn()",
    "(lambda:pwn())()",
    "a.b",
    "a.b+1",
    "a[0]",
    "pwn[0]",
    "pwn()",
    "pwn()+1",
    "1+pwn()",
    "min(pwn())",
    "max(n,pwn())",
    "abs(pwn())",
    "pwn.__call__()",
    "[pwn()][0]",
    "{pwn()}",
    "eval('pwn()')",
    "exec('pwn()')",
    "globals()",
    "n.__class__",
    "{a}.b",
    "#a.b",
    "*a.b",
    "rows=a.b",
    "(n:=pwn())",
    "f'{pwn()}'",
    "'s'",
    "b'x'",
    "1.5",
    "n\x00",
    "a@b",
    "[x for x in y]",
    "{n: 1}",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_shape_string_rejected_at_creation(text):
    with pytest.raises(AnnotationError) as info:
        Float[np.ndarray, text]
    assert repr(text.split()[0])[1:8] in str(info.value) or "shape" in str(info.value)
    assert PWNED == []


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_shape_string_rejected_for_any_category(text):
    for category in (Int, Shaped):
        with pytest.raises(AnnotationError):
            category[Any, text]
    assert PWNED == []


def test_hostile_os_system_never_runs(tmp_path):
    target = tmp_path / "created_by_hostile_annotation"
    assert " " not in str(target)
    for text in (
        f"__import__('os').mkdir('{target}')",
        f"open('{target}','w')",
        f"__import__('pathlib').Path('{target}').touch()",
        f"(lambda:open('{target}','w'))()",
    ):
        with pytest.raises(AnnotationError):
            Float[np.ndarray, text]
        with pytest.raises(AnnotationError):

            @check
            def f(x: Float[np.ndarray, text]) -> None:
                pass

    assert not target.exists()


def test_hostile_string_in_decorated_function_raises_at_definition():
    with pytest.raises(AnnotationError):

        @check
        def f(x: Float[np.ndarray, "pwn()"]) -> Float[np.ndarray, "n"]:
            return x

    assert PWNED == []


def test_hostile_string_in_string_annotation_is_not_silently_dropped():
    # With `from __future__ import annotations` (or quoted annotations) ndtyping has to
    # evaluate the annotation itself; a malformed shape must still be reported, not ignored.
    def f(x: "Float[np.ndarray, \"open('f')\"]") -> None:
        pass

    try:
        checked = check(f)
    except AnnotationError:
        return  # reported at decoration: good
    # If it was not reported at decoration, it must at least not disable the check.
    with pytest.raises((AnnotationError, TypeCheckError)):
        checked("not an array")


def test_braced_argument_reference_never_reads_globals():
    # "{pwn}" names an argument of the checked function, never a global: a name that is no
    # parameter fails when decorating (issue 17: once at every call).
    pwn = 3

    def f(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "{pwn}"]:
        return x

    with pytest.raises(AnnotationError) as info:
        check(f)
    assert "pwn" in str(info.value)
    assert current_scope() is None


def test_braced_private_attribute_rejected():
    for text in ("{self._secret}", "{self.__dict__}", "{x.__len__}", "{x.a.__class__}"):
        with pytest.raises(AnnotationError):
            Float[np.ndarray, text]


def test_braced_attribute_reads_only_the_argument():
    class Config:
        size = 3

    @check
    def f(cfg: Any, x: Float[np.ndarray, "{cfg.size}"]) -> None:
        pass

    f(Config(), np.ones(3))
    with pytest.raises(ShapeError):
        f(Config(), np.ones(4))


@pytest.mark.parametrize("text", ["pwn()", "__import__('os')", "a.b", "n"])
def test_string_dimension_in_ndarray_generic(text):
    # NDArray takes DimensionVars / Literal / Any, not strings: a string there is an error,
    # reported as AnnotationError (not RecursionError), and it is never evaluated.
    try:
        with pytest.raises(AnnotationError):
            ann = NDArray[float32, text]
            isinstance(np.zeros(3, np.float32), ann)
    finally:
        assert PWNED == []


def test_string_dimension_in_ndarray_generic_not_executed_by_check():
    with pytest.raises(AnnotationError):

        @check
        def f(x: NDArray[float32, "pwn()"]) -> None:
            pass

        f(np.zeros(3, np.float32))
    assert PWNED == [], "the string inside NDArray[...] was evaluated as code"


def test_invalid_ndarray_dimension_is_annotation_error():
    for bad in (3, 2.5, None, "n", Literal[-1], Literal[1, 2]):
        with pytest.raises(AnnotationError):
            isinstance(np.zeros(3), NDArray[float64, bad])


def test_huge_constant_size_fails_where_written_and_says_why():
    # A constant size beyond any axis is wrong for every call, like a 30-digit size: an
    # AnnotationError where the annotation is written, saying what is wrong (once it said
    # "exponent 5000 is out of range 0..64" at every call, a ShapeError).
    for text in ("((10**64)**64)**64", "10**5000", "2**65", "n 10**5000"):
        with pytest.raises(AnnotationError) as info:
            Float[np.ndarray, text]
        assert "exceeds 2**64, larger than any array axis" in str(info.value), text
    assert Float[np.ndarray, "2**64"] is not None  # the largest size still fits
    with pytest.raises(AnnotationError, match="not negative"):
        Float[np.ndarray, "1-5"]
    with pytest.raises(AnnotationError, match="negative exponent"):
        Float[np.ndarray, "2**-1"]


def test_huge_size_from_bindings_is_a_shape_error_that_says_why():
    @check
    def f(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "10**n"]:
        return x

    with pytest.raises(ShapeError) as info:
        f(np.ones(5000))
    message = str(info.value)
    assert "return value" in message and "10**n (with n=5000): exceeds 2**64, larger than any array axis" in message
    assert "exponent" not in message


def test_exponent_guard():
    @check
    def f(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "2**n**n"]:
        return x

    with pytest.raises(ShapeError):
        f(np.ones(3))  # 2**27, checked quickly
    with pytest.raises(ShapeError) as info:
        f(np.ones(4))  # 2**256: exponent out of range
    assert "exponent" in str(info.value) or "2**n**n" in str(info.value)


def test_nested_power_expression_does_not_hang():
    # Each exponent is within the guard's limit, but the result has 10**(64**5) digits.
    code = textwrap.dedent(
        """
        import numpy as np
        from ndtyping import Float, check, NdtypingError, AnnotationError
        try:
            @check
            def f(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "((((10**64)**64)**64)**64)**64"]:
                return x
            f(np.ones(3))
        except NdtypingError:
            print("ok")
        """
    )
    try:
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=15)
    except subprocess.TimeoutExpired:
        pytest.fail("checking a nested power expression took more than 15 seconds")
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout


def test_deeply_nested_parentheses():
    with pytest.raises(AnnotationError):
        Float[np.ndarray, "(" * 5000 + "n" + ")" * 5000]


@pytest.mark.parametrize("depth", [1000, 10000, 100000])
def test_deeply_nested_unary_minus(depth):
    # Must be an AnnotationError at every depth (CPython's parser raises MemoryError past ~10**4).
    with pytest.raises(AnnotationError):
        Float[np.ndarray, "-" * depth + "n"]


def test_dunder_names_are_unchecked_axes_and_never_looked_up():
    # A leading underscore makes an axis unchecked ("_", "_name"): "__import__" is only a label.
    ann = Float[np.ndarray, "__import__ __builtins__"]
    assert isinstance(np.zeros((2, 3)), ann)
    assert not isinstance(np.zeros(2), ann)
    assert PWNED == []


# --------------------------------------------------------------------------- hostile values


@check
def any_2d(x: Float[Any, "a b"]) -> Float[Any, "a b"]:
    return x


@check
def np_2d(x: Float[np.ndarray, "a b"]) -> None:
    pass


B = DimensionVar("B")


@check
def generic_square(x: NDArray[float64, B, B]) -> None:
    pass


CHECKED = [any_2d, np_2d, generic_square]


def _fails_cleanly(fn, value, *fragments):
    with pytest.raises(TypeCheckError) as info:
        fn(value)
    msg = str(info.value)
    assert f"{fn.__name__}()" in msg
    assert "'x'" in msg
    assert "reason:" in msg
    for fragment in fragments:
        assert fragment.lower() in msg.lower(), msg
    assert current_scope() is None
    return msg


class ShapeRaises:
    dtype = np.dtype("float64")

    @property
    def shape(self):
        raise RuntimeError("shape exploded")


class ShapeIsInt:
    dtype = np.dtype("float64")
    shape = 5


class ShapeIsStr:
    dtype = np.dtype("float64")
    shape = "ab"


class DtypeRaises:
    shape = (2, 3)

    @property
    def dtype(self):
        raise ValueError("dtype exploded")


class _StrRaises:
    def __str__(self):
        raise RuntimeError("str exploded")

    __repr__ = __str__

    def __hash__(self):
        return 1


class DtypeStrRaises:
    shape = (2, 3)
    dtype = _StrRaises()


class _EqRaises:
    def __eq__(self, other):
        raise RuntimeError("eq exploded")

    __ne__ = __eq__

    def __hash__(self):
        return 0


class ShapeItemsCompareRaise:
    dtype = np.dtype("float64")
    shape = (_EqRaises(), _EqRaises())


@pytest.mark.parametrize("fn", CHECKED, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "value, fragment",
    [
        (None, "None"),
        ("ab", "str"),
        ([[1.0, 2.0], [3.0, 4.0]], "list"),
        (((1.0, 2.0), (3.0, 4.0)), "tuple"),
        (3.0, "float"),
        (ShapeRaises(), "ShapeRaises"),
        (ShapeIsInt(), "shape"),
        (DtypeRaises(), "DtypeRaises"),
    ],
    ids=["None", "str", "nested_list", "nested_tuple", "float", "shape_raises", "shape_is_int", "dtype_raises"],
)
def test_non_arrays_fail_cleanly(fn, value, fragment):
    _fails_cleanly(fn, value, fragment)


@pytest.mark.parametrize("value", [None, "ab", [[1.0]], ShapeRaises(), ShapeIsInt(), DtypeRaises()])
def test_isinstance_on_non_arrays_is_false(value):
    assert not isinstance(value, Float[Any, "a b"])
    assert not isinstance(value, Float[np.ndarray, "a b"])
    assert not isinstance(value, NDArray[float64, B, B])


def test_shape_that_lies_with_a_string_is_rejected():
    # `.shape == "ab"` is not a tuple of sizes; iterating it must not produce axes 'a', 'b'.
    _fails_cleanly(any_2d, ShapeIsStr())
    assert not isinstance(ShapeIsStr(), Float[Any, "a b"])


def test_dtype_whose_str_raises_fails_cleanly():
    for fn in CHECKED:
        _fails_cleanly(fn, DtypeStrRaises())


def test_shape_items_whose_comparison_raises_fail_cleanly():
    for fn in (any_2d, generic_square):
        _fails_cleanly(fn, ShapeItemsCompareRaise())


def test_zero_sized_arrays():
    assert any_2d(np.zeros((0, 3))).shape == (0, 3)
    np_2d(np.zeros((0, 0)))
    generic_square(np.zeros((0, 0)))
    msg = _fails_cleanly(generic_square, np.zeros((0, 3)), "f64[0,3](numpy)")
    assert "B" in msg
    _fails_cleanly(np_2d, np.zeros((0,)), "rank 1")
    assert isinstance(np.zeros((0, 5)), Float[np.ndarray, "0 n"])
    assert not isinstance(np.zeros((0, 5)), Float[np.ndarray, "n n"])

    @check
    def same(x: Float[np.ndarray, "n"], y: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
        return x + y

    assert same(np.zeros(0), np.zeros(0)).shape == (0,)
    with pytest.raises(ShapeError) as info:
        same(np.zeros(0), np.zeros(1))
    assert "n=0" in str(info.value)


def test_huge_strided_view_is_never_materialised():
    base = np.zeros(1)
    huge = np.lib.stride_tricks.as_strided(base, shape=(2**40, 3), strides=(0, 0))
    assert huge.shape == (2**40, 3)
    assert any_2d(huge) is huge
    np_2d(huge)
    assert isinstance(huge, Float[np.ndarray, "n 3"])
    msg = _fails_cleanly(generic_square, huge, str(2**40))
    assert "f64[1099511627776,3](numpy)" in msg

    square = np.lib.stride_tricks.as_strided(base, shape=(2**28, 2**28), strides=(0, 0))
    generic_square(square)

    @check
    def pair(x: Float[np.ndarray, "n 3"], y: Float[np.ndarray, "n"]) -> None:
        pass

    pair(huge, np.lib.stride_tricks.as_strided(base, shape=(2**40,), strides=(0,)))
    with pytest.raises(ShapeError) as info:
        pair(huge, np.zeros(5))
    assert f"n={2**40}" in str(info.value)


def test_numpy_matrix():
    m = np.matrix([[1.0, 2.0], [3.0, 4.0]])
    assert any_2d(m) is m
    np_2d(m)
    generic_square(m)
    _fails_cleanly(generic_square, np.matrix([[1.0, 2.0]]), "f64[1,2](numpy)")
    assert not isinstance(np.matrix([[1, 2]]), Float[np.ndarray, "a b"])  # int matrix
    assert isinstance(np.matrix([[1, 2]]), Int[np.ndarray, "1 2"])


def test_masked_arrays():
    ma = np.ma.masked_array(np.ones((2, 3)), mask=[[0, 1, 0], [1, 0, 0]])
    assert any_2d(ma) is ma
    np_2d(ma)
    _fails_cleanly(generic_square, ma, "f64[2,3](numpy)")
    generic_square(np.ma.masked_array(np.ones((2, 2)), mask=True))
    assert isinstance(np.ma.masked_all((4,), dtype=np.float32), Float[np.ndarray, "4"])
    assert not isinstance(np.ma.masked_all((4,), dtype=np.int32), Float[np.ndarray, "4"])


def test_read_only_arrays():
    x = np.ones((3, 3))
    x.flags.writeable = False
    assert any_2d(x) is x
    np_2d(x)
    generic_square(x)
    assert not x.flags.writeable  # checking never touches the flags
    y = np.ones((2, 3))
    y.flags.writeable = False
    _fails_cleanly(generic_square, y)
    b = np.broadcast_to(np.arange(3.0), (4, 3))  # read-only broadcast view
    np_2d(b)


def test_non_contiguous_arrays():
    x = np.ones((6, 8))[::2, ::4]
    assert not x.flags.c_contiguous
    assert any_2d(x) is x
    _fails_cleanly(generic_square, x, "f64[3,2](numpy)")
    generic_square(np.ones((6, 6))[::2, ::2])
    t = np.ones((2, 3)).T
    assert isinstance(t, Float[np.ndarray, "3 2"])
    f = np.asfortranarray(np.ones((2, 3)))
    assert isinstance(f, Float[np.ndarray, "2 3"])
    neg = np.ones((4, 4))[::-1, ::-1]
    generic_square(neg)


def test_structured_and_object_dtypes():
    _fails_cleanly(np_2d, np.zeros((2, 3), dtype=[("a", "f8")]), "not Float")
    _fails_cleanly(np_2d, np.zeros((2, 3), dtype=object), "object")
    assert isinstance(np.zeros((2, 3), dtype=object), Shaped[np.ndarray, "2 3"])
    assert isinstance(np.zeros((2, 3), dtype="U3"), Shaped[np.ndarray, "2 3"])
    assert not isinstance(np.zeros((2, 3), dtype="U3"), Float[np.ndarray, "2 3"])


def test_numpy_scalar_is_rank_zero():
    assert isinstance(np.float64(1.0), Float[Any, ""])
    assert not isinstance(np.float64(1.0), Float[np.ndarray, ""])  # not an ndarray instance
    _fails_cleanly(any_2d, np.float64(1.0), "rank 0")


def test_value_with_array_like_attributes_but_weird_module():
    class Duck:
        shape = (2, 3)
        dtype = np.dtype("float32")

    assert isinstance(Duck(), Float[Any, "2 3"])
    msg = _fails_cleanly(generic_square, Duck())
    assert "f32[2,3]" in msg


def test_errors_are_typeerrors_and_ndtyping_errors():
    with pytest.raises(TypeError):
        np_2d(None)
    with pytest.raises(ndtyping.NdtypingError):
        np_2d(None)
    with pytest.raises(ShapeError):
        np_2d(np.ones(3))
