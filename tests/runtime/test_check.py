"""`check`: functions, methods, async, generators, dataclasses, non-array annotations, errors."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import subprocess
import sys
import typing
from collections.abc import AsyncIterator, Generator, Iterator
from typing import Any, Literal, Optional, Union

import numpy as np
import pytest

from ndtyping import (
    DimensionVar,
    Float,
    Float32,
    Int,
    NDArray,
    ShapeError,
    TypeCheckError,
    check,
    float32,
)
from ndtyping._runtime.bindings import current_scope

N = DimensionVar("N")
M = DimensionVar("M")


def a(*shape: int, dtype: object = np.float32) -> np.ndarray:
    return np.zeros(shape, dtype=dtype)


@check
def matmul(x: Float[np.ndarray, "n k"], y: Float[np.ndarray, "k m"]) -> Float[np.ndarray, "n m"]:
    return x @ y


class TestFunctions:
    def test_binds_across_parameters_and_return(self) -> None:
        assert matmul(a(2, 3), a(3, 4)).shape == (2, 4)
        with pytest.raises(ShapeError, match="dim k: 5 here, but x bound it to 3"):
            matmul(a(2, 3), a(5, 4))

    def test_return_is_checked(self) -> None:
        @check
        def bad(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n n"]:
            return a(2, 3)

        with pytest.raises(ShapeError) as info:
            bad(a(2))
        message = str(info.value)
        assert "bad() return value" in message
        assert 'expected Float[ndarray, "n n"]' in message
        assert "got f32[2,3](numpy)" in message
        assert "dim n: 3 here" in message
        assert "bindings: n=2" in message

    def test_every_call_starts_fresh(self) -> None:
        assert matmul(a(2, 3), a(3, 4)).shape == (2, 4)
        assert matmul(a(5, 6), a(6, 1)).shape == (5, 1)

    def test_message_names_everything(self) -> None:
        with pytest.raises(ShapeError) as info:
            matmul(a(2, 3), a(5, 4))
        assert str(info.value) == (
            "TestFunctions.test_message_names_everything.<locals>.matmul() argument 'y'"
            if False
            else "matmul() argument 'y': expected Float[ndarray, \"k m\"], got f32[5,4](numpy)\n"
            "  reason: dim k: 5 here, but x bound it to 3\n"
            "  bindings: n=2, k=3"
        )

    def test_wrong_dtype_and_rank_and_type(self) -> None:
        with pytest.raises(ShapeError, match="dtype int32 is not Float"):
            matmul(a(2, 3, dtype=np.int32), a(3, 4))
        with pytest.raises(ShapeError, match="rank 1, expected 2"):
            matmul(a(2), a(3, 4))
        with pytest.raises(ShapeError, match="expected an array of type ndarray, got list"):
            matmul([[1.0]], a(1, 1))  # type: ignore[arg-type]

    def test_keyword_defaults_varargs(self) -> None:
        @check
        def f(
            x: Float[np.ndarray, "n"], /, y: Float[np.ndarray, "n"], *rest: Float[np.ndarray, "n"],
            scale: float = 1.0, **named: Float[np.ndarray, "n"],
        ) -> Float[np.ndarray, "n"]:  # fmt: skip
            return x * scale

        assert f(a(2), a(2), a(2), a(2), scale=2.0, z=a(2)).shape == (2,)
        assert f(a(2), y=a(2)).shape == (2,)
        with pytest.raises(ShapeError, match="argument 'rest'"):
            f(a(2), a(2), a(3))
        with pytest.raises(ShapeError, match="argument 'named'"):
            f(a(2), a(2), w=a(3))
        with pytest.raises(TypeCheckError, match="argument 'scale': expected float, got str"):
            f(a(2), a(2), scale="x")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            f(x=a(2), y=a(2))  # type: ignore[call-arg]  # positional-only is kept

    def test_signature_and_metadata_are_kept(self) -> None:
        import inspect

        assert matmul.__name__ == "matmul"
        assert list(inspect.signature(matmul).parameters) == ["x", "y"]

    def test_unannotated_function_still_works(self) -> None:
        @check
        def f(x, y=2):  # type: ignore[no-untyped-def]
            return x + y

        assert f(1) == 3

    def test_disable_by_environment(self) -> None:
        code = (
            "import numpy as np\n"
            "from ndtyping import check, Float\n"
            "def f(x: Float[np.ndarray, 'n']) -> None: ...\n"
            "assert check(f) is f\n"
            "check(f)(np.zeros((2, 2)))\n"
        )
        env = {**os.environ, "NDTYPING_DISABLE": "1"}
        subprocess.run([sys.executable, "-c", code], env=env, check=True)
        env["NDTYPING_DISABLE"] = "0"
        result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        assert result.returncode != 0


class TestScopes:
    def test_nested_checked_call_has_its_own_scope(self) -> None:
        @check
        def inner(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
            return x

        @check
        def outer(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
            inner(a(7))  # n=7 inside, without disturbing the caller's n=3
            return x

        assert outer(a(3)).shape == (3,)

    def test_isinstance_in_body_sees_bindings(self) -> None:
        seen = []

        @check
        def f(x: Float[np.ndarray, "n"]) -> None:
            seen.append(isinstance(a(3), Float[np.ndarray, "n"]))
            seen.append(isinstance(a(4), Float[np.ndarray, "n"]))

        f(a(3))
        assert seen == [True, False]
        # Outside a call, the same isinstance has no bindings to honour.
        assert isinstance(a(4), Float[np.ndarray, "n"])

    def test_failed_check_leaves_no_bindings(self) -> None:
        assert current_scope() is None
        with pytest.raises(ShapeError):
            matmul(a(2, 3), a(5, 4))
        assert current_scope() is None

    def test_exception_in_body_leaves_no_bindings(self) -> None:
        @check
        def f(x: Float[np.ndarray, "n"]) -> None:
            raise ValueError("boom")

        with pytest.raises(ValueError):
            f(a(2))
        assert current_scope() is None


class TestMethods:
    def test_methods_classmethods_staticmethods(self) -> None:
        class Layer:
            def __init__(self, w: Float[np.ndarray, "i o"]) -> None:
                self.w = w

            @check
            def __call__(self, x: Float[np.ndarray, "b i"]) -> Float[np.ndarray, "b o"]:
                return x @ self.w

            @classmethod
            @check
            def make(cls, x: Float[np.ndarray, "i o"]) -> "Layer":
                return cls(x)

            @check
            @staticmethod
            def norm(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, ""]:
                return np.asarray(np.linalg.norm(x), dtype=np.float32)

        layer = Layer.make(a(3, 4))
        assert layer(a(2, 3)).shape == (2, 4)
        with pytest.raises(ShapeError, match="Layer.__call__"):
            layer(a(2, 3, 1))
        with pytest.raises(ShapeError, match="Layer.norm"):
            Layer.norm(a(2, 2))
        assert Layer.norm(a(3)).shape == ()

    def test_class_decorator_checks_every_method(self) -> None:
        @check
        class Stack:
            def push(self, x: Float[np.ndarray, "n"]) -> int:
                return 1

            @staticmethod
            def pop(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n n"]:
                return a(1)

            @typing.no_type_check
            def unchecked(self, x: Float[np.ndarray, "n"]) -> None: ...

        with pytest.raises(ShapeError):
            Stack().push(a(2, 2))
        with pytest.raises(ShapeError):
            Stack.pop(a(2))
        Stack().unchecked(a(2, 2))

    def test_dataclass_fields_checked_after_init(self) -> None:
        @check
        @dataclasses.dataclass
        class Batch:
            x: Float[np.ndarray, "b f"]
            y: Int[np.ndarray, "b"]
            name: str = "batch"

            def __post_init__(self) -> None:
                self.x = self.x[:, :2]

        Batch(a(4, 5), a(4, dtype=np.int64))
        with pytest.raises(ShapeError, match=r"(?s)^Batch\(\) field 'y'.*dim b: 3 here, but x bound it to 4"):
            Batch(a(4, 5), a(3, dtype=np.int64))
        with pytest.raises(TypeCheckError, match="field 'name'"):
            Batch(a(4, 5), a(4, dtype=np.int64), name=3)  # type: ignore[arg-type]


class TestAsyncAndGenerators:
    def test_async(self) -> None:
        @check
        async def f(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n n"]:
            await asyncio.sleep(0)
            return a(x.shape[0], 1)

        with pytest.raises(ShapeError, match="return value"):
            asyncio.run(f(a(3)))

        @check
        async def g(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
            await asyncio.sleep(0)
            return x

        assert asyncio.run(g(a(3))).shape == (3,)

    def test_generator_yields_and_return(self) -> None:
        @check
        def gen(x: Float[np.ndarray, "n"], bad_at: int) -> Generator[Float[np.ndarray, "n"], None, int]:
            for i in range(3):
                yield a(x.shape[0] + (i == bad_at))
            return 7

        assert [y.shape for y in gen(a(2), -1)] == [(2,), (2,), (2,)]
        it = gen(a(2), 1)
        next(it)
        with pytest.raises(ShapeError, match="yielded value"):
            next(it)

        def run() -> int:
            result = yield from gen(a(2), -1)
            return result

        r = run()
        with pytest.raises(StopIteration) as stop:
            while True:
                next(r)
        assert stop.value.value == 7

    def test_iterator_annotation(self) -> None:
        @check
        def gen(n: int) -> Iterator[Float[np.ndarray, "3"]]:
            yield a(3)
            yield a(n)

        with pytest.raises(ShapeError):
            list(gen(4))
        assert len(list(gen(3))) == 2

    def test_async_generator(self) -> None:
        @check
        async def agen(x: Float[np.ndarray, "n"]) -> AsyncIterator[Float[np.ndarray, "n"]]:
            yield a(x.shape[0])
            yield a(x.shape[0] + 1)

        async def consume() -> list[tuple[int, ...]]:
            return [y.shape async for y in agen(a(2))]

        with pytest.raises(ShapeError, match="yielded value"):
            asyncio.run(consume())


class TestNonArrayAnnotations:
    @pytest.mark.parametrize(
        ("annotation", "good", "bad"),
        [
            (int, 3, "3"),
            (float, 3, "3.0"),
            (Optional[int], None, 2.5),
            (Union[int, str], "x", 2.5),
            (int | None, None, "x"),
            (Literal["relu", "gelu"], "relu", "tanh"),
            (tuple[int, str], (1, "a"), (1, 2)),
            (tuple[int, ...], (1, 2, 3), (1, "2")),
            (list[int], [1, 2], [1, "2"]),
            (dict[str, int], {"a": 1}, {"a": "1"}),
            (set[int], {1}, {"1"}),
            (typing.Callable[[int], int], len, 3),
            (type[int], bool, 3),
            (typing.Annotated[int, "meta"], 1, "1"),
            (Optional[Float[np.ndarray, "2"]], None, np.zeros(3)),
            (list[Float[np.ndarray, "n"]], [np.zeros(2), np.zeros(2)], [np.zeros(2), np.zeros(3)]),
        ],
    )
    def test_checked_without_any_external_checker(self, annotation: Any, good: Any, bad: Any) -> None:
        def f(x):  # type: ignore[no-untyped-def]
            return x

        f.__annotations__ = {"x": annotation}
        checked = check(f)
        assert checked(good) is good
        with pytest.raises(TypeCheckError):
            checked(bad)

    def test_union_arm_that_fails_leaves_no_bindings(self) -> None:
        @check
        def f(
            x: Union[tuple[Float[np.ndarray, "n"], Float[np.ndarray, "n 2"]], Float[np.ndarray, "n"]],
            y: Float[np.ndarray, "n"],
        ) -> None: ...

        # The tuple arm binds n=3 from its first item, then fails; the second arm is tried
        # with no trace of that binding, so n is 5 and y of length 5 fits.
        f(a(5), a(5))
        f((a(3), a(3, 2)), a(3))
        with pytest.raises(ShapeError):
            f(a(5), a(3))


class TestGenericAnnotations:
    def test_binds_dims_across_arguments_and_return(self) -> None:
        @check
        def f(x: NDArray[float32, N, M], y: NDArray[float32, M]) -> NDArray[float32, N]:
            return x @ y

        assert f(a(2, 3), a(3)).shape == (2,)
        with pytest.raises(ShapeError) as info:
            f(a(2, 3), a(4))
        assert "argument 'y': expected NDArray[float32, M], got f32[4](numpy)" in str(info.value)
        assert "dim M: 4 here, but x bound it to 3" in str(info.value)

        @check
        def g(x: NDArray[float32, N, M]) -> NDArray[float32, M, N]:
            return x

        with pytest.raises(ShapeError, match="return value"):
            g(a(2, 3))
        assert g(a(3, 3)).shape == (3, 3)

    def test_mixed_with_string_annotations(self) -> None:
        @check
        def f(x: NDArray[float32, N], y: Float32[np.ndarray, "N"]) -> None: ...

        f(a(3), a(3))
        with pytest.raises(ShapeError, match="dim N: 4 here, but x bound it to 3"):
            f(a(3), a(4))


def test_messages_keep_ndtyping_names_whole() -> None:
    """`typing.` is stripped from annotations in messages, but not the end of `ndtyping.`."""

    @check
    def f(x: Optional[Float[np.ndarray, "n"]]) -> None: ...

    with pytest.raises(ShapeError) as info:
        f(np.zeros((2, 2)))
    assert "ndFloat" not in str(info.value) and "Float[ndarray" in str(info.value)
