"""Autoregressive forecasting: lagged design matrix, least squares, a lax.scan rollout (jax)."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Time = DimensionVar("Time")
Lag = DimensionVar("Lag")
Sample = DimensionVar("Sample")
Horizon = DimensionVar("Horizon")


def lag_matrix(series: NDArray[float32, Time], lags: int) -> NDArray[float32, Any, Lag]:
    n = series.shape[0] - lags
    idx = jnp.arange(n)[:, None] + jnp.arange(lags)[None, :]
    return series[idx]


def fit(design: NDArray[float32, Sample, Lag], target: NDArray[float32, Sample]) -> NDArray[float32, Lag]:
    coef, *_ = jnp.linalg.lstsq(design, target)
    return coef


def in_sample(design: NDArray[float32, Sample, Lag], coef: NDArray[float32, Lag]) -> NDArray[float32, Sample]:
    return design @ coef


def rollout(history: NDArray[float32, Lag], coef: NDArray[float32, Lag], horizon: int) -> NDArray[float32, Horizon]:
    def step(window: jax.Array, _: None) -> tuple[jax.Array, jax.Array]:
        nxt = window @ coef
        return jnp.concatenate([window[1:], nxt[None]]), nxt

    _, preds = jax.lax.scan(step, history, None, length=horizon)
    return preds


def main() -> None:
    t = jnp.arange(80, dtype=jnp.float32)
    series = jnp.sin(0.3 * t) + 0.05 * jax.random.normal(jax.random.PRNGKey(17), (80,))
    design = lag_matrix(series, 5)
    coef = fit(design, series[5:])
    residual = series[5:] - in_sample(design, coef)
    print("ar rollout", coef.shape, float(jnp.abs(residual).mean()), rollout(series[-5:], coef, 12).shape)


if __name__ == "__main__":
    main()
