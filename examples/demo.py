"""The ndtyping demo: shape bugs caught at runtime (and statically, see `ndtyping check`)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mlp_numpy import init, mlp  # noqa: E402

from ndtyping import Float, ShapeError, check  # noqa: E402


def section(title: str) -> None:
    print(f"\n=== {title} ===")


def runtime_demo() -> bool:
    section("runtime: a numpy MLP with @check")
    w1, b1, w2, b2 = init(n_in=4, n_hidden=8, n_out=2)
    x = np.ones((5, 4), dtype=np.float32)
    print("good batch  ->", mlp(x, w1, b1, w2, b2).shape)

    # A bug that only shows at runtime: a data file with the wrong number of features.
    bad = np.ones((5, 3), dtype=np.float32)
    try:
        mlp(bad, w1, b1, w2, b2)
    except ShapeError as err:
        print("bad batch   -> ShapeError caught:\n" + "\n".join("    " + line for line in str(err).splitlines()))
        caught = True
    else:
        print("bad batch   -> NOT caught")
        caught = False

    section("runtime: the jaxtyping string grammar, same engine")

    @check
    def normalise(img: Float[np.ndarray, "*batch c h w"]) -> Float[np.ndarray, "*batch c h w"]:
        return img / img.max()

    print("normalise   ->", normalise(np.ones((2, 3, 4, 4), np.float32)).shape)
    try:
        normalise(np.ones((4, 4), np.float32))
    except ShapeError as err:
        print("rank-2 image -> ShapeError caught:", str(err).splitlines()[1].strip())
        caught = caught and True
    else:
        caught = False
    return caught


def main() -> int:
    ok = runtime_demo()
    print("\nall demo bugs caught" if ok else "\nSOME BUGS WERE NOT CAUGHT")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
