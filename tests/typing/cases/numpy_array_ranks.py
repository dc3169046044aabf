# case requires: numpy >= 2.2 -- numpy < 2.2 types np.zeros((3,)) as an array of any shape
"""The rank of an array numpy made is checked: numpy >= 2.2 types `np.zeros((3,))` as one axis.

(numpy 1.26 to 2.1 type it as an array of any shape, which any NDArray parameter accepts.)
"""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq", bound=int)
Dk = DimensionVar("Dk", bound=int)


def pair(x: NDArray[float32, Seq, Dk]) -> NDArray[float32, Dk, Seq]:
    return x.T


def ranks() -> None:
    pair(np.zeros((3,), dtype=np.float32))  # pyright: ignore[reportArgumentType]  # rank
    pair(np.zeros((3, 4), dtype=np.float32))
