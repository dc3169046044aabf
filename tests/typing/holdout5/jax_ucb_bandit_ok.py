"""UCB1 on a batch of Bernoulli bandit problems, simulated with lax.scan and jax.random."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

E = DimensionVar("E")
K = DimensionVar("K")


def ucb_scores(counts: NDArray[np.float32, E, K], totals: NDArray[np.float32, E, K], t: jax.Array, c: float = 2.0) -> NDArray[np.float32, E, K]:
    means = totals / jnp.maximum(counts, 1.0)
    bonus = jnp.sqrt(c * jnp.log(t + 1.0) / jnp.maximum(counts, 1.0))
    return jnp.where(counts == 0, jnp.inf, means + bonus)


def run(key: jax.Array, probs: NDArray[np.float32, E, K], horizon: int) -> tuple[NDArray[np.float32, E, K], NDArray[np.float32, E]]:
    e, k = probs.shape
    counts0 = jnp.zeros((e, k))
    totals0 = jnp.zeros((e, k))

    def step(carry: tuple[jax.Array, jax.Array], inp: tuple[jax.Array, jax.Array]) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
        counts, totals = carry
        t, key = inp
        arm = jnp.argmax(ucb_scores(counts, totals, t), axis=1)
        chosen: NDArray[np.float32, E, K] = jax.nn.one_hot(arm, k)
        reward = (jax.random.uniform(key, (e,)) < (probs * chosen).sum(axis=1)).astype(jnp.float32)
        return (counts + chosen, totals + chosen * reward[:, None]), reward

    keys = jax.random.split(key, horizon)
    (counts, _), rewards = jax.lax.scan(step, (counts0, totals0), (jnp.arange(horizon, dtype=jnp.float32), keys))
    regret = horizon * probs.max(axis=1) - rewards.sum(axis=0)
    return counts, regret


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(6))
    probs = jax.random.uniform(k1, (8, 5), minval=0.1, maxval=0.9)
    counts, regret = run(k2, probs, 500)
    assert counts.shape == (8, 5) and regret.shape == (8,)
    best = jnp.argmax(probs, axis=1)
    assert (jnp.argmax(counts, axis=1) == best).mean() >= 0.5


if __name__ == "__main__":
    main()
