"""What the corpus tests share (test_realistic_corpus.py, test_holdout_corpus.py): the measuring tool,
loading a corpus file with `ndtyping.check` applied, the backend a twin needs, and the comparison of
today's errors on correct twins with a test's list of known false positives."""

from __future__ import annotations

import importlib.util
import inspect
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ndtyping import check
from tools import measure_corpus

__all__ = ["HAVE_JAX", "describe", "load_checked", "measure_corpus", "needs_backend", "unexpected_false_positives"]

ROOT = Path(__file__).resolve().parent.parent.parent
HAVE_JAX = importlib.util.find_spec("jax") is not None
STAR_SHAPE = re.compile(r"NDArray\[[^\]\n]*, \*[A-Za-z_]")  # NDArray[float32, *Batch, ...]: Python 3.11+


def load_checked(path: Path) -> ModuleType:
    """Import a corpus file under a private name, with `check` applied to its annotated functions."""
    spec = importlib.util.spec_from_file_location(f"_{path.parent.name}_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, obj in list(vars(module).items()):
        if inspect.isfunction(obj) and obj.__module__ == module.__name__ and "NDArray" in str(obj.__annotations__):
            setattr(module, name, check(obj))  # main() looks its callees up in the module: it calls these
    return module


def needs_backend(path: Path) -> Any:
    """The pytest mark for running a corpus file: jax twins need jax, `*Shape` twins Python 3.11."""
    if sys.version_info < (3, 11) and STAR_SHAPE.search(path.read_text()):
        return pytest.mark.skip(reason="the *Shape spelling needs Python 3.11")  # 3.11+
    return pytest.mark.skipif(path.name.startswith("jax_") and not HAVE_JAX, reason="needs jax")


def unexpected_false_positives(measurement: dict[str, Any], known: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Errors on correct twins (as file:line) that `known` does not list; prints the listed ones now gone."""
    found = {f"{f['file']}:{f['line']}": f for f in measurement["false_positives"]}
    fixed = set(known) - set(found)
    if fixed:
        print(f"\nno longer reported, remove from the known false positives: {sorted(fixed)}")
    return {k: f for k, f in found.items() if k not in known}


def describe(findings: dict[str, dict[str, Any]]) -> str:
    return "\n".join(f"{k}: {f['message']} ({f['rule']})" for k, f in findings.items())
