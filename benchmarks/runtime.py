"""What a runtime check costs: ndtyping's `@check`, a hand-written check, jaxtyping + beartype.

    .venv/bin/python -m benchmarks.runtime [--quick] [--json FILE]

Everything is measured side by side in one run, so the ratios hold even when the machine is
busy; the absolute figures do not. Per-call figures are overheads: the time of a checked call
minus the time of the same undecorated function (min over repeats of many calls each, with
the variants interleaved so that noise hits all of them alike). `import ndtyping` is timed in
fresh interpreters, with bytecode cached as after `pip install`.

The jaxtyping column is skipped (shown as "-") when jaxtyping or beartype is not installed;
the jax rows when jax is not.
"""

# No `from __future__ import annotations`: the annotations below name local variables, which
# must be evaluated where they are written.
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any, Callable, Optional

import numpy as np
import typing_extensions

import ndtyping
from ndtyping import DimensionVar, Float32, NDArray, ShapeVar, check, float32

try:
    import beartype
    import jaxtyping as jt

    HAVE_JAXTYPING = True
except ImportError:  # the column is left empty
    HAVE_JAXTYPING = False

try:
    import jax
    import jax.numpy as jnp

    HAVE_JAX = True
except ImportError:
    HAVE_JAX = False

RESULTS = Path(__file__).parent / "results" / "runtime.json"
F32 = np.dtype(np.float32)
SIZES = (3, 4, 5, 6, 7, 8, 9)  # the chain of shared dims: argument i is (d_i, d_i+1)
ARITIES = (1, 2, 3, 6)

# Targets (docs/performance.md, /work/shared/DESIGN.md).
TARGET_RATIO_HAND = 2.0  # @check overhead / hand-written overhead, two arrays and a return
TARGET_PER_ARRAY_US = 0.15
TARGET_ISINSTANCE_US = 0.3
TARGET_IMPORT_MS = 15.0


# ----------------------------------------------------------------------------- functions under test

def _chain_source(name: str, arity: int, annotate: Callable[[int, int], str], decorator: str = "") -> str:
    """`def name(a0: T[d0 d1], a1: T[d1 d2], ...) -> T[d0 dk]: return OUT[k]`."""
    params = ", ".join(f"a{i}: {annotate(i, i + 1)}" if annotate(0, 1) else f"a{i}" for i in range(arity))
    returns = f" -> {annotate(0, arity)}" if annotate(0, 1) else ""
    return f"{decorator}def {name}({params}){returns}:\n    return OUT[{arity}]\n"


def _string(module: str) -> Callable[[int, int], str]:
    return lambda i, j: f'{module}Float32[np.ndarray, "d{i} d{j}"]'


def _generic(i: int, j: int) -> str:
    return f"NDArray[float32, D{i}, D{j}]"


# What each benchmark function returns: an array of the annotated result shape, made once.
# Plain, hand-written and decorated functions all read it the same way (`OUT[k]`).
OUT = {k: np.zeros((SIZES[0], SIZES[k]), np.float32) for k in ARITIES}
NAMESPACE: dict[str, Any] = {
    "np": np, "NDArray": NDArray, "float32": float32, "Float32": Float32, "check": check,
    "OUT": OUT,
    **{f"D{i}": DimensionVar(f"D{i}") for i in range(len(SIZES))},
}  # fmt: skip
if HAVE_JAXTYPING:
    NAMESPACE.update(jt=jt, jaxtyped=jt.jaxtyped, beartype=beartype.beartype)


def _rejects(fn: Callable[..., Any], *args: Any) -> None:
    """Make sure a benchmarked check really checks: a wrong shape must raise."""
    try:
        fn(*args)
    except TypeError:  # ndtyping's ShapeError, beartype's violations and ours are all TypeErrors
        return
    except Exception as err:
        if "Violation" in type(err).__name__ or "TypeCheck" in type(err).__name__:
            return
        raise
    raise AssertionError(f"{fn} accepted a wrong shape: it does not check")


def _define(source: str) -> Callable[..., Any]:
    namespace: dict[str, Any] = {}
    exec(source, NAMESPACE, namespace)  # noqa: S102 (our own benchmark functions)
    return next(iter(namespace.values()))  # type: ignore[no-any-return]


# The hand-written checks: what a careful user would write at the top and bottom of the body.
def hand_1(a0: Any) -> Any:
    if not (isinstance(a0, np.ndarray) and a0.dtype == F32 and a0.ndim == 2):
        raise TypeError("a0")
    out = OUT[1]
    if not (isinstance(out, np.ndarray) and out.dtype == F32 and out.shape == a0.shape):
        raise TypeError("return")
    return out


def hand_2(a0: Any, a1: Any) -> Any:
    if not (isinstance(a0, np.ndarray) and a0.dtype == F32 and a0.ndim == 2):
        raise TypeError("a0")
    if not (isinstance(a1, np.ndarray) and a1.dtype == F32 and a1.ndim == 2 and a1.shape[0] == a0.shape[1]):
        raise TypeError("a1")
    out = OUT[2]
    if not (isinstance(out, np.ndarray) and out.dtype == F32 and out.shape == (a0.shape[0], a1.shape[1])):
        raise TypeError("return")
    return out


def hand_3(a0: Any, a1: Any, a2: Any) -> Any:
    if not (isinstance(a0, np.ndarray) and a0.dtype == F32 and a0.ndim == 2):
        raise TypeError("a0")
    if not (isinstance(a1, np.ndarray) and a1.dtype == F32 and a1.ndim == 2 and a1.shape[0] == a0.shape[1]):
        raise TypeError("a1")
    if not (isinstance(a2, np.ndarray) and a2.dtype == F32 and a2.ndim == 2 and a2.shape[0] == a1.shape[1]):
        raise TypeError("a2")
    out = OUT[3]
    if not (isinstance(out, np.ndarray) and out.dtype == F32 and out.shape == (a0.shape[0], a2.shape[1])):
        raise TypeError("return")
    return out


def hand_6(a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any) -> Any:
    if not (isinstance(a0, np.ndarray) and a0.dtype == F32 and a0.ndim == 2):
        raise TypeError("a0")
    if not (isinstance(a1, np.ndarray) and a1.dtype == F32 and a1.ndim == 2 and a1.shape[0] == a0.shape[1]):
        raise TypeError("a1")
    if not (isinstance(a2, np.ndarray) and a2.dtype == F32 and a2.ndim == 2 and a2.shape[0] == a1.shape[1]):
        raise TypeError("a2")
    if not (isinstance(a3, np.ndarray) and a3.dtype == F32 and a3.ndim == 2 and a3.shape[0] == a2.shape[1]):
        raise TypeError("a3")
    if not (isinstance(a4, np.ndarray) and a4.dtype == F32 and a4.ndim == 2 and a4.shape[0] == a3.shape[1]):
        raise TypeError("a4")
    if not (isinstance(a5, np.ndarray) and a5.dtype == F32 and a5.ndim == 2 and a5.shape[0] == a4.shape[1]):
        raise TypeError("a5")
    out = OUT[6]
    if not (isinstance(out, np.ndarray) and out.dtype == F32 and out.shape == (a0.shape[0], a5.shape[1])):
        raise TypeError("return")
    return out


HAND = {1: hand_1, 2: hand_2, 3: hand_3, 6: hand_6}


def _plain(arity: int) -> Callable[..., Any]:
    params = ", ".join(f"a{i}" for i in range(arity))
    return _define(f"def plain_{arity}({params}):\n    out = OUT[{arity}]\n    return out\n")


# ----------------------------------------------------------------------------- timing

def _loop(statement: str, namespace: dict[str, Any]) -> Callable[[int], None]:
    """`for _ in range(n): statement`, compiled, so that no extra call is timed."""
    scope = dict(namespace)
    exec(f"def run(n):\n    for _ in range(n):\n        {statement}\n", scope)  # noqa: S102
    return scope["run"]  # type: ignore[no-any-return]


def measure(statements: dict[str, str], namespace: dict[str, Any], repeat: int, budget_s: float) -> dict[str, float]:
    """Nanoseconds per execution of each statement: min over `repeat` interleaved rounds."""
    loops = {name: _loop(stmt, namespace) for name, stmt in statements.items()}
    counts = {}
    for name, run in loops.items():  # calibrate: about budget_s per round and statement
        run(20)
        start = time.perf_counter()
        run(200)
        per = max((time.perf_counter() - start) / 200, 1e-8)
        counts[name] = max(200, int(budget_s / per))
    best = {name: float("inf") for name in loops}
    for _ in range(repeat):
        for name, run in loops.items():
            start = time.perf_counter_ns()
            run(counts[name])
            best[name] = min(best[name], (time.perf_counter_ns() - start) / counts[name])
    return best


# ----------------------------------------------------------------------------- the cases

def call_cases(repeat: int, budget: float) -> dict[str, dict[str, Optional[float]]]:
    """Per-call overhead (us) of each checker for 1, 2, 3, 6 arrays, and the *batch case."""
    namespace: dict[str, Any] = {}
    statements: dict[str, str] = {}
    for k in ARITIES:
        arrays = [np.zeros((SIZES[i], SIZES[i + 1]), np.float32) for i in range(k)]
        args = ", ".join(f"x{k}_{i}" for i in range(k))
        namespace.update({f"x{k}_{i}": a for i, a in enumerate(arrays)})
        functions = {
            "plain": _plain(k),
            "ndtyping": check(_define(_chain_source(f"nd_{k}", k, _string("")))),
            "ndtyping_generic": check(_define(_chain_source(f"ndg_{k}", k, _generic))),
            "hand": HAND[k],
        }
        if HAVE_JAXTYPING:
            functions["jaxtyping"] = _define(
                _chain_source(f"jt_{k}", k, _string("jt."), "@jaxtyped(typechecker=beartype)\n")
            )
        wrong = [np.zeros((SIZES[i], SIZES[i + 1] + 1), np.float32) for i in range(k)]
        for name, fn in functions.items():
            namespace[f"{name}_{k}"] = fn
            fn(*arrays)  # warm up (and fail loudly here if a check is wrong)
            if name != "plain":
                _rejects(fn, *wrong)
            statements[f"{name}_{k}"] = f"{name}_{k}({args})"

    # The variadic case: `*batch c` twice and in the return.
    batched = np.zeros((2, 3, 4), np.float32)
    namespace.update(b0=batched, b1=batched.copy(), BOUT=np.zeros((2, 3, 4), np.float32))
    Batch, C = ShapeVar("Batch"), DimensionVar("C")
    generic = NDArray[float32, typing_extensions.Unpack[Batch], C]  # type: ignore[misc]

    def plain_v(x: Any, y: Any) -> Any:
        return namespace["BOUT"]

    def hand_v(x: Any, y: Any) -> Any:
        if not (isinstance(x, np.ndarray) and x.dtype == F32 and x.ndim >= 1):
            raise TypeError("x")
        if not (isinstance(y, np.ndarray) and y.dtype == F32 and y.shape == x.shape):
            raise TypeError("y")
        out = namespace["BOUT"]
        if not (isinstance(out, np.ndarray) and out.dtype == F32 and out.shape == x.shape):
            raise TypeError("return")
        return out

    def nd_v(x: Float32[np.ndarray, "*batch c"], y: Float32[np.ndarray, "*batch c"]) -> Float32[np.ndarray, "*batch c"]:
        return namespace["BOUT"]

    def ndg_v(x: generic, y: generic) -> generic:  # type: ignore[valid-type]
        return namespace["BOUT"]

    variadic = {"plain": plain_v, "hand": hand_v, "ndtyping": check(nd_v), "ndtyping_generic": check(ndg_v)}
    if HAVE_JAXTYPING:
        jt_f32 = jt.Float32[np.ndarray, "*batch c"]

        @jt.jaxtyped(typechecker=beartype.beartype)
        def jt_v(x: jt_f32, y: jt_f32) -> jt_f32:  # type: ignore[valid-type]
            return namespace["BOUT"]

        variadic["jaxtyping"] = jt_v
    for name, fn in variadic.items():
        namespace[f"{name}_v"] = fn
        fn(batched, batched)
        if name != "plain":
            _rejects(fn, batched, np.zeros((2, 3, 5), np.float32))
        statements[f"{name}_v"] = f"{name}_v(b0, b1)"

    timings = measure(statements, namespace, repeat, budget)
    rows: dict[str, dict[str, Optional[float]]] = {}
    for key in [*(str(k) for k in ARITIES), "v"]:
        base = timings[f"plain_{key}"]
        row: dict[str, Optional[float]] = {"plain_call_us": base / 1000}
        for name in ("ndtyping", "ndtyping_generic", "hand", "jaxtyping"):
            t = timings.get(f"{name}_{key}")
            row[name] = None if t is None else (t - base) / 1000
        rows[key] = row
    return rows


def isinstance_cases(repeat: int, budget: float) -> dict[str, Optional[float]]:
    """Cost (us) of one `isinstance(x, prebuilt)` outside any checked call."""
    x = np.zeros((3, 4), np.float32)
    N, M = DimensionVar("N"), DimensionVar("M")
    namespace: dict[str, Any] = {
        "x": x, "A": Float32[np.ndarray, "n m"], "G": NDArray[float32, N, M], "np": np, "F32": F32,
    }  # fmt: skip
    statements = {
        "empty": "pass",
        "ndtyping": "isinstance(x, A)",
        "ndtyping_generic": "isinstance(x, G)",
        "hand": "isinstance(x, np.ndarray) and x.dtype == F32 and x.ndim == 2",
    }
    if HAVE_JAXTYPING:
        namespace["J"] = jt.Float32[np.ndarray, "n m"]
        statements["jaxtyping"] = "isinstance(x, J)"
    assert isinstance(x, namespace["A"]) and isinstance(x, namespace["G"])
    timings = measure(statements, namespace, repeat, budget)
    return {name: (timings[name] - timings["empty"]) / 1000 if name in timings else None
            for name in ("ndtyping", "ndtyping_generic", "hand", "jaxtyping")}  # fmt: skip


def jax_cases(repeat: int, budget: float) -> Optional[dict[str, Any]]:
    """jax arrays eagerly, and the cost left once `jax.jit` has traced a checked function."""
    if not HAVE_JAX:
        return None
    x = jnp.zeros((3, 4), jnp.float32)
    y = jnp.zeros((4, 5), jnp.float32)
    out = jnp.zeros((3, 5), jnp.float32)
    A = Float32[jax.Array, "n m"]  # noqa: F841 (used in the annotations below)
    F = Float32

    def plain(x: Any, y: Any) -> Any:
        return out

    def hand(x: Any, y: Any) -> Any:
        if not (isinstance(x, jax.Array) and x.dtype == F32 and x.ndim == 2):
            raise TypeError("x")
        if not (isinstance(y, jax.Array) and y.dtype == F32 and y.ndim == 2 and y.shape[0] == x.shape[1]):
            raise TypeError("y")
        if not (isinstance(out, jax.Array) and out.dtype == F32 and out.shape == (x.shape[0], y.shape[1])):
            raise TypeError("return")
        return out

    @check
    def nd(x: F[jax.Array, "n m"], y: F[jax.Array, "m k"]) -> F[jax.Array, "n k"]:
        return out

    functions: dict[str, Any] = {"plain": plain, "hand": hand, "ndtyping": nd}
    if HAVE_JAXTYPING:
        J = jt.Float32

        @jt.jaxtyped(typechecker=beartype.beartype)
        def jtf(x: J[jax.Array, "n m"], y: J[jax.Array, "m k"]) -> J[jax.Array, "n k"]:
            return out

        functions["jaxtyping"] = jtf

    # Under jit: the checked function is called inside a jitted one; after tracing, jit runs
    # the compiled computation and never calls Python again, so the check must cost nothing.
    traced = [0]

    @check
    def inner(x: F[jax.Array, "n m"], y: F[jax.Array, "m k"]) -> F[jax.Array, "n k"]:
        traced[0] += 1
        return x @ y

    def inner_plain(x: Any, y: Any) -> Any:
        return x @ y

    jit_checked = jax.jit(lambda x, y: inner(x, y))
    jit_plain = jax.jit(lambda x, y: inner_plain(x, y))
    for _ in range(3):
        jit_checked(x, y).block_until_ready()
        jit_plain(x, y).block_until_ready()
    traced_at_warmup = traced[0]

    namespace = {"x": x, "y": y, "jit_checked": jit_checked, "jit_plain": jit_plain, **functions}
    statements = {name: f"{name}(x, y)" for name in functions}
    statements["jit_checked"] = "jit_checked(x, y).block_until_ready()"
    statements["jit_plain"] = "jit_plain(x, y).block_until_ready()"
    for name, fn in functions.items():
        fn(x, y)
        if name != "plain":
            _rejects(fn, x, x)
    timings = measure(statements, namespace, repeat, budget)
    base = timings["plain"]
    eager = {name: (timings[name] - base) / 1000 if name in timings else None
             for name in ("ndtyping", "hand", "jaxtyping")}  # fmt: skip
    return {
        "eager_overhead_us": eager,
        "eager_plain_call_us": base / 1000,
        "jit_checked_call_us": timings["jit_checked"] / 1000,
        "jit_unchecked_call_us": timings["jit_plain"] / 1000,
        "jit_difference_us": (timings["jit_checked"] - timings["jit_plain"]) / 1000,
        "checks_run_at_warmup": traced_at_warmup,
        "checks_run_after_warmup": traced[0] - traced_at_warmup,
    }


# ----------------------------------------------------------------------------- fresh interpreters

_IMPORT_PROBE = textwrap.dedent(
    """
    import json, sys, time
    import numpy
    t0 = time.perf_counter()
    import {module}
    t1 = time.perf_counter()
    print(json.dumps({{"import_ms": (t1 - t0) * 1000, "jax_after_import": "jax" in sys.modules}}))
    """
)

_FIRST_USE_PROBE = textwrap.dedent(
    """
    import json, sys, time
    import numpy
    import ndtyping
    from ndtyping import Float32, check
    def f(x: Float32[numpy.ndarray, "n m"], y: Float32[numpy.ndarray, "m k"]) -> Float32[numpy.ndarray, "n k"]:
        return OUT
    OUT = numpy.zeros((3, 5), numpy.float32)
    x, y = numpy.zeros((3, 4), numpy.float32), numpy.zeros((4, 5), numpy.float32)
    t0 = time.perf_counter()
    g = check(f)
    t1 = time.perf_counter()
    g(x, y)
    t2 = time.perf_counter()
    g(x, y)
    t3 = time.perf_counter()
    isinstance(x, Float32[numpy.ndarray, "n m"])
    print(json.dumps({{
        "decorate_us": (t1 - t0) * 1e6, "first_call_us": (t2 - t1) * 1e6, "second_call_us": (t3 - t2) * 1e6,
        "jax_after_use": "jax" in sys.modules,
    }}))
    """
)

_JAXTYPING_FIRST_USE_PROBE = textwrap.dedent(
    """
    import json, sys, time
    import numpy
    import jaxtyping, beartype
    def f(x: jaxtyping.Float32[numpy.ndarray, "n m"], y: jaxtyping.Float32[numpy.ndarray, "m k"]) -> jaxtyping.Float32[numpy.ndarray, "n k"]:
        return OUT
    OUT = numpy.zeros((3, 5), numpy.float32)
    x, y = numpy.zeros((3, 4), numpy.float32), numpy.zeros((4, 5), numpy.float32)
    t0 = time.perf_counter()
    g = jaxtyping.jaxtyped(typechecker=beartype.beartype)(f)
    t1 = time.perf_counter()
    g(x, y)
    t2 = time.perf_counter()
    print(json.dumps({{"decorate_us": (t1 - t0) * 1e6, "first_call_us": (t2 - t1) * 1e6,
                       "jax_after_use": "jax" in sys.modules}}))
    """
)


def _fresh(code: str, cache: str) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # time the import as installed: bytecode cached
    env["PYTHONPYCACHEPREFIX"] = cache
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def fresh_process_cases(runs: int) -> dict[str, Any]:
    cache = os.path.join(tempfile.gettempdir(), "ndtyping-bench-pycache")
    figures: dict[str, Any] = {}
    for module, key in (("ndtyping", "ndtyping"), ("jaxtyping", "jaxtyping")):
        if module == "jaxtyping" and not HAVE_JAXTYPING:
            continue
        probe = _IMPORT_PROBE.format(module=module)
        _fresh(probe, cache)  # fills the bytecode cache
        samples = [_fresh(probe, cache) for _ in range(runs if module == "ndtyping" else max(3, runs // 4))]
        times = [s["import_ms"] for s in samples]
        figures[f"import_{key}_ms"] = {"median": statistics.median(times), "min": min(times), "runs": len(times)}
        figures[f"jax_after_import_{key}"] = any(s["jax_after_import"] for s in samples)
    _fresh(_FIRST_USE_PROBE.format(), cache)
    uses = [_fresh(_FIRST_USE_PROBE.format(), cache) for _ in range(max(3, runs // 4))]
    for field in ("decorate_us", "first_call_us", "second_call_us"):
        figures[f"ndtyping_{field}"] = statistics.median(u[field] for u in uses)
    figures["jax_after_use_ndtyping"] = any(u["jax_after_use"] for u in uses)
    if HAVE_JAXTYPING:
        uses = [_fresh(_JAXTYPING_FIRST_USE_PROBE.format(), cache) for _ in range(3)]
        for field in ("decorate_us", "first_call_us"):
            figures[f"jaxtyping_{field}"] = statistics.median(u[field] for u in uses)
        figures["jax_after_use_jaxtyping"] = any(u["jax_after_use"] for u in uses)
    return figures


# ----------------------------------------------------------------------------- report

def _us(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.2f}"


def _ratio(a: Optional[float], b: Optional[float]) -> str:
    if a is None or b is None or b <= 0:
        return "-"
    return f"{a / b:.1f}x"


def report(results: dict[str, Any]) -> list[dict[str, Any]]:
    calls = results["calls"]
    print(f"\nper-call overhead in us (checked call minus plain call; min of {results['repeat']} rounds)")
    header = f"{'case':34}{'ndtyping':>10}{'generic':>10}{'hand':>8}{'jaxtyping':>11}{'nd/hand':>9}{'jt/nd':>8}"
    print(header)
    print("-" * len(header))
    labels = {"1": "1 array + return", "2": "2 arrays + return", "3": "3 arrays + return",
              "6": "6 arrays + return", "v": '"*batch c", 2 arrays + return'}  # fmt: skip
    for key, label in labels.items():
        row = calls[key]
        print(f"{label:34}{_us(row['ndtyping']):>10}{_us(row['ndtyping_generic']):>10}{_us(row['hand']):>8}"
              f"{_us(row['jaxtyping']):>11}{_ratio(row['ndtyping'], row['hand']):>9}"
              f"{_ratio(row['jaxtyping'], row['ndtyping']):>8}")  # fmt: skip
    jax_figures = results.get("jax")
    if jax_figures:
        eager = jax_figures["eager_overhead_us"]
        print(f"{'jax eager, 2 arrays + return':34}{_us(eager['ndtyping']):>10}{'':>10}{_us(eager['hand']):>8}"
              f"{_us(eager['jaxtyping']):>11}{_ratio(eager['ndtyping'], eager['hand']):>9}"
              f"{_ratio(eager['jaxtyping'], eager['ndtyping']):>8}")  # fmt: skip
    inst = results["isinstance"]
    print(f"{'isinstance(x, prebuilt) (total)':34}{_us(inst['ndtyping']):>10}{_us(inst['ndtyping_generic']):>10}"
          f"{_us(inst['hand']):>8}{_us(inst['jaxtyping']):>11}{_ratio(inst['ndtyping'], inst['hand']):>9}"
          f"{_ratio(inst['jaxtyping'], inst['ndtyping']):>8}")  # fmt: skip
    print(f"(a plain call of the 2-array function costs {calls['2']['plain_call_us']:.2f} us)")

    per_array = results["per_extra_array_us"]
    print("\nper extra array argument (us):  "
          + "   ".join(f"{name} {_us(per_array[name])}" for name in ("ndtyping", "ndtyping_generic", "hand", "jaxtyping")))
    if jax_figures:
        print(f"\njax.jit after warm-up: checked {jax_figures['jit_checked_call_us']:.2f} us, unchecked "
              f"{jax_figures['jit_unchecked_call_us']:.2f} us per call (difference "
              f"{jax_figures['jit_difference_us']:+.2f} us); checks run after warm-up: "
              f"{jax_figures['checks_run_after_warmup']} (at warm-up: {jax_figures['checks_run_at_warmup']})")
    fresh = results["fresh"]
    imp = fresh["import_ndtyping_ms"]
    print(f"\nimport ndtyping on top of numpy: median {imp['median']:.1f} ms, min {imp['min']:.1f} ms "
          f"({imp['runs']} fresh interpreters); jax imported: {fresh['jax_after_import_ndtyping']}")
    if "import_jaxtyping_ms" in fresh:
        jimp = fresh["import_jaxtyping_ms"]
        print(f"import jaxtyping on top of numpy: median {jimp['median']:.1f} ms, min {jimp['min']:.1f} ms")
    print(f"first use (fresh interpreter, median): decorate {fresh['ndtyping_decorate_us']:.0f} us, "
          f"first call {fresh['ndtyping_first_call_us']:.0f} us, second call {fresh['ndtyping_second_call_us']:.1f} us; "
          f"jax imported after decorating and calling with numpy arrays: {fresh['jax_after_use_ndtyping']}")
    if "jaxtyping_decorate_us" in fresh:
        print(f"jaxtyping first use: decorate {fresh['jaxtyping_decorate_us']:.0f} us, first call "
              f"{fresh['jaxtyping_first_call_us']:.0f} us; jax imported: {fresh['jax_after_use_jaxtyping']}")

    two = calls["2"]
    targets = [
        {"target": "@check overhead <= 2x hand-written (2 arrays + return)",
         "value": f"{two['ndtyping'] / two['hand']:.2f}x", "pass": two["ndtyping"] <= TARGET_RATIO_HAND * two["hand"]},
        {"target": f"+{TARGET_PER_ARRAY_US} us or less per extra array (2 -> 6 arrays)",
         "value": f"{per_array['ndtyping']:+.3f} us", "pass": per_array["ndtyping"] <= TARGET_PER_ARRAY_US},
        {"target": f"isinstance with a prebuilt annotation <= {TARGET_ISINSTANCE_US} us",
         "value": f"{inst['ndtyping']:.3f} us (generic {inst['ndtyping_generic']:.3f})",
         "pass": max(inst["ndtyping"], inst["ndtyping_generic"]) <= TARGET_ISINSTANCE_US},
        {"target": f"import ndtyping <= {TARGET_IMPORT_MS} ms on top of numpy (median)",
         "value": f"{imp['median']:.1f} ms", "pass": imp["median"] <= TARGET_IMPORT_MS},
        {"target": "jax never imported by import, decoration or numpy calls",
         "value": str(not (fresh["jax_after_import_ndtyping"] or fresh["jax_after_use_ndtyping"])),
         "pass": not (fresh["jax_after_import_ndtyping"] or fresh["jax_after_use_ndtyping"])},
    ]  # fmt: skip
    if jax_figures:
        noise = max(0.5, 0.20 * jax_figures["jit_unchecked_call_us"])  # jit dispatch itself is noisy
        targets.append({
            "target": "no per-call cost after jax.jit traced (no check runs; time within noise)",
            "value": f"{jax_figures['checks_run_after_warmup']} checks, {jax_figures['jit_difference_us']:+.2f} us",
            "pass": jax_figures["checks_run_after_warmup"] == 0 and jax_figures["jit_difference_us"] <= noise,
        })  # fmt: skip
    print("\ntargets")
    for t in targets:
        print(f"  [{'pass' if t['pass'] else 'FAIL'}] {t['target']}: {t['value']}")
    return targets


def _slope(points: dict[int, Optional[float]]) -> Optional[float]:
    """Least-squares cost per extra array from 2 to 6 arrays (1 array has no shared dim to compare)."""
    xs = [k for k in ARITIES if k >= 2 and points.get(k) is not None]
    if len(xs) < 2:
        return None
    ys = [points[k] for k in xs]
    mean_x, mean_y = statistics.mean(xs), statistics.mean(ys)  # type: ignore[type-var]
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / sum((x - mean_x) ** 2 for x in xs)  # type: ignore[operator]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and fresh interpreters (noisier)")
    parser.add_argument("--json", metavar="FILE", help=f"write the figures as JSON (the committed copy is {RESULTS.relative_to(Path.cwd()) if RESULTS.is_relative_to(Path.cwd()) else RESULTS})")
    options = parser.parse_args()
    # Many short rounds: the minimum needs only one quiet moment per statement.
    repeat, budget, runs = (5, 0.004, 8) if options.quick else (30, 0.005, 30)

    load_before = os.getloadavg()
    versions = {
        "python": platform.python_version(), "numpy": np.__version__, "ndtyping": ndtyping.__version__,
        "jax": jax.__version__ if HAVE_JAX else None,
        "jaxtyping": jt.__version__ if HAVE_JAXTYPING else None,  # type: ignore[attr-defined]
        "beartype": beartype.__version__ if HAVE_JAXTYPING else None,
    }  # fmt: skip
    print("ndtyping runtime benchmark: " + ", ".join(f"{k} {v}" for k, v in versions.items() if v))
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, load average {load_before[0]:.2f} at start")
    results: dict[str, Any] = {"repeat": repeat}
    results["calls"] = call_cases(repeat, budget)
    results["isinstance"] = isinstance_cases(repeat, budget)
    results["jax"] = jax_cases(repeat, budget)
    results["fresh"] = fresh_process_cases(runs)
    calls = results["calls"]
    results["per_extra_array_us"] = {
        name: _slope({k: calls[str(k)][name] for k in ARITIES}) for name in ("ndtyping", "ndtyping_generic", "hand", "jaxtyping")
    }
    targets = report(results)
    load_after = os.getloadavg()
    print(f"\nload average {load_after[0]:.2f} at the end ({os.cpu_count()} CPUs): absolute figures scale with it, ratios much less")
    if options.json:
        document = {
            "command": "python -m benchmarks.runtime" + (" --quick" if options.quick else ""),
            "versions": versions,
            "machine": {"arch": platform.machine(), "cpus": os.cpu_count(),
                        "load_average_start": load_before[0], "load_average_end": load_after[0]},  # fmt: skip
            "units": "microseconds per call unless a key says ms; overheads are checked minus plain call",
            "note": (
                f"the machine was busy (load average {load_before[0]:.1f} to {load_after[0]:.1f} on {os.cpu_count()} CPUs): "
                "absolute figures are inflated and noisy, ratios much less so"
                if max(load_before[0], load_after[0]) > 0.5 * (os.cpu_count() or 1)
                else "the machine was quiet"
            ),
            **results,
            "targets": targets,
        }
        Path(options.json).parent.mkdir(parents=True, exist_ok=True)
        Path(options.json).write_text(json.dumps(document, indent=2) + "\n")
        print(f"wrote {options.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
