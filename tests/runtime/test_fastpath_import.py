"""`import ndtyping` stays light: what it must not import, and the names that load on first use."""

import json
import subprocess
import sys
import textwrap

_PROBE = textwrap.dedent(
    """
    import json, sys
    import numpy
    before = set(sys.modules)
    import ndtyping
    from ndtyping import Float32, NDArray, check, float32
    N = ndtyping.DimensionVar("N")

    @check
    def f(x: Float32[numpy.ndarray, "n m"], y: NDArray[float32, N]) -> Float32[numpy.ndarray, "n m"]:
        return x

    f(numpy.zeros((3, 4), numpy.float32), numpy.zeros(5, numpy.float32))
    isinstance(numpy.zeros(3), Float32[numpy.ndarray, "n"])
    loaded = sorted(set(sys.modules) - before)
    lazy = {name: getattr(ndtyping, name).__module__ for name in ("is_super", "filter", "is_array", "as_array")}
    print(json.dumps({"loaded": loaded, "lazy": lazy, "PyTree": ndtyping.PyTree.__qualname__}))
    """
)


def _run() -> dict:
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_import_and_plain_use_load_only_the_checking_modules() -> None:
    result = _run()
    loaded = set(result["loaded"])
    assert "jax" not in loaded
    assert not loaded & {
        "ndtyping._runtime.relations",
        "ndtyping._runtime.narrowing",
        "ndtyping._runtime.pytree",
        "ndtyping._jaxtyping.vocabulary",
    }
    assert not loaded & {"dataclasses", "ndtyping._runtime.expr"}
    if sys.version_info >= (3, 11):  # <=3.10 needs typing_extensions for Unpack
        assert "typing_extensions" not in loaded


def test_lazy_names_still_resolve() -> None:
    result = _run()
    assert result["lazy"] == {
        "is_super": "ndtyping._runtime.relations",
        "filter": "ndtyping._runtime.relations",
        "is_array": "ndtyping._runtime.narrowing",
        "as_array": "ndtyping._runtime.narrowing",
    }
    assert result["PyTree"] == "PyTree"
