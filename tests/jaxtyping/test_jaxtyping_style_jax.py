"""The JAX half of the jaxtyping-style program (`Array`, jit, vmap, PyTree with `?n` axes)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("jax")

from .test_jaxtyping_style import FAIL, OK, _loaded, _source, verdicts

PROGRAM = Path(__file__).with_name("jaxtyping_style") / "program_jax.py"

EXPECTED = {
    "attention": OK,
    "attention with a wrong key width": FAIL,
    "attention with a wrong context length": FAIL,
    "sgd": OK,
    "sgd with another structure": FAIL,
    "sgd with a leaf of another size": FAIL,
    "embed": OK,
    "embed float tokens": FAIL,
    "flatten": OK,
    "vmap per example": OK,
    "vmap with a wrong weight": FAIL,
}


def test_the_jax_program_as_written_runs_under_ndtyping() -> None:
    pytest.importorskip("beartype")
    from .jaxtyping_style import program_jax

    assert verdicts(program_jax) == EXPECTED


def test_the_jax_program_with_typeguard_runs_under_ndtyping() -> None:
    pytest.importorskip("typeguard")
    with _loaded(_source(typechecker="typeguard", program=PROGRAM), "ndt_jax_program_typeguard", PROGRAM) as module:
        assert verdicts(module) == EXPECTED
        assert "Array" in vars(module)


def test_jaxtyping_itself_gives_the_expected_jax_verdicts() -> None:
    pytest.importorskip("jaxtyping")
    pytest.importorskip("beartype")
    with _loaded(_source("jaxtyping", program=PROGRAM), "ndt_jax_program_jaxtyping", PROGRAM) as module:
        assert verdicts(module) == EXPECTED
