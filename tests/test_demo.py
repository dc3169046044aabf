"""The README's main job: the demo runs, finds every planted bug statically, and exits 0."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ndtyping._overlay import supported

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not supported("numpy"), reason="the static part needs the numpy overlay (numpy >= 2.3)")
def test_demo_finds_every_planted_bug() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "examples" / "demo.py")], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    bug_lines = [i + 1 for i, line in enumerate((ROOT / "examples" / "buggy_shapes.py").read_text().splitlines()) if "# BUG" in line]
    for line in bug_lines:
        assert f"buggy_shapes.py:{line}:" in out, f"the demo missed the bug on line {line}:\n{out}"
    assert "mlp_numpy.py clean" in out
    assert "ShapeError caught" in out
