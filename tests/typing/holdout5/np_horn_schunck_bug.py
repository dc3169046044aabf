"""Horn-Schunck optical flow: image gradients, then Jacobi-style iterations on (u, v)."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")


def gradients(
    im1: NDArray[np.float64, H, W], im2: NDArray[np.float64, H, W]
) -> tuple[NDArray[np.float64, H, W], NDArray[np.float64, H, W], NDArray[np.float64, H, W]]:
    ix = np.gradient(im1, axis=1)
    iy = np.gradient(im1, axis=0)
    it = im2 - im1
    return ix, iy, it


def neighbour_average(f: np.ndarray) -> np.ndarray:
    p = np.pad(f, 1, mode="edge")
    return 0.25 * (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:])


def horn_schunck(
    im1: NDArray[np.float64, H, W], im2: NDArray[np.float64, H, W], alpha: float = 1.0, iters: int = 50
) -> NDArray[np.float64, Literal[2], H, W]:
    ix, iy, it = gradients(im1, im2)
    u = np.zeros_like(im1)
    v = np.zeros_like(im1)
    denom: NDArray[np.float64, H, W] = alpha**2 + ix**2 + iy**2
    for _ in range(iters):
        u_bar = neighbour_average(u)
        v_bar = neighbour_average(v)
        t = (ix * u_bar + iy * v_bar + it) / denom
        u = u_bar - ix * t
        v = v_bar - iy * t
    return np.stack([u, v], axis=-1)  # BUG: the flow components stacked last: (H, W, 2)


def main() -> None:
    yy, xx = np.mgrid[0:30, 0:44].astype(np.float64)
    im1 = np.sin(xx / 5.0) + np.cos(yy / 7.0)
    im2 = np.sin((xx - 0.5) / 5.0) + np.cos(yy / 7.0)
    flow = horn_schunck(im1, im2)
    assert flow.shape == (2, 30, 44)
    assert flow[0, 5:-5, 5:-5].mean() > 0.0


if __name__ == "__main__":
    main()
