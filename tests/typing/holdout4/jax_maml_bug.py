"""MAML on sine-wave regression: an inner SGD step per task with jax.grad, tasks batched by jax.vmap."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Tasks = DimensionVar("Tasks")
Shots = DimensionVar("Shots")
Query = DimensionVar("Query")

Params = dict[str, jax.Array]


def forward(params: Params, x: NDArray[float32, Shots]) -> NDArray[float32, Shots]:
    h = jnp.tanh(x[:, None] * params["w1"][None, :] + params["b1"])
    return h @ params["w2"] + params["b2"]


def mse(params: Params, x: NDArray[float32, Shots], y: NDArray[float32, Shots]) -> jax.Array:
    return jnp.mean((forward(params, x) - y) ** 2)


def adapt(params: Params, x: NDArray[float32, Shots], y: NDArray[float32, Shots], inner_lr: float) -> Params:
    grads = jax.grad(mse)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - inner_lr * g, params, grads)


def task_loss(
    params: Params, xs: NDArray[float32, Shots], ys: NDArray[float32, Shots], xq: NDArray[float32, Query], yq: NDArray[float32, Query]
) -> jax.Array:
    fast = adapt(params, xs, ys, 0.05)
    return mse(fast, xq, yq)


def meta_loss(
    params: Params, xs: NDArray[float32, Tasks, Shots], ys: NDArray[float32, Tasks, Shots],
    xq: NDArray[float32, Tasks, Query], yq: NDArray[float32, Tasks, Query],
) -> jax.Array:
    losses: NDArray[float32, Tasks] = jax.vmap(task_loss, in_axes=(None, 0, 0, 1, 1))(params, xs, ys, xq, yq)  # BUG: the query sets are mapped over their Query axis, not over Tasks
    return losses.mean()


def sample_tasks(key: jax.Array, n_tasks: int, n: int) -> tuple[jax.Array, jax.Array]:
    k_amp, k_phase, k_x = jax.random.split(key, 3)
    amp = jax.random.uniform(k_amp, (n_tasks, 1), minval=0.5, maxval=2.0)
    phase = jax.random.uniform(k_phase, (n_tasks, 1), maxval=jnp.pi)
    x = jax.random.uniform(k_x, (n_tasks, n), minval=-3.0, maxval=3.0)
    return x, amp * jnp.sin(x + phase)


def main() -> None:
    key = jax.random.PRNGKey(15)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    hidden = 20
    params = {
        "w1": jax.random.normal(k1, (hidden,)), "b1": jnp.zeros(hidden),
        "w2": 0.1 * jax.random.normal(k2, (hidden,)), "b2": jnp.zeros(()),
    }
    xs, ys = sample_tasks(k3, 6, 5)
    xq, yq = sample_tasks(k4, 6, 9)
    loss, grads = jax.value_and_grad(meta_loss)(params, xs, ys, xq, yq)
    assert loss.shape == () and grads["w1"].shape == (hidden,)


if __name__ == "__main__":
    main()
