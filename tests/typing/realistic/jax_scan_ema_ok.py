"""Exponential moving averages over a time series with jax.lax.scan."""

import jax

from ndtyping import DimensionVar, NDArray, float32

T = DimensionVar("T")
D = DimensionVar("D")


def ema(xs: NDArray[float32, T, D], decay: float = 0.9) -> NDArray[float32, T, D]:
    def step(avg: jax.Array, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        avg = decay * avg + (1 - decay) * x
        return avg, avg

    _, averages = jax.lax.scan(step, xs[0], xs)
    return averages


def final_average(xs: NDArray[float32, T, D], decay: float = 0.9) -> NDArray[float32, D]:
    return ema(xs, decay)[-1]


def main() -> None:
    xs = jax.random.normal(jax.random.PRNGKey(31), (20, 3))
    print("ema", ema(xs).shape, final_average(xs).shape)


if __name__ == "__main__":
    main()
