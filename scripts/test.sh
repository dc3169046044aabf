#!/usr/bin/env bash
# Runs every test: the full suite on Python 3.11+ (with jax), then again on Python 3.10 when
# that interpreter exists (without jax: the backport spelling and the no-jax paths).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_env.sh

main_python="$(find_python 3.11)"
main_python="${main_python:-$(command -v python3)}"
ensure_venv .venv "$main_python" dev
echo "== pytest on $(.venv/bin/python --version)"
.venv/bin/python -m pytest "$@"

py310="$(find_python 3.10)"
if [ -n "$py310" ]; then
  ensure_venv .venv310 "$py310" test
  echo "== pytest on $(.venv310/bin/python --version) (no jax)"
  .venv310/bin/python -m pytest "$@"
else
  echo "== python3.10 not found: skipping the 3.10 run"
fi
