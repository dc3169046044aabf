"""Annotations that were once skipped without a word, or made valid code fail (issue 17).

Each test names the kind of failure it guards against. Where jaxtyping + beartype accept a
value, ndtyping must accept it too; where an annotation cannot be checked, the error says so.
"""

# No `from __future__ import annotations` here: the annotations name local classes and values
# (postponed annotations are exercised by test_random_functions.py and the resolution tests).
import gc
import sys
import textwrap
import tracemalloc
import typing
from typing import Any, Optional

import numpy as np
import numpy.typing as npt
import pytest

from ndtyping import (
    AnnotationError,
    DimensionVar,
    Float,
    Float32,
    Int64,
    NDArray,
    Shaped,
    ShapeError,
    ShapeVar,
    TypeCheckError,
    check,
    float32,
    int64,
)
from ndtyping._compat import Unpack

N = DimensionVar("N")
B = ShapeVar("B")

needs_312 = pytest.mark.skipif(sys.version_info < (3, 12), reason="`type X = ...` statements are Python 3.12+ syntax")


def _module(source: str) -> dict[str, Any]:
    """Run `source` as a module of its own (for syntax or `from __future__` that this file cannot use)."""
    namespace: dict[str, Any] = {"__name__": "generated_module"}
    exec(compile(textwrap.dedent(source), "<generated module>", "exec"), namespace)  # noqa: S102
    return namespace


# ----------------------------------------------------------------------------- valid code refused


@pytest.mark.parametrize("stored", [">f4", "<f4", "=f4"])
def test_byte_order_is_not_part_of_the_dtype(stored: str) -> None:
    # FITS files and network data are big-endian: '>f4' is a float32 as far as any annotation goes.
    x = np.arange(6, dtype=stored).reshape(2, 3)
    assert isinstance(x, Float[np.ndarray, "a b"])
    assert isinstance(x, Float32[np.ndarray, "a b"])
    assert isinstance(x, NDArray[float32, N, Any])
    assert not isinstance(x, Int64[np.ndarray, "a b"])

    @check
    def f(v: Float32[np.ndarray, "n m"], w: NDArray[float32, N, Any]) -> Float32[np.ndarray, "n m"]:
        return v

    assert f(x, x) is x


@pytest.mark.parametrize("stored", [">i8", "<i8"])
def test_byte_order_int64(stored: str) -> None:
    x = np.arange(3, dtype=stored)
    assert isinstance(x, Int64[np.ndarray, "n"]) and isinstance(x, NDArray[int64, N])
    assert not isinstance(x, Float[np.ndarray, "n"])


def test_byte_swapped_dtype_still_reports_wrong_dtype() -> None:
    @check
    def f(v: Int64[np.ndarray, "n"]) -> None:
        pass

    with pytest.raises(ShapeError, match="dtype float32 is not Int64"):
        f(np.zeros(3, ">f4"))


@pytest.mark.parametrize(
    ("values", "scalar", "other"),
    [
        (np.array(["2020-01-01", "2021-06-30"], dtype="datetime64[D]"), np.datetime64, np.timedelta64),
        (np.array([1, 2], dtype="datetime64[ns]"), np.datetime64, np.timedelta64),
        (np.array([3, 4], dtype="timedelta64[s]"), np.timedelta64, np.datetime64),
        (np.array(["ab", "c"]), np.str_, np.bytes_),
        (np.array([b"ab", b"c"]), np.bytes_, np.str_),
    ],
)
def test_datetime_timedelta_and_string_arrays_fit_their_dtype(values: Any, scalar: Any, other: Any) -> None:
    assert isinstance(values, NDArray[scalar, N])
    assert not isinstance(values, NDArray[other, N])
    assert not isinstance(values, NDArray[float32, N])
    assert isinstance(values, Shaped[np.ndarray, "n"])

    @check
    def f(v: NDArray[scalar, N]) -> NDArray[scalar, N]:  # type: ignore[valid-type]
        return v

    assert f(values) is values
    with pytest.raises(ShapeError):
        f(np.zeros(2))


@pytest.mark.parametrize("order", ["small first", "large first"])
def test_broadcast_variadic_accepts_either_argument_order(order: str) -> None:
    @check
    def f(x: Float[np.ndarray, "*#b c"], y: Float[np.ndarray, "*#b c"]) -> int:
        return 1

    small, large = np.ones((1, 4, 5)), np.ones((3, 4, 5))
    pair = (small, large) if order == "small first" else (large, small)
    assert f(*pair) == 1
    assert f(np.ones((3, 1, 5)), np.ones((1, 4, 5))) == 1  # broadcast both ways, as numpy does
    assert f(np.ones((4, 5)), np.ones((3, 4, 5))) == 1  # fewer axes broadcast too
    with pytest.raises(ShapeError, match="does not broadcast"):
        f(np.ones((2, 4, 5)), np.ones((3, 4, 5)))


def test_broadcast_variadic_binding_widens_then_fixes() -> None:
    @check
    def f(x: Float[np.ndarray, "*#b c"], y: Float[np.ndarray, "*#b c"], z: Float[np.ndarray, "*b c"]) -> int:
        return 1

    assert f(np.ones((1, 4, 5)), np.ones((3, 1, 5)), np.ones((3, 4, 5))) == 1
    with pytest.raises(ShapeError, match=r"\*b"):  # z must be what x and y broadcast to
        f(np.ones((1, 4, 5)), np.ones((3, 1, 5)), np.ones((1, 4, 5)))

    @check
    def g(z: Float[np.ndarray, "*b c"], x: Float[np.ndarray, "*#b c"]) -> int:
        return 1

    assert g(np.ones((3, 4, 5)), np.ones((1, 4, 5))) == 1
    with pytest.raises(ShapeError, match="does not broadcast to"):
        g(np.ones((1, 4, 5)), np.ones((3, 4, 5)))  # a plain *b binding does not widen


def test_a_failed_union_arm_undoes_a_widened_binding() -> None:
    @check
    def f(
        x: Float[np.ndarray, "*#b c"],
        y: typing.Union[tuple[Float[np.ndarray, "*#b c"], Float[np.ndarray, "7"]], Float[np.ndarray, "*b c"]],
    ) -> int:
        return 1

    # The tuple arm widens b to (3, 4) and then fails on its second item; the array arm must see
    # b = (1, 4) again, so a (1, 4, 5) array fits and a (3, 4, 5) one does not.
    assert f(np.ones((1, 4, 5)), np.ones((1, 4, 5))) == 1
    with pytest.raises(ShapeError) as info:
        f(np.ones((1, 4, 5)), (np.ones((3, 4, 5)), np.ones(6)))
    assert "b=(1,4)" in str(info.value)


def test_non_ascii_parameter_name_in_braces() -> None:
    namespace = _module(
        """
        import numpy as np
        from ndtyping import Float, check

        @check
        def f(größe: int, x: Float[np.ndarray, "{größe} 2"], ﬁle: int, y: Float[np.ndarray, "{ﬁle}"]) -> int:
            return größe
        """
    )
    f = namespace["f"]
    assert f(3, np.ones((3, 2)), 4, np.ones(4)) == 3
    with pytest.raises(ShapeError, match="größe"):
        f(3, np.ones((4, 2)), 4, np.ones(4))
    with pytest.raises(ShapeError, match="ﬁle|file"):  # 'ﬁ' is 'fi' to Python's parser (NFKC)
        f(3, np.ones((3, 2)), 4, np.ones(5))


def test_typeddict_parameter_is_checked_as_a_dict_of_its_fields() -> None:
    class Batch(typing.TypedDict):
        count: int
        x: Float[np.ndarray, "n 3"]

    class Partial(typing.TypedDict, total=False):
        label: str

    @check
    def f(batch: Batch, y: Float[np.ndarray, "n"], extra: Partial) -> int:
        return batch["count"]

    assert f({"count": 2, "x": np.ones((2, 3))}, np.ones(2), {}) == 2
    assert f({"count": 2, "x": np.ones((2, 3))}, np.ones(2), {"label": "a"}) == 2
    with pytest.raises(TypeCheckError, match="key 'count': expected int, got str"):
        f({"count": "2", "x": np.ones((2, 3))}, np.ones(2), {})
    with pytest.raises(TypeCheckError, match="requires the key 'x'"):
        f({"count": 2}, np.ones(2), {})
    with pytest.raises(TypeCheckError, match="expected a dict"):
        f([("count", 2)], np.ones(2), {})
    with pytest.raises(TypeCheckError, match="key 'label'"):
        f({"count": 2, "x": np.ones((2, 3))}, np.ones(2), {"label": 3})
    with pytest.raises(ShapeError, match="dim n: 3 here"):  # the fields bind dimensions like arguments
        f({"count": 2, "x": np.ones((2, 3))}, np.ones(3), {})


def test_typeddict_not_required_fields() -> None:
    if sys.version_info >= (3, 11):  # 3.11+: typing.NotRequired
        not_required: Any = typing.NotRequired  # type: ignore[attr-defined]
    else:  # <=3.10
        import typing_extensions

        not_required = typing_extensions.NotRequired

    Config = typing.TypedDict("Config", {"size": int, "name": not_required[str]})  # type: ignore[misc]  # noqa: UP013 (the NotRequired spelling depends on the version)

    @check
    def f(config: Config) -> int:  # type: ignore[valid-type]
        return 1

    assert f({"size": 1}) == 1 and f({"size": 1, "name": "a"}) == 1
    with pytest.raises(TypeCheckError, match="key 'name'"):
        f({"size": 1, "name": 2})


def test_numpy_typing_ndarray_checks_the_dtype() -> None:
    @check
    def f(x: npt.NDArray[np.float32], y: npt.NDArray[np.floating[Any]]) -> int:
        return 1

    assert f(np.ones(3, np.float32), np.ones(2)) == 1
    with pytest.raises(TypeCheckError, match="dtype float64 is not float32"):
        f(np.ones(3), np.ones(2))
    with pytest.raises(TypeCheckError, match="dtype int64 is not Float"):
        f(np.ones(3, np.float32), np.ones(2, np.int64))
    with pytest.raises(TypeCheckError, match="ndarray"):
        f([1.0], np.ones(2))


def test_numpy_ndarray_shape_type_is_checked_where_it_says_something() -> None:
    @check
    def f(x: np.ndarray[tuple[int, int], np.dtype[np.int64]], y: np.ndarray[Any, np.dtype[Any]]) -> int:  # type: ignore[type-var]
        return 1

    assert f(np.ones((2, 2), np.int64), np.ones(5)) == 1
    with pytest.raises(TypeCheckError, match="rank 1, expected 2"):
        f(np.ones(2, np.int64), np.ones(5))


def test_none_default_on_an_array_parameter() -> None:
    @check
    def f(
        x: Float[np.ndarray, "N"] = None,  # type: ignore[assignment]
        y: NDArray[float32, N] = None,  # type: ignore[assignment]
        count: int = None,  # type: ignore[assignment]
    ) -> int:
        return 1

    assert f() == 1
    assert f(None, None, None) == 1
    assert f(np.ones(3), np.ones(3, np.float32), 2) == 1
    with pytest.raises(ShapeError, match="dtype int64 is not Float"):
        f(np.ones(3, np.int64))  # any other value is still checked
    with pytest.raises(ShapeError, match="dim N: 4 here"):
        f(np.ones(3), np.ones(4, np.float32))
    with pytest.raises(TypeCheckError, match="expected int, got str"):
        f(count="2")


def test_default_that_is_not_none_is_still_checked() -> None:
    @check
    def f(x: Float[np.ndarray, "3"] = np.ones(4)) -> int:
        return 1

    with pytest.raises(ShapeError, match="size 4, expected 3"):
        f()


# ----------------------------------------------------------------------------- type aliases


def test_typing_extensions_type_alias_is_checked() -> None:
    typing_extensions = pytest.importorskip("typing_extensions")
    Vector = typing_extensions.TypeAliasType("Vector", Float[np.ndarray, "n"])
    Count = typing_extensions.TypeAliasType("Count", int)

    @check
    def f(x: Vector, y: Vector, k: Count) -> Vector:
        return x

    assert f(np.ones(3), np.ones(3), 1) is not None
    with pytest.raises(TypeCheckError, match="dim n: 4 here"):
        f(np.ones(3), np.ones(4), 1)
    with pytest.raises(TypeCheckError, match="expected int, got str"):
        f(np.ones(3), np.ones(3), "1")


@needs_312
def test_type_statement_aliases_are_checked() -> None:
    namespace = _module(
        """
        import numpy as np
        from ndtyping import Float, check

        type Vector = Float[np.ndarray, "n"]
        type Pair[T] = tuple[T, T]
        type Tree = list[Tree] | int
        type Sized = Float[np.ndarray, "{k}"]

        @check
        def f(x: Vector, y: Vector, p: Pair[int], t: Tree, k: int, s: Sized) -> Vector:
            return x
        """
    )
    f = namespace["f"]
    ok = (np.ones(3), np.ones(3), (1, 2), [1, [2, [3]]], 4, np.ones(4))
    assert f(*ok) is ok[0]
    for index, bad, message in [
        (1, np.ones(4), "dim n: 4 here"),
        (2, (1, "a"), "item 1: expected int, got str"),
        (3, [1, ["x"]], "no member of the union matches"),
        (5, np.ones(5), r"size 5, but \{k\} = 4"),
    ]:
        args = list(ok)
        args[index] = bad
        with pytest.raises(TypeCheckError, match=message):
            f(*args)


@needs_312
def test_type_alias_naming_a_later_class_resolves_at_the_first_call() -> None:
    namespace = _module(
        """
        from ndtyping import check

        type Later = Defined

        @check
        def f(x: Later) -> int:
            return 1
        """
    )
    f = namespace["f"]
    with pytest.raises(AnnotationError, match="'Later' cannot be resolved"):
        f(1)
    namespace["Defined"] = str
    assert f("a") == 1
    with pytest.raises(TypeCheckError, match="expected str, got int"):
        f(1)


@needs_312
def test_numpy_typing_ndarray_as_a_type_alias() -> None:
    # numpy >= 2.5 on Python 3.12+ defines npt.NDArray with a `type` statement.
    namespace = _module(
        """
        import numpy as np
        from ndtyping import check

        type Floats[T: np.generic] = np.ndarray[tuple[int, ...], np.dtype[T]]

        @check
        def f(x: Floats[np.float32]) -> int:
            return 1
        """
    )
    f = namespace["f"]
    assert f(np.ones(2, np.float32)) == 1
    with pytest.raises(TypeCheckError, match="dtype float64 is not float32"):
        f(np.ones(2))


# ----------------------------------------------------------------------------- errors: kind and words


@pytest.mark.parametrize(
    ("value", "words"),
    [("abc", "'abc'"), (None, "None"), (3.5, "3.5"), (True, "True")],
)
def test_bad_value_behind_braces_is_a_type_error_of_the_call(value: Any, words: str) -> None:
    @check
    def f(size, x: Float[np.ndarray, "{size}"]) -> int:  # type: ignore[no-untyped-def]
        return 1

    assert f(3, np.ones(3)) == 1
    assert f(np.int64(3), np.ones(3)) == 1
    with pytest.raises(ShapeError) as info:
        f(value, np.ones(3))
    assert not isinstance(info.value, AnnotationError)
    assert "argument 'x'" in str(info.value) and f"needs size to be an integer size, but it is {words}" in str(
        info.value
    )


def test_missing_attribute_behind_braces_is_a_type_error_of_the_call() -> None:
    class Config:
        pass

    @check
    def f(config, x: Float[np.ndarray, "{config.size}"]) -> int:  # type: ignore[no-untyped-def]
        return 1

    with pytest.raises(ShapeError, match=r"needs config.size, but config \(Config\) has no attribute 'size'"):
        f(Config(), np.ones(3))


def test_true_division_message_says_what_to_write() -> None:
    with pytest.raises(AnnotationError) as info:
        Float[np.ndarray, "n n/2"]
    message = str(info.value)
    assert "BinOp" not in message
    assert "'/'" in message and "'//'" in message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a<<2", "the operator '<<'"),
        ("a<b<c", "chained comparison"),
        ("a[0]", "subscript 'a[0]'"),
        ("~a", "the operator '~'"),
        ("(a,b)", "separated by spaces"),
    ],
)
def test_rejected_expressions_are_described_in_the_users_terms(text: str, words: str) -> None:
    with pytest.raises(AnnotationError) as info:
        Float[np.ndarray, text]
    assert words in str(info.value)
    for ast_name in ("BinOp", "Compare", "Subscript", "UnaryOp", "Tuple"):
        assert ast_name not in str(info.value)


# ----------------------------------------------------------------------------- resources


def _collect() -> None:
    # Twice: an annotation's own metaclass becomes garbage only once the annotation is collected.
    gc.collect()
    gc.collect()


def _retained(build: Any, count: int) -> int:
    _collect()
    before = tracemalloc.get_traced_memory()[0]
    for n in range(count):
        build(n)
    _collect()
    return tracemalloc.get_traced_memory()[0] - before


def test_annotations_built_at_runtime_are_freed() -> None:
    # `Float[np.ndarray, f"{n} 3"]` from data: 20,000 of them once kept 147 MB (about 8 KB each).
    x = np.ones((5, 3))
    offset = [10**6]

    def build(n: int) -> None:
        annotation = Float[np.ndarray, f"{offset[0] + n} 3"]
        isinstance(x, annotation)
        generic = NDArray[float32, Unpack[tuple[Any, ...]]]
        isinstance(x, generic)

    tracemalloc.start()
    try:
        _retained(build, 2000)  # fill the bounded caches first
        offset[0] += 10**6
        first = _retained(build, 4000)
        offset[0] += 10**6
        second = _retained(build, 4000)
    finally:
        tracemalloc.stop()
    # Bounded: another 4,000 annotations add (next to) nothing, and the caches stay small.
    assert second < 512 * 1024, (first, second)
    assert first < 8 * 1024 * 1024, (first, second)


def test_annotation_identity_is_kept_while_in_use() -> None:
    a = Float[np.ndarray, "identity_n 3"]
    for n in range(1000):  # more than the recent-annotation cache holds
        Float[np.ndarray, f"{n} identity"]
    assert Float[np.ndarray, "identity_n 3"] is a


def test_optional_annotation_arguments_are_still_checked() -> None:
    @check
    def f(x: Optional[Float[np.ndarray, "n"]], y: Float[np.ndarray, "n"]) -> int:
        return 1

    assert f(None, np.ones(2)) == 1
    with pytest.raises(ShapeError):
        f(np.ones(3), np.ones(2))


# ----------------------------------------------------------------------------- wrappers keep protocols


def test_check_of_a_partial_checks_the_function() -> None:
    import functools

    def scale(factor: int, x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
        return x * factor

    double = check(functools.partial(scale, 2))
    assert double(np.ones(2)).tolist() == [2.0, 2.0]
    with pytest.raises(ShapeError, match="argument 'x'"):
        double("not an array")
    with pytest.raises(TypeCheckError, match="argument 'factor'"):
        check(functools.partial(scale, "2"))(np.ones(2))


def test_dataclass_with_an_unset_init_false_field_can_be_built() -> None:
    import dataclasses

    @check
    @dataclasses.dataclass
    class Record:
        x: Float[np.ndarray, "n"]
        total: float = dataclasses.field(init=False)

    record = Record(np.ones(2))
    assert record.x.shape == (2,)
    with pytest.raises(ShapeError, match="field 'x'"):
        Record(np.ones(2, np.int64))


def test_properties_and_cached_properties_are_checked() -> None:
    import functools

    @check
    class Box:
        def __init__(self, size: int) -> None:
            self.size = size

        @property
        def data(self) -> Float[np.ndarray, "3"]:
            return np.ones(self.size)

        @data.setter
        def data(self, value: Float[np.ndarray, "3"]) -> None:
            pass

        @functools.cached_property
        def label(self) -> str:
            return self.size  # type: ignore[return-value]

    assert Box(3).data.shape == (3,)
    with pytest.raises(ShapeError, match="return value"):
        Box(4).data  # noqa: B018 (the property runs the check)
    with pytest.raises(ShapeError, match="argument 'value'"):
        Box(3).data = np.ones(4)
    with pytest.raises(TypeCheckError, match="return value"):
        Box(3).label  # noqa: B018 (the property runs the check)
    standalone = check(property(lambda self: 1))
    assert isinstance(standalone, property)


def test_check_on_a_property_object() -> None:
    def getter(self: Any) -> int:
        return "one"  # type: ignore[return-value]

    checked = check(property(getter))
    assert isinstance(checked, property)
    with pytest.raises(TypeCheckError, match="return value"):
        checked.fget(None)  # type: ignore[misc]


def test_checked_generator_functions_are_still_generator_functions() -> None:
    import inspect

    @check
    def numbers(x: int) -> typing.Iterator[int]:
        yield x

    @check
    async def later(x: int) -> typing.AsyncIterator[int]:
        yield x

    assert inspect.isgeneratorfunction(numbers)
    assert inspect.isasyncgenfunction(later)
    assert not inspect.iscoroutinefunction(numbers)


def test_checked_generator_forwards_send_throw_close() -> None:
    events: list[str] = []

    @check
    def echo(x: int) -> typing.Generator[int, int, None]:
        try:
            while True:
                try:
                    x = yield x
                except KeyError:
                    x = -1
        finally:
            events.append("finally")

    gen = echo(1)
    assert next(gen) == 1 and gen.send(5) == 5 and gen.throw(KeyError()) == -1
    gen.close()
    assert events == ["finally"]


def test_checked_async_generator_forwards_asend_athrow_aclose() -> None:
    import asyncio

    events: list[str] = []

    @check
    async def echo(x: int) -> typing.AsyncGenerator[int, int]:
        try:
            while True:
                try:
                    x = yield x
                except KeyError:
                    x = -1
        finally:
            events.append("finally")

    async def drive() -> list[int]:
        gen = echo(1)
        seen = [await gen.__anext__(), await gen.asend(5), await gen.athrow(KeyError())]
        await gen.aclose()
        seen.append(len(events))  # the finally ran at aclose, not at garbage collection
        return seen

    assert asyncio.run(drive()) == [1, 5, -1, 1]


def test_braces_naming_no_parameter_fail_at_decoration() -> None:
    def f(x: Float[np.ndarray, "{size}"]) -> None:
        pass

    with pytest.raises(AnnotationError, match=r"refers to size in braces, which is not a parameter"):
        check(f)


# ---------------------------------------------------------------------------------------------
# Special forms that were once silently unchecked: Self, Final, TypeGuard, NoReturn, LiteralString


def test_self_is_the_class_of_the_first_argument() -> None:
    from typing_extensions import Self

    class Shape2:
        @check
        def same(self) -> Self:
            return self

        @check
        def wrong(self) -> Self:
            return 1  # type: ignore[return-value]

        @check
        def merge(self, other: Self) -> int:
            return 1

        @classmethod
        @check
        def make(cls) -> Self:
            return cls()

        @classmethod
        @check
        def make_base(cls) -> Self:
            return Shape2()

    class Sub(Shape2):
        pass

    assert isinstance(Sub().same(), Sub) and isinstance(Sub.make(), Sub)
    assert Shape2().merge(Sub()) == 1
    with pytest.raises(TypeCheckError, match=r"Self \(an instance of .*Shape2\)"):
        Shape2().wrong()
    with pytest.raises(TypeCheckError, match=r"argument 'other'.*\n.*Sub"):
        Sub().merge(Shape2())  # a subclass's method asks for the subclass
    with pytest.raises(TypeCheckError, match="return value"):
        Sub.make_base()


def test_self_in_a_dataclass_field() -> None:
    import dataclasses

    from typing_extensions import Self

    @check
    @dataclasses.dataclass
    class Tree:
        value: Float[np.ndarray, " n"]
        parent: Optional[Self] = None

    Tree(np.zeros(2), Tree(np.zeros(2)))  # was refused once Self was checked through the arguments
    with pytest.raises(TypeCheckError, match="field 'parent'"):
        Tree(np.zeros(2), 5)  # type: ignore[arg-type]


def test_final_typeguard_noreturn_literalstring_are_checked() -> None:
    import dataclasses

    from typing_extensions import LiteralString, NoReturn, TypeGuard

    @check
    @dataclasses.dataclass
    class Settings:
        rate: typing.Final[float] = 0.1

    @check
    def is_small(x: object) -> TypeGuard[int]:
        return 1  # type: ignore[return-value]

    @check
    def stop() -> NoReturn:  # type: ignore[misc]
        return None  # type: ignore[return-value]

    @check
    def label(text: LiteralString) -> int:
        return 1

    Settings(0.5)
    with pytest.raises(TypeCheckError, match="field 'rate'"):
        Settings("fast")  # type: ignore[arg-type]
    with pytest.raises(TypeCheckError, match="return value"):
        is_small(1)
    with pytest.raises(TypeCheckError, match="return value"):
        stop()
    assert label("ok") == 1
    with pytest.raises(TypeCheckError, match="argument 'text'"):
        label(3)  # type: ignore[arg-type]


def test_check_of_something_else_is_ndtypings_error() -> None:
    from ndtyping import ConfigurationError

    with pytest.raises(ConfigurationError, match="decorates a function or a class, not int"):
        check(42)  # type: ignore[type-var]


def test_a_callable_object_is_checked_through_its_call() -> None:
    class Scale:
        def __call__(self, x: Float[np.ndarray, " n"]) -> Float[np.ndarray, " n"]:
            return x

    scale = Scale()
    checked = check(scale)
    assert checked(np.zeros(2)).shape == (2,)
    assert checked.__wrapped__ == scale.__call__  # the object stays reachable
    with pytest.raises(ShapeError, match=r"Scale.__call__\(\) argument 'x'"):
        checked(np.zeros((2, 2)))  # was silently unchecked


def test_builtins_without_a_signature_are_returned_as_they_are() -> None:
    import functools

    assert check(functools.partial(max, 1))(2) == 2  # raised inspect's ValueError once
    assert check(len)([1, 2]) == 2
