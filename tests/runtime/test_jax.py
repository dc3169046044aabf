"""ndtyping with real JAX arrays (CPU): annotations, dtypes, keys, jit/vmap/grad, lazy import."""

import subprocess
import sys
import textwrap
from typing import Any, Literal

import numpy as np
import pytest
from typing_extensions import Unpack

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import ndtyping  # noqa: E402
from ndtyping import (  # noqa: E402
    BFloat16,
    DimensionVar,
    Float,
    Float32,
    Int,
    Int4,
    Int32,
    Key,
    NDArray,
    Shaped,
    ShapeError,
    ShapeVar,
    UInt32,
    check,
    float32,
    int32,
)
from ndtyping._runtime.bindings import current_scope  # noqa: E402

B = DimensionVar("B")
C = DimensionVar("C")
S = ShapeVar("S")


# --------------------------------------------------------------------------- string annotations


def test_float_jax_array_isinstance_shape():
    x = jnp.zeros((2, 3), dtype=jnp.float32)
    assert isinstance(x, Float[jax.Array, "batch c"])
    assert isinstance(x, Float[jax.Array, "2 3"])
    assert not isinstance(x, Float[jax.Array, "2 4"])
    assert not isinstance(x, Float[jax.Array, "batch"])  # wrong rank
    assert not isinstance(x, Float[jax.Array, "n n"])  # repeated name must agree


def test_repeated_name_agrees_on_square_jax_array():
    assert isinstance(jnp.eye(4), Float[jax.Array, "n n"])


def test_jax_array_is_not_a_numpy_ndarray_annotation():
    x = jnp.zeros((2, 3))
    assert not isinstance(x, Float[np.ndarray, "b c"])
    assert isinstance(np.zeros((2, 3)), Float[np.ndarray, "b c"])
    assert not isinstance(np.zeros((2, 3)), Float[jax.Array, "b c"])


def test_any_array_type_accepts_both_backends():
    ann = Float[Any, "b c"]
    assert isinstance(jnp.zeros((2, 3)), ann)
    assert isinstance(np.zeros((2, 3)), ann)
    assert not isinstance(jnp.zeros((2,)), ann)


def test_int_and_shaped_on_jax():
    xi = jnp.arange(6, dtype=jnp.int32).reshape(2, 3)
    assert isinstance(xi, Int[jax.Array, "a b"])
    assert isinstance(xi, Int32[jax.Array, "2 3"])
    assert isinstance(xi, Shaped[jax.Array, "2 3"])
    assert isinstance(jnp.zeros(3, dtype=bool), Shaped[jax.Array, "3"])
    assert not isinstance(jnp.zeros(3, dtype=bool), Int[jax.Array, "3"])
    assert isinstance(jnp.float32(1.0), Float[jax.Array, ""])  # scalar
    assert not isinstance(jnp.zeros(1), Float[jax.Array, ""])


def test_variadic_on_jax():
    x = jnp.zeros((2, 3, 4, 5))
    assert isinstance(x, Float[jax.Array, "*batch 5"])
    assert isinstance(x, Float[jax.Array, "b ... 5"])
    assert not isinstance(x, Float[jax.Array, "*batch 4"])


# --------------------------------------------------------------------------- NDArray generics


def test_ndarray_generic_with_jax_arrays():
    x = jnp.zeros((7, 3), dtype=jnp.float32)
    assert isinstance(x, NDArray[float32, B, Literal[3]])
    assert isinstance(x, NDArray[float32, Any, Any])
    assert isinstance(x, NDArray[float32, Unpack[tuple[Any, ...]]])
    assert isinstance(x, NDArray[float32, Unpack[S]])
    assert not isinstance(x, NDArray[float32, B, Literal[4]])
    assert not isinstance(x, NDArray[int32, B, Literal[3]])
    assert not isinstance(x, NDArray[float32, B, B])
    assert isinstance(jnp.zeros((3, 3)), NDArray[float32, B, B])


def test_ndarray_generic_abstract_dtypes_with_jax():
    x = jnp.zeros((2,), dtype=jnp.bfloat16)
    assert isinstance(x, NDArray[np.floating, B])
    assert not isinstance(x, NDArray[np.integer, B])
    assert isinstance(jnp.zeros(2, jnp.int8), NDArray[np.signedinteger, B])


def test_check_with_ndarray_generic_on_jax():
    @check
    def f(x: NDArray[float32, B, C], y: NDArray[float32, C]) -> NDArray[float32, B]:
        return x @ y

    out = f(jnp.ones((4, 3)), jnp.ones(3))
    assert out.shape == (4,)
    np.testing.assert_allclose(np.asarray(out), 3.0)
    with pytest.raises(ShapeError) as info:
        f(jnp.ones((4, 3)), jnp.ones(5))
    assert "f32[5](jax)" in str(info.value)
    assert "'y'" in str(info.value)


# --------------------------------------------------------------------------- dtypes decided by dtype


def test_float32_is_decided_by_dtype_not_library():
    ann = Float32[Any, "n"]
    assert isinstance(jnp.zeros(3, dtype=jnp.float32), ann)
    assert isinstance(np.zeros(3, dtype=np.float32), ann)
    assert not isinstance(np.zeros(3, dtype=np.float64), ann)
    assert not isinstance(jnp.zeros(3, dtype=jnp.float16), ann)


def test_jax_int32_rejected_by_float():
    xi = jnp.zeros(3, dtype=jnp.int32)
    assert not isinstance(xi, Float[jax.Array, "n"])
    assert not isinstance(xi, Float[Any, "n"])

    @check
    def f(x: Float[jax.Array, "n"]) -> None:
        pass

    with pytest.raises(ShapeError) as info:
        f(xi)
    msg = str(info.value)
    assert "int32" in msg
    assert "i32[3](jax)" in msg


def test_bfloat16():
    x = jnp.zeros((2, 2), dtype=jnp.bfloat16)
    assert isinstance(x, Float[jax.Array, "a b"])
    assert isinstance(x, BFloat16[jax.Array, "a b"])
    assert not isinstance(x, Float32[jax.Array, "a b"])
    assert not isinstance(jnp.zeros((2, 2), jnp.float32), BFloat16[jax.Array, "a b"])
    # ml_dtypes-backed numpy bfloat16 arrays are decided the same way
    import ml_dtypes

    xn = np.zeros((2, 2), dtype=ml_dtypes.bfloat16)
    assert isinstance(xn, BFloat16[np.ndarray, "a b"])
    assert not isinstance(xn, Float32[np.ndarray, "a b"])
    assert ndtyping.bfloat16 is ml_dtypes.bfloat16


def test_bfloat16_short_form_in_message():
    @check
    def f(x: Float32[jax.Array, "n"]) -> None:
        pass

    with pytest.raises(ShapeError) as info:
        f(jnp.zeros(3, jnp.bfloat16))
    assert "bf16[3](jax)" in str(info.value)


@pytest.mark.parametrize("name", ["float8_e4m3fn", "float8_e5m2"])
def test_fp8_matches_float(name):
    dtype = getattr(jnp, name)
    x = jnp.zeros((4,), dtype=dtype)
    assert isinstance(x, Float[jax.Array, "4"])
    assert not isinstance(x, Float32[jax.Array, "4"])
    assert not isinstance(x, Int[jax.Array, "4"])


def test_fp8_specific_category():
    x = jnp.zeros((4,), dtype=jnp.float8_e4m3fn)
    assert isinstance(x, ndtyping.Float8e4m3fn[jax.Array, "4"])
    assert not isinstance(x, ndtyping.Float8e5m2[jax.Array, "4"])


def test_int4():
    x = jnp.zeros((8,), dtype=jnp.int4)
    assert isinstance(x, Int[jax.Array, "8"])
    assert isinstance(x, Int4[jax.Array, "8"])
    assert not isinstance(x, Int32[jax.Array, "8"])
    assert not isinstance(x, Float[jax.Array, "8"])
    assert not isinstance(jnp.zeros((8,), dtype=jnp.int8), Int4[jax.Array, "8"])


# --------------------------------------------------------------------------- PRNG keys


def test_typed_key_matches_key():
    key = jax.random.key(0)
    assert isinstance(key, Key[jax.Array, ""])
    assert not isinstance(key, Key[jax.Array, "2"])
    assert not isinstance(key, UInt32[jax.Array, ""])
    assert not isinstance(key, Float[jax.Array, ""])
    assert isinstance(key, Shaped[jax.Array, ""])


def test_split_keys_match_key_with_shape():
    keys = jax.random.split(jax.random.key(0))
    assert isinstance(keys, Key[jax.Array, "2"])
    assert isinstance(keys, Key[jax.Array, "n"])
    assert not isinstance(keys, Key[jax.Array, ""])
    assert not isinstance(keys, Key[jax.Array, "3"])


def test_old_style_prngkey_is_uint32_not_key():
    old = jax.random.PRNGKey(0)
    assert isinstance(old, UInt32[jax.Array, "2"])
    assert not isinstance(old, Key[jax.Array, "2"])
    assert not isinstance(old, Key[jax.Array, ""])


def test_check_with_key_argument():
    @check
    def sample(key: Key[jax.Array, ""], n: int) -> Float[jax.Array, "{n}"]:
        return jax.random.normal(key, (n,))

    out = sample(jax.random.key(1), 5)
    assert out.shape == (5,)
    with pytest.raises(ShapeError) as info:
        sample(jax.random.PRNGKey(1), 5)
    assert "'key'" in str(info.value)
    assert "(jax)" in str(info.value)


# --------------------------------------------------------------------------- jit


def test_jit_checks_once_per_trace():
    traces = []

    @jax.jit
    @check
    def f(x: Float[jax.Array, "b c"], y: Float[jax.Array, "c"]) -> Float[jax.Array, "b"]:
        traces.append(x.shape)  # Python side effect: runs only while tracing
        return x @ y

    x, y = jnp.ones((4, 3)), jnp.ones(3)
    for _ in range(3):
        out = f(x, y)
    assert out.shape == (4,)
    np.testing.assert_allclose(np.asarray(out), 3.0)
    assert traces == [(4, 3)]

    # A new shape retraces, and is checked again.
    out = f(jnp.ones((2, 5)), jnp.ones(5))
    assert out.shape == (2,)
    assert traces == [(4, 3), (2, 5)]

    # A wrong shape fails at trace time, before the body runs.
    with pytest.raises(ShapeError) as info:
        f(jnp.ones((2, 5)), jnp.ones(4))
    assert traces == [(4, 3), (2, 5)]
    msg = str(info.value)
    assert "'y'" in msg
    assert "c=5" in msg
    assert current_scope() is None


def test_jit_checks_traced_values_are_tracers():
    seen = []

    @jax.jit
    @check
    def f(x: Float[jax.Array, "n"]) -> Float[jax.Array, "n"]:
        seen.append(type(x).__name__)
        return x * 2

    np.testing.assert_allclose(np.asarray(f(jnp.arange(3.0))), [0.0, 2.0, 4.0])
    assert len(seen) == 1
    assert "Tracer" in seen[0]


def test_jit_return_annotation_checked_at_trace_time():
    @jax.jit
    @check
    def f(x: Float[jax.Array, "n"]) -> Float[jax.Array, "n"]:
        return jnp.concatenate([x, x])

    with pytest.raises(ShapeError) as info:
        f(jnp.ones(3))
    assert "return value" in str(info.value)


def test_jit_dtype_checked_at_trace_time():
    @jax.jit
    @check
    def f(x: Float[jax.Array, "n"]) -> Float[jax.Array, "n"]:
        return x

    with pytest.raises(ShapeError):
        f(jnp.arange(3))  # int32


# --------------------------------------------------------------------------- vmap


def test_vmap_sees_per_example_shapes():
    shapes = []

    @check
    def per_example(x: Float[jax.Array, "c"], w: Float[jax.Array, "c d"]) -> Float[jax.Array, "d"]:
        shapes.append(x.shape)
        return x @ w

    xs = jnp.ones((8, 3))
    w = jnp.ones((3, 2))
    out = jax.vmap(per_example, in_axes=(0, None))(xs, w)
    assert out.shape == (8, 2)
    np.testing.assert_allclose(np.asarray(out), 3.0)
    assert shapes == [(3,)]


def test_vmap_mismatch_raises():
    @check
    def per_example(x: Float[jax.Array, "c"], y: Float[jax.Array, "c"]) -> Float[jax.Array, ""]:
        return x @ y

    with pytest.raises(ShapeError):
        jax.vmap(per_example)(jnp.ones((8, 3)), jnp.ones((8, 4)))
    # annotated with the batch axis, a per-example call is rejected (rank 1 vs "b c")

    @check
    def with_batch(x: Float[jax.Array, "b c"]) -> Float[jax.Array, "b"]:
        return x.sum(-1)

    with pytest.raises(ShapeError) as info:
        jax.vmap(with_batch)(jnp.ones((8, 3)))
    assert "rank 1" in str(info.value)


# --------------------------------------------------------------------------- grad


def test_grad_through_checked_function():
    calls = []

    @check
    def loss(w: Float[jax.Array, "n"], x: Float[jax.Array, "b n"]) -> Float[jax.Array, ""]:
        calls.append(type(w).__name__)
        return jnp.sum((x @ w) ** 2)

    w = jnp.array([1.0, 2.0, 3.0])
    x = jnp.arange(6.0).reshape(2, 3)
    g = jax.grad(loss)(w, x)
    expected = 2 * np.asarray(x).T @ (np.asarray(x) @ np.asarray(w))
    np.testing.assert_allclose(np.asarray(g), expected, rtol=1e-6)
    assert g.shape == (3,)
    assert calls and "Tracer" in calls[0]


def test_grad_wrong_shape_raises():
    @check
    def loss(w: Float[jax.Array, "n"], x: Float[jax.Array, "b n"]) -> Float[jax.Array, ""]:
        return jnp.sum(x @ w)

    with pytest.raises(ShapeError):
        jax.grad(loss)(jnp.ones(3), jnp.ones((2, 4)))


def test_jit_grad_vmap_composed():
    traces = []

    @check
    def f(w: Float[jax.Array, "n"], x: Float[jax.Array, "n"]) -> Float[jax.Array, ""]:
        traces.append(1)
        return jnp.dot(w, x) ** 2

    g = jax.jit(jax.vmap(jax.grad(f), in_axes=(None, 0)))
    xs = jnp.arange(6.0).reshape(2, 3)
    w = jnp.ones(3)
    out = g(w, xs)
    expected = np.stack([2 * np.dot(np.ones(3), row) * row for row in np.asarray(xs)])
    np.testing.assert_allclose(np.asarray(out), expected, rtol=1e-6)
    n = len(traces)
    g(w, xs)
    assert len(traces) == n  # cached: not re-traced, not re-checked


# --------------------------------------------------------------------------- messages


def test_error_message_short_form_says_jax():
    @check
    def f(x: Float[jax.Array, "b c"], y: Float[jax.Array, "c"]) -> None:
        pass

    with pytest.raises(ShapeError) as info:
        f(jnp.zeros((2, 3), jnp.float32), jnp.zeros(4, jnp.float32))
    msg = str(info.value)
    assert "f()" in msg or "f(" in msg
    assert "f32[4](jax)" in msg
    assert "(numpy)" not in msg
    assert "c=3" in msg
    assert isinstance(info.value, TypeError)


def test_error_message_numpy_vs_jax_short_forms():
    @check
    def f(x: Float[Any, "3"]) -> None:
        pass

    with pytest.raises(ShapeError) as info:
        f(np.zeros((2, 3), np.float32))
    assert "f32[2,3](numpy)" in str(info.value)
    with pytest.raises(ShapeError) as info:
        f(jnp.zeros((2, 3), jnp.float32))
    assert "f32[2,3](jax)" in str(info.value)


def test_wrong_array_type_message_with_jax_value():
    @check
    def f(x: Float[np.ndarray, "n"]) -> None:
        pass

    with pytest.raises(ShapeError) as info:
        f(jnp.zeros(3))
    assert "(jax)" in str(info.value)
    assert "ndarray" in str(info.value)


# --------------------------------------------------------------------------- lazy import


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_import_does_not_import_jax():
    result = _run("import ndtyping, sys; assert 'jax' not in sys.modules, 'jax imported'")
    assert result.returncode == 0, result.stderr


def test_numpy_only_use_does_not_import_jax():
    result = _run(
        """
        import sys
        from typing import Any, Literal
        import numpy as np
        import ndtyping
        from ndtyping import Float, Int, NDArray, DimensionVar, check, float32, ShapeError

        B = DimensionVar("B")

        @check
        def f(x: Float[np.ndarray, "b c"], y: NDArray[float32, B]) -> Float[Any, "b"]:
            return x.sum(-1)

        out = f(np.ones((2, 3)), np.ones(4, np.float32))
        assert out.shape == (2,)
        try:
            f(np.ones((2, 3)), np.ones((4, 4), np.float32))
        except ShapeError as e:
            assert "(numpy)" in str(e)
        else:
            raise AssertionError("no ShapeError")
        assert isinstance(np.zeros(3, np.int32), Int[np.ndarray, "3"])
        assert 'jax' not in sys.modules, sorted(m for m in sys.modules if m.startswith('jax'))
        assert 'jaxlib' not in sys.modules
        print("ok")
        """
    )
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout
