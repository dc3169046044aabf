"""Unit quaternions for batches of rotations: Hamilton product, conversion to matrices under
jax.vmap, rotating a point cloud by every rotation, and spherical interpolation."""

from typing import Literal

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
M = DimensionVar("M")
L3 = Literal[3]
L4 = Literal[4]


def quat_mul(a: NDArray[np.float32, N, L4], b: NDArray[np.float32, N, L4]) -> NDArray[np.float32, N, L4]:
    aw, ax, ay, az = a[:, 0], a[:, 1], a[:, 2], a[:, 3]
    bw, bx, by, bz = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    w = aw * bw - ax * bx - ay * by - az * bz
    x = aw * bx + ax * bw + ay * bz - az * by
    y = aw * by - ax * bz + ay * bw + az * bx
    z = aw * bz + ax * by - ay * bx + az * bw
    return jnp.stack([w, x, y, z], axis=-1)


def quat_to_matrix(q: jax.Array) -> jax.Array:
    w, x, y, z = q / jnp.linalg.norm(q)
    return jnp.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    )


def rotate_points(q: NDArray[np.float32, N, L4], pts: NDArray[np.float32, M, L3]) -> NDArray[np.float32, N, M, L3]:
    mats = jax.vmap(quat_to_matrix)(q)
    return jnp.einsum("nij,mj->nmi", mats, pts)


def slerp(a: NDArray[np.float32, N, L4], b: NDArray[np.float32, N, L4], t: float) -> NDArray[np.float32, N, L4]:
    dot = (a * b).sum(axis=-1, keepdims=True)
    b = jnp.where(dot < 0, -b, b)
    omega = jnp.arccos(jnp.clip(jnp.abs(dot), 0.0, 1.0 - 1e-7))
    return (jnp.sin((1 - t) * omega) * a + jnp.sin(t * omega) * b) / jnp.sin(omega)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(14), 3)
    n, m = 5, 7
    a = jax.random.normal(k1, (n, 4))
    a = a / jnp.linalg.norm(a, axis=-1, keepdims=True)
    b = jax.random.normal(k2, (n, 4))
    b = b / jnp.linalg.norm(b, axis=-1, keepdims=True)
    pts = jax.random.normal(k3, (m, 3))
    composed = rotate_points(quat_mul(a, b), pts)
    sequential = jnp.einsum("nij,nmj->nmi", jax.vmap(quat_to_matrix)(a), rotate_points(b, pts))
    assert composed.shape == (n, m, 3) and jnp.allclose(composed, sequential, atol=1e-4)
    mid = slerp(a, b, 0.5)
    assert jnp.allclose(jnp.linalg.norm(mid, axis=-1), 1.0, atol=1e-4)
