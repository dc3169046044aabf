"""A Kalman filter over a sequence with jax.lax.scan, using solve instead of an explicit inverse."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

State = DimensionVar("State")
Obs = DimensionVar("Obs")
Time = DimensionVar("Time")


def kalman_gain(p: NDArray[float32, State, State], h: NDArray[float32, Obs, State], r: NDArray[float32, Obs, Obs]) -> NDArray[float32, State, Obs]:
    s = h @ p @ h.T + r
    return jnp.linalg.solve(s, h @ p)  # BUG: forgot the transpose: the gain is (Obs, State)


def step(
    x: NDArray[float32, State], p: NDArray[float32, State, State], z: NDArray[float32, Obs],
    f: NDArray[float32, State, State], h: NDArray[float32, Obs, State], q: NDArray[float32, State, State], r: NDArray[float32, Obs, Obs],
) -> tuple[NDArray[float32, State], NDArray[float32, State, State]]:
    x = f @ x
    p = f @ p @ f.T + q
    k = kalman_gain(p, h, r)
    x = x + k @ (z - h @ x)
    p = (jnp.eye(p.shape[0]) - k @ h) @ p
    return x, p


def run_filter(
    zs: NDArray[float32, Time, Obs], f: NDArray[float32, State, State], h: NDArray[float32, Obs, State], q: NDArray[float32, State, State], r: NDArray[float32, Obs, Obs]
) -> NDArray[float32, Time, State]:
    def body(carry: tuple[jax.Array, jax.Array], z: jax.Array) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
        x, p = step(carry[0], carry[1], z, f, h, q, r)
        return (x, p), x

    init = (jnp.zeros(f.shape[0]), jnp.eye(f.shape[0]))
    _, xs = jax.lax.scan(body, init, zs)
    return xs


def main() -> None:
    dt = 0.1
    f = jnp.array([[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1]], dtype=jnp.float32)
    h = jnp.eye(2, 4)
    zs = jnp.cumsum(jnp.full((10, 2), 0.1), axis=0) + 0.05 * jax.random.normal(jax.random.PRNGKey(7), (10, 2))
    print("kalman", run_filter(zs, f, h, 0.01 * jnp.eye(4), 0.05 * jnp.eye(2)).shape)


if __name__ == "__main__":
    main()
