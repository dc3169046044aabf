"""A CRF tagging head in jax: linear emissions from token features, gold-path score, log partition."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Time = DimensionVar("Time")
Feat = DimensionVar("Feat")
Tag = DimensionVar("Tag")


def emissions(feats: NDArray[float32, Time, Feat], w: NDArray[float32, Feat, Tag], b: NDArray[float32, Tag]) -> NDArray[float32, Time, Tag]:
    return w @ feats + b  # BUG: operands swapped: (Feat, Tag) @ (Time, Feat)


def path_score(em: NDArray[float32, Time, Tag], trans: NDArray[float32, Tag, Tag], tags: NDArray[int32, Time]) -> jax.Array:
    emitted = jnp.take_along_axis(em, tags[:, None], axis=1).sum()
    return emitted + trans[tags[:-1], tags[1:]].sum()


def log_partition(em: NDArray[float32, Time, Tag], trans: NDArray[float32, Tag, Tag]) -> jax.Array:
    def step(alpha: jax.Array, e_t: jax.Array) -> tuple[jax.Array, None]:
        return jax.nn.logsumexp(alpha[:, None] + trans, axis=0) + e_t, None

    alpha, _ = jax.lax.scan(step, em[0], em[1:])
    return jax.nn.logsumexp(alpha)


def crf_loss(
    feats: NDArray[float32, Time, Feat], w: NDArray[float32, Feat, Tag], b: NDArray[float32, Tag], trans: NDArray[float32, Tag, Tag], tags: NDArray[int32, Time]
) -> jax.Array:
    em = emissions(feats, w, b)
    return log_partition(em, trans) - path_score(em, trans, tags)


def main() -> None:
    k1, k2, k3, k4 = jax.random.split(jax.random.PRNGKey(2), 4)
    feats = jax.random.normal(k1, (10, 16))
    w = 0.1 * jax.random.normal(k2, (16, 5))
    b = jnp.zeros(5)
    trans = 0.1 * jax.random.normal(k3, (5, 5))
    tags = jax.random.randint(k4, (10,), 0, 5)
    loss, grads = jax.value_and_grad(crf_loss, argnums=(1, 3))(feats, w, b, trans, tags)
    assert grads[0].shape == (16, 5)
    print("crf loss", float(loss))


if __name__ == "__main__":
    main()
