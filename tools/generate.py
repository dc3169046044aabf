"""Every generated file of the repository, from one command.

    python -m tools.generate            # rewrite what is stale
    python -m tools.generate --check    # exit 1 (and name the files) when a committed file is stale

The generators: tools.gen_ndarray_pyi (src/ndtyping/_surface/, what static checkers see of
NDArray), tools.gen_overlay_templates (stubs/numpy/overlay.stub) and
tools.gen_jax_overlay_templates (stubs/jax/overlay.stub). Each also runs alone:
`python -m tools.gen_ndarray_pyi [--check]`.
"""

from __future__ import annotations

import sys

from . import gen_jax_overlay_templates, gen_ndarray_pyi, gen_overlay_templates

GENERATORS = (gen_ndarray_pyi, gen_overlay_templates, gen_jax_overlay_templates)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    status = 0
    for generator in GENERATORS:
        status = generator.main(args) or status
    return status


if __name__ == "__main__":
    raise SystemExit(main())
