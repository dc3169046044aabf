"""k-means++ seeding with jax.random.categorical, then Lloyd steps with segment sums."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Point = DimensionVar("Point")
Centre = DimensionVar("Centre")
Dim = DimensionVar("Dim")


def sq_dist(x: NDArray[float32, Point, Dim], c: NDArray[float32, Centre, Dim]) -> NDArray[float32, Point, Centre]:
    return jnp.sum((x[:, None, :] - c[None, :, :]) ** 2, axis=-1)


def add_centre(key: jax.Array, x: NDArray[float32, Point, Dim], centres: NDArray[float32, Centre, Dim]) -> jax.Array:
    d2 = sq_dist(x, centres).min(axis=1)
    idx = jax.random.categorical(key, jnp.log(d2 + 1e-12))
    return jnp.concatenate([centres, x[idx][None, :]], axis=0)


def seed(key: jax.Array, x: NDArray[float32, Point, Dim], k: int) -> jax.Array:
    key, sub = jax.random.split(key)
    centres = x[jax.random.randint(sub, (1,), 0, x.shape[0])]
    for _ in range(k - 1):
        key, sub = jax.random.split(key)
        centres = add_centre(sub, x, centres)
    return centres


def lloyd(x: NDArray[float32, Point, Dim], centres: NDArray[float32, Centre, Dim]) -> tuple[NDArray[float32, Centre, Dim], NDArray[int32, Point]]:
    labels = jnp.argmin(sq_dist(x, centres), axis=1)
    k = centres.shape[0]
    sums = jax.ops.segment_sum(x, labels, num_segments=k)
    counts = jax.ops.segment_sum(jnp.ones(x.shape[0]), labels, num_segments=k)
    return sums / jnp.maximum(counts, 1.0)[:, None], labels.astype(jnp.int32)


def main() -> None:
    key = jax.random.PRNGKey(10)
    means = jnp.array([[0.0, 0.0], [6.0, 0.0], [0.0, 6.0]])
    noise = jax.random.normal(key, (3, 20, 2))
    x = (means[:, None, :] + noise).reshape(-1, 2)
    centres = seed(jax.random.PRNGKey(11), x, 3)
    for _ in range(5):
        centres, labels = lloyd(x, centres)
    assert centres.shape == (3, 2)
    print("centres", jnp.round(centres, 2), jnp.bincount(labels, length=3))


if __name__ == "__main__":
    main()
