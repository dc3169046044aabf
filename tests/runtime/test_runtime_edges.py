"""Edge cases found by adversarial use (issue 35), and their siblings.

Four behaviours once differed from what a user (and beartype, on the same annotations) expects:
`tuple[()]` accepted any tuple; a shape mismatch through a type alias raised TypeCheckError
where the annotation written out raises ShapeError; `jaxtyped` with an external typechecker
could not build a dataclass whose `field(init=False)` `__init__` leaves unset; and a huge
`{size}` gave "cannot be compared with sizes: ValueError" instead of naming the size. Each
section tests one of them through every entry point, with the forms next to it.
"""

# No `from __future__ import annotations`: the annotations name local aliases and classes.
import dataclasses
import sys
import textwrap
import typing
from typing import Any, Callable, Optional, Tuple

import numpy as np
import pytest

from ndtyping import (
    AnnotationError,
    DimensionVar,
    Float,
    NDArray,
    ShapeError,
    TypeCheckError,
    check,
    float64,
    jaxtyped,
)

typing_extensions = pytest.importorskip("typing_extensions")
Unpack = typing_extensions.Unpack

needs_311 = pytest.mark.skipif(sys.version_info < (3, 11), reason="`*tuple[...]` in a subscript is Python 3.11+ syntax")
needs_312 = pytest.mark.skipif(sys.version_info < (3, 12), reason="`type X = ...` statements are Python 3.12+ syntax")

N = DimensionVar("N")


def _external(name: str) -> Callable[..., Any]:
    if name == "typeguard":
        return pytest.importorskip("typeguard").typechecked  # type: ignore[no-any-return]
    return pytest.importorskip("beartype").beartype  # type: ignore[no-any-return]


def _decorator(name: str) -> Callable[[Any], Any]:
    """The entry points a function can be checked through, by name."""
    if name == "check":
        return check
    if name == "jaxtyped-check":
        return jaxtyped(typechecker=check)
    return jaxtyped(typechecker=_external(name))


ENTRY_POINTS = ["check", "jaxtyped-check", "beartype", "typeguard"]
NATIVE = ["check", "jaxtyped-check"]


def _module(source: str) -> dict[str, Any]:
    """Run `source` as a module of its own (for syntax this file cannot use on every version)."""
    namespace: dict[str, Any] = {"__name__": "generated_module"}
    exec(compile(textwrap.dedent(source), "<generated module>", "exec"), namespace)  # noqa: S102
    return namespace


# ============================================================================== 1. tuple[()] and friends


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("empty", [tuple[()], Tuple[()]], ids=["tuple[()]", "Tuple[()]"])
def test_empty_tuple_annotation_accepts_only_the_empty_tuple(entry: str, empty: Any) -> None:
    def f(x: empty) -> int:  # type: ignore[valid-type]
        return 1

    checked = _decorator(entry)(f)
    assert checked(()) == 1
    for value in [(1, 2), (1,), ((),)]:
        with pytest.raises(TypeCheckError) as info:
            checked(value)
        assert not isinstance(info.value, ShapeError)
    if entry in NATIVE:
        with pytest.raises(TypeCheckError, match="argument 'x'.*\n  reason: expected an empty tuple, got length 2"):
            checked((1, 2))


def test_empty_tuple_as_return_value_and_nested() -> None:
    @check
    def f(x: Any) -> tuple[()]:
        return x  # type: ignore[no-any-return]

    @check
    def g(x: tuple[tuple[()], int], y: Optional[tuple[()]] = None, z: Optional[list[tuple[()]]] = None) -> int:
        return 1

    assert f(()) == ()
    with pytest.raises(TypeCheckError, match="return value.*\n  reason: expected an empty tuple, got length 1"):
        f((1,))
    assert g(((), 1), None, [(), ()]) == 1
    with pytest.raises(TypeCheckError, match="argument 'x'.*\n  reason: item 0: expected an empty tuple, got length 1"):
        g(((1,), 1))
    with pytest.raises(TypeCheckError, match="argument 'y'"):
        g(((), 1), (1,))
    with pytest.raises(
        TypeCheckError, match="argument 'z'.*\n  reason: .*item 1: expected an empty tuple, got length 1"
    ):
        g(((), 1), None, [(), (1,)])


def test_bare_tuple_still_accepts_any_tuple() -> None:
    @check
    def f(x: tuple, y: Tuple, z: tuple[int, ...]) -> int:  # type: ignore[type-arg]
        return 1

    assert f((), (), ()) == 1
    assert f((1, "a"), (1, 2, 3), (1, 2, 3)) == 1
    with pytest.raises(TypeCheckError, match="argument 'y'"):
        f((), [1], ())


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_fixed_length_tuple_given_more_or_fewer_items(entry: str) -> None:
    def f(x: tuple[int, int], y: Tuple[Float[np.ndarray, "n"], Float[np.ndarray, "n"]]) -> int:
        return 1

    checked = _decorator(entry)(f)
    pair = (np.ones(2), np.ones(2))
    assert checked((1, 2), pair) == 1
    for bad in [(1, 2, 3), (1,), ()]:
        with pytest.raises(TypeCheckError):
            checked(bad, pair)
    with pytest.raises(TypeCheckError):
        checked((1, 2), (*pair, np.ones(2)))
    if entry in NATIVE:
        with pytest.raises(
            TypeCheckError, match="argument 'x'.*\n  reason: expected a tuple of length 2, got length 3"
        ):
            checked((1, 2, 3), pair)
        with pytest.raises(ShapeError, match="argument 'y'.*\n  reason: expected a tuple of length 2, got length 3"):
            checked((1, 2), (*pair, np.ones(2)))


def _unpacked_tuples() -> list[Any]:
    """`tuple[int, *tuple[str, ...]]` in every spelling this Python has (PEP 646)."""
    spellings = [
        pytest.param(tuple[int, Unpack[tuple[str, ...]]], id="tuple-Unpack"),
        pytest.param(Tuple[int, Unpack[Tuple[str, ...]]], id="Tuple-Unpack"),
    ]
    if sys.version_info >= (3, 11):
        spellings.append(pytest.param(eval("tuple[int, *tuple[str, ...]]"), id="star"))  # noqa: S307 (3.11+ syntax)
    return spellings


@pytest.mark.parametrize("annotation", _unpacked_tuples())
def test_unpacked_variadic_tuple_accepts_every_length(annotation: Any) -> None:
    @check
    def f(x: annotation) -> int:  # type: ignore[valid-type]
        return 1

    for good in [(1,), (1, "a"), (1, "a", "b", "c")]:
        assert f(good) == 1
    for bad, reason in [
        ((), "expected a tuple of at least 1 item, got length 0"),
        (("a",), "item 0: expected int, got str"),
        ((1, 2), "item 1: expected str, got int"),
        ((1, "a", 2), "item 2: expected str, got int"),
    ]:
        with pytest.raises(TypeCheckError, match=f"\n  reason: {reason}"):
            f(bad)


def test_unpacked_fixed_tuple_and_items_after_the_variadic_ones() -> None:
    Ts = typing_extensions.TypeVarTuple("Ts")

    @check
    def f(
        fixed: tuple[int, Unpack[tuple[str, int]]],
        tail: tuple[int, Unpack[tuple[str, ...]], Float[np.ndarray, "n"]],
        anything: tuple[int, Unpack[Ts]],
    ) -> int:
        return 1

    assert f((1, "a", 2), (1, np.ones(2)), (1,)) == 1
    assert f((1, "a", 2), (1, "a", "b", np.ones(2)), (1, "x", 2.0)) == 1
    with pytest.raises(
        TypeCheckError, match="argument 'fixed'.*\n  reason: expected a tuple of length 3, got length 2"
    ):
        f((1, 2), (1, np.ones(2)), (1,))
    with pytest.raises(ShapeError, match="argument 'tail'.*\n  reason: item 2: expected an array"):
        f((1, "a", 2), (1, "a", "b"), (1,))
    with pytest.raises(TypeCheckError, match="argument 'anything'.*\n  reason: item 0: expected int, got str"):
        f((1, "a", 2), (1, np.ones(2)), ("x",))


HOOK_CHECKERS = [
    pytest.param(None, id="hook-check"),
    pytest.param("beartype.beartype", id="hook-beartype"),
    pytest.param("typeguard.typechecked", id="hook-typeguard"),
]


def _hooked(source: str, typechecker: Optional[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """`source` written as a module and imported under `install_import_hook` with `typechecker`."""
    from ndtyping import install_import_hook

    if typechecker is not None:
        pytest.importorskip(typechecker.split(".")[0])
    name = f"ndt_edges_{abs(hash((source, typechecker))):x}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    with install_import_hook(name, typechecker):
        module = __import__(name)
    monkeypatch.delitem(sys.modules, name)
    return module


@pytest.mark.parametrize("typechecker", HOOK_CHECKERS)
def test_empty_tuple_under_the_import_hook(
    typechecker: Optional[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _hooked("def f(x: tuple[()]) -> int:\n    return 1\n", typechecker, tmp_path, monkeypatch)
    assert module.f(()) == 1
    with pytest.raises(TypeCheckError):
        module.f((1, 2))


# ============================================================================== 2. type aliases


def _aliases() -> list[Any]:
    """An array annotation behind each kind of alias, and the annotation with the alias in it."""
    TypeAliasType = typing_extensions.TypeAliasType
    T = typing.TypeVar("T")
    square = Float[np.ndarray, "n n"]
    Square = TypeAliasType("Square", square)
    Alias2 = TypeAliasType("Alias2", Square)
    Alias3 = TypeAliasType("Alias3", Alias2)
    Same = TypeAliasType("Same", T, type_params=(T,))
    Pair = TypeAliasType("Pair", tuple[T, T], type_params=(T,))
    Generic = TypeAliasType("Generic", NDArray[float64, N, N])
    return [
        pytest.param(Square, lambda x: x, id="TypeAliasType"),
        pytest.param(Alias3, lambda x: x, id="alias-of-alias-of-alias"),
        pytest.param(Same[square], lambda x: x, id="generic-alias"),
        pytest.param(Pair[Square], lambda x: (x, x), id="generic-alias-of-alias"),
        pytest.param(Generic, lambda x: x, id="alias-of-NDArray"),
        pytest.param(Optional[Square], lambda x: x, id="Optional-of-alias"),
        pytest.param(list[Alias2], lambda x: [x], id="list-of-alias"),
        pytest.param(tuple[Square, int], lambda x: (x, 1), id="tuple-of-alias"),
    ]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(("annotation", "wrap"), _aliases())
def test_shape_mismatch_through_an_alias_is_the_same_error_as_written_out(
    entry: str, annotation: Any, wrap: Callable[[Any], Any]
) -> None:
    def f(x: annotation) -> int:  # type: ignore[valid-type]
        return 1

    checked = _decorator(entry)(f)
    assert checked(wrap(np.zeros((2, 2)))) == 1
    # What the same function raises with the array annotation written out.
    expected = ShapeError if entry in NATIVE else TypeCheckError
    with pytest.raises(expected) as info:
        checked(wrap(np.zeros((2, 3))))
    assert "argument" in str(info.value) and "x" in str(info.value)


def test_the_issue_example_raises_shape_error() -> None:
    Square = typing_extensions.TypeAliasType("Square", Float[np.ndarray, "n n"])

    @check
    def f(x: Square) -> Square:
        return x

    assert f(np.eye(2)).shape == (2, 2)
    with pytest.raises(ShapeError, match=r"f\(\) argument 'x': expected Square, got f64\[2,3\]\(numpy\)"):
        f(np.zeros((2, 3)))


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_alias_in_a_dataclass_field(entry: str) -> None:
    Square = typing_extensions.TypeAliasType("Square", Float[np.ndarray, "n n"])

    @dataclasses.dataclass
    class Layer:
        w: Square

    Checked = _decorator(entry)(Layer)
    assert Checked(np.eye(2)).w.shape == (2, 2)
    with pytest.raises(ShapeError if entry in NATIVE else TypeCheckError, match="field"):
        Checked(np.zeros((2, 3)))


@pytest.mark.parametrize("entry", ["beartype", "typeguard"])
def test_generic_ndarray_annotation_is_checked_by_external_checkers(entry: str) -> None:
    # NDArray[...] is a typing alias, not a class: an external checker is handed ndtyping's check of it.
    @jaxtyped(typechecker=_external(entry))
    def f(x: NDArray[float64, N, N], y: Optional[NDArray[float64, N]] = None) -> NDArray[float64, N]:
        return x[0]

    assert f(np.eye(2), np.ones(2)).shape == (2,)
    with pytest.raises(TypeCheckError, match=f"rejected by {entry}"):
        f(np.zeros((2, 3)))
    with pytest.raises(TypeCheckError, match=f"rejected by {entry}"):
        f(np.eye(2), np.ones(3))


@needs_312
@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_type_statement_aliases_through_every_entry_point(entry: str) -> None:
    namespace = _module(
        """
        import numpy as np
        from ndtyping import Float

        type Square = Float[np.ndarray, "n n"]
        type Square2 = Square
        type Pair[T] = tuple[T, T]

        def f(x: Square, y: Square2, p: Pair[Square]) -> int:
            return 1
        """
    )
    checked = _decorator(entry)(namespace["f"])
    good, bad = np.eye(2), np.zeros((2, 3))
    assert checked(good, good, (good, good)) == 1
    error = ShapeError if entry in NATIVE else TypeCheckError
    for args in [(bad, good, (good, good)), (good, bad, (good, good)), (good, good, (good, bad))]:
        with pytest.raises(error):
            checked(*args)


@pytest.mark.parametrize("typechecker", HOOK_CHECKERS)
def test_alias_under_the_import_hook(
    typechecker: Optional[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _hooked(
        """
        import dataclasses
        import numpy as np
        import typing_extensions
        from ndtyping import Float

        Square = typing_extensions.TypeAliasType("Square", Float[np.ndarray, "n n"])
        Square2 = typing_extensions.TypeAliasType("Square2", Square)

        def f(x: Square2) -> int:
            return 1

        @dataclasses.dataclass
        class Layer:
            w: Square
        """,
        typechecker,
        tmp_path,
        monkeypatch,
    )
    assert module.f(np.eye(2)) == 1 and module.Layer(np.eye(2)).w.shape == (2, 2)
    error = ShapeError if typechecker is None else TypeCheckError
    with pytest.raises(error, match="argument"):
        module.f(np.zeros((2, 3)))
    with pytest.raises(error, match="field"):
        module.Layer(np.zeros((2, 3)))


# ============================================================================== 3. field(init=False)


def _layer(kind: str) -> type:
    """A dataclass with a `field(init=False)` array field, in one of several shapes."""
    if kind == "unset":

        @dataclasses.dataclass
        class Layer:
            w: Float[np.ndarray, "n n"]
            cache: Float[np.ndarray, "n"] = dataclasses.field(init=False)

    elif kind == "set-in-post-init":

        @dataclasses.dataclass
        class Layer:  # type: ignore[no-redef]
            w: Float[np.ndarray, "n n"]
            cache: Float[np.ndarray, "n"] = dataclasses.field(init=False)

            def __post_init__(self) -> None:
                self.cache = np.zeros(self.w.shape[0] + self.w.shape[0] // 3)  # wrong for n >= 3

    elif kind == "default":

        @dataclasses.dataclass
        class Layer:  # type: ignore[no-redef]
            w: Float[np.ndarray, "n n"]
            cache: Optional[Float[np.ndarray, "n"]] = dataclasses.field(init=False, default=None)

    elif kind == "default-factory":

        @dataclasses.dataclass
        class Layer:  # type: ignore[no-redef]
            w: Float[np.ndarray, "n n"]
            cache: Float[np.ndarray, "2"] = dataclasses.field(init=False, default_factory=lambda: np.zeros(2))

    elif kind == "frozen-two-unset":

        @dataclasses.dataclass(frozen=True)
        class Layer:  # type: ignore[no-redef]
            w: Float[np.ndarray, "n n"]
            cache: Float[np.ndarray, "n"] = dataclasses.field(init=False)
            count: int = dataclasses.field(init=False)

    else:
        raise AssertionError(kind)
    return Layer


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("kind", ["unset", "set-in-post-init", "default", "default-factory", "frozen-two-unset"])
def test_init_false_field_under_every_typechecker(entry: str, kind: str) -> None:
    Layer = _decorator(entry)(_layer(kind))
    layer = Layer(np.eye(2))
    assert layer.w.shape == (2, 2)
    error = ShapeError if entry in NATIVE else TypeCheckError
    with pytest.raises(error, match="field"):  # the fields `__init__` did set are still checked
        Layer(np.zeros((2, 3)))
    if kind == "set-in-post-init":  # and so is the one `__post_init__` set
        with pytest.raises(error, match="field"):
            Layer(np.eye(3))


@pytest.mark.parametrize("entry", ["beartype", "typeguard"])
def test_the_issue_example_builds(entry: str) -> None:
    @jaxtyped(typechecker=_external(entry))
    @dataclasses.dataclass
    class Layer:
        w: Float[np.ndarray, "n n"]
        cache: Float[np.ndarray, "n"] = dataclasses.field(init=False)

    layer = Layer(np.eye(2))
    assert not hasattr(layer, "cache")
    layer.cache = np.ones(2)  # set after `__init__`: not checked (see docs/runtime.md)
    with pytest.raises(TypeCheckError, match=f"Layer.__init__\\(\\) field.*: rejected by {entry}"):
        Layer(np.zeros((2, 3)))


@pytest.mark.parametrize("typechecker", HOOK_CHECKERS)
def test_init_false_field_under_the_import_hook(
    typechecker: Optional[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _hooked(
        """
        import dataclasses
        import numpy as np
        from ndtyping import Float

        @dataclasses.dataclass
        class Layer:
            w: Float[np.ndarray, "n n"]
            cache: Float[np.ndarray, "n"] = dataclasses.field(init=False)
        """,
        typechecker,
        tmp_path,
        monkeypatch,
    )
    assert module.Layer(np.eye(2)).w.shape == (2, 2)
    with pytest.raises(TypeCheckError, match="field"):
        module.Layer(np.zeros((2, 3)))


# ============================================================================== 4. `{size}` values


def _returning(shape: str) -> Callable[..., Any]:
    @check
    def f(size: int, out: Any) -> Float[np.ndarray, shape]:  # type: ignore[valid-type]
        return out  # type: ignore[no-any-return]

    return f


def _taking(shape: str) -> Callable[..., Any]:
    @check
    def f(size: Any, x: Float[np.ndarray, shape]) -> int:  # type: ignore[valid-type]
        return 1

    return f


def _field(shape: str) -> Callable[..., Any]:
    @check
    @dataclasses.dataclass
    class Sized:
        size: Any
        x: Float[np.ndarray, shape]  # type: ignore[valid-type]

    return Sized


PLACES = [
    pytest.param(_returning, "return value", id="return"),
    pytest.param(_taking, "argument 'x'", id="argument"),
    pytest.param(_field, "field 'x'", id="dataclass-field"),
]


def test_the_issue_example_names_the_size() -> None:
    @check
    def f(size: int) -> Float[np.ndarray, "{size}"]:
        return np.zeros(3)

    with pytest.raises(ShapeError) as info:
        f(10**5000)
    message = str(info.value)
    assert "ValueError" not in message and "cannot be compared" not in message
    assert "reason: axis 0: size 3, but {size} = an integer of 5001 digits, larger than any array axis" in message


@pytest.mark.parametrize(("make", "where"), PLACES)
@pytest.mark.parametrize(
    ("shape", "size", "reason"),
    [
        ("{size}", 10**5000, "size 3, but {size} = an integer of 5001 digits, larger than any array axis"),
        ("{size}", -(10**5000), "size 3, but {size} = a negative integer of 5001 digits, and sizes are not negative"),
        ("{size}", 2**64 + 1, "size 3, but {size} = 18446744073709551617, larger than any array axis"),
        ("{size}", -1, "size 3, but {size} = -1, and sizes are not negative"),
        ("{size}", 4, "size 3, but {size} = 4"),
        ("{-size}", 3, "size 3, but {-size} = -3 (with size=3), and sizes are not negative"),
        (
            "{abs(size)}",
            -(10**5000),
            "size 3, but {abs(size)} = an integer of 5001 digits (with size=a negative integer of 5001 digits), larger",
        ),
        ("{size+1}", 3, "size 3, but {size+1} = 4 (with size=3)"),
        ("{size+1}", 10**5000, "{size+1} (with size=an integer of 5001 digits): exceeds 2**64"),
        ("{size*2}", 10**30, "{size*2} (with size=1000000000000000000000000000000): exceeds 2**64"),
    ],
    ids=[
        "huge",
        "huge-negative",
        "2**64+1",
        "negative",
        "wrong",
        "negated",
        "abs-huge",
        "plus-one",
        "plus-one-huge",
        "times-two-big",
    ],
)
def test_a_size_in_braces_is_named_with_the_reason(
    make: Callable[[str], Callable[..., Any]], where: str, shape: str, size: int, reason: str
) -> None:
    checked = make(shape)
    with pytest.raises(ShapeError) as info:
        checked(size, np.zeros(3))
    message = str(info.value)
    assert where in message and "ValueError" not in message
    assert f"reason: axis 0: {reason}" in message


@pytest.mark.parametrize(("make", "where"), PLACES)
@pytest.mark.parametrize(
    ("size", "words"),
    [
        (3.0, "3.0"),
        (np.float64(3.0), "np.float64(3.0)" if np.__version__ >= "2" else "3.0"),
        (True, "True"),
        (np.bool_(True), "np.True_" if np.__version__ >= "2" else "True"),
        ("3", "'3'"),
        (None, "None"),
    ],
    ids=["float", "numpy-float", "bool", "numpy-bool", "str", "None"],
)
def test_a_size_in_braces_that_is_no_integer(
    make: Callable[[str], Callable[..., Any]], where: str, size: Any, words: str
) -> None:
    if make is _returning:
        pytest.skip("`size: int` rejects it first, as an argument")
    with pytest.raises(ShapeError) as info:
        make("{size}")(size, np.zeros(3))
    assert where in str(info.value)
    assert f"reason: axis 0: {{size}} needs size to be an integer size, but it is {words}" in str(info.value)


@pytest.mark.parametrize(("make", "where"), PLACES)
def test_numpy_integer_sizes_fit(make: Callable[[str], Callable[..., Any]], where: str) -> None:
    if make is _returning:
        pytest.skip("`size: int` is checked as an argument")
    make("{size} {size+1}")(np.int64(2), np.zeros((2, 3)))
    make("{size} {size+1}")(np.uint8(2), np.zeros((2, 3)))
    with pytest.raises(ShapeError, match=r"size 3, but \{size\+1\} = 4 \(with size=3\)"):
        make("{size} {size+1}")(np.int64(3), np.zeros((3, 3)))


def test_a_huge_size_under_jaxtyped_with_beartype_is_rejected_cleanly() -> None:
    @jaxtyped(typechecker=_external("beartype"))
    def f(size: int, x: Float[np.ndarray, "{size}"]) -> int:
        return 1

    assert f(3, np.zeros(3)) == 1
    with pytest.raises(TypeCheckError, match="rejected by beartype") as info:
        f(10**5000, np.zeros(3))
    assert "ValueError" not in str(info.value)


def test_a_condition_on_a_huge_size_still_holds() -> None:
    # Correct code is never rejected: a condition compares, it makes no size.
    @check
    def f(size: int, x: Float[np.ndarray, "n {size}>n"]) -> int:
        return 1

    assert f(10**5000, np.zeros((2, 1))) == 1
    with pytest.raises(ShapeError, match=r"condition '\{size\}>n' is false"):
        f(1, np.zeros((2, 1)))


@pytest.mark.parametrize("typechecker", HOOK_CHECKERS[:1])
def test_a_huge_size_under_the_import_hook(
    typechecker: Optional[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _hooked(
        """
        import numpy as np
        from ndtyping import Float

        def f(size: int) -> Float[np.ndarray, "{size}"]:
            return np.zeros(3)
        """,
        typechecker,
        tmp_path,
        monkeypatch,
    )
    with pytest.raises(ShapeError, match=r"\{size\} = an integer of 5001 digits, larger than any array axis"):
        module.f(10**5000)


def test_braces_in_isinstance_say_where_the_arguments_are() -> None:
    # The function's own annotation uses braces: its arguments are kept for the body too.
    @check
    def kept(size: int, x: Float[np.ndarray, "{size}"]) -> bool:
        return isinstance(x, Float[np.ndarray, "{size} ..."])

    @check
    def not_kept(size: int, x: Float[np.ndarray, "n"]) -> bool:
        return isinstance(x, Float[np.ndarray, "{size}"])

    assert kept(3, np.zeros(3))
    with pytest.raises(AnnotationError, match=r"not_kept keeps no arguments for `isinstance` in its body"):
        not_kept(3, np.zeros(3))
    with pytest.raises(AnnotationError, match=r"`isinstance` outside a checked function has no arguments to read"):
        isinstance(np.zeros(3), Float[np.ndarray, "{size}"])
