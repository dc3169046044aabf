"""The LAMB optimiser: Adam moments with a per-layer trust ratio, applied to a dict of parameters."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

In = DimensionVar("In")
Out = DimensionVar("Out")


class LambState(NamedTuple):
    step: jax.Array
    mu: dict[str, jax.Array]
    nu: dict[str, jax.Array]


def init_state(params: dict[str, jax.Array]) -> LambState:
    zeros = {k: jnp.zeros_like(v) for k, v in params.items()}
    return LambState(jnp.array(0), zeros, dict(zeros))


def trust_ratio(w: jax.Array, update: jax.Array) -> jax.Array:
    w_norm = jnp.linalg.norm(w)
    u_norm = jnp.linalg.norm(update)
    return jax.lax.cond((w_norm > 0) & (u_norm > 0), lambda: w_norm / u_norm, lambda: jnp.array(1.0))


def layer_update(
    w: NDArray[np.float32, In, Out], g: NDArray[np.float32, In, Out], m: NDArray[np.float32, In, Out], v: NDArray[np.float32, In, Out],
    step: jax.Array, lr: float, b1: float = 0.9, b2: float = 0.999, wd: float = 0.01,
) -> tuple[NDArray[np.float32, In, Out], NDArray[np.float32, In, Out], NDArray[np.float32, In, Out]]:
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    m_hat = m / (1 - b1**step)
    v_hat = v / (1 - b2**step)
    update: NDArray[np.float32, In, Out] = m_hat / (jnp.sqrt(v_hat) + 1e-6) + wd * w.T  # BUG: a spurious transpose on the weight-decay term
    return w - lr * trust_ratio(w, update) * update, m, v


def lamb_step(params: dict[str, jax.Array], grads: dict[str, jax.Array], state: LambState, lr: float) -> tuple[dict[str, jax.Array], LambState]:
    step = state.step + 1
    new_p, new_m, new_v = {}, {}, {}
    for k in params:
        new_p[k], new_m[k], new_v[k] = layer_update(params[k], grads[k], state.mu[k], state.nu[k], step, lr)
    return new_p, LambState(step, new_m, new_v)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(3), 3)
    params = {"w1": jax.random.normal(k1, (5, 8)), "w2": jax.random.normal(k2, (8, 3))}
    x = jax.random.normal(k3, (20, 5))

    def loss(p: dict[str, jax.Array]) -> jax.Array:
        return jnp.mean((jnp.tanh(x @ p["w1"]) @ p["w2"]) ** 2)

    state = init_state(params)
    before = loss(params)
    for _ in range(20):
        params, state = lamb_step(params, jax.grad(loss)(params), state, lr=0.05)
    assert params["w2"].shape == (8, 3)
    assert loss(params) < before


if __name__ == "__main__":
    main()
