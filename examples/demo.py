"""The ndtyping demo: shape bugs caught statically by `ndtyping check`, and at runtime by `@check`.

Run it with `./scripts/demo.sh` (or `python examples/demo.py`). It exits 0 when every planted
`# BUG` line of the buggy examples is reported, the clean examples get no finding, and the
runtime bugs raise ShapeError; 1 otherwise.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from ndtyping import Float, ShapeError, check  # noqa: E402
from ndtyping._static.overlay import supported  # noqa: E402

HAVE_JAX = importlib.util.find_spec("jax") is not None
CLEAN = ["mlp_numpy.py", "attention_numpy.py", "mlp_jax.py", "attention_jax.py", "demo.py"]
BUGGY = ["buggy_numpy.py", "buggy_jax.py", "buggy_shapes.py"]
BUG_MARK = re.compile(r"#\s*BUG:\s*(.+)$")


def section(title: str) -> None:
    print(f"\n=== {title} ===")


def planted_bugs(path: Path) -> dict[int, str]:
    """Line number -> what the bug is, from the `# BUG: <what>` comments."""
    bugs: dict[int, str] = {}
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        match = BUG_MARK.search(line)
        if match:
            bugs[number] = match.group(1).strip()
    return bugs


def readable(message: str) -> str:
    """pyright's first line, without the `@function` scope it appends to every type variable."""
    return re.sub(r"@\w+", "", message.splitlines()[0])


def static_demo() -> bool:
    names = [n for n in CLEAN + BUGGY if HAVE_JAX or "jax" not in n]
    section("static: ndtyping check on examples/ (pyright with ndtyping's stubs; no code runs)")
    if not HAVE_JAX:
        print("(jax is not installed: the jax examples are left out)")
    command = [sys.executable, "-m", "ndtyping._static.cli", "check", "--json", *(f"examples/{n}" for n in names)]
    print("$ ndtyping check --json " + " ".join(f"examples/{n}" for n in names))
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if result.returncode == 2:
        print(f"ndtyping check could not run:\n{result.stderr}")
        return False
    report = json.loads(result.stdout)
    findings = report["findings"]
    summary = report["summary"]
    print(f"({summary['errors']} errors in {summary['files']} files, pyright {summary['pyright']}, "
          f"exit status {result.returncode}, {time.perf_counter() - started:.1f} s)")  # fmt: skip

    ok = True
    for name in BUGGY:
        if name not in names:
            continue
        path = HERE / name
        source = path.read_text().splitlines()
        bugs = planted_bugs(path)
        reported: dict[int, list[str]] = {}
        for finding in findings:
            if Path(finding["file"]).name == name and finding["severity"] == "error":
                reported.setdefault(finding["line"], []).append(readable(finding["message"]))
        print(f"\n{name}:")
        for line in sorted(bugs):
            code = BUG_MARK.sub("", source[line - 1]).strip()
            print(f"  {name}:{line}: {code}")
            print(f"      planted: {bugs[line]}")
            for message in reported.get(line, []) or ["NOT REPORTED"]:
                print(f"      pyright: {message}")
        missed = sorted(set(bugs) - set(reported))
        unexpected = sorted(set(reported) - set(bugs))
        for line in unexpected:
            print(f"  unexpected finding on line {line}: {reported[line][0]}")
        print(f"  -> {len(bugs) - len(missed)} of {len(bugs)} planted bugs found"
              + (f"; MISSED lines {missed}" if missed else ""))  # fmt: skip
        ok = ok and not missed and not unexpected

    flagged = sorted({f["file"] for f in findings if Path(f["file"]).name in CLEAN})
    clean = [n for n in CLEAN if n in names]
    print(f"\nclean examples ({', '.join(clean)}): " + (f"FLAGGED: {', '.join(flagged)}" if flagged else "no findings"))
    return ok and not flagged


def runtime_demo() -> bool:
    from mlp_numpy import init, mlp

    section("runtime: @check catches what only the data can tell")
    w1, b1, w2, b2 = init(n_in=4, n_hidden=8, n_out=2)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "batch.csv"
        data.write_text("0.1,0.2,0.3\n0.4,0.5,0.6\n0.7,0.8,0.9\n")  # a file with 3 features; the model wants 4
        batch = np.loadtxt(data, delimiter=",", dtype=np.float32)  # to pyright: an array of unknown shape
    print(f"the MLP was built for 4 features; {data.name} has {batch.shape[1]} columns")
    caught = True
    try:
        mlp(batch, w1, b1, w2, b2)
        print("mlp(batch, ...) -> NOT caught")
        caught = False
    except ShapeError as err:
        print("mlp(batch, ...) -> ShapeError:\n" + "\n".join("    " + line for line in str(err).splitlines()))

    if HAVE_JAX:
        import jax
        import jax.numpy as jnp
        from attention_jax import forward, init as init_attention

        print("\nthe same check inside jax.jit and jax.vmap runs once, when jax traces the function:")
        params = init_attention(n_model=16, n_head=8)
        tokens = jax.random.normal(jax.random.PRNGKey(0), (2, 5, 16), jnp.float32)
        print("forward(tokens[2, 5, 16]) ->", forward(tokens, *params).shape)
        try:
            forward(tokens[:, :, :12], *params)  # embeddings of the wrong width
            print("forward(tokens[2, 5, 12]) -> NOT caught")
            caught = False
        except ShapeError as err:
            print("forward(tokens[2, 5, 12]) -> ShapeError:\n" + "\n".join("    " + line for line in str(err).splitlines()))

    @check
    def normalise(img: Float[np.ndarray, "*batch c h w"]) -> Float[np.ndarray, "*batch c h w"]:
        return img / img.max()

    print("\nthe jaxtyping string grammar goes through the same engine:")
    try:
        normalise(np.ones((4, 4), np.float32))
        caught = False
    except ShapeError as err:
        print("normalise(a 4x4 image without channels) -> ShapeError:", str(err).splitlines()[1].strip())
    return caught


def main() -> int:
    started = time.perf_counter()
    if supported("numpy"):
        ok = static_demo()
    else:
        section("static: skipped")
        print(f"ndtyping's numpy stubs need numpy >= 2.3 (installed {np.__version__}); the static part is skipped")
        ok = True
    ok = runtime_demo() and ok
    print(f"\n{'all planted bugs caught, clean examples clean' if ok else 'SOMETHING WAS MISSED (see above)'}"
          f" ({time.perf_counter() - started:.1f} s)")  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
