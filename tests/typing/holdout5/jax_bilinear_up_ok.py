"""Bilinear upsampling (align_corners=False) of NHWC feature maps by gathering the four neighbours."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")
Ho = DimensionVar("Ho")
Wo = DimensionVar("Wo")


def source_coords(out_size: int, in_size: int) -> tuple[jax.Array, jax.Array, jax.Array]:
    scale = in_size / out_size
    src = jnp.clip((jnp.arange(out_size) + 0.5) * scale - 0.5, 0.0, in_size - 1)
    lo = jnp.floor(src).astype(jnp.int32)
    hi = jnp.minimum(lo + 1, in_size - 1)
    return lo, hi, src - lo


def upsample(x: NDArray[np.float32, N, H, W, C], out_h: int, out_w: int) -> NDArray[np.float32, N, Any, Any, C]:
    y0, y1, wy = source_coords(out_h, x.shape[1])
    x0, x1, wx = source_coords(out_w, x.shape[2])
    top = x[:, y0]
    bottom = x[:, y1]
    rows: NDArray[np.float32, N, Any, W, C] = top * (1.0 - wy)[None, :, None, None] + bottom * wy[None, :, None, None]
    left = rows[:, :, x0]
    right = rows[:, :, x1]
    return left * (1.0 - wx)[None, None, :, None] + right * wx[None, None, :, None]


def main() -> None:
    key = jax.random.PRNGKey(10)
    x = jax.random.normal(key, (2, 5, 7, 3))
    up = upsample(x, 10, 21)
    assert up.shape == (2, 10, 21, 3)
    same = upsample(x, 5, 7)
    assert jnp.allclose(same, x, atol=1e-6)
    ref = jax.image.resize(x, (2, 10, 21, 3), method="bilinear")
    assert jnp.allclose(up, ref, atol=1e-4)


if __name__ == "__main__":
    main()
