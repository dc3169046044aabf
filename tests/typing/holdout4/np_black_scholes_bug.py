"""Black-Scholes call prices and Greeks on a (strike, maturity) grid for several spot prices."""

from math import erf, sqrt

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Spot = DimensionVar("Spot")
Strike = DimensionVar("Strike")
Mat = DimensionVar("Mat")

_erf = np.vectorize(erf)


def norm_cdf(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + _erf(x / sqrt(2.0)))


def norm_pdf(x: np.ndarray) -> np.ndarray:
    return np.exp(-0.5 * x**2) / sqrt(2.0 * np.pi)


def d1_d2(
    spot: NDArray[float64, Spot], strike: NDArray[float64, Strike], tau: NDArray[float64, Mat], rate: float, vol: float
) -> tuple[NDArray[float64, Spot, Strike, Mat], NDArray[float64, Spot, Strike, Mat]]:
    s = spot[:, None, None]
    k = strike[None, :, None]
    t = tau[None, None, :]
    d1 = (np.log(s / k) + (rate + 0.5 * vol**2) * t) / (vol * np.sqrt(t))
    return d1, d1 - vol * np.sqrt(t)


def call_greeks(
    spot: NDArray[float64, Spot], strike: NDArray[float64, Strike], tau: NDArray[float64, Mat], rate: float, vol: float
) -> dict[str, NDArray[float64, Spot, Strike, Mat]]:
    d1, d2 = d1_d2(spot, strike, tau, rate, vol)
    discount = np.exp(-rate * tau)[None, None, :]
    s = spot[:, None, None]
    price = s * norm_cdf(d1) - strike[None, :, None] * discount * norm_cdf(d2)
    delta = norm_cdf(d1)
    gamma = norm_pdf(d1) / (s * vol * np.sqrt(tau)[:, None, None])  # BUG: the maturity axis must be last: (Mat, 1, 1) meets the spot axis
    vega = s * norm_pdf(d1) * np.sqrt(tau)[None, None, :]
    return {"price": price, "delta": delta, "gamma": gamma, "vega": vega}


def main() -> None:
    spot = np.array([90.0, 100.0, 110.0])
    strike = np.array([80.0, 95.0, 100.0, 105.0, 120.0])
    tau = np.array([0.25, 0.5, 1.0, 2.0])
    g = call_greeks(spot, strike, tau, rate=0.02, vol=0.2)
    assert g["price"].shape == (3, 5, 4)
    assert bool((g["delta"] > 0).all()) and bool((g["delta"] < 1).all())
    assert bool((np.diff(g["price"], axis=0) > 0).all())


if __name__ == "__main__":
    main()
