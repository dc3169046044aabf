"""Ordinary numpy code (no ndtyping): small image operations."""

import numpy as np
import numpy.typing as npt


def to_gray(image: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    weights = np.array([0.299, 0.587, 0.114], dtype=np.float32)
    return np.dot(image, weights)


def normalise(image: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    low = np.min(image, axis=(0, 1), keepdims=True)
    high = np.max(image, axis=(0, 1), keepdims=True)
    return (image - low) / np.maximum(high - low, 1e-6)


def channels_first(image: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    return np.moveaxis(image, -1, 0)


def batch(images: list[npt.NDArray[np.float32]]) -> npt.NDArray[np.float32]:
    out = np.stack(images, axis=0)
    return np.expand_dims(out, 1)


def flip(image: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    return image[:, ::-1]


def main() -> None:
    image = np.random.default_rng(1).random((8, 8, 3), dtype=np.float32)
    gray = to_gray(image)
    print(gray.shape, normalise(image).shape, channels_first(image).shape, batch([image, image]).shape)
    print(flip(image).shape, np.clip(image, 0.2, 0.8).mean(), np.squeeze(np.zeros((1, 3)), axis=0).shape)
    m = np.zeros((3, 4), dtype=np.float32)
    total: float = float(np.sum(m, axis=0).sum())
    print(total, np.exp(m).shape, np.add(m, 1.0).shape, np.matmul(m, m.T).shape)


if __name__ == "__main__":
    main()
