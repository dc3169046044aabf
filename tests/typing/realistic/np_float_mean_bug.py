"""Training-loop bookkeeping: scalar metrics pulled out of arrays with float() and .item() (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Out = DimensionVar("Out")


def batch_metrics(pred: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out]) -> dict[str, float]:
    err = pred - target
    return {
        "mse": float((err**2).mean()),
        "mae": float(np.abs(err).mean()),
        "max_err": float(np.abs(err).max()),
        "target_std": target.std().item(),
    }


def residual_per_output(pred: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out]) -> NDArray[float32, Out]:
    return np.sqrt(((pred - target) ** 2).mean(axis=1))  # BUG: mean over the outputs instead of the batch


def main() -> None:
    rng = np.random.default_rng(40)
    pred = rng.standard_normal((16, 3), dtype=np.float32)
    target = rng.standard_normal((16, 3), dtype=np.float32)
    print("metrics", batch_metrics(pred, target), residual_per_output(pred, target).shape)


if __name__ == "__main__":
    main()
