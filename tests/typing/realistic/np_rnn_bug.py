"""An Elman RNN unrolled over time with a Python loop (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Time = DimensionVar("Time")
In = DimensionVar("In")
Hidden = DimensionVar("Hidden")


def rnn_step(
    x_t: NDArray[float32, Batch, In],
    h: NDArray[float32, Batch, Hidden],
    w_x: NDArray[float32, In, Hidden],
    w_h: NDArray[float32, Hidden, Hidden],
    b: NDArray[float32, Hidden],
) -> NDArray[float32, Batch, Hidden]:
    return np.tanh(x_t @ w_h + h @ w_x + b)  # BUG: input and recurrent weights swapped


def run_rnn(
    xs: NDArray[float32, Time, Batch, In],
    h0: NDArray[float32, Batch, Hidden],
    w_x: NDArray[float32, In, Hidden],
    w_h: NDArray[float32, Hidden, Hidden],
    b: NDArray[float32, Hidden],
) -> NDArray[float32, Time, Batch, Hidden]:
    h = h0
    outputs = []
    for x_t in xs:
        h = rnn_step(x_t, h, w_x, w_h, b)
        outputs.append(h)
    return np.stack(outputs)


def main() -> None:
    rng = np.random.default_rng(30)
    xs = rng.standard_normal((7, 2, 3), dtype=np.float32)
    h0 = np.zeros((2, 5), dtype=np.float32)
    w_x = rng.standard_normal((3, 5), dtype=np.float32)
    w_h = rng.standard_normal((5, 5), dtype=np.float32)
    print("rnn", run_rnn(xs, h0, w_x, w_h, np.zeros(5, dtype=np.float32)).shape)


if __name__ == "__main__":
    main()
