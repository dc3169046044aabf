#!/usr/bin/env bash
# The main job: shows ndtyping catching shape bugs in the bundled examples.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_env.sh
main_python="$(find_python 3.11)"
main_python="${main_python:-$(command -v python3)}"
ensure_venv .venv "$main_python" dev
exec .venv/bin/python examples/demo.py "$@"
