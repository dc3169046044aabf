"""The editor route through pyright's language server, spoken to as an editor does (JSON-RPC over
stdio, tools/language_server.py): after `ndtyping editor`, opening a file shows its shape error
and a hover shows the array type; without the wiring the same file shows no shape error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ndtyping._static.overlay import supported
from tools.language_server import LanguageServer

pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(not supported("numpy"), reason="the numpy overlay needs numpy >= 2.3"),
]

MODEL = """\
import numpy as np
from ndtyping import NDArray, DimensionVar, float32

N = DimensionVar("N")
M = DimensionVar("M")

def col_sums(x: NDArray[float32, N, M]) -> NDArray[float32, N]:
    return np.sum(x, axis=0)  # planted: summing axis 0 leaves M
"""
PLANTED_LINE = 7  # 0-based, as the protocol counts


def project(root: Path, wired: bool) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "model.py").write_text(MODEL)
    (root / "pyrightconfig.json").write_text('{"typeCheckingMode": "standard"}\n')
    if wired:
        result = subprocess.run(
            [sys.executable, "-m", "ndtyping", "editor"], cwd=root, capture_output=True, text=True, timeout=600
        )
        assert result.returncode == 0, result.stderr
    return root


def test_the_wired_editor_shows_the_shape_error_and_the_array_type(tmp_path: Path) -> None:
    root = project(tmp_path / "wired", wired=True)
    model = root / "pkg" / "model.py"
    with LanguageServer(root) as server:
        server.open(model)
        _, diagnostics = server.diagnostics(model)
        errors = [d for d in diagnostics if d.get("severity") == 1]
        assert [d["range"]["start"]["line"] for d in errors] == [PLANTED_LINE], errors
        assert "M@col_sums" in errors[0]["message"], errors[0]["message"]
        hover = server.hover(model, 6, MODEL.splitlines()[6].index("x:"))
        assert "NDArray[float32, N@col_sums, M@col_sums]" in hover, hover


def test_without_the_wiring_the_editor_sees_no_shape(tmp_path: Path) -> None:
    """The same file in a project `ndtyping editor` did not touch: numpy's own `np.sum` types the
    result as an array of unknown shape, so the planted bug goes unseen (what the wiring is for)."""
    root = project(tmp_path / "plain", wired=False)
    model = root / "pkg" / "model.py"
    with LanguageServer(root) as server:
        server.open(model)
        _, diagnostics = server.diagnostics(model)
    assert not [d for d in diagnostics if d.get("severity") == 1 and d["range"]["start"]["line"] == PLANTED_LINE]
