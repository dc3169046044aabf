"""The re-export-only adapter of tools/run_jaxtyping_suite.py, and jaxtyping's public names."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

_TOOL = Path(__file__).resolve().parents[2] / "tools" / "run_jaxtyping_suite.py"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("run_jaxtyping_suite", _TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_adapter_forwards_public_names_only(tmp_path: Path) -> None:
    _tool().build_adapter(tmp_path)
    code = textwrap.dedent(
        """
        import sys
        import jaxtyping, ndtyping
        assert jaxtyping.__file__.startswith(sys.argv[1]), jaxtyping.__file__
        assert jaxtyping.Float is ndtyping.Float and jaxtyping.PyTree is ndtyping.PyTree
        assert "jax" not in sys.modules  # forwarding is lazy, as ndtyping's names are
        for private in ("check", "_storage", "NDArray"):
            try:
                getattr(jaxtyping, private)
            except AttributeError:
                pass
            else:
                raise AssertionError(private)
        try:
            import jaxtyping._storage
        except ImportError:
            print("ok")
        """
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], env=env, capture_output=True, text=True)
    assert result.stdout.strip() == "ok", result.stderr


def test_ndtyping_has_every_public_name_of_jaxtyping() -> None:
    pytest.importorskip("jax")
    import ndtyping

    missing = [name for name in _tool().PUBLIC_NAMES if not hasattr(ndtyping, name)]
    assert missing == []
