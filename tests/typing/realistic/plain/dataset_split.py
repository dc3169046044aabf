"""Shuffling, batching and train/validation splits of a dataset held in a dict (numpy)."""

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Dataset:
    arrays: dict[str, np.ndarray] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(next(iter(self.arrays.values())))

    def take(self, idx) -> "Dataset":
        return Dataset({k: v[idx] for k, v in self.arrays.items()})


def split(ds: Dataset, frac: float, seed: int = 0) -> tuple[Dataset, Dataset]:
    perm = np.random.default_rng(seed).permutation(len(ds))
    cut = int(len(ds) * frac)
    return ds.take(perm[:cut]), ds.take(perm[cut:])


def batches(ds: Dataset, size: int) -> Iterator[dict[str, np.ndarray]]:
    for start in range(0, len(ds), size):
        yield {k: v[start : start + size] for k, v in ds.arrays.items()}


def main() -> None:
    rng = np.random.default_rng(0)
    ds = Dataset({"x": rng.standard_normal((103, 4)), "y": rng.integers(0, 2, 103)})
    train, val = split(ds, 0.8)
    sizes = [len(b["x"]) for b in batches(train, 32)]
    print(len(train), len(val), sizes, np.mean(val.arrays["y"]))


if __name__ == "__main__":
    main()
