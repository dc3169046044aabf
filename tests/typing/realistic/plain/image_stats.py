"""Per-channel statistics over a folder-like list of images, with untyped helpers (numpy)."""

import numpy as np


def fake_images(n, h=16, w=16, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.integers(0, 256, size=(h, w, 3), dtype=np.uint8) for _ in range(n)]


def running_channel_stats(images):
    total = np.zeros(3)
    total_sq = np.zeros(3)
    count = 0
    for img in images:
        pixels = img.reshape(-1, 3).astype(np.float64) / 255.0
        total += pixels.sum(axis=0)
        total_sq += (pixels**2).sum(axis=0)
        count += pixels.shape[0]
    mean = total / count
    std = np.sqrt(total_sq / count - mean**2)
    return mean, std


def histogram_per_channel(images, bins=8):
    hist = {c: np.zeros(bins, dtype=np.int64) for c in "rgb"}
    for img in images:
        for i, c in enumerate("rgb"):
            counts, _ = np.histogram(img[..., i], bins=bins, range=(0, 256))
            hist[c] += counts
    return hist


def main() -> None:
    images = fake_images(10)
    mean, std = running_channel_stats(images)
    print("mean", np.round(mean, 3), "std", np.round(std, 3))
    for channel, counts in histogram_per_channel(images).items():
        print(channel, counts.tolist())


if __name__ == "__main__":
    main()
