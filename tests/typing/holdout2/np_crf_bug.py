"""A batched linear-chain CRF: the score of gold tag paths and the log partition function."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Batch = DimensionVar("Batch")
Time = DimensionVar("Time")
Tag = DimensionVar("Tag")


def logsumexp(x: NDArray[float32, Batch, Tag, Tag], axis: int) -> NDArray[float32, Batch, Tag]:
    peak = x.max(axis=axis, keepdims=True)
    return (np.log(np.exp(x - peak).sum(axis=axis, keepdims=True)) + peak).squeeze(axis)


def gold_score(
    emissions: NDArray[float32, Batch, Time, Tag], trans: NDArray[float32, Tag, Tag], tags: NDArray[int64, Batch, Time]
) -> NDArray[float32, Batch]:
    batch, steps, _ = emissions.shape
    rows = np.arange(batch)[:, None]
    cols = np.arange(steps)[None, :]
    emitted = emissions[rows, cols, tags].sum(axis=1)
    moved = trans[tags[:, :-1], tags[:, 1:]].sum(axis=1)
    return emitted + moved


def log_partition(emissions: NDArray[float32, Batch, Time, Tag], trans: NDArray[float32, Tag, Tag]) -> NDArray[float32, Batch]:
    alpha = emissions[:, 0]
    for t in range(1, emissions.shape[1]):
        alpha = logsumexp(alpha[:, :, None] + trans[None] + emissions[:, t], axis=1)  # BUG: the new axis is missing: (Batch, Tag, Tag) + (Batch, Tag) aligns Batch with Tag
    peak = alpha.max(axis=1)
    return np.log(np.exp(alpha - peak[:, None]).sum(axis=1)) + peak


def nll(emissions: NDArray[float32, Batch, Time, Tag], trans: NDArray[float32, Tag, Tag], tags: NDArray[int64, Batch, Time]) -> float:
    return float((log_partition(emissions, trans) - gold_score(emissions, trans, tags)).mean())


def main() -> None:
    rng = np.random.default_rng(2)
    emissions = rng.normal(size=(4, 9, 6)).astype(np.float32)
    trans = rng.normal(size=(6, 6)).astype(np.float32)
    tags = rng.integers(0, 6, size=(4, 9))
    loss = nll(emissions, trans, tags)
    assert loss > 0.0
    print("crf nll", loss)


if __name__ == "__main__":
    main()
