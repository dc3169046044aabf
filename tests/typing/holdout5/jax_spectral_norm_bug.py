"""Spectral normalisation of a weight matrix by power iteration (lax.fori_loop), keeping u between steps."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Out = DimensionVar("Out")
In = DimensionVar("In")


def l2n(v: jax.Array, eps: float = 1e-12) -> jax.Array:
    return v / (jnp.linalg.norm(v) + eps)


def power_iteration(w: NDArray[np.float32, Out, In], u: NDArray[np.float32, Out], iters: int) -> tuple[NDArray[np.float32, Out], NDArray[np.float32, In]]:
    def body(_: int, uv: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        u, _v = uv
        v = l2n(w.T @ u)
        u = l2n(w @ v)
        return u, v

    v0 = l2n(w @ u)  # BUG: transpose forgotten: (Out, In) @ (Out,)
    return jax.lax.fori_loop(0, iters, body, (u, v0))


def spectral_normalise(w: NDArray[np.float32, Out, In], u: NDArray[np.float32, Out], iters: int = 3) -> tuple[NDArray[np.float32, Out, In], NDArray[np.float32, Out]]:
    u, v = power_iteration(w, u, iters)
    u = jax.lax.stop_gradient(u)
    v = jax.lax.stop_gradient(v)
    sigma = u @ w @ v
    return w / sigma, u


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(4))
    w = jax.random.normal(k1, (12, 7))
    u = l2n(jax.random.normal(k2, (12,)))
    w_sn, u = spectral_normalise(w, u, iters=50)
    assert w_sn.shape == (12, 7) and u.shape == (12,)
    top = jnp.linalg.svd(w_sn, compute_uv=False)[0]
    assert jnp.abs(top - 1.0) < 1e-3


if __name__ == "__main__":
    main()
