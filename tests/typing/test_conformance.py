"""The static conformance suite: pyright (strict) must report nothing on the case files.

Each case file states what pyright must infer with `assert_type`, and marks each error it
must report with `# pyright: ignore[rule]`. With reportUnnecessaryTypeIgnoreComment on, a
missing error is itself an error, so an empty report means every expectation held.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from .run_pyright import HERE, run_pyright

pytestmark = pytest.mark.pyright

CASES = sorted((HERE / "cases").glob("*.py"))
CASES_311 = sorted((HERE / "cases_311").glob("*.py"))
CASES_JAX = sorted((HERE / "cases_jax").glob("*.py"))
CASES_NUMPY22 = sorted((HERE / "cases_numpy22").glob("*.py"))
CASES_NUMPY23 = sorted((HERE / "cases_numpy23").glob("*.py"))


def _numpy_version() -> tuple[int, int]:
    import numpy

    major, minor = numpy.__version__.split(".")[:2]
    return int(major), int(minor)


def _assert_clean(paths: list[Path], version: str) -> None:
    diagnostics = run_pyright(paths, version)
    assert not diagnostics, "pyright disagrees with the case files:\n" + "\n".join(map(str, diagnostics))


def test_cases_python_310_spelling() -> None:
    """The Unpack spelling, checked as Python 3.10 code."""
    _assert_clean(CASES, "3.10")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="star syntax needs 3.11")
def test_cases_python_311() -> None:
    _assert_clean(CASES + CASES_311, "3.11")


def test_cases_with_jax() -> None:
    """jax arrays in NDArray parameters (needs jax installed, so pyright can read its types)."""
    jax = pytest.importorskip("jax")
    if tuple(int(p) for p in jax.__version__.split(".")[:2]) < (0, 5):
        pytest.skip("jax < 0.5 types every operator of jax.Array as returning jax.Array (the static layer needs jax >= 0.5)")
    _assert_clean(CASES_JAX, f"{sys.version_info.major}.{sys.version_info.minor}")


@pytest.mark.skipif(_numpy_version() < (2, 2), reason="numpy < 2.2 types np.zeros((3,)) as an array of any shape")
def test_cases_numpy_ranks() -> None:
    _assert_clean(CASES_NUMPY22, f"{sys.version_info.major}.{sys.version_info.minor}")


@pytest.mark.skipif(
    _numpy_version() < (2, 3),
    reason="numpy < 2.3 types an unknown shape as tuple[int, ...], which pyright never matches to a fixed rank",
)
def test_cases_unknown_shapes() -> None:
    """npt.NDArray and ndarray[Any, Any] in NDArray parameters: no false positives."""
    _assert_clean(CASES_NUMPY23, f"{sys.version_info.major}.{sys.version_info.minor}")


def test_harness_catches_missing_and_unexpected_errors(tmp_path: Path) -> None:
    """The harness can fail: a wrong assert_type and a stale ignore are both reported."""
    case = tmp_path / "broken.py"
    case.write_text(
        textwrap.dedent(
            """
            from typing_extensions import assert_type
            x = 1
            assert_type(x, str)
            y: int = 2  # pyright: ignore[reportAssignmentType]
            """
        )
    )
    diagnostics = run_pyright([case], "3.11")
    rules = sorted(d.rule for d in diagnostics)
    assert rules == ["reportAssertTypeFailure", "reportUnnecessaryTypeIgnoreComment"], diagnostics
