"""Benchmark: what ndtyping's overlay costs pyright on jax code that does not use NDArray.

    python -m benchmarks.pyright_plain_jax [--functions 400] [--repeat 3] [--json benchmarks/results/plain_jax.json]

One generated body of N functions written the way optimiser and loss code is (optax's style):
parameters typed `jax.typing.ArrayLike` or `jax.Array` or not at all, `jax.tree.map` over lambdas
whose parameters pyright leaves untyped, calls nested in calls (`jnp.sqrt(jnp.square(m) + eps)`),
reductions with `axis=-1` and `keepdims`, `jnp.where` of an untyped mask. Two runs alternate
within each repeat, the minimum of the repeats is reported, in CPU seconds (see
pyright_overlay.py):

- C. plain pyright;
- E. `ndtyping check` (the overlay on stubPath, cached).

E/C is the overlay's cost on code without NDArray annotations (the target is 1.3x). Both runs
must report the same number of errors (0: every template type-checks clean without ndtyping).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
from pathlib import Path

from .pyright_overlay import check_command_run, interleaved, pyright_run

HEAD = "import jax\nimport jax.numpy as jnp\nfrom jax.typing import ArrayLike\n"

# Each template is one function; every one type-checks clean with plain pyright and with ndtyping.
TEMPLATES = [
    # an optimiser's update: untyped pytrees, ArrayLike hyperparameters, lambdas over the leaves
    """
def f{i}(updates, state, b1: ArrayLike, eps: ArrayLike):
    mu = jax.tree.map(lambda g, m: b1 * m + (1 - b1) * g, updates, state)
    return jax.tree.map(lambda m: m / (jnp.sqrt(jnp.square(m) + eps) + eps), mu)
""",
    # a mask that is a lambda's untyped parameter, ArrayLike branches
    """
def f{i}(signs, eta_plus: ArrayLike, eta_minus: ArrayLike, lo: ArrayLike, hi: ArrayLike):
    return jax.tree.map(lambda s: jnp.clip(jnp.where(s > 0, eta_plus, eta_minus), lo, hi), signs)
""",
    # a loss over jax.Array arguments: reductions over the last axis, nested
    """
def f{i}(logits: jax.Array, labels: jax.Array) -> jax.Array:
    log_p = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.sum(labels * log_p, axis=-1))
""",
    # untyped arrays: a layer and a normalisation
    """
def f{i}(x, w, b):
    h = jnp.tanh(jnp.dot(x, w) + b)
    return jnp.mean(jnp.square(h - jnp.mean(h, axis=0, keepdims=True)), axis=-1)
""",
    # a dict pytree of jax arrays
    """
def f{i}(params: dict[str, jax.Array], grads: dict[str, jax.Array], lr: float) -> dict[str, jax.Array]:
    return {{k: params[k] - lr * jnp.clip(grads[k], -1.0, 1.0) for k in params}}
""",
    # ArrayLike arithmetic and norms
    """
def f{i}(x: ArrayLike, y: ArrayLike, scale: ArrayLike):
    d = (jnp.asarray(x) - jnp.asarray(y)) * scale
    return jnp.max(jnp.abs(d)), jnp.sqrt(jnp.sum(d * d)) / (1.0 + jnp.linalg.norm(d))
""",
]


def generate(functions: int) -> str:
    return HEAD + "".join(TEMPLATES[i % len(TEMPLATES)].format(i=i) for i in range(functions))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path, help="write the results as JSON to this file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        module = Path(tmp) / "plain_jax_module.py"
        module.write_text(generate(args.functions))
        runs = {"C": lambda: pyright_run(module, None), "E": lambda: check_command_run(module)}
        check_command_run(module)  # builds and caches the overlay `ndtyping check` uses
        times, errors = interleaved(runs, args.repeat)
    best = {name: min(values) for name, values in times.items()}
    ratio = best["E"] / best["C"]
    import jax

    results = {
        "functions": args.functions,
        "repeat": args.repeat,
        "statistic": "CPU seconds (user + system) of the pyright process, minimum of the repeats, runs interleaved",
        "jax": jax.__version__,
        "python": platform.python_version(),
        "seconds": {"C_plain_pyright": round(best["C"], 2), "E_ndtyping_check": round(best["E"], 2)},
        "all_runs_seconds": {name: [round(t, 2) for t in values] for name, values in times.items()},
        "ratio_check_vs_plain_pyright": round(ratio, 3),
        "errors": dict(errors),
    }
    print(
        f"plain jax code, {args.functions} generated functions ({len(TEMPLATES)} templates), CPU seconds, best of {args.repeat}:"
    )
    print(f"  C  plain pyright:     {best['C']:7.2f} s   ({errors['C']} errors)")
    print(f"  E  `ndtyping check`:  {best['E']:7.2f} s   ({errors['E']} errors)")
    print(f"  E/C:                  {ratio:5.2f}x  (target <= 1.3x)")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    if errors["C"] != errors["E"]:
        print(f"error counts differ: plain pyright {errors['C']}, ndtyping check {errors['E']}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
