# Property tests; imports NDArray from module given by sed substitution
from typing import Any, Literal, TypeVar, reveal_type
import numpy as np
import numpy.typing as npt
import jax
from MODULE import NDArray

N = TypeVar("N")
M = TypeVar("M")
K = TypeVar("K")
R = TypeVar("R")
C = TypeVar("C")
f32 = np.float32

def f(x: NDArray[np.float32, N, M]) -> NDArray[np.float32, N, M]: ...
def mm(a: NDArray[f32, N, K], b: NDArray[f32, K, M]) -> NDArray[f32, N, M]: ...
def fl(x: NDArray[np.floating[Any], N]) -> None: ...

def p1(a: npt.NDArray[np.float32], b: np.ndarray[Any, Any], j: jax.Array) -> None:
    reveal_type(f(np.zeros((3, 4), dtype=np.float32)))  # P1 ok
    reveal_type(f(a))  # P1 ok
    reveal_type(f(b))  # P1 ok
    reveal_type(f(j))  # P1 ok
    f(np.zeros((3, 4), dtype=np.int32))  # P2 EXPECT ERROR dtype
    f(np.zeros((3,), dtype=np.float32))  # P2b EXPECT ERROR rank

def use(x: NDArray[f32, R, C], w: NDArray[f32, C, R], l3: NDArray[f32, Literal[3]], v: NDArray[f32, R]) -> None:
    reveal_type(mm(x, w))  # P3 ok, want NDArray[float32, R, R]
    mm(x, x)  # P3 EXPECT ERROR
    l4: NDArray[f32, Literal[4]] = l3  # P3 EXPECT ERROR
    fl(v)  # P3 ok covariance
    _ = l4
