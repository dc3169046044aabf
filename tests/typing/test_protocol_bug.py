"""Tells the day pyright fixes the protocol bug that ndtyping's static NDArray works around.

The natural static NDArray is `Protocol[DType, *Shape]`; pyright rejects every numpy array of
unknown shape against it (protocol_bug/bug_repro.py; the analysis in docs/dev/static-ndarray.md),
so ndtyping uses `ShapedArray[DType, tuple[*Shape]]` instead. This test passes while pyright still
has the bug, and fails, saying what to do, when a pyright release accepts the protocol form.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .run_pyright import run_pyright

REPRO = Path(__file__).resolve().parent / "protocol_bug" / "bug_repro.py"


def _line(marker: str) -> int:
    lines = REPRO.read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(marker))


@pytest.mark.pyright
def test_pyright_still_has_the_protocol_bug() -> None:
    diagnostics = run_pyright([REPRO], "3.11", keep_information=True)
    rejected = [d for d in diagnostics if d.line == _line("f(Impl())") and d.severity == "error"]
    leaked = [d for d in diagnostics if d.line == _line("reveal_type(g(Impl()))") and "*Ts@P" in d.message]
    # The control lines must stay clean, or the file no longer shows what it is about.
    controls = {_line("f_only(Impl())"), _line("ok: P[int, str] = Impl()")}
    others = [d for d in diagnostics if d.severity == "error" and d.line in controls]
    assert not others, "the reproduction has other errors:\n" + "\n".join(map(str, others))
    fixed = "pyright now accepts `Protocol[T, *Ts]` against `tuple[Any, ...]`"
    todo = (
        "Try `Protocol[DType, *Shape]` as the static NDArray again (docs/dev/static-ndarray.md, "
        "tools/gen_ndarray_pyi.py) and judge it by tests/typing; then delete this test and protocol_bug/."
    )
    assert rejected, f"{fixed}: f(Impl()) is no longer an error. {todo}"
    assert leaked, f"{fixed}: g(Impl()) no longer leaks *Ts@P. {todo}"
