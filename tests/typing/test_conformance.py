"""The static conformance suite: pyright (strict) must report nothing on the case files.

Each case file states what pyright must infer with `assert_type`, and marks each error it
must report with `# pyright: ignore[rule]`. With reportUnnecessaryTypeIgnoreComment on, a
missing error is itself an error, so an empty report means every expectation held.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest

from .run_pyright import HERE, run_pyright

pytestmark = pytest.mark.pyright

# A case file that needs a newer library than the oldest stack has says so in its first line:
# `# case requires: numpy >= 2.3 -- why`. Star syntax, which Python 3.10 cannot parse, is the one
# gate that is a folder (cases_311/): ruff and pyright take a target version per path.
GATE = re.compile(r"^# case requires: (\w+) >= (\d+)\.(\d+) -- (.+)$")


@dataclass(frozen=True)
class Gate:
    package: str
    version: tuple[int, int]
    why: str

    def unmet(self) -> bool:
        module = importlib.util.find_spec(self.package)
        if module is None:
            return True
        installed = importlib.metadata.version(self.package)
        return tuple(int(part) for part in installed.split(".")[:2]) < self.version

    def __str__(self) -> str:
        return f"{self.package} >= {self.version[0]}.{self.version[1]}"


def gate_of(case: Path) -> Optional[Gate]:
    first = case.read_text().splitlines()[0]
    match = GATE.match(first)
    if match is None:
        assert not first.startswith("# case requires"), f"{case.name}: unreadable gate {first!r}"
        return None
    package, major, minor, why = match.groups()
    return Gate(package, (int(major), int(minor)), why)


ALL_CASES = sorted((HERE / "cases").glob("*.py"))
CASES = [case for case in ALL_CASES if gate_of(case) is None]
CASES_311 = sorted((HERE / "cases_311").glob("*.py"))
GATED: dict[Gate, list[Path]] = {}
for _case in ALL_CASES:
    _gate = gate_of(_case)
    if _gate is not None:
        GATED.setdefault(_gate, []).append(_case)


def _assert_clean(paths: list[Path], version: str) -> None:
    diagnostics = run_pyright(paths, version)
    assert not diagnostics, "pyright disagrees with the case files:\n" + "\n".join(map(str, diagnostics))


def test_cases_python_310_spelling() -> None:
    """The Unpack spelling, checked as Python 3.10 code."""
    _assert_clean(CASES, "3.10")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="star syntax needs 3.11")
def test_cases_python_311() -> None:
    _assert_clean(CASES + CASES_311, "3.11")


@pytest.mark.parametrize("gate", sorted(GATED, key=str), ids=str)
def test_gated_cases(gate: Gate) -> None:
    """The case files that need `gate` (jax's typed operators, numpy's typed ranks and unknown
    shapes), checked as this interpreter's Python where the gate holds."""
    if gate.unmet():
        pytest.skip(gate.why)
    _assert_clean(GATED[gate], f"{sys.version_info.major}.{sys.version_info.minor}")


def test_every_gate_is_read() -> None:
    """The gates the case files declare are read (a mistyped one is an error in `gate_of`)."""
    assert {str(gate) for gate in GATED} == {"jax >= 0.5", "numpy >= 2.2", "numpy >= 2.3"}


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
