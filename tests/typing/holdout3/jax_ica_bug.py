"""FastICA: whitening by eigendecomposition, the symmetric fixed-point update with a tanh
contrast inside lax.fori_loop, and symmetric decorrelation of the unmixing rows."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Sample = DimensionVar("Sample")
Chan = DimensionVar("Chan")
Comp = DimensionVar("Comp")


def whiten(x: NDArray[np.float32, Sample, Chan]) -> tuple[NDArray[np.float32, Sample, Chan], NDArray[np.float32, Chan, Chan]]:
    xc = x - x.mean(axis=0)
    cov = xc.T @ xc / x.shape[0]
    vals, vecs = jnp.linalg.eigh(cov)
    w = vecs @ jnp.diag(1.0 / jnp.sqrt(vals)) @ vecs.T
    return xc @ w, w


def sym_decorrelate(w: NDArray[np.float32, Comp, Chan]) -> NDArray[np.float32, Comp, Chan]:
    s, u = jnp.linalg.eigh(w.T @ w)  # BUG: (Chan, Chan) eigenvectors; u @ ... @ w needs (Comp, Comp)
    return u @ jnp.diag(1.0 / jnp.sqrt(s)) @ u.T @ w


def fastica(z: NDArray[np.float32, Sample, Chan], w0: NDArray[np.float32, Comp, Chan], iters: int) -> NDArray[np.float32, Comp, Chan]:
    def body(_: int, w: jax.Array) -> jax.Array:
        wx = z @ w.T
        g = jnp.tanh(wx)
        g_prime = 1.0 - g**2
        w_new = g.T @ z / z.shape[0] - g_prime.mean(axis=0)[:, None] * w
        return sym_decorrelate(w_new)

    return jax.lax.fori_loop(0, iters, body, sym_decorrelate(w0))


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(13), 3)
    n, chan, comp = 2000, 4, 2
    t = jnp.linspace(0, 8, n)
    sources = jnp.stack([jnp.sign(jnp.sin(3 * t)), jnp.sin(5 * t)], axis=1)
    mix = jax.random.normal(keys[0], (comp, chan))
    x = sources @ mix + 0.01 * jax.random.normal(keys[1], (n, chan))
    z, _ = whiten(x)
    assert jnp.allclose(z.T @ z / n, jnp.eye(chan), atol=1e-2)
    w = fastica(z, jax.random.normal(keys[2], (comp, chan)), 100)
    assert jnp.allclose(w @ w.T, jnp.eye(comp), atol=1e-3)
    recovered = z @ w.T
    corr = jnp.abs(jnp.corrcoef(recovered.T, sources.T)[:comp, comp:])
    assert float(corr.max(axis=1).min()) > 0.9
