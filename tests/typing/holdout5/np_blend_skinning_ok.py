"""Linear blend skinning: pose a mesh from per-bone rigid transforms and skinning weights."""

from dataclasses import dataclass
from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

V = DimensionVar("V")
J = DimensionVar("J")


@dataclass
class Rig:
    rest_vertices: np.ndarray  # (V, 3)
    weights: np.ndarray  # (V, J), rows sum to one
    parents: list[int]


def rotation_z(angle: float) -> NDArray[np.float64, Literal[3], Literal[3]]:
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def to_homogeneous(rot: NDArray[np.float64, J, Literal[3], Literal[3]], trans: NDArray[np.float64, J, Literal[3]]) -> NDArray[np.float64, J, Literal[4], Literal[4]]:
    j = rot.shape[0]
    m = np.tile(np.eye(4), (j, 1, 1))
    m[:, :3, :3] = rot
    m[:, :3, 3] = trans
    return m


def skin(
    vertices: NDArray[np.float64, V, Literal[3]],
    weights: NDArray[np.float64, V, J],
    transforms: NDArray[np.float64, J, Literal[4], Literal[4]],
) -> NDArray[np.float64, V, Literal[3]]:
    homo = np.concatenate([vertices, np.ones((vertices.shape[0], 1))], axis=1)
    blended: NDArray[np.float64, V, Literal[4], Literal[4]] = np.einsum("vj,jab->vab", weights, transforms)
    posed = np.einsum("vab,vb->va", blended, homo)
    return posed[:, :3]


def main() -> None:
    rng = np.random.default_rng(5)
    verts = rng.standard_normal((25, 3))
    w = rng.random((25, 4))
    rig = Rig(verts, w / w.sum(axis=1, keepdims=True), [-1, 0, 1, 2])
    rot = np.stack([rotation_z(0.1 * k) for k in range(4)])
    trans = np.zeros((4, 3))
    mats = to_homogeneous(rot, trans)
    posed = skin(rig.rest_vertices, rig.weights, mats)
    assert posed.shape == (25, 3)
    ident = skin(verts, rig.weights, to_homogeneous(np.tile(np.eye(3), (4, 1, 1)), trans))
    assert np.allclose(ident, verts)


if __name__ == "__main__":
    main()
