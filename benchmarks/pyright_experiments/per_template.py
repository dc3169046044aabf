"""Time each benchmark template alone (A: overlay, B: no overlay): which constructs cost."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
from ..pyright_overlay import NDTYPING, TEMPLATES, pyright_run

from ndtyping._static.overlay import build_overlay  # noqa: E402

n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
only = [int(a) for a in sys.argv[2:]] or range(len(TEMPLATES))
with tempfile.TemporaryDirectory() as tmp:
    root = Path(tmp)
    overlay = build_overlay(root / "overlay")
    for k in only:
        module = root / f"t{k}.py"
        module.write_text(NDTYPING["head"] + "".join(TEMPLATES[k].format(i=i, **{x: NDTYPING[x] for x in "awvr"}) for i in range(n)))
        a, ea = pyright_run(module, overlay)
        b, eb = pyright_run(module, None)
        print(f"template {k}: A {a:6.2f}s ({ea} err)  B {b:6.2f}s ({eb} err)  ratio {a / b:5.2f}", flush=True)
