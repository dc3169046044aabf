#!/usr/bin/env bash
# Runs every test, on the three stacks CI tests (each in its own virtualenv, made on first use):
#   3.11  the pinned set (constraints/pinned-py311.txt): the reproducible baseline
#   3.13  the newest numpy, jax and pyright that pip resolves today: what new users install
#   3.10  the declared lower bounds (constraints/minimum.txt) and the `Unpack[...]` spelling
# A stack whose interpreter is missing is reported and skipped, unless NDTYPING_REQUIRE_ALL=1
# (CI sets it). NDTYPING_STACKS="3.13" (or "3.11 3.10", ...) runs a subset. Extra arguments go
# to pytest (`./scripts/test.sh -k grammar`). Fails when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_env.sh

stacks="${NDTYPING_STACKS:-3.11 3.13 3.10}"
if [ "${CI:-}" = "true" ]; then export NDTYPING_REQUIRE_ALL="${NDTYPING_REQUIRE_ALL:-1}"; fi
status=0
for version in $stacks; do
  case "$version" in
    3.11) dir=.venv    extras=dev         constraints=constraints/pinned-py311.txt newest=0 ;;
    3.13) dir=.venv313 extras=dev         constraints=""                           newest=1 ;;
    3.10) dir=.venv310 extras="test,jax"  constraints=constraints/minimum.txt      newest=0 ;;
    *) echo "unknown stack $version (3.10, 3.11 or 3.13)" >&2; exit 2 ;;
  esac
  python="$(find_python "$version")"
  if [ -z "$python" ]; then
    echo "== python$version not found: skipping the $version stack"
    if [ "${NDTYPING_REQUIRE_ALL:-0}" = "1" ]; then status=1; fi
    continue
  fi
  ensure_venv "$dir" "$python" "$extras" "$constraints" "$newest"
  echo "== pytest on $("$dir/bin/python" --version): $(stack_versions "$dir/bin/python")"
  started=$SECONDS
  "$dir/bin/python" -m pytest "$@" || status=1
  echo "== the $version stack took $((SECONDS - started)) s"
done
exit $status
