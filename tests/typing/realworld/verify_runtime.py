"""Runtime verification of the real-world corpus: every correct twin runs, every bug twin fails.

Each twin is imported with `ndtyping.check` applied to its annotated functions (the corpora's
`load_checked`), and its `main()` is called: it builds concrete arrays with distinct sizes for
distinct dimensions, calls the module's entry points and asserts the shapes and dtypes of what
they return (containers, whose fields `check` does not look into, are asserted explicitly).

- A correct twin must return normally: its outputs have the declared shapes and dtypes.
- A bug twin must raise. The twins differ on the `# BUG` line only, so the failure is the bug's.
  The report says how it failed: `ndtyping.check` (a `ShapeError` naming the function and the
  argument or return value), numpy's or jax's own error, or one of main()'s asserts; and whether
  the exception passed through the bug line itself.

    python -m tests.typing.realworld.verify_runtime            # all twins, a table
    python -m tests.typing.realworld.verify_runtime np_sp_lfilter jax_kf_scan

tests/typing/test_realworld_corpus.py runs `run_twin()` on every twin.
"""

from __future__ import annotations

import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

from ndtyping import ShapeError
from tests.typing.corpus_support import load_checked
from tools.measure_corpus import bug_line

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Outcome:
    file: str
    raised: bool
    how: str  # "ran", "ndtyping.check", "numpy/jax", "assert"
    error: str  # the exception's type and first line ("" when it ran)
    on_bug_line: bool  # the exception passed through the # BUG line (bug twins)

    @property
    def expected(self) -> bool:
        return self.raised == self.file.endswith("_bug.py")


def run_twin(path: Path) -> Outcome:
    """Import one twin with `check` applied and call its main()."""
    try:
        load_checked(path).main()
    except Exception as e:  # noqa: BLE001  # any failure is the verdict
        line = bug_line(path)[0] if path.name.endswith("_bug.py") else -1
        frames = traceback.extract_tb(e.__traceback__)
        through = any(Path(f.filename).resolve() == path.resolve() and f.lineno == line for f in frames)
        if isinstance(e, ShapeError):
            how = "ndtyping.check"
        elif isinstance(e, AssertionError):
            how = "assert"
        else:
            how = "numpy/jax"
        first = (str(e).strip().splitlines() or [""])[0]
        return Outcome(path.name, True, how, f"{type(e).__name__}: {first}"[:160], through)
    return Outcome(path.name, False, "ran", "", False)


def twins(names: list[str] | None = None) -> list[Path]:
    stems = sorted(p.name[: -len("_ok.py")] for p in HERE.glob("*_ok.py"))
    if names:
        stems = [s for s in stems if s in names]
    return [HERE / f"{s}_{kind}.py" for s in stems for kind in ("ok", "bug") if (HERE / f"{s}_{kind}.py").exists()]


def main(argv: list[str]) -> int:
    outcomes = [run_twin(p) for p in twins(argv or None)]
    for o in outcomes:
        mark = "ok " if o.expected else "BAD"
        where = " (raised through the bug line)" if o.on_bug_line else ""
        print(f"{mark} {o.file:38} {o.how:15} {o.error}{where}")
    bad = [o.file for o in outcomes if not o.expected]
    bugs = [o for o in outcomes if o.file.endswith("_bug.py")]
    print(
        f"\n{len(outcomes) - len(bugs)} correct twins, {len(bugs)} bug twins; unexpected: {len(bad)}"
        f"\nbug twins failing by ndtyping.check {sum(o.how == 'ndtyping.check' for o in bugs)}, "
        f"numpy/jax {sum(o.how == 'numpy/jax' for o in bugs)}, assert {sum(o.how == 'assert' for o in bugs)}; "
        f"through the bug line {sum(o.on_bug_line for o in bugs)}"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
