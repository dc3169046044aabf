"""ndtyping installed as a user installs it: a wheel (not editable) in a fresh virtualenv.

The stub templates live outside the package in the repository (stubs/); this proves the wheel
carries them, and that the console script, the pytest plugin and the IPython extension work
from an ordinary install. Built once, on the newest stack (Python 3.12+), to keep CI short.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(sys.version_info < (3, 12), reason="the wheel is tested once, on the newest stack (3.13 in CI)"),
]


def run(*command: str | Path, cwd: Path, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the wheel, not a checkout
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=cwd, timeout=timeout, env=env)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel and the two tools its plugins plug into; returns its bin/."""
    work = tmp_path_factory.mktemp("wheel")
    built = run(
        sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", work / "dist", ROOT, cwd=work
    )
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = (work / "dist").glob("ndtyping-*.whl")
    made = run(sys.executable, "-m", "venv", work / "venv", cwd=work)
    assert made.returncode == 0, made.stderr
    bin_dir = work / "venv" / "bin"
    pip = run(bin_dir / "python", "-m", "pip", "install", "--quiet", wheel, "pytest", "ipython", cwd=work)
    assert pip.returncode == 0, pip.stderr[-3000:]
    return bin_dir


def test_the_wheel_carries_the_stub_templates(installed: Path, tmp_path: Path) -> None:
    where = run(
        installed / "python",
        "-c",
        "import ndtyping, ndtyping._static.overlay as o; print(ndtyping.__file__); print(o.templates_dir())",
        cwd=tmp_path,
    )
    assert where.returncode == 0, where.stderr
    package, templates = where.stdout.split()
    assert "site-packages" in package and str(ROOT) not in package  # not the checkout
    assert Path(templates) == Path(package).parent / "_stubs"
    assert sorted(p.relative_to(templates).as_posix() for p in Path(templates).glob("*/*.stub")) == [
        "jax/overlay.stub",
        "numpy/overlay.stub",
    ]


def test_version_stubs_and_check_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    version = run(installed / "ndtyping", "--version", cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("ndtyping "), version.stderr

    stubs = run(installed / "ndtyping", "stubs", "--out", tmp_path / "overlay", cwd=tmp_path)
    assert stubs.returncode == 0, stubs.stderr
    assert (tmp_path / "overlay" / "numpy" / "__init__.pyi").exists()
    assert "warning" not in stubs.stderr  # every template section fits the newest numpy

    (tmp_path / "model.py").write_text(
        textwrap.dedent("""\
        import numpy as np
        from ndtyping import NDArray, DimensionVar, float32

        N = DimensionVar("N")
        M = DimensionVar("M")

        def col_sums(x: NDArray[float32, N, M]) -> NDArray[float32, N]:
            return np.sum(x, axis=0)
    """)
    )
    check = run(installed / "ndtyping", "check", "model.py", cwd=tmp_path)
    assert check.returncode == 1, check.stdout + check.stderr
    assert "model.py:8:" in check.stdout and "1 error" in check.stdout


def test_pytest_plugin_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    (tmp_path / "shapes.py").write_text(
        textwrap.dedent("""\
        import numpy as np
        from ndtyping import Float

        def first(x: Float[np.ndarray, "n m"]) -> Float[np.ndarray, "m"]:
            return x[:, 0]  # the wrong axis: n, not m
    """)
    )
    (tmp_path / "test_shapes.py").write_text(
        textwrap.dedent("""\
        import numpy as np
        import pytest
        import ndtyping
        import shapes

        def test_checked():
            with pytest.raises(ndtyping.ShapeError):
                shapes.first(np.ones((2, 3)))
    """)
    )
    result = run(
        installed / "python", "-m", "pytest", "-q", "--ndtyping-packages=shapes", "-p", "no:cacheprovider", cwd=tmp_path
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_ipython_extension_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    code = textwrap.dedent("""\
        from IPython.core.interactiveshell import InteractiveShell
        ip = InteractiveShell.instance()
        ip.run_cell("%load_ext ndtyping")
        ip.run_cell("import numpy as np\\nfrom ndtyping import Float\\ndef f(x: Float[np.ndarray, 'n']) -> None: ...")
        result = ip.run_cell("f(np.ones((2, 2)))")
        print(type(result.error_in_exec).__name__)
    """)
    result = run(installed / "python", "-c", code, cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().splitlines()[-1] == "ShapeError"
