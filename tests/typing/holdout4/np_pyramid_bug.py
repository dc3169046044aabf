"""Gaussian and Laplacian image pyramids of a batch of single-channel images, and reconstruction."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")

KERNEL = (np.array([1.0, 4.0, 6.0, 4.0, 1.0], dtype=np.float32) / 16.0).astype(np.float32)


def blur(img: NDArray[float32, B, H, W]) -> NDArray[float32, B, H, W]:
    h, w = img.shape[1], img.shape[2]
    padded = np.pad(img, ((0, 0), (2, 2), (2, 2)), mode="reflect")
    rows = sum(KERNEL[i] * padded[:, i : i + h, :] for i in range(5))
    return sum(KERNEL[j] * rows[:, :, j : j + w] for j in range(5)).astype(np.float32)


def downsample(img: NDArray[float32, B, H, W]):
    return blur(img)[:, ::2, ::2]


def upsample(img, h: int, w: int) -> np.ndarray:
    up = np.zeros((img.shape[0], h, w), dtype=np.float32)
    up[:, ::2, ::2] = img
    return 4.0 * blur(up)


def laplacian_level(img: NDArray[float32, B, H, W]) -> tuple[NDArray[float32, B, H, W], np.ndarray]:
    small = downsample(img)
    detail: NDArray[float32, B, H, W] = img - upsample(small, img.shape[1], img.shape[2])
    return detail, small


def laplacian_pyramid(img: NDArray[float32, B, H, W], levels: int) -> list[np.ndarray]:
    out = []
    current = img
    for _ in range(levels):
        detail, current = laplacian_level(current)
        out.append(detail)
    out.append(current)
    return out


def reconstruct(pyr: list[np.ndarray]) -> np.ndarray:
    img = pyr[-1]
    for detail in reversed(pyr[:-1]):
        img = upsample(img, detail.shape[1], detail.shape[2]) + detail
    return img


def blend(img: NDArray[float32, B, H, W], weights: NDArray[float32, B]) -> NDArray[float32, H, W]:
    return (img * weights[None, None, :]).sum(axis=0) / weights.sum()  # BUG: the weight's axis must lead: (1, 1, B) meets W


def main() -> None:
    rng = np.random.default_rng(13)
    img = rng.random((2, 32, 48)).astype(np.float32)
    pyr = laplacian_pyramid(img, 3)
    assert [p.shape for p in pyr] == [(2, 32, 48), (2, 16, 24), (2, 8, 12), (2, 4, 6)]
    assert np.allclose(reconstruct(pyr), img, atol=1e-5)
    assert blend(pyr[0], np.array([0.25, 0.75], dtype=np.float32)).shape == (32, 48)


if __name__ == "__main__":
    main()
