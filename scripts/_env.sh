# Shared by scripts/demo.sh and scripts/test.sh: create (or reuse) a virtualenv with ndtyping
# installed in editable mode.
#   ensure_venv DIR PYTHON EXTRAS [CONSTRAINTS_FILE] [NEWEST]
# CONSTRAINTS_FILE pins versions (pip -c); NEWEST=1 asks pip for the newest releases instead.
# The venv is remade when pyproject.toml, setup.py, the constraints or the request change.
set -euo pipefail

# A python3.X interpreter from PATH or from pyenv, or nothing.
find_python() {
  local version="$1"
  if command -v "python$version" >/dev/null 2>&1 && "python$version" -c "" >/dev/null 2>&1; then
    command -v "python$version"; return
  fi
  local root="${PYENV_ROOT:-$HOME/.pyenv}"
  for candidate in "$root"/versions/"$version".*/bin/python"$version"; do
    if [ -x "$candidate" ]; then echo "$candidate"; return; fi
  done
}

ensure_venv() {
  local dir="$1" python="$2" extras="$3" constraints="${4:-}" newest="${5:-0}"
  local stamp="$dir/.ndtyping-installed"
  local want
  want="$(cat pyproject.toml setup.py ${constraints:+"$constraints"} | sha256sum | cut -c1-16)-$extras-$newest"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return; fi
  echo "== setting up $dir with $("$python" --version) [$extras]${constraints:+ pinned by $constraints}" >&2
  rm -rf "$dir"
  "$python" -m venv "$dir"
  "$dir/bin/python" -m pip install --quiet --upgrade pip >&2
  local args=(--quiet -e ".[$extras]")
  if [ -n "$constraints" ]; then args+=(-c "$constraints"); fi
  if [ "$newest" = "1" ]; then args+=(--upgrade --upgrade-strategy eager); fi
  "$dir/bin/python" -m pip install "${args[@]}" >&2
  echo "$want" > "$stamp"
}

# "numpy 2.4.6, jax 0.10.2, pyright 1.1.414" for the venv's python.
stack_versions() {
  "$1" -c 'from importlib import metadata as m
def v(p):
    try: return f"{p} {m.version(p)}"
    except m.PackageNotFoundError: return f"{p} absent"
print(", ".join(v(p) for p in ("numpy", "jax", "pyright", "typing_extensions")))'
}
