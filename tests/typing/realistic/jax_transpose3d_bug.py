"""Video tensors: frame-major to channel-major with jnp.transpose axis tuples (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

T = DimensionVar("T")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")


def to_channel_major(video: NDArray[float32, T, H, W, C]) -> NDArray[float32, C, T, H, W]:
    return jnp.transpose(video, (3, 0, 2, 1))  # BUG: axis tuple gives (C, T, W, H)


def frame_means(video: NDArray[float32, T, H, W, C]) -> NDArray[float32, T, C]:
    return video.mean(axis=(1, 2))


def temporal_diff(video: NDArray[float32, T, H, W, C]) -> jax.Array:
    return jnp.abs(video[1:] - video[:-1])


def main() -> None:
    video = jax.random.uniform(jax.random.PRNGKey(46), (4, 6, 5, 3))
    print("video", to_channel_major(video).shape, frame_means(video).shape, temporal_diff(video).shape)


if __name__ == "__main__":
    main()
