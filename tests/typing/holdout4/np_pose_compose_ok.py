"""SE(3) pose composition for a trajectory of relative motions, and landmark transforms into each frame."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Pose = DimensionVar("Pose")
Lm = DimensionVar("Lm")

L3 = Literal[3]
L4 = Literal[4]


def rot_z(theta: float) -> NDArray[float64, L3, L3]:
    c, s = np.cos(theta), np.sin(theta)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def make_pose(r: NDArray[float64, L3, L3], t: NDArray[float64, L3]) -> NDArray[float64, L4, L4]:
    pose = np.eye(4)
    pose[:3, :3] = r
    pose[:3, 3] = t
    return pose


def invert_pose(pose: NDArray[float64, L4, L4]) -> NDArray[float64, L4, L4]:
    r, t = pose[:3, :3], pose[:3, 3]
    return make_pose(r.T, -r.T @ t)


def accumulate(relative: NDArray[float64, Pose, L4, L4]) -> NDArray[float64, Pose, L4, L4]:
    world = np.empty_like(relative)
    current = np.eye(4)
    for i in range(relative.shape[0]):
        current = current @ relative[i]
        world[i] = current
    return world


def landmarks_in_frames(world: NDArray[float64, Pose, L4, L4], landmarks: NDArray[float64, Lm, L3]) -> NDArray[float64, Pose, Lm, L3]:
    inv = np.stack([invert_pose(p) for p in world])
    homo = np.concatenate([landmarks, np.ones((landmarks.shape[0], 1))], axis=1)
    return np.einsum("pij,lj->pli", inv, homo)[..., :3]


def main() -> None:
    rel = np.stack([make_pose(rot_z(0.1 * k), np.array([1.0, 0.0, 0.05 * k])) for k in range(6)])
    world = accumulate(rel)
    landmarks = np.random.default_rng(12).uniform(-5, 5, size=(8, 3))
    local = landmarks_in_frames(world, landmarks)
    assert world.shape == (6, 4, 4) and local.shape == (6, 8, 3)
    back = np.einsum("ij,lj->li", world[-1], np.concatenate([local[-1], np.ones((8, 1))], axis=1))[:, :3]
    assert np.allclose(back, landmarks)


if __name__ == "__main__":
    main()
