"""Typical shape bugs, written on purpose: `ndtyping`'s demo shows pyright catching each one."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, float64

Batch = DimensionVar("Batch")
Feat = DimensionVar("Feat")
Out = DimensionVar("Out")


def project(x: NDArray[float32, Batch, Feat], w: NDArray[float32, Feat, Out]) -> NDArray[float32, Batch, Out]:
    return w @ x  # BUG: operands swapped


def column_means(x: NDArray[float32, Batch, Feat]) -> NDArray[float32, Batch]:
    return np.mean(x, axis=0)  # BUG: axis 0 averages over Batch, leaving Feat


def gram(x: NDArray[float32, Batch, Feat]) -> NDArray[float32, Batch, Batch]:
    return np.transpose(x) @ x  # BUG: this is Feat x Feat


def centre(x: NDArray[float32, Batch, Feat], mean: NDArray[float32, Batch]) -> NDArray[float32, Batch, Feat]:
    return x - mean  # BUG: a Batch vector does not broadcast along the last axis


def to_double(x: NDArray[float32, Batch, Feat]) -> NDArray[float64, Batch, Feat]:
    return x  # BUG: wrong dtype
