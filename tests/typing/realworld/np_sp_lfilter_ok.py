"""An IIR filter over a batch of signals in direct form II transposed, as scipy.signal.lfilter
runs it along the last axis, with the steady-state initial conditions of lfilter_zi() so that a
step input starts without a transient."""

from typing import Any

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
Time = DimensionVar("Time")
Taps = DimensionVar("Taps")


def companion(a: NDArray[np.float64, Taps]) -> npt.NDArray[np.float64]:
    n = a.shape[0]
    c = np.zeros((n - 1, n - 1))
    c[0] = -a[1:] / a[0]
    c[np.arange(1, n - 1), np.arange(n - 2)] = 1.0
    return c


def lfilter_zi(b: NDArray[np.float64, Taps], a: NDArray[np.float64, Taps]) -> NDArray[np.float64, Any]:
    b, a = b / a[0], a / a[0]
    n = a.shape[0]
    IminusA = np.eye(n - 1) - companion(a).T
    B = b[1:] - a[1:] * b[0]
    return np.linalg.solve(IminusA, B)


def lfilter(
    b: NDArray[np.float64, Taps], a: NDArray[np.float64, Taps], x: NDArray[np.float64, Batch, Time], zi: NDArray[np.float64, Batch, Any] | None = None
) -> tuple[NDArray[np.float64, Batch, Time], NDArray[np.float64, Batch, Any]]:
    b, a = b / a[0], a / a[0]
    n = b.shape[0]
    batch, n_time = x.shape
    z = np.zeros((batch, n - 1)) if zi is None else zi.copy()
    y = np.empty_like(x)
    for t in range(n_time):
        xt = x[:, t]
        yt = b[0] * xt + z[:, 0]
        z[:, :-1] = z[:, 1:] + xt[:, None] * b[1:-1] - yt[:, None] * a[1:-1]
        z[:, -1] = b[-1] * xt - a[-1] * yt
        y[:, t] = yt
    return y, z


def filter_from_rest(b: NDArray[np.float64, Taps], a: NDArray[np.float64, Taps], x: NDArray[np.float64, Batch, Time]) -> NDArray[np.float64, Batch, Time]:
    """Filter with the state a constant input x[:, 0] would have settled to (no start-up transient)."""
    zi = lfilter_zi(b, a)[None, :] * x[:, :1]
    y, _ = lfilter(b, a, x, zi)
    return y


def main() -> None:
    # two stable biquads in series: a fourth-order low-pass
    b = np.convolve([0.2, 0.4, 0.2], [0.3, 0.6, 0.3])
    a = np.convolve([1.0, -0.5, 0.3], [1.0, -0.2, 0.1])
    assert b.shape == a.shape == (5,)
    gain = b.sum() / a.sum()
    steps = np.ones((3, 50)) * np.array([[1.0], [-2.0], [0.5]])
    y = filter_from_rest(b, a, steps)
    assert y.shape == (3, 50)
    assert np.allclose(y, steps * gain)
    rng = np.random.default_rng(9)
    noise = rng.normal(size=(3, 200))
    y_full, zf = lfilter(b, a, noise)
    y_head, z_mid = lfilter(b, a, noise[:, :120])
    y_tail, _ = lfilter(b, a, noise[:, 120:], z_mid)
    assert zf.shape == (3, 4)
    assert np.allclose(np.concatenate([y_head, y_tail], axis=1), y_full)


if __name__ == "__main__":
    main()
