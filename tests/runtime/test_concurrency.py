"""Dimension bindings never leak between threads, asyncio tasks, generators or nested calls."""

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Generator, Iterator
from typing import Any

import numpy as np
import pytest

from ndtyping import Float, ShapeError, check
from ndtyping._runtime.bindings import current_scope

N_THREADS = 8
N_CALLS = 300


@check
def outer(x: Float[np.ndarray, "n"], y: Float[np.ndarray, "n m"]) -> Float[np.ndarray, "m"]:
    # Give other threads a chance to run between the parameter check and the return check.
    time.sleep(0)
    # isinstance in the body reads this call's bindings.
    assert isinstance(x, Float[np.ndarray, "n"])
    scope = current_scope()
    assert scope is not None
    assert scope.dims["n"] == x.shape[0]
    assert scope.dims["m"] == y.shape[1]
    return x @ y


@check
def inner(v: Float[np.ndarray, "k"]) -> Float[np.ndarray, "k"]:
    time.sleep(0)
    return v * 2


@check
def nested(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
    # A nested checked call has its own scope ("k" there, not "n"), then ours is restored.
    out = inner(np.ones(x.shape[0] + 1))
    assert out.shape == (x.shape[0] + 1,)
    scope = current_scope()
    assert scope is not None and scope.dims == {"n": x.shape[0]}
    assert isinstance(x, Float[np.ndarray, "n"])
    assert not isinstance(out, Float[np.ndarray, "n"])
    return x


def _run_threads(target, count):
    errors: list[BaseException] = []
    results: list[Any] = [None] * count
    barrier = threading.Barrier(count)

    def runner(index):
        try:
            barrier.wait()
            results[index] = target(index)
        except BaseException as exc:  # noqa: BLE001 (reported to the main thread)
            errors.append(exc)

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    return results, errors


def test_threads_with_own_sizes_never_interfere():
    def work(index):
        n, m = index + 1, 2 * index + 3
        x = np.arange(n, dtype=np.float64)
        y = np.ones((n, m))
        expected = np.full(m, x.sum())
        for call in range(N_CALLS):
            out = outer(x, y)
            assert out.shape == (m,)
            np.testing.assert_array_equal(out, expected)
            assert nested(x).shape == (n,)
        assert current_scope() is None
        return N_CALLS

    results, errors = _run_threads(work, N_THREADS)
    assert errors == []
    assert results == [N_CALLS] * N_THREADS
    assert current_scope() is None


def test_threads_failing_every_other_call_do_not_interfere():
    def work(index):
        n, m = index + 2, index + 5
        x = np.ones(n)
        y = np.ones((n, m))
        bad_y = np.ones((n + 1, m))
        failures = 0
        for call in range(N_CALLS):
            fail = index % 2 == 0 and call % 2 == 1
            if fail:
                with pytest.raises(ShapeError) as info:
                    outer(x, bad_y)
                msg = str(info.value)
                # The message shows this thread's own binding, never another thread's.
                assert f"n={n}" in msg, msg
                assert f"{n + 1}" in msg
                failures += 1
            else:
                out = outer(x, y)
                assert out.shape == (m,)
                np.testing.assert_array_equal(out, np.full(m, float(n)))
            assert current_scope() is None
        return failures

    results, errors = _run_threads(work, N_THREADS)
    assert errors == []
    assert results == [N_CALLS // 2 if i % 2 == 0 else 0 for i in range(N_THREADS)]
    assert current_scope() is None


def test_thread_in_checked_call_does_not_see_callers_scope():
    seen = []

    @check
    def spawner(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
        def child():
            seen.append(current_scope())
            # A plain Thread starts with an empty context: 'n' is free here.
            seen.append(isinstance(np.ones(x.shape[0] + 7), Float[np.ndarray, "n"]))

        t = threading.Thread(target=child)
        t.start()
        t.join()
        return x

    spawner(np.ones(3))
    assert seen == [None, True]


# --------------------------------------------------------------------------- asyncio


@check
async def async_double(x: Float[np.ndarray, "n"], delay_rounds: int) -> Float[np.ndarray, "2*n"]:
    for _ in range(delay_rounds):
        await asyncio.sleep(0)  # interleave with the other tasks between parameter and use
    assert isinstance(x, Float[np.ndarray, "n"])
    assert not isinstance(np.ones(x.shape[0] + 1), Float[np.ndarray, "n"])
    scope = current_scope()
    assert scope is not None and scope.dims["n"] == x.shape[0]
    await asyncio.sleep(0)
    return np.concatenate([x, x])


@check
async def async_bad(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "2*n"]:
    await asyncio.sleep(0)
    return x  # wrong: length n, not 2n


def test_asyncio_tasks_with_different_sizes():
    async def main():
        tasks = [asyncio.create_task(async_double(np.arange(i + 1, dtype=float), 1 + i % 4)) for i in range(50)]
        results = await asyncio.gather(*tasks)
        assert current_scope() is None
        return results

    results = asyncio.run(main())
    assert len(results) == 50
    for i, out in enumerate(results):
        assert out.shape == (2 * (i + 1),)
        np.testing.assert_array_equal(out, np.concatenate([np.arange(i + 1.0)] * 2))
    assert current_scope() is None


def test_asyncio_tasks_mixed_with_failures():
    async def main():
        coros = []
        for i in range(50):
            if i % 3 == 0:
                coros.append(async_bad(np.ones(i + 1)))
            else:
                coros.append(async_double(np.ones(i + 1), 2))
        results = await asyncio.gather(*coros, return_exceptions=True)
        assert current_scope() is None
        return results

    results = asyncio.run(main())
    for i, result in enumerate(results):
        if i % 3 == 0:
            assert isinstance(result, ShapeError), result
            msg = str(result)
            assert "return value" in msg
            assert f"n={i + 1}" in msg, msg
        else:
            assert isinstance(result, np.ndarray), result
            assert result.shape == (2 * (i + 1),)
    assert current_scope() is None


def test_async_return_annotation_uses_parameter_dims():
    with pytest.raises(ShapeError) as info:
        asyncio.run(async_bad(np.ones(4)))
    assert "2*n" in str(info.value)
    assert current_scope() is None


def test_async_generator_keeps_own_bindings():
    @check
    async def agen(x: Float[np.ndarray, "n"], count: int) -> AsyncIterator[Float[np.ndarray, "n"]]:
        for i in range(count):
            await asyncio.sleep(0)
            yield x + i

    async def consume(n):
        out = []
        async for item in agen(np.zeros(n), 5):
            out.append(item.shape)
            await asyncio.sleep(0)
        return out

    async def main():
        return await asyncio.gather(*(consume(n) for n in range(1, 11)))

    results = asyncio.run(main())
    for n, shapes in zip(range(1, 11), results):
        assert shapes == [(n,)] * 5
    assert current_scope() is None


# --------------------------------------------------------------------------- generators


@check
def gen(x: Float[np.ndarray, "n"], count: int) -> Iterator[Float[np.ndarray, "n"]]:
    for i in range(count):
        # isinstance inside the generator reads the generator's own bindings
        assert isinstance(x, Float[np.ndarray, "n"])
        yield x + i


@check
def other(y: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
    return y


def test_generator_keeps_its_bindings_across_yields():
    g3 = gen(np.zeros(3), 4)
    g5 = gen(np.zeros(5), 4)
    seen = []
    for a, b in zip(g3, g5):
        # other checked calls binding 'n' to different sizes run between the yields
        assert other(np.ones(7)).shape == (7,)
        assert other(np.ones(1)).shape == (1,)
        assert current_scope() is None
        seen.append((a.shape, b.shape, float(a[0]), float(b[0])))
    assert seen == [((3,), (5,), float(i), float(i)) for i in range(4)]
    assert current_scope() is None


def test_generator_yield_with_wrong_size_fails_with_its_binding():
    @check
    def bad_gen(x: Float[np.ndarray, "n"]) -> Generator[Float[np.ndarray, "n"], None, None]:
        yield x
        yield np.ones(x.shape[0] + 1)

    g = bad_gen(np.ones(2))
    first = next(g)
    assert first.shape == (2,)
    assert other(np.ones(9)).shape == (9,)  # an interleaved call must not rebind the generator's n
    with pytest.raises(ShapeError) as info:
        next(g)
    msg = str(info.value)
    assert "yield" in msg
    assert "n=2" in msg
    assert current_scope() is None


def test_generators_in_threads():
    def work(index):
        n = index + 1
        total = 0
        for _ in range(20):
            for item in gen(np.ones(n), 5):
                assert item.shape == (n,)
                assert other(np.ones(n + 3)).shape == (n + 3,)
                total += 1
        assert current_scope() is None
        return total

    results, errors = _run_threads(work, N_THREADS)
    assert errors == []
    assert results == [100] * N_THREADS


def test_no_scope_after_everything():
    # Failed calls too leave no scope behind.
    with pytest.raises(ShapeError):
        outer(np.ones(3), np.ones((4, 2)))
    assert current_scope() is None
    with pytest.raises(ShapeError):
        list(gen(np.ones((2, 2)), 1))
    assert current_scope() is None
