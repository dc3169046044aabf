"""DDPM forward process: a linear beta schedule, q(x_t | x_0), and the x_0 estimate (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Steps = DimensionVar("Steps")
Batch = DimensionVar("Batch")
Channel = DimensionVar("Channel")
Height = DimensionVar("Height")
Width = DimensionVar("Width")


def linear_betas(n_steps: int, start: float = 1e-4, end: float = 0.02) -> NDArray[float32, Steps]:
    return np.linspace(start, end, n_steps)  # BUG: float64 schedule returned as float32


def alphas_cumprod(betas: NDArray[float32, Steps]) -> NDArray[float32, Steps]:
    return np.cumprod(1.0 - betas)


def q_sample(
    x0: NDArray[float32, Batch, Channel, Height, Width],
    t: NDArray[int64, Batch],
    alpha_bar: NDArray[float32, Steps],
    noise: NDArray[float32, Batch, Channel, Height, Width],
) -> NDArray[float32, Batch, Channel, Height, Width]:
    a = alpha_bar[t][:, None, None, None]
    return np.sqrt(a) * x0 + np.sqrt(1.0 - a) * noise


def predict_x0(
    xt: NDArray[float32, Batch, Channel, Height, Width],
    eps: NDArray[float32, Batch, Channel, Height, Width],
    t: NDArray[int64, Batch],
    alpha_bar: NDArray[float32, Steps],
) -> NDArray[float32, Batch, Channel, Height, Width]:
    a = alpha_bar[t].reshape(-1, 1, 1, 1)
    return (xt - np.sqrt(1.0 - a) * eps) / np.sqrt(a)


def main() -> None:
    rng = np.random.default_rng(4)
    alpha_bar = alphas_cumprod(linear_betas(50))
    x0 = rng.standard_normal((2, 3, 5, 4), dtype=np.float32)
    noise = rng.standard_normal((2, 3, 5, 4), dtype=np.float32)
    t = rng.integers(0, 50, size=2)
    xt = q_sample(x0, t, alpha_bar, noise)
    print("diffusion", xt.shape, float(np.abs(predict_x0(xt, noise, t, alpha_bar) - x0).max()))


if __name__ == "__main__":
    main()
