"""Every public attribute of numpy.ndarray and jax.Array is usable on an NDArray value, and its type
is never Unknown.

The attributes are enumerated here, from the installed libraries (the runtime classes, and jax's
stub class, which declares the methods of jax's concrete arrays): a method a new numpy or jax
adds fails this test until ndtyping's surface (tools/gen_ndarray_pyi.py) covers it. pyright
(strict, with reportUnknownMemberType) checks `reveal_type(x.<name>)` for each, on an array of
known shape and on one of unknown shape.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from tools.gen_ndarray_pyi import NOT_SURFACE

from .run_pyright import run_pyright


def _numpy_version() -> tuple[int, int]:
    import numpy

    major, minor = numpy.__version__.split(".")[:2]
    return int(major), int(minor)


pytestmark = [
    pytest.mark.pyright,
    # the surface is generated from numpy >= 2.3 / jax >= 0.10; numpy 1.26 (the lower-bound stack)
    # still has attributes numpy 2 removed (itemset, newbyteorder, tostring), which NDArray lacks
    pytest.mark.skipif(_numpy_version() < (2, 3), reason="the surface follows numpy >= 2.3's ndarray"),
]

# The comparisons object has are still an array's own (`x < y`, `x == y`).
OBJECT_COMPARISONS = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"}


def _surface_names(names: set[str]) -> set[str]:
    """Public names, and the dunders that are an array's own (not object's, not protocol hooks)."""
    keep = set()
    for name in names:
        if not name.startswith("_"):
            keep.add(name)
        elif name.startswith("__") and name.endswith("__") and name not in NOT_SURFACE:
            if name not in dir(object) or name in OBJECT_COMPARISONS:
                keep.add(name)
    return keep


def _jax_stub_class_names() -> set[str]:
    spec = importlib.util.find_spec("jax")
    assert spec is not None and spec.submodule_search_locations
    stub = Path(next(iter(spec.submodule_search_locations))) / "_src" / "basearray.pyi"
    tree = ast.parse(stub.read_text())
    (array,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Array"]
    return {item.name for item in array.body if isinstance(item, ast.FunctionDef)}


def numpy_attributes() -> set[str]:
    import numpy as np

    return _surface_names(set(dir(np.ndarray)))


def jax_attributes() -> set[str]:
    import jax

    return _surface_names(set(dir(jax.Array)) | _jax_stub_class_names())


def _case_file(path: Path, names: list[str]) -> int:
    """A case file revealing every attribute on the receivers it applies to; returns the count."""
    lines = [
        "from typing import Any",
        "import numpy as np",
        "from typing_extensions import Unpack, reveal_type",
        "from ndtyping import DimensionVar, NDArray, float32",
        'N = DimensionVar("N")',
        'M = DimensionVar("M")',
        "",
        "def surface(",
        "    known: NDArray[float32, N, M],",
        "    unknown: NDArray[float32, Unpack[tuple[Any, ...]]],",
        "    index: NDArray[np.int64],",
        "    index_unknown: NDArray[np.int64, Unpack[tuple[Any, ...]]],",
        ") -> None:",
    ]
    count = 0
    for name in names:
        # `__index__` is only for what Python may use as an int: a 0-d array of integers
        receivers = ["index", "index_unknown"] if name == "__index__" else ["known", "unknown"]
        for receiver in receivers:
            lines.append(f"    reveal_type({receiver}.{name})")
            count += 1
    path.write_text("\n".join(lines) + "\n")
    return count


REVEALED = re.compile(r'^Type of "(?P<expr>[^"]+)" is "(?P<type>.*)"$')


def _check(names: set[str], tmp_path: Path) -> None:
    case = tmp_path / "surface_attributes.py"
    expected = _case_file(case, sorted(names))
    diagnostics = run_pyright([case], f"{sys.version_info.major}.{sys.version_info.minor}", keep_information=True)
    problems = [d for d in diagnostics if d.severity != "information"]
    assert not problems, "attributes pyright rejects or cannot type:\n" + "\n".join(map(str, problems))
    revealed = {}
    for d in diagnostics:
        match = REVEALED.match(d.message)
        if match:
            revealed[match["expr"]] = match["type"]
    assert len(revealed) == expected, sorted(set(names) - {e.split(".", 1)[1] for e in revealed})
    unknown = {expr: t for expr, t in revealed.items() if "Unknown" in t}
    assert not unknown, unknown


def test_every_numpy_ndarray_attribute(tmp_path: Path) -> None:
    names = numpy_attributes()
    assert {"clip", "squeeze", "cumsum", "round", "dot", "swapaxes", "argsort", "__float__", "__int__"} <= names
    _check(names, tmp_path)


def test_every_jax_array_attribute(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    names = jax_attributes()
    assert {"at", "block_until_ready", "__float__", "__len__", "__iter__"} <= names
    _check(names, tmp_path)


def test_the_check_can_fail(tmp_path: Path) -> None:
    """A name NDArray lacks is reported (so the two tests above can fail)."""
    with pytest.raises(AssertionError, match="not_an_array_method"):
        _check({"sum", "not_an_array_method"}, tmp_path)
