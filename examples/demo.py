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


def static_demo() -> bool:
    """Run pyright, with ndtyping's numpy overlay, on the examples: the buggy file must fail, the rest pass."""
    import json
    import subprocess
    import tempfile

    from ndtyping._overlay import build_overlay, supported

    section("static: pyright on examples/ (no code runs)")
    here = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        settings: dict[str, object] = {"typeCheckingMode": "standard"}
        if supported("numpy"):
            settings["stubPath"] = str(build_overlay(Path(tmp) / "stubs"))
        config = Path(tmp) / "pyrightconfig.json"
        config.write_text(json.dumps(settings))
        pyright = Path(sys.executable).with_name("pyright")
        files = [here / "buggy_shapes.py", here / "mlp_numpy.py"]
        result = subprocess.run(
            [str(pyright), "--outputjson", "-p", str(config), "--pythonpath", sys.executable, *map(str, files)],
            capture_output=True, text=True,
        )  # fmt: skip
    report = json.loads(result.stdout)
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    for d in errors:
        where = f"{Path(d['file']).name}:{d['range']['start']['line'] + 1}"
        print(f"{where}: {d['message'].splitlines()[0]}")
    bug_lines = {i + 1 for i, line in enumerate((here / "buggy_shapes.py").read_text().splitlines()) if "# BUG" in line}
    found = {d["range"]["start"]["line"] + 1 for d in errors if d["file"].endswith("buggy_shapes.py")}
    clean = not any(d["file"].endswith("mlp_numpy.py") for d in errors)
    print(f"-> {len(found & bug_lines)} of {len(bug_lines)} planted bugs found; mlp_numpy.py {'clean' if clean else 'NOT clean'}")
    return found >= bug_lines and clean


def main() -> int:
    ok = static_demo()
    ok = runtime_demo() and ok
    print("\nall demo bugs caught" if ok else "\nSOME BUGS WERE NOT CAUGHT")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
