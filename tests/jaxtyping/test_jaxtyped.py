"""`jaxtyped` with no typechecker, with typeguard, with beartype and with ndtyping's `check`."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any, Callable, Iterator, Optional

import numpy as np
import pytest

from ndtyping import (
    ConfigurationError,
    Float,
    Int,
    ShapeError,
    TypeCheckError,
    check,
    jaxtyped,
    print_bindings,
)


def _typechecker(name: str) -> Callable[..., Any]:
    if name == "typeguard":
        return pytest.importorskip("typeguard").typechecked  # type: ignore[no-any-return]
    return pytest.importorskip("beartype").beartype  # type: ignore[no-any-return]


EXTERNAL = [pytest.param("typeguard", id="typeguard"), pytest.param("beartype", id="beartype")]


# --- typechecker=None: a scope of bindings, nothing else --------------------------------------------


def test_none_opens_a_scope_that_isinstance_shares(capsys: pytest.CaptureFixture[str]) -> None:
    @jaxtyped(typechecker=None)
    def same_rows(x: Any, y: Any) -> bool:
        first = isinstance(x, Float[np.ndarray, "b c"])
        second = isinstance(y, Float[np.ndarray, "b"])
        print_bindings()
        return first and second

    assert same_rows(np.zeros((2, 3)), np.zeros(2))
    assert "ndtyping bindings in " in capsys.readouterr().out
    assert not same_rows(np.zeros((2, 3)), np.zeros(3))  # b is 2 from x
    # Each call starts fresh, and outside a call every isinstance does.
    assert same_rows(np.zeros((5, 3)), np.zeros(5))
    assert isinstance(np.zeros(2), Float[np.ndarray, "b"]) and isinstance(np.zeros(3), Float[np.ndarray, "b"])


def test_none_does_not_check_annotations() -> None:
    @jaxtyped(typechecker=None)
    def f(x: Float[np.ndarray, "n"]) -> int:
        return x  # type: ignore[return-value]

    assert f("not an array") == "not an array"  # type: ignore[arg-type]


def test_bare_decorator_and_context() -> None:
    with pytest.warns(DeprecationWarning, match="without a typechecker is deprecated"):  # as jaxtyping warns

        @jaxtyped
        def scoped(x: Any) -> bool:
            return isinstance(x, Int[np.ndarray, "n"]) and not isinstance(np.zeros(3, int), Int[np.ndarray, "n"])

    assert scoped(np.zeros(2, int))
    with jaxtyped("context"):
        assert isinstance(np.zeros(2, int), Int[np.ndarray, "n"])
        assert not isinstance(np.zeros(3, int), Int[np.ndarray, "n"])
    assert isinstance(np.zeros(3, int), Int[np.ndarray, "n"])


def test_none_keeps_the_scope_across_generator_steps() -> None:
    @jaxtyped(typechecker=None)
    def rows(x: Any) -> Iterator[bool]:
        assert isinstance(x, Float[np.ndarray, "n d"])
        yield isinstance(np.zeros(x.shape[1]), Float[np.ndarray, "d"])
        yield isinstance(np.zeros(x.shape[1] + 1), Float[np.ndarray, "d"])

    assert list(rows(np.zeros((2, 3)))) == [True, False]


def test_none_on_a_coroutine() -> None:
    @jaxtyped(typechecker=None)
    async def agree(x: Any, y: Any) -> bool:
        await asyncio.sleep(0)
        return isinstance(x, Float[np.ndarray, "n"]) and isinstance(y, Float[np.ndarray, "n"])

    assert asyncio.run(agree(np.zeros(2), np.zeros(2)))
    assert not asyncio.run(agree(np.zeros(2), np.zeros(3)))


# --- external typecheckers: typeguard and beartype -------------------------------------------------


@pytest.mark.parametrize("checker_name", EXTERNAL)
def test_external_checker_shares_dims_between_arguments_and_result(checker_name: str) -> None:
    typechecker = _typechecker(checker_name)

    @jaxtyped(typechecker=typechecker)
    def first_row(x: Float[np.ndarray, "b c"], bias: Float[np.ndarray, "c"]) -> Float[np.ndarray, "c"]:
        return x[0] + bias if x.shape[0] < 9 else x[:, 0]

    assert first_row(np.ones((2, 3)), np.ones(3)).shape == (3,)
    with pytest.raises(TypeCheckError, match=rf"first_row\(\) (arguments|argument 'bias'): rejected by {checker_name}"):
        first_row(np.ones((2, 3)), np.ones(4))  # c is 3 from x
    with pytest.raises(TypeCheckError, match=rf"first_row\(\) return value: rejected by {checker_name}") as caught:
        first_row(np.ones((9, 3)), np.ones(3))  # returns (9,), but c is 3
    assert "bindings: b=9, c=3" in str(caught.value)
    assert "returned: f64[9](numpy)" in str(caught.value)
    assert isinstance(caught.value, TypeError)
    assert type(caught.value.__cause__).__module__.split(".")[0] == checker_name


@pytest.mark.parametrize("checker_name", EXTERNAL)
def test_external_checker_sees_bindings_from_isinstance_in_the_body(checker_name: str) -> None:
    typechecker = _typechecker(checker_name)

    @jaxtyped(typechecker=typechecker)
    def make(n: int) -> Float[np.ndarray, "n"]:
        assert isinstance(np.zeros(n), Float[np.ndarray, "n"])  # binds n in the call's scope
        return np.zeros(n + 1)

    with pytest.raises(TypeCheckError, match="return value"):
        make(3)


@pytest.mark.parametrize("checker_name", EXTERNAL)
def test_body_errors_and_wrong_calls_are_not_type_errors_of_ours(checker_name: str) -> None:
    typechecker = _typechecker(checker_name)

    @jaxtyped(typechecker=typechecker)
    def explode(x: Float[np.ndarray, "n"]) -> None:
        raise KeyError("from the body")

    with pytest.raises(KeyError, match="from the body"):
        explode(np.zeros(2))
    with pytest.raises(TypeError) as caught:
        explode()  # type: ignore[call-arg]
    assert not isinstance(caught.value, TypeCheckError)
    assert "missing 1 required positional argument: 'x'" in str(caught.value)


@pytest.mark.parametrize("checker_name", EXTERNAL)
def test_external_checker_on_a_dataclass_checks_fields_after_init(checker_name: str) -> None:
    typechecker = _typechecker(checker_name)

    @jaxtyped(typechecker=typechecker)
    @dataclasses.dataclass
    class Batch:
        images: Float[np.ndarray, "b h w"]
        labels: Int[np.ndarray, "b"]

        def __post_init__(self) -> None:
            self.labels = np.asarray(self.labels)

    Batch(np.zeros((2, 4, 4)), [1, 2])  # type: ignore[arg-type]  # converted in __post_init__
    with pytest.raises(
        TypeCheckError, match=rf"Batch.__init__\(\) (fields|field 'labels'): rejected by {checker_name}"
    ):
        Batch(np.zeros((2, 4, 4)), np.array([1, 2, 3]))


@pytest.mark.parametrize("checker_name", EXTERNAL)
def test_external_checker_with_methods_and_async(checker_name: str) -> None:
    typechecker = _typechecker(checker_name)

    class Layer:
        @jaxtyped(typechecker=typechecker)
        def __call__(self, x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
            return x

        @jaxtyped(typechecker=typechecker)
        @staticmethod
        def zeros(n: int) -> Float[np.ndarray, "n"]:
            return np.zeros(n)

    assert Layer()(np.zeros(2)).shape == (2,)
    assert Layer.zeros(2).shape == (2,)
    with pytest.raises(TypeCheckError):
        Layer()(np.zeros((2, 2)))

    @jaxtyped(typechecker=typechecker)
    async def total(x: Float[np.ndarray, "n"]) -> float:
        return float(x.sum())

    assert asyncio.run(total(np.ones(3))) == 3.0
    with pytest.raises(TypeCheckError):
        asyncio.run(total(np.ones((3, 3))))


def test_forward_references_are_resolved_at_the_first_call() -> None:
    typechecker = _typechecker("typeguard")

    @jaxtyped(typechecker=typechecker)
    def build(n: int) -> Optional[Later]:
        return Later() if n else "no"  # type: ignore[return-value]

    @dataclasses.dataclass
    class Later:
        pass

    globals()["Later"] = Later  # the name resolves only once the module defines it
    try:
        assert isinstance(build(1), Later)
        with pytest.raises(TypeCheckError, match="return value"):
            build(0)
    finally:
        del globals()["Later"]


# --- typechecker as a string, as ndtyping.check, or wrong -------------------------------------------


def test_dotted_names_and_check() -> None:
    pytest.importorskip("typeguard")

    @jaxtyped(typechecker="typeguard.typechecked")
    def by_name(x: Float[np.ndarray, "n"]) -> None:
        return None

    with pytest.raises(TypeCheckError, match="rejected by typeguard"):
        by_name(np.zeros((1, 1)))

    def plain(x: Float[np.ndarray, "n"]) -> None:
        return None

    for spelling in (check, "ndtyping.check"):
        checked = jaxtyped(plain, typechecker=spelling)
        with pytest.raises(ShapeError, match=r"plain\(\) argument 'x': expected Float\[ndarray, \"n\"\]"):
            checked(np.zeros((1, 1)))


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"typechecker": 3}, "typechecker must be None, a decorator"),
        ({"typechecker": "nosuch_package_xyz.check"}, "cannot import 'nosuch_package_xyz'"),
        ({"typechecker": "typing.no_such_thing"}, "module 'typing' has no decorator named 'no_such_thing'"),
    ],
)
def test_bad_typecheckers_are_configuration_errors(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        jaxtyped(**arguments)


def test_bad_uses_of_jaxtyped() -> None:
    with pytest.raises(ConfigurationError, match='only string jaxtyped accepts is "context"'):
        jaxtyped("contxt")  # type: ignore[call-overload]
    with pytest.raises(ConfigurationError, match="takes no typechecker"):
        jaxtyped("context", typechecker=None)  # type: ignore[call-overload]
    with pytest.raises(ConfigurationError, match="decorates a function or a class, not int"):
        jaxtyped(3, typechecker=None)


def test_no_type_check_opts_out() -> None:
    import typing

    typechecker = _typechecker("typeguard")

    @jaxtyped(typechecker=typechecker)
    @typing.no_type_check
    def loose(x: Float[np.ndarray, "n"]) -> None:
        return None

    loose("anything")  # type: ignore[arg-type]


def test_plain_beartype_and_typeguard_accept_ndtyping_annotations_as_classes() -> None:
    """The annotation objects are classes whose isinstance runs the engine (what both checkers use)."""
    annotation = Float[np.ndarray, "b c"]
    assert isinstance(annotation, type)
    assert isinstance(np.zeros((2, 3)), annotation) and not isinstance(np.zeros(3), annotation)
    typeguard = pytest.importorskip("typeguard")
    typeguard.check_type(np.zeros((2, 3)), annotation)
    with pytest.raises(typeguard.TypeCheckError):
        typeguard.check_type(np.zeros(3), annotation)
    typeguard.check_type(None, Optional[annotation])


def test_plain_beartype_accepts_ndtyping_annotations() -> None:
    beartype = pytest.importorskip("beartype")

    @beartype.beartype
    def f(x: Float[np.ndarray, "b c"], y: Optional[Float[np.ndarray, "c"]] = None) -> Float[np.ndarray, "c"]:
        return x[0]

    assert f(np.zeros((2, 3))).shape == (3,)
    with pytest.raises(beartype.roar.BeartypeCallHintParamViolation):
        f(np.zeros(3))


def test_ndtyping_disable_turns_jaxtyped_off(monkeypatch: pytest.MonkeyPatch) -> None:
    typechecker = _typechecker("typeguard")
    monkeypatch.setenv("NDTYPING_DISABLE", "1")

    def f(x: Float[np.ndarray, "n"]) -> None:
        return None

    assert jaxtyped(f, typechecker=typechecker) is f
    assert jaxtyped(f, typechecker=None) is f
    monkeypatch.setenv("NDTYPING_DISABLE", "0")
    assert jaxtyped(f, typechecker=typechecker) is not f


def test_annotation_repr_is_the_same_inside_a_union() -> None:
    # beartype refuses a class hint whose repr changes inside a union (`hint | int`): the
    # annotation classes must print the same label alone and as a union member.
    import numpy as np

    from ndtyping import Float

    hint = Float[np.ndarray, "b c"]
    assert repr(hint | int).startswith(repr(hint))
