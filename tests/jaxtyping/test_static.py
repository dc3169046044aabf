"""pyright (a real subprocess, strict) on the tooling API: decorators keep the function's type."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.typing.run_pyright import run_pyright

pytestmark = pytest.mark.pyright

CASE = Path(__file__).with_name("typing_cases") / "tooling.py"


def test_jaxtyped_and_the_hook_keep_their_types_for_pyright() -> None:
    diagnostics = run_pyright([CASE], "3.10")
    assert not diagnostics, "\n".join(map(str, diagnostics))
