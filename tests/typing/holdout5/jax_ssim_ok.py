"""SSIM between image batches with a separable Gaussian window (depthwise lax.conv), and an SSIM loss."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
C = DimensionVar("C")
H = DimensionVar("H")
W = DimensionVar("W")


def gaussian_window(size: int, sigma: float) -> NDArray[np.float32, Any]:
    x = jnp.arange(size, dtype=jnp.float32) - (size - 1) / 2.0
    g = jnp.exp(-(x**2) / (2 * sigma**2))
    return g / g.sum()


def blur(x: NDArray[np.float32, B, C, H, W], g: NDArray[np.float32, Any]) -> NDArray[np.float32, B, C, Any, Any]:
    c = x.shape[1]
    k2d: NDArray[np.float32, Any, Any] = g[:, None] * g[None, :]
    kernel = jnp.tile(k2d[None, None], (c, 1, 1, 1))
    return jax.lax.conv_general_dilated(x, kernel, (1, 1), "VALID", feature_group_count=c)


def ssim(x: NDArray[np.float32, B, C, H, W], y: NDArray[np.float32, B, C, H, W], data_range: float = 1.0) -> NDArray[np.float32, B]:
    g = gaussian_window(7, 1.5)
    c1, c2 = (0.01 * data_range) ** 2, (0.03 * data_range) ** 2
    mx, my = blur(x, g), blur(y, g)
    sxx = blur(x * x, g) - mx**2
    syy = blur(y * y, g) - my**2
    sxy = blur(x * y, g) - mx * my
    s_map = ((2 * mx * my + c1) * (2 * sxy + c2)) / ((mx**2 + my**2 + c1) * (sxx + syy + c2))
    return s_map.mean(axis=(1, 2, 3))


def ssim_loss(x: NDArray[np.float32, B, C, H, W], y: NDArray[np.float32, B, C, H, W]) -> jax.Array:
    return 1.0 - ssim(x, y).mean()


def main() -> None:
    key = jax.random.PRNGKey(13)
    x = jax.random.uniform(key, (2, 3, 20, 28))
    assert jnp.allclose(ssim(x, x), 1.0, atol=1e-5)
    noisy = jnp.clip(x + 0.2 * jax.random.normal(jax.random.PRNGKey(14), x.shape), 0.0, 1.0)
    s = ssim(x, noisy)
    assert s.shape == (2,) and jnp.all(s < 0.9)
    assert jax.grad(ssim_loss)(noisy, x).shape == (2, 3, 20, 28)


if __name__ == "__main__":
    main()
