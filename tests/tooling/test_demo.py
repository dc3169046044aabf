"""The README's main job: the demo runs, shows every planted bug statically, catches the runtime bugs, exits 0."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ndtyping._static.overlay import supported

ROOT = Path(__file__).resolve().parents[2]
HAVE_JAX = importlib.util.find_spec("jax") is not None


@pytest.mark.pyright
@pytest.mark.skipif(not supported("numpy"), reason="the static part needs the numpy overlay (numpy >= 2.3)")
def test_demo_finds_every_planted_bug() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "demo.py")], capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    buggy = ["buggy_numpy.py", "buggy_shapes.py"] + (["buggy_jax.py"] if HAVE_JAX else [])
    for name in buggy:
        lines = [
            i + 1
            for i, line in enumerate((ROOT / "examples" / name).read_text().splitlines())
            if re.search(r"#\s*BUG:", line)
        ]
        assert lines
        for line in lines:
            assert f"  {name}:{line}: " in out, f"the demo did not show the bug on {name}:{line}:\n{out}"
        assert f"-> {len(lines)} of {len(lines)} planted bugs found\n" in out
    assert "NOT REPORTED" not in out and "NOT caught" not in out
    assert re.search(r"clean examples \(.*\): no findings", out)
    assert "mlp(batch, ...) -> ShapeError:" in out and "dim In: 4 here, but x bound it to 3" in out
    if HAVE_JAX:
        assert "forward(tokens[2, 5, 12]) -> ShapeError:" in out
    assert "all planted bugs caught, clean examples clean" in out


@pytest.mark.skipif(supported("numpy"), reason="covers the numpy < 2.3 path (no overlay)")
def test_demo_without_the_overlay_runs_the_runtime_part() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "demo.py")], capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "the static part is skipped" in result.stdout
    assert "mlp(batch, ...) -> ShapeError:" in result.stdout


@pytest.mark.parametrize("name", ["mlp_numpy.py", "attention_numpy.py", "mlp_jax.py", "attention_jax.py"])
def test_examples_run(name: str) -> None:
    if "jax" in name and not HAVE_JAX:
        pytest.skip("needs jax")
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / name)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "->" in result.stdout
