"""Lagged windows of a multivariate series and a linear autoregressive model on them (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Time = DimensionVar("Time")
Feat = DimensionVar("Feat")
Sample = DimensionVar("Sample")
Lag = DimensionVar("Lag")


def standardise(series: NDArray[float32, Time, Feat]) -> NDArray[float32, Time, Feat]:
    return (series - series.mean(axis=0)) / (series.std(axis=0) + 1e-6)


def lagged_windows(series: NDArray[float32, Time, Feat], lags: int) -> NDArray[float32, Any, Any, Feat]:
    windows = np.lib.stride_tricks.sliding_window_view(series, lags, axis=0)
    return np.swapaxes(windows, 1, 2)[:-1]


def fit_ar(windows: NDArray[float32, Sample, Lag, Feat], targets: NDArray[float32, Sample, Feat]) -> NDArray[float32, Lag, Feat, Feat]:
    s, lag, f = windows.shape
    design = windows.reshape(s, lag * f)
    coef, *_ = np.linalg.lstsq(design, targets, rcond=None)
    return coef.reshape(lag, f, f)


def forecast(window: NDArray[float32, Lag, Feat], coef: NDArray[float32, Lag, Feat, Feat]) -> NDArray[float32, Feat]:
    return np.einsum("lf,lfg->g", window, coef)


def main() -> None:
    rng = np.random.default_rng(13)
    series = standardise(np.cumsum(rng.standard_normal((60, 3)), axis=0).astype(np.float32))
    windows = lagged_windows(series, 4)
    coef = fit_ar(windows, series[4:])
    print("ar", windows.shape, coef.shape, forecast(series[-4:], coef).shape)


if __name__ == "__main__":
    main()
