#!/usr/bin/env bash
# The main job: shows ndtyping catching shape bugs in the bundled examples, statically and at
# runtime. Also wires ndtyping's stubs into this repository's pyright config (`ndtyping editor`),
# so that an editor opened here shows the planted bugs in examples/buggy_*.py.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_env.sh
main_python="$(find_python 3.11)"
main_python="${main_python:-$(command -v python3)}"
ensure_venv .venv "$main_python" dev constraints/pinned-py311.txt
.venv/bin/python -m ndtyping editor >/dev/null
exec .venv/bin/python examples/demo.py "$@"
