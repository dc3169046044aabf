"""Conway's Game of Life on a batch of toroidal boards, stepped with lax.scan, recording population."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")


def neighbours(board: NDArray[np.int32, B, H, W]) -> NDArray[np.int32, B, H, W]:
    total = jnp.zeros_like(board)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                total = total + jnp.roll(board, (dy, dx), axis=(1, 2))
    return total


def life_step(board: NDArray[np.int32, B, H, W]) -> NDArray[np.int32, B, H, W]:
    n = neighbours(board)
    alive = (n == 3) | ((board == 1) & (n == 2))
    return alive  # BUG: the boolean board is returned, not int32


def simulate(board: NDArray[np.int32, B, H, W], steps: int) -> tuple[NDArray[np.int32, B, H, W], NDArray[np.int32, Any, B]]:
    def body(b: jax.Array, _: None) -> tuple[jax.Array, jax.Array]:
        nb = life_step(b)
        population: NDArray[np.int32, B] = nb.sum(axis=(1, 2))
        return nb, population

    return jax.lax.scan(body, board, None, length=steps)


def main() -> None:
    glider = jnp.zeros((10, 14), dtype=jnp.int32).at[jnp.array([0, 1, 2, 2, 2]), jnp.array([1, 2, 0, 1, 2])].set(1)
    blinker = jnp.zeros((10, 14), dtype=jnp.int32).at[5, 6:9].set(1)
    boards = jnp.stack([glider, blinker, glider + blinker])
    final, pop = simulate(boards, 8)
    assert final.shape == (3, 10, 14) and pop.shape == (8, 3)
    assert int(pop[-1, 0]) == 5 and int(pop[-1, 1]) == 3


if __name__ == "__main__":
    main()
