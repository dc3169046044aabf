"""REINFORCE with a baseline on a batch of episodes (time-major): discounted returns with a
reverse lax.scan that resets at episode ends, log-probabilities of the taken actions, the loss
and an entropy bonus."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Time = DimensionVar("Time")
Batch = DimensionVar("Batch")
Act = DimensionVar("Act")


def discounted_returns(
    rewards: NDArray[np.float32, Time, Batch], dones: NDArray[np.float32, Time, Batch], gamma: float
) -> NDArray[np.float32, Time, Batch]:
    def step(carry: jax.Array, inp: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        r, d = inp
        g = r + gamma * carry * (1.0 - d)
        return g, g

    _, out = jax.lax.scan(step, jnp.zeros_like(rewards), (rewards, dones), reverse=True)  # BUG: the carry is (Time, Batch), not (Batch,): the stacked returns come out (Time, Time, Batch)
    return out


def action_logp(logits: NDArray[np.float32, Time, Batch, Act], actions: NDArray[np.int32, Time, Batch]) -> NDArray[np.float32, Time, Batch]:
    logp = jax.nn.log_softmax(logits, axis=-1)
    return jnp.take_along_axis(logp, actions[..., None], axis=-1).squeeze(-1)


def entropy(logits: NDArray[np.float32, Time, Batch, Act]) -> NDArray[np.float32, Time, Batch]:
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -(jnp.exp(logp) * logp).sum(axis=-1)


def reinforce_loss(
    logits: NDArray[np.float32, Time, Batch, Act],
    actions: NDArray[np.int32, Time, Batch],
    returns: NDArray[np.float32, Time, Batch],
    baseline: NDArray[np.float32, Batch],
    beta: float,
) -> jax.Array:
    adv = jax.lax.stop_gradient(returns - baseline)
    return -(action_logp(logits, actions) * adv).mean() - beta * entropy(logits).mean()


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(16), 4)
    time, batch, act = 7, 3, 4
    rewards = jax.random.uniform(keys[0], (time, batch))
    dones = (jax.random.uniform(keys[1], (time, batch)) < 0.2).astype(jnp.float32)
    returns = discounted_returns(rewards, dones, 0.9)
    assert returns.shape == (time, batch) and jnp.allclose(returns[-1], rewards[-1])
    logits = jax.random.normal(keys[2], (time, batch, act))
    actions = jax.random.randint(keys[3], (time, batch), 0, act)
    grads = jax.grad(reinforce_loss)(logits, actions, returns, returns.mean(axis=0), 0.01)
    assert grads.shape == (time, batch, act)
