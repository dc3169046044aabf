from typing import TypeVar, reveal_type
import numpy as np
import numpy.typing as npt
import jax
import jax.numpy as jnp
from nd import NDArray

N = TypeVar("N")
M = TypeVar("M")
K = TypeVar("K")

def surf(x: NDArray[np.float32, N, M], y: NDArray[np.float32, M, K], z: NDArray[np.float32, N, M]) -> None:
    reveal_type(x.shape)
    reveal_type(x.dtype)
    reveal_type(x.ndim)
    reveal_type(x.T)
    reveal_type(x.sum())
    reveal_type(x.sum(axis=0))
    reveal_type(x.sum(axis=1))
    reveal_type(x.sum(axis=-1))
    reveal_type(x.reshape(2, 6))
    reveal_type(x.astype(np.int8))
    reveal_type(x + z)
    reveal_type(x + 1.0)
    reveal_type(x @ y)
    reveal_type(x[0])
    reveal_type(x[1:])
    reveal_type(np.asarray(x))
    x @ z  # EXPECT ERROR (M vs N)
    x + y  # EXPECT ERROR (shape mismatch)

def extra(a64: "npt.NDArray[np.float64]", j: jax.Array) -> None:
    g(a64)  # EXPECT ERROR (float64 != float32)
    g(np.zeros((2, 2), np.float16))  # EXPECT ERROR
    reveal_type(g(j))
    reveal_type(jnp.asarray(np.zeros((2,3), np.float32)))

def g(x: NDArray[np.float32, N, M]) -> NDArray[np.float32, N, M]:
    reveal_type(x[0:2])
    reveal_type(jnp.asarray(x))
    return x
