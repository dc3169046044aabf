"""einsum rules made from a project's own subscripts (ndtyping._static.einsum_rules), end to end.

- the rule of each spelling against the shape numpy and jax really return;
- the collector on odd files (f-strings, names, syntax errors, other encodings, aliases);
- pyright with the overlay the check builds for tests/typing/einsum_cases/: every expectation met,
  and without the project's rules the same files fail (the cases test something);
- the overlay's bookkeeping: the project's spellings decide staleness, and a change of spellings
  rewrites only the modules that define einsum.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from ndtyping._static.einsum_rules import (
    ELLIPSIS,
    collect_einsum_spellings,
    einsum_sections,
    parse_einsum,
    project_python_files,
    spellings_in_source,
)
from ndtyping._static.overlay import build_overlay, einsum_layer, overlay_staleness, read_manifest, supported

from .run_pyright import HERE, run_pyright
from .test_stubs import config

VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"
CASES = HERE / "einsum_cases"

# ---------------------------------------------------------------------------------------------
# The rules against what numpy and jax compute

TYPED = [
    "ij,jk->ik", "yh,hwc,xw->xyc", "lf,lfg->lg", "uf,if->iu", "bqhd,bkhd->bqhk", "bi,bj->bji",
    "shk,thk->hts", "ij,jk", "lf,lfg", "aB", "zA,Ab", "ij, jk -> ik", " bi , bj ", "...ij,jk->...ik",
    "...ij,...jk", "i...j,j->i...", "a...", "ij...,jk...->ik...", "bii->bi", "ii", "iij->ji", "i,i", "ij->",
    "bkk->kb", "...,...",
]  # fmt: skip
UNTYPED = ["ij->ii", "ij->k", "...ij->ij", "ij->...ij", "i2,2j", "ij,jk->ik->i", "i.j", "....ij", "i-j"]


def _sizes(letters: list[str]) -> dict[str, int]:
    return {letter: 2 + n for n, letter in enumerate(letters)}  # every letter its own size


def _predicted(spelling: str) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    spec = parse_einsum(spelling)
    assert spec is not None, spelling
    sizes = _sizes(spec.letters)
    rest = (7, 11)
    shapes = [tuple(d for s in term for d in (rest if s == ELLIPSIS else (sizes[s],))) for term in spec.operands]
    output = tuple(d for s in spec.output for d in (rest if s == ELLIPSIS else (sizes[s],)))
    return shapes, output


@pytest.mark.parametrize("spelling", TYPED)
def test_the_rule_is_the_shape_numpy_returns(spelling: str) -> None:
    shapes, output = _predicted(spelling)
    assert np.einsum(spelling, *(np.ones(s) for s in shapes)).shape == output


@pytest.mark.parametrize("spelling", TYPED)
def test_the_rule_is_the_shape_jax_returns(spelling: str) -> None:
    jnp = pytest.importorskip("jax.numpy")
    shapes, output = _predicted(spelling)
    assert jnp.einsum(spelling, *(jnp.ones(s) for s in shapes)).shape == output


@pytest.mark.parametrize("spelling", UNTYPED)
def test_what_cannot_be_typed_soundly_gets_no_rule(spelling: str) -> None:
    assert parse_einsum(spelling) is None
    assert einsum_sections({"numpy": [spelling], "jax": [spelling]}, "t") == ""


def test_ellipsis_in_several_operands_is_unknown_and_in_one_is_carried() -> None:
    text = einsum_sections({"numpy": ["...ij,...jk", "...ij,jk->...ik"]}, "t")
    several, one = [line for line in text.splitlines() if line.startswith("def einsum")]
    assert "EllipsisDims" not in several and several.count("_NdtUnpack[tuple[_NdtAny, ...]]") == 3
    assert one.count("_NdtUnpack[EllipsisDims]") == 2


def test_letters_default_to_any() -> None:
    # an operand of unknown shape (a numpy array) leaves its letters unsolved: Any, not Unknown
    text = einsum_sections({"numpy": ["qd,dxy->qyx", "...ij,jk->...ik"]}, "t")
    assert 'Dim_q = _NdtTypeVar("Dim_q", default=_NdtAny)' in text
    assert 'EllipsisDims = _NdtTypeVarTuple("EllipsisDims", default=_NdtUnpack[tuple[_NdtAny, ...]])' in text


# ---------------------------------------------------------------------------------------------
# The collector


def test_collector_reads_literal_subscripts_through_imports() -> None:
    source = """
import numpy as np
import numpy
import jax
import jax.numpy as jnp
from jax import numpy as jn
from numpy import einsum as E
from jax.numpy import einsum

np.einsum("ij,jk->ik", a, b)
numpy.einsum("ij,jk->ik", a, b)
jnp.einsum("bi,bj->bji", a, b)
jax.numpy.einsum("x,x", a, a)
jn.einsum("ab" "c", a)           # implicit concatenation is one literal
E("ii", a)
einsum("uf,if->iu", a, b)
def f():
    import numpy as onp
    return onp.einsum("n->", a)
np.einsum(f"{s}->i", a)           # f-string: no literal
np.einsum(subscripts, a)          # a name
np.einsum(a, [0, 1], b, [1, 2])   # the interleaved form
torch.einsum("q,q", a, a)         # not numpy or jax
np.linalg.einsum("z", a)          # no such function
"""
    found = spellings_in_source(source)
    assert dict(found["numpy"]) == {"ij,jk->ik": 2, "ii": 1, "n->": 1}
    assert dict(found["jax"]) == {"bi,bj->bji": 1, "x,x": 1, "abc": 1, "uf,if->iu": 1}


def test_collector_skips_files_it_cannot_read_and_orders_by_use(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(
        'import numpy as np\nnp.einsum("ij->ji", a)\nnp.einsum("ij->ji", a)\nnp.einsum("i->", a)\n'
    )
    (tmp_path / "broken.py").write_text('import numpy as np\nnp.einsum("kk->k", a\ndef (:\n')
    (tmp_path / "latin1.py").write_bytes(b'# \xe9\nimport numpy as np\nnp.einsum("ab->b", a)\n')
    (tmp_path / "nul.py").write_bytes(b'import numpy as np\x00\nnp.einsum("ab->a", a)\n')
    (tmp_path / "deep.py").write_text(
        "import numpy as np\nx = " + "(" * 300 + "1" + ")" * 300 + '\nnp.einsum("q", a)\n'
    )
    hidden = tmp_path / ".hidden"
    venv = tmp_path / "venv"
    modules = tmp_path / "node_modules"
    excluded = tmp_path / "build"
    for directory in (hidden, venv, modules, excluded):
        directory.mkdir()
        (directory / "m.py").write_text('import numpy as np\nnp.einsum("zz", a)\n')
    (venv / "pyvenv.cfg").write_text("home = /usr\n")
    files = project_python_files([tmp_path], ["build"], tmp_path)
    assert sorted(p.name for p in files) == ["broken.py", "deep.py", "good.py", "latin1.py", "nul.py"]
    found = collect_einsum_spellings(files)
    assert found["numpy"][:2] == ["ij->ji", "i->"]  # most used first; the broken files skipped
    assert "kk->k" not in found["numpy"] and "ab->b" not in found["numpy"] and "ab->a" not in found["numpy"]


# ---------------------------------------------------------------------------------------------
# pyright with the project's rules

needs_overlay = pytest.mark.skipif(not supported("jax"), reason="the overlays need numpy >= 2.3 and jax")


@pytest.fixture(scope="module")
def base_overlay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_overlay(tmp_path_factory.mktemp("einsum-base"))


@pytest.mark.pyright
@needs_overlay
def test_project_einsum_cases(base_overlay: Path, tmp_path: Path) -> None:
    pytest.importorskip("jax")
    cases = sorted(CASES.glob("*.py"))
    spellings = collect_einsum_spellings(cases)
    assert len(spellings["numpy"]) >= 6 and len(spellings["jax"]) >= 5
    layer = einsum_layer(base_overlay, spellings, tmp_path / "layer")
    extra = {"reportUnknownMemberType": "none"}  # jax's own stubs have Unknown parts
    diagnostics = run_pyright(cases, VERSION, config(tmp_path, layer, extra=extra, name="layer-"))
    assert not diagnostics, "\n".join(map(str, diagnostics))
    # Without the project's rules the same expectations fail: the cases are not met by the shipped rules.
    without = run_pyright(cases, VERSION, config(tmp_path, base_overlay, extra=extra, name="base-"))
    failed = {(Path(d.file).name, d.line) for d in without}
    assert len({line for name, line in failed if name.startswith("numpy")}) >= 6, without
    assert len({line for name, line in failed if name.startswith("jax")}) >= 4, without


@needs_overlay
def test_layer_writes_only_the_einsum_modules(base_overlay: Path, tmp_path: Path) -> None:
    layer = einsum_layer(base_overlay, {"numpy": ["uf,if->iu"], "jax": ["bi,bj->bji"]}, tmp_path / "layer")
    einsumfunc = layer / "numpy" / "_core" / "einsumfunc.pyi"
    jnp = layer / "jax" / "numpy" / "__init__.pyi"
    assert not einsumfunc.is_symlink() and not jnp.is_symlink()
    assert "_NdtLiteral['uf,if->iu']" in einsumfunc.read_text() and "_NdtLiteral['bi,bj->bji']" in jnp.read_text()
    assert (layer / "numpy" / "_core" / "fromnumeric.pyi").is_symlink() and (layer / "jax" / "nn").is_symlink()
    text = einsumfunc.read_text()
    # numpy's guard for plain numpy arrays stays the first overload; the project's come before the generic rules
    assert text.index("subscripts: str, a: _ndt_np.ndarray") < text.index("'uf,if->iu'") < text.index("'ij,jk->ik'")
    assert "uf,if->iu" not in (base_overlay / "numpy" / "_core" / "einsumfunc.pyi").read_text()


@needs_overlay
def test_editor_overlay_tracks_the_spellings(tmp_path: Path) -> None:
    dest = tmp_path / "stubs"
    build_overlay(dest, einsum={"numpy": ["uf,if->iu"]})
    other = dest / "numpy" / "_core" / "fromnumeric.pyi"
    before = other.stat().st_mtime_ns
    assert read_manifest(dest)["einsum"] == {"numpy": ["uf,if->iu"]}  # type: ignore[index]
    assert overlay_staleness(dest, einsum={"numpy": ["uf,if->iu"]}) is None
    stale = overlay_staleness(dest, einsum={"numpy": ["uf,if->iu"], "jax": ["bi,bj->bji"]})
    assert stale is not None and "'bi,bj->bji'" in stale
    build_overlay(dest, einsum={"numpy": ["lf,lfg->lg"], "jax": ["bi,bj->bji"]})
    assert other.stat().st_mtime_ns == before  # only the modules that define einsum were written again
    text = (dest / "numpy" / "_core" / "einsumfunc.pyi").read_text()
    assert "'lf,lfg->lg'" in text and "'uf,if->iu'" not in text
    assert "'bi,bj->bji'], op0" in (dest / "jax" / "numpy" / "__init__.pyi").read_text()
    assert json.loads((dest / ".ndtyping-overlay").read_text())["einsum"] == {
        "jax": ["bi,bj->bji"], "numpy": ["lf,lfg->lg"]
    }  # fmt: skip
