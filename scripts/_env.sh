# Shared by scripts/demo.sh and scripts/test.sh: create (or reuse) a virtualenv with ndtyping
# installed in editable mode. Usage: ensure_venv DIR PYTHON EXTRAS
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
  local dir="$1" python="$2" extras="$3"
  local stamp="$dir/.ndtyping-installed"
  local want
  want="$(cat pyproject.toml setup.py | sha256sum | cut -c1-16)-$extras"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return; fi
  echo "== setting up $dir with $("$python" --version) [$extras]" >&2
  "$python" -m venv "$dir"
  "$dir/bin/python" -m pip install --quiet --upgrade pip >&2
  "$dir/bin/python" -m pip install --quiet -e ".[$extras]" >&2
  echo "$want" > "$stamp"
}
