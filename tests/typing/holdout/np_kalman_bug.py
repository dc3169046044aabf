"""A linear Kalman filter tracking position and velocity from noisy position readings (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

State = DimensionVar("State", bound=int)
Obs = DimensionVar("Obs", bound=int)
Time = DimensionVar("Time", bound=int)


def predict(
    x: NDArray[float64, State], p: NDArray[float64, State, State], f: NDArray[float64, State, State], q: NDArray[float64, State, State]
) -> tuple[NDArray[float64, State], NDArray[float64, State, State]]:
    return f @ x, f @ p @ f.T + q


def update(
    x: NDArray[float64, State],
    p: NDArray[float64, State, State],
    z: NDArray[float64, Obs],
    h: NDArray[float64, Obs, State],
    r: NDArray[float64, Obs, Obs],
) -> tuple[NDArray[float64, State], NDArray[float64, State, State]]:
    innovation = z - h @ x
    s = h @ p @ h.T + r
    gain = p @ h.T @ np.linalg.inv(s)
    x_new = x + innovation @ gain  # BUG: operands swapped: (Obs,) @ (State, Obs)
    p_new = (np.eye(x.shape[0]) - gain @ h) @ p
    return x_new, p_new


def filter_track(
    zs: NDArray[float64, Time, Obs], f: NDArray[float64, State, State], h: NDArray[float64, Obs, State], q: NDArray[float64, State, State], r: NDArray[float64, Obs, Obs]
) -> NDArray[float64, Time, State]:
    x = np.zeros(f.shape[0])
    p = np.eye(f.shape[0])
    out = []
    for z in zs:
        x, p = predict(x, p, f, q)
        x, p = update(x, p, z, h, r)
        out.append(x)
    return np.stack(out)


def main() -> None:
    rng = np.random.default_rng(6)
    dt = 0.1
    f = np.array([[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1]], dtype=np.float64)
    h = np.array([[1.0, 0, 0, 0], [0, 1.0, 0, 0]])
    truth = np.cumsum(np.full((12, 2), 0.1), axis=0)
    zs = truth + 0.05 * rng.standard_normal((12, 2))
    states = filter_track(zs, f, h, 0.01 * np.eye(4), 0.05 * np.eye(2))
    print("kalman", states.shape)


if __name__ == "__main__":
    main()
