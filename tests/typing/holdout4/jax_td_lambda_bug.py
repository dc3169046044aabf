"""TD(lambda) returns for a batch of trajectories with episode ends, computed backwards with lax.scan."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32

T = DimensionVar("T")
E = DimensionVar("E")


def lambda_returns(
    rewards: NDArray[float32, T, E], values: NDArray[float32, T, E], bootstrap: NDArray[float32, E],
    dones: NDArray[bool_, T, E], gamma: float, lam: float,
) -> NDArray[float32, T, E]:
    next_values = jnp.concatenate([values[1:], bootstrap[:, None]], axis=0)  # BUG: the bootstrap row became a column: (E, 1) joined under (T, E)
    discounts = gamma * (1.0 - dones.astype(jnp.float32))

    def step(acc, inp):
        r, d, v_next = inp
        g = r + d * ((1.0 - lam) * v_next + lam * acc)
        return g, g

    _, returns = jax.lax.scan(step, bootstrap, (rewards, discounts, next_values), reverse=True)
    return returns


def value_loss(values: NDArray[float32, T, E], returns: NDArray[float32, T, E]) -> jax.Array:
    return 0.5 * jnp.mean((jax.lax.stop_gradient(returns) - values) ** 2)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(13))
    t, e = 12, 4
    rewards = jax.random.uniform(k1, (t, e))
    values = jax.random.uniform(k2, (t, e))
    dones = jnp.zeros((t, e), dtype=bool).at[5, 1].set(True)
    ret = lambda_returns(rewards, values, jnp.zeros(e), dones, 0.99, 0.95)
    assert ret.shape == (t, e)
    assert jnp.allclose(ret[5, 1], rewards[5, 1])
    one_step = lambda_returns(rewards, values, jnp.zeros(e), dones, 0.99, 0.0)
    assert jnp.allclose(one_step[:-1], rewards[:-1] + 0.99 * (1 - dones[:-1]) * values[1:])
    assert value_loss(values, ret).shape == ()


if __name__ == "__main__":
    main()
