"""Double-DQN targets and Huber TD loss with a target network, on a batch of transitions."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32

B = DimensionVar("B")
Obs = DimensionVar("Obs")
Hid = DimensionVar("Hid")
Act = DimensionVar("Act")


class Batch(NamedTuple):
    obs: jax.Array
    action: jax.Array
    reward: jax.Array
    next_obs: jax.Array
    done: jax.Array


def q_values(params: dict[str, jax.Array], obs: NDArray[float32, B, Obs]) -> NDArray[float32, B, Act]:
    h = jax.nn.relu(obs @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def double_dqn_target(
    online: dict[str, jax.Array], target: dict[str, jax.Array], next_obs: NDArray[float32, B, Obs],
    reward: NDArray[float32, B], done: NDArray[bool_, B], gamma: float,
) -> NDArray[float32, B]:
    best = jnp.argmax(q_values(online, next_obs), axis=-1)
    q_next: NDArray[float32, B] = jnp.take_along_axis(q_values(target, next_obs), best[:, None], axis=-1)[:, 0]
    return reward + gamma * jnp.where(done, 0.0, q_next)


def td_loss(online: dict[str, jax.Array], target: dict[str, jax.Array], batch: Batch, gamma: float = 0.99) -> jax.Array:
    q = q_values(online, batch.obs)
    q_taken: NDArray[float32, B] = jnp.take_along_axis(q, batch.action[:, None], axis=1).squeeze(axis=1)
    y = jax.lax.stop_gradient(double_dqn_target(online, target, batch.next_obs, batch.reward, batch.done, gamma))
    err = q_taken - y
    return jnp.mean(jnp.where(jnp.abs(err) < 1.0, 0.5 * err**2, jnp.abs(err) - 0.5))


def init(key: jax.Array, obs: int, hid: int, act: int) -> dict[str, jax.Array]:
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (obs, hid)) / jnp.sqrt(obs), "b1": jnp.zeros(hid),
        "w2": jax.random.normal(k2, (hid, act)) / jnp.sqrt(hid), "b2": jnp.zeros(act),
    }


def main() -> None:
    key = jax.random.PRNGKey(5)
    k_on, k_tg, k_obs, k_next, k_act, k_r = jax.random.split(key, 6)
    b, obs, hid, act = 16, 6, 12, 4
    online, target = init(k_on, obs, hid, act), init(k_tg, obs, hid, act)
    batch = Batch(
        jax.random.normal(k_obs, (b, obs)), jax.random.randint(k_act, (b,), 0, act),
        jax.random.normal(k_r, (b,)), jax.random.normal(k_next, (b, obs)), jnp.arange(b) % 5 == 0,
    )
    loss, grads = jax.value_and_grad(td_loss)(online, target, batch)
    assert loss.shape == () and grads["w1"].shape == (obs, hid)


if __name__ == "__main__":
    main()
