"""`ndtyping editor`: one command that makes pyright, Pylance and basedpyright see shapes.

The editor reads the same config as the command line (pyrightconfig.json, else pyproject.toml's
`[tool.pyright]` / `[tool.basedpyright]`), and there is no way to hand it a stub directory from
outside. So the command

1. builds the overlay into `.ndtyping/stubs` in the project root. A directory whose name starts
   with a dot is excluded from analysis by pyright's default `exclude` (`**/.*`), so none of the
   ~500 stub files is analysed as the user's code; where the config lists its own `exclude`
   (which replaces the default), `.ndtyping` is added to it. `.ndtyping/.gitignore` keeps it out
   of version control;
2. points `stubPath` there, editing the config text in place (comments and layout are kept);
3. keeps the user's own stubs: whatever the previous `stubPath` (or pyright's default
   `typings/`) held is linked into the overlay directory, and ndtyping's packages win a clash.

Running it again is a no-op when nothing changed, and rebuilds the overlay when numpy, jax or
ndtyping changed since (`overlay_staleness` names what moved). `ndtyping check` warns when the
overlay the config points to is stale.

`--checker mypy|pyrefly|ty` (`advise_checker`) configures nothing, on measurement: those checkers
read ndtyping's gradual NDArray (ndtyping/_surface/gradual.pyi), which needs no stub path, and
the overlay makes them worse (with it on their search paths, Pyrefly overflowed its stack, ty did
not answer in 300 s, mypy reported about 1200 errors on correct files: docs/checkers.md).
So the command says what the checker checks, and warns when the checker's config names the
overlay.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, TextIO

from .einsum_rules import project_einsum
from .overlay import build_overlay, overlay_staleness, read_manifest
from .pyright_project import DEFAULT_STUB_DIR, CheckError, Project, link, locate_project, read_settings, strip_jsonc

__all__ = ["CHECKERS", "EDITOR_DIR", "STUB_PATH", "EditorResult", "advise_checker", "set_up_editor"]

# The checkers `ndtyping editor --checker` knows: pyright and basedpyright read the overlay (they are
# set up alike, through the pyright config); the others read the gradual NDArray and no stubs.
CHECKERS = ("pyright", "basedpyright", "mypy", "pyrefly", "ty")
EDITOR_DIR = ".ndtyping"
STUB_PATH = f"{EDITOR_DIR}/stubs"  # as written into the config, relative to the project root
_USER_STUBS = "user-stubs.json"  # in EDITOR_DIR: the user's own stub directory, linked in


@dataclass
class EditorResult:
    project: Project
    stub_dir: Path
    config: Path
    changes: list[str] = field(default_factory=list)  # what was done, one line each


def set_up_editor(
    project_option: Optional[Path], cwd: Path, out: TextIO = sys.stdout, err: TextIO = sys.stderr
) -> EditorResult:
    project = locate_project(project_option, [], cwd)
    root = project.root
    editor_dir = root / EDITOR_DIR
    stub_dir = root / STUB_PATH
    changes: list[str] = []

    user_stubs = _user_stub_dir(project, editor_dir)
    einsum = project_einsum(project)
    stale = overlay_staleness(stub_dir, einsum=einsum)
    if stale:
        changes.append(f"the overlay in {STUB_PATH} was stale ({stale}): rebuilt")
    existed = read_manifest(stub_dir) is not None
    build_overlay(stub_dir, warn=lambda message: print(f"ndtyping editor: warning: {message}", file=err), einsum=einsum)
    if not existed:
        manifest = read_manifest(stub_dir) or {}
        built = ", ".join(f"{name} {version}" for name, version in manifest.get("packages", {}).items())
        changes.append(f"built the overlay for {built or 'no installed package'} in {STUB_PATH}")
    (editor_dir / ".gitignore").write_text("# written by `ndtyping editor`: generated, never committed\n*\n")
    if user_stubs is not None:
        (editor_dir / _USER_STUBS).write_text(json.dumps({"stubPath": str(user_stubs)}) + "\n")
        linked = _link_user_stubs(user_stubs, stub_dir)
        if linked:
            changes.append(f"linked your stubs from {_shown(user_stubs, root)} into {STUB_PATH}: {', '.join(linked)}")

    config = project.config
    if config is None:
        config = root / "pyrightconfig.json"
        config.write_text(json.dumps({"stubPath": STUB_PATH}, indent=2) + "\n", encoding="utf-8")
        changes.append(f"wrote {config.name} with stubPath {STUB_PATH!r}")
    elif config.suffix == ".toml":
        changes.extend(_edit_toml(config))
    else:
        changes.extend(_edit_json(config))

    result = EditorResult(project, stub_dir, config, changes)
    for line in changes:
        print(f"ndtyping editor: {line}", file=out)
    if not changes:
        print(f"ndtyping editor: up to date ({_shown(config, cwd)} uses {STUB_PATH})", file=out)
    else:
        print("ndtyping editor: restart your language server (VS Code: 'Python: Restart Language Server')", file=out)
    return result


def _shown(path: Path, base: Path) -> str:
    try:
        return str(path.resolve().relative_to(base.resolve()))
    except ValueError:
        return str(path)


def _user_stub_dir(project: Project, editor_dir: Path) -> Optional[Path]:
    """The user's own stub directory: what the config named before ndtyping took stubPath over."""
    remembered = editor_dir / _USER_STUBS
    if remembered.exists():
        try:
            return Path(json.loads(remembered.read_text())["stubPath"])
        except (ValueError, KeyError, TypeError):
            pass
    config = project.config
    settings = read_settings(config, ("basedpyright", "pyright")) if config is not None else None
    named = settings.get("stubPath") if settings else None
    if config is not None and isinstance(named, str) and named.strip("/") != STUB_PATH:
        return (config.parent / named).resolve()
    default = project.root / DEFAULT_STUB_DIR
    return default.resolve() if default.is_dir() else None


def _link_user_stubs(user_stubs: Path, stub_dir: Path) -> list[str]:
    """Link each of the user's stubs into the overlay (ndtyping's own packages win a clash)."""
    if not user_stubs.is_dir():
        return []
    ours = set((read_manifest(stub_dir) or {}).get("packages", {}))
    linked: list[str] = []
    for entry in sorted(user_stubs.iterdir()):
        if entry.name.startswith(".") or entry.name in ours or Path(entry.name).stem in ours:
            continue
        target = stub_dir / entry.name
        if target.is_symlink() or target.exists():
            continue
        link(entry, target)
        linked.append(entry.name)
    return linked


# ---------------------------------------------------------------------------------------------
# Editing the config text in place (comments, order and layout are kept)


def _edit_json(config: Path) -> list[str]:
    text = config.read_text(encoding="utf-8")
    try:
        settings = json.loads(strip_jsonc(text))
    except ValueError as err:
        raise CheckError(f"{config}: not valid JSON ({err}); fix it, then run `ndtyping editor` again") from None
    if not isinstance(settings, dict):
        raise CheckError(f"{config}: expected a JSON object")
    changes: list[str] = []
    current = settings.get("stubPath")
    if current != STUB_PATH:
        if isinstance(current, str):
            text, count = re.subn(r'("stubPath"\s*:\s*)"(?:[^"\\]|\\.)*"', rf'\1"{STUB_PATH}"', text, count=1)
            changes.append(f"{config.name}: stubPath {current!r} -> {STUB_PATH!r}")
        else:
            comma = "," if settings else ""  # `{}` stays strict JSON: no trailing comma
            text = re.sub(r"\{", f'{{\n  "stubPath": "{STUB_PATH}"{comma}', text, count=1)
            changes.append(f"{config.name}: stubPath set to {STUB_PATH!r}")
    exclude = settings.get("exclude")
    if isinstance(exclude, list) and not _excluded(exclude):
        text = re.sub(r'("exclude"\s*:\s*\[)', rf'\1"{EDITOR_DIR}", ', text, count=1)
        changes.append(f"{config.name}: {EDITOR_DIR!r} added to exclude")
    if changes:
        config.write_text(text, encoding="utf-8")
    return changes


_TABLE = re.compile(r"^\[tool\.(basedpyright|pyright)\]\s*$", re.M)


def _edit_toml(config: Path) -> list[str]:
    text = config.read_text(encoding="utf-8")
    match = _TABLE.search(text)
    if match is None:
        text = text.rstrip("\n") + f'\n\n[tool.pyright]\nstubPath = "{STUB_PATH}"\n'
        config.write_text(text, encoding="utf-8")
        return [f"{config.name}: added [tool.pyright] with stubPath {STUB_PATH!r}"]
    start = match.end()
    following = re.search(r"^\[", text[start:], re.M)
    end = start + following.start() if following else len(text)
    table = text[start:end]
    changes: list[str] = []
    name = f"[tool.{match.group(1)}]"
    stub = re.search(r"""^stubPath\s*=\s*(["'])(.*?)\1""", table, re.M)
    if stub is None:
        table = f'\nstubPath = "{STUB_PATH}"' + table
        changes.append(f"{config.name} {name}: stubPath set to {STUB_PATH!r}")
    elif stub.group(2) != STUB_PATH:
        table = table[: stub.start()] + f'stubPath = "{STUB_PATH}"' + table[stub.end() :]
        changes.append(f"{config.name} {name}: stubPath {stub.group(2)!r} -> {STUB_PATH!r}")
    exclude = re.search(r"^exclude\s*=\s*\[([^\]]*)\]", table, re.M | re.S)
    if exclude is not None:
        entries = re.findall(r"""["']([^"']*)["']""", exclude.group(1))
        if not _excluded(entries):
            at = exclude.start(1)
            table = table[:at] + f'"{EDITOR_DIR}", ' + table[at:]
            changes.append(f"{config.name} {name}: {EDITOR_DIR!r} added to exclude")
    if changes:
        config.write_text(text[:start] + table + text[end:], encoding="utf-8")
    return changes


def _excluded(patterns: list[object]) -> bool:
    """Whether an exclude list already keeps `.ndtyping` out (by name, or a hidden-files glob)."""
    names = {str(p).rstrip("/") for p in patterns}
    return bool(names & {EDITOR_DIR, f"./{EDITOR_DIR}", f"**/{EDITOR_DIR}", "**/.*", ".*"})


# ---------------------------------------------------------------------------------------------
# mypy, Pyrefly and ty: nothing to configure


# Each checker's config files, and the section of each that holds its search paths.
_CHECKER_CONFIGS = {
    "mypy": (("mypy.ini", "mypy"), (".mypy.ini", "mypy"), ("setup.cfg", "mypy"), ("pyproject.toml", "tool.mypy")),
    "pyrefly": (("pyrefly.toml", ""), ("pyproject.toml", "tool.pyrefly")),
    "ty": (("ty.toml", ""), ("pyproject.toml", "tool.ty")),
}
_WHAT_IT_CHECKS = {
    "mypy": (
        "mypy reads ndtyping's NDArray without stubs: NDArray[float32, N, M] is a type to it, and the "
        "dimensions of NDArray values passed between your annotated functions are compared; operators and "
        "methods give Any (no shape rules)"
    ),
    "pyrefly": (
        "Pyrefly reads ndtyping's NDArray without stubs, gradually: NDArray[float32, N, M] is a type to it "
        "and takes any array; shapes are not checked"
    ),
    "ty": (
        "ty reads ndtyping's NDArray without stubs, gradually: NDArray[float32, N, M] is a type to it and "
        "takes any array; shapes are not checked"
    ),
}


def advise_checker(
    checker: str, project_option: Optional[Path], cwd: Path, out: TextIO = sys.stdout, err: TextIO = sys.stderr
) -> list[Path]:
    """`ndtyping editor --checker mypy|pyrefly|ty`: say what the checker checks, configure nothing,
    and warn about each of its config files that names ndtyping's overlay. Returns those files."""
    root = locate_project(project_option, [], cwd).root
    naming: list[Path] = []
    for name, section in _CHECKER_CONFIGS[checker]:
        config = root / name
        if config.is_file() and EDITOR_DIR in _section(config.read_text(encoding="utf-8"), section):
            naming.append(config)
            print(
                f"ndtyping editor: warning: {_shown(config, cwd)} names {EDITOR_DIR}: remove it from {checker}'s "
                f"search paths; with ndtyping's overlay {checker} reports errors on correct code (docs/checkers.md)",
                file=err,
            )
    print(f"ndtyping editor: {_WHAT_IT_CHECKS[checker]}.", file=out)
    print(
        f"ndtyping editor: nothing to configure for {checker}; for shapes, run `ndtyping check` (pyright) "
        "beside it, or `ndtyping editor` for pyright, Pylance or basedpyright",
        file=out,
    )
    return naming


def _section(text: str, name: str) -> str:
    """The text of `[name]` (and its subtables) in an ini or toml file; all of it for `name` ""."""
    if not name:
        return text
    match = re.search(rf"^\[{re.escape(name)}(?:\.[^\]]*)?\]\s*$", text, re.M)
    if match is None:
        return ""
    following = re.search(rf"^\[(?!{re.escape(name)}[.\]])", text[match.end() :], re.M)
    return text[match.start() : match.end() + following.start()] if following else text[match.start() :]
