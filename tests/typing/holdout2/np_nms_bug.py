"""Pairwise IoU of axis-aligned boxes (x0, y0, x1, y1) and greedy non-maximum suppression."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")


def area(boxes: NDArray[float32, N, Literal[4]]) -> NDArray[float32, N]:
    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])


def pairwise_iou(a: NDArray[float32, N, Literal[4]], b: NDArray[float32, M, Literal[4]]) -> NDArray[float32, N, M]:
    top_left = np.maximum(a[:, None, :2], b[None, :, :2])
    bottom_right = np.minimum(a[:, None, 2:], b[None, :, 1:])  # BUG: off by one: b[..., 1:] has 3 coordinates, not 2
    wh = np.clip(bottom_right - top_left, 0.0, None)
    inter = wh[..., 0] * wh[..., 1]
    return inter / (area(a)[:, None] + area(b)[None, :] - inter)


def nms(boxes: NDArray[float32, N, Literal[4]], scores: NDArray[float32, N], threshold: float = 0.5) -> list[int]:
    order = list(np.argsort(-scores))
    iou = pairwise_iou(boxes, boxes)
    keep: list[int] = []
    while order:
        best = order.pop(0)
        keep.append(int(best))
        order = [i for i in order if iou[best, i] < threshold]
    return keep


def main() -> None:
    rng = np.random.default_rng(11)
    corners = rng.uniform(0, 50, size=(9, 2)).astype(np.float32)
    sizes = rng.uniform(5, 20, size=(9, 2)).astype(np.float32)
    boxes = np.concatenate([corners, corners + sizes], axis=1)
    scores = rng.uniform(size=9).astype(np.float32)
    keep = nms(boxes, scores)
    gt = boxes[:4] + 1.0
    assert pairwise_iou(boxes, gt).shape == (9, 4)
    print("kept", keep)


if __name__ == "__main__":
    main()
