"""`check` under jax transformations (jit, vmap, grad) and on sharded arrays (8 simulated CPU devices).

Under `jax.jit` the checks run while tracing, on tracers: a compiled call runs none of them.
Under `jax.vmap` the function sees one example, so its annotations describe one example.
Sharded arrays are checked on their global shape; inside `jax.shard_map`, on each shard's shape.
"""

import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from ndtyping import Float, ShapeError, check  # noqa: E402
from ndtyping._runtime.bindings import current_scope  # noqa: E402
from ndtyping._runtime.pytree import PyTree  # noqa: E402

Array = jax.Array


class _CountingMeta(type):
    checks = 0

    def __instancecheck__(cls, value: Any) -> bool:
        _CountingMeta.checks += 1  # a Python side effect of the check itself
        return isinstance(value, jax.Array)


class Counted(metaclass=_CountingMeta):
    """A leaf annotation that counts how often the checker runs."""


# --------------------------------------------------------------------------- jit


def test_jit_checks_once_per_trace_not_per_call() -> None:
    @jax.jit
    @check
    def loss(
        params: PyTree[Counted, "T"], grads: PyTree[Float[Array, "?n"], "T"], momentum: PyTree[Float[Array, "?n"], "T"]
    ) -> Float[Array, ""]:
        leaves = zip(*(jax.tree_util.tree_leaves(tree) for tree in (params, grads, momentum)))
        return sum(jnp.sum(p * g * m) for p, g, m in leaves)

    params = {"w": jnp.ones(3), "b": jnp.ones(2)}
    _CountingMeta.checks = 0
    loss(params, params, params)
    per_trace = _CountingMeta.checks  # the leaves, and the nodes asked whether they are leaves
    assert per_trace >= 2
    for _ in range(4):
        out = loss(params, params, params)
    np.testing.assert_allclose(np.asarray(out), 5.0)
    assert _CountingMeta.checks == per_trace  # the compiled calls checked nothing

    # A new shape retraces, and is checked again (at trace time).
    bigger = {"w": jnp.ones(4), "b": jnp.ones(2)}
    loss(bigger, bigger, bigger)
    assert _CountingMeta.checks == 2 * per_trace
    loss(bigger, bigger, bigger)
    assert _CountingMeta.checks == 2 * per_trace

    # A mismatch fails while tracing; the error names the leaf.
    with pytest.raises(ShapeError) as info:
        loss(bigger, bigger, {"w": jnp.ones(3), "b": jnp.ones(2)})
    assert "leaf ['w']: dim ?n@T[1]: 3 here, but grads bound it to 4" in str(info.value)
    with pytest.raises(ShapeError, match=r"structure T: PyTreeDef\(\{'w': \*\}\) here, but params bound it"):
        loss(bigger, {"w": jnp.ones(4)}, bigger)
    assert current_scope() is None


def test_jit_checks_see_tracers() -> None:
    seen = []

    @jax.jit
    @check
    def f(tree: PyTree[Float[Array, "n"], "T"]) -> PyTree[Float[Array, "n"], "T"]:
        seen.extend(type(leaf).__name__ for leaf in jax.tree_util.tree_leaves(tree))
        return jax.tree_util.tree_map(lambda leaf: leaf * 2, tree)

    out = f([jnp.ones(3), (jnp.ones(3),)])
    assert jax.tree_util.tree_structure(out) == jax.tree_util.tree_structure([0, (0,)])
    assert seen and all("Tracer" in name for name in seen)


def test_jit_checks_the_result_at_trace_time() -> None:
    @jax.jit
    @check
    def f(tree: PyTree[Float[Array, "n"], "T"]) -> PyTree[Float[Array, "n"], "T"]:
        return {"only": tree["a"]}

    with pytest.raises(ShapeError, match="return value"):
        f({"a": jnp.ones(2), "b": jnp.ones(2)})


# --------------------------------------------------------------------------- vmap


def test_vmap_sees_per_example_shapes() -> None:
    shapes = []

    @check
    def per_example(x: PyTree[Float[Array, "d"], "T"], w: Float[Array, "d k"]) -> PyTree[Float[Array, "k"], "T"]:
        shapes.extend(leaf.shape for leaf in jax.tree_util.tree_leaves(x))
        return jax.tree_util.tree_map(lambda leaf: leaf @ w, x)

    xs = {"a": jnp.ones((8, 3)), "b": [jnp.ones((8, 3))]}
    out = jax.vmap(per_example, in_axes=(0, None))(xs, jnp.ones((3, 2)))
    assert shapes == [(3,), (3,)]  # per example, not (8, 3)
    assert out["a"].shape == (8, 2) and out["b"][0].shape == (8, 2)


def test_vmap_mismatch_raises_with_per_example_sizes() -> None:
    @check
    def per_example(x: PyTree[Float[Array, "d"]], y: Float[Array, "d"]) -> Float[Array, ""]:
        return jnp.sum(y)

    with pytest.raises(ShapeError, match="dim d: 4 here, but x bound it to 3"):
        jax.vmap(per_example)({"a": jnp.ones((8, 3))}, jnp.ones((8, 4)))


# --------------------------------------------------------------------------- grad


def test_grad_checks_traced_values() -> None:
    kinds = []

    @check
    def loss(params: PyTree[Float[Array, "?n"], "T"], x: PyTree[Float[Array, "?n"], "T"]) -> Float[Array, ""]:
        kinds.extend(type(leaf).__name__ for leaf in jax.tree_util.tree_leaves(params))
        return sum(jnp.sum(p * q) for p, q in zip(jax.tree_util.tree_leaves(params), jax.tree_util.tree_leaves(x)))

    params = {"w": jnp.ones(3), "b": jnp.ones(2)}
    grads = jax.grad(loss)(params, {"w": jnp.arange(3.0), "b": jnp.arange(2.0)})
    np.testing.assert_allclose(np.asarray(grads["w"]), [0.0, 1.0, 2.0])
    assert kinds and all("Tracer" in kind for kind in kinds)  # the check saw JVP tracers

    with pytest.raises(ShapeError, match=r"\?n@T\[1\]: 4 here"):
        jax.grad(loss)(params, {"w": jnp.ones(4), "b": jnp.ones(2)})


def test_jit_of_grad_of_vmap() -> None:
    @check
    def f(w: Float[Array, "d"], x: PyTree[Float[Array, "d"]]) -> Float[Array, ""]:
        return sum(jnp.dot(w, leaf) for leaf in jax.tree_util.tree_leaves(x))

    g = jax.jit(jax.vmap(jax.grad(f), in_axes=(None, 0)))
    out = g(jnp.ones(3), [jnp.ones((5, 3)), jnp.ones((5, 3))])
    assert out.shape == (5, 3)
    np.testing.assert_allclose(np.asarray(out), 2.0)


# --------------------------------------------------------------------------- sharding (8 CPU devices)

_SHARDING = """
    import os
    os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
    from ndtyping import Float, ShapeError, check
    from ndtyping._runtime.pytree import PyTree

    assert jax.device_count() == 8, jax.devices()
    mesh = Mesh(np.array(jax.devices()), ("x",))  # jax.make_mesh is newer than jax 0.4.30, the lower bound
    if hasattr(jax, "shard_map"):
        shard_map = jax.shard_map
    else:  # jax < 0.6: still experimental
        from jax.experimental.shard_map import shard_map
    sharding = NamedSharding(mesh, P("x"))
    x = jax.device_put(jnp.arange(64.0).reshape(16, 4), sharding)
    assert len(x.sharding.device_set) == 8
    assert x.addressable_shards[0].data.shape == (2, 4)

    # Outside shard_map a sharded array is one array with its global shape.
    @check
    def total(x: Float[jax.Array, "16 4"], tree: PyTree[Float[jax.Array, "16 ?k"], "T"]) -> Float[jax.Array, "16"]:
        return x.sum(axis=1)

    tree = {"a": x, "b": jax.device_put(jnp.ones((16, 8)), sharding)}
    assert total(x, tree).shape == (16,)
    assert jax.jit(total)(x, tree).shape == (16,)
    try:
        total(jax.device_put(jnp.ones((8, 8)), sharding), tree)
    except ShapeError as err:
        assert "axis 0: size 8, expected 16" in str(err), err
    else:
        raise AssertionError("a sharded array was not checked on its global shape")

    # Inside shard_map the function sees one shard: 16 rows over 8 devices is 2 rows each.
    shard_shapes = []

    @check
    def per_shard(x: Float[jax.Array, "2 4"], tree: PyTree[Float[jax.Array, "2 ?k"], "T"]) -> Float[jax.Array, "2 4"]:
        shard_shapes.append(x.shape)
        return x * 2

    out = shard_map(per_shard, mesh=mesh, in_specs=(P("x"), P("x")), out_specs=P("x"))(x, tree)
    assert out.shape == (16, 4), out.shape
    assert float(out.sum()) == 2 * float(jnp.arange(64.0).sum())
    assert shard_shapes == [(2, 4)], shard_shapes

    @check
    def wrong(x: Float[jax.Array, "16 4"]) -> Float[jax.Array, "16 4"]:
        return x

    try:
        shard_map(wrong, mesh=mesh, in_specs=P("x"), out_specs=P("x"))(x)
    except ShapeError as err:
        assert "axis 0: size 2, expected 16" in str(err), err
    else:
        raise AssertionError("the per-shard shape was not what the check saw")
    print("ok")
"""


def test_sharded_arrays_on_8_cpu_devices() -> None:
    # A subprocess: the device count is fixed when jax starts, and the rest of the suite keeps one.
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_SHARDING)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "ok" in result.stdout
