"""The user's pyright project: where its root and config are, what the config says, and its stubs.

Read the way pyright's command line reads them, for `ndtyping check` (which runs pyright with a
config extending the user's) and `ndtyping editor` (which edits the user's config in place).
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence, cast

from .._compat import PY311
from .._errors import NdtypingError

__all__ = [
    "CONFIG_NAMES", "DEFAULT_STUB_DIR", "CheckError", "Project", "checked_roots", "find_project", "link", "locate_project",
    "merged_stub_dir", "project_from_option", "read_settings", "strip_jsonc", "user_stub_dir",
]  # fmt: skip

CONFIG_NAMES = ("pyrightconfig.json", "pyproject.toml")
DEFAULT_STUB_DIR = "typings"  # pyright's default stubPath, relative to the project root


class CheckError(NdtypingError):
    """`ndtyping check` cannot run: a bad path, no pyright, a pyright failure."""


@dataclass(frozen=True)
class Project:
    """Where pyright's project root is, and the user's config file there (None: no config)."""

    root: Path
    config: Optional[Path]


# ---------------------------------------------------------------------------------------------
# Finding the project and its config, the way pyright's command line does


def find_project(start: Path) -> Optional[Project]:
    """pyright's search: a pyrightconfig.json here or above, else a pyproject.toml here or above."""
    start = start.resolve()
    directories = [start, *start.parents]
    for name in CONFIG_NAMES:
        for directory in directories:
            if (directory / name).is_file():
                return Project(directory, directory / name)
    return None


def project_from_option(option: Path) -> Project:
    """`--project FILE` (a pyrightconfig.json or pyproject.toml) or `--project DIR`."""
    path = option.resolve()
    if path.is_file():
        return Project(path.parent, path)
    if path.is_dir():
        for name in CONFIG_NAMES:
            if (path / name).is_file():
                return Project(path, path / name)
        raise CheckError(f"--project {option}: no pyrightconfig.json or pyproject.toml in that directory")
    raise CheckError(f"--project {option}: no such file or directory")


def locate_project(option: Optional[Path], paths: Sequence[Path], cwd: Path) -> Project:
    """The project: `--project`, else found from the current directory (as pyright does), else
    from the first path checked (so `ndtyping check ../other/pkg` uses that project's config),
    else the current directory without a config."""
    if option is not None:
        return project_from_option(option)
    found = find_project(cwd)
    if found is None and paths:
        first = paths[0].resolve()
        found = find_project(first if first.is_dir() else first.parent)
    return found or Project(cwd.resolve(), None)


def strip_jsonc(text: str) -> str:
    """JSON with comments and trailing commas (what pyright accepts) -> plain JSON."""
    out: list[str] = []
    strings: list[str] = []  # set aside, so that the trailing-comma rule cannot touch them
    i, n = 0, len(text)
    while i < n:
        if text[i] == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            strings.append(text[i : end + 1])
            out.append(f'"\0{len(strings) - 1}"')
            i = end + 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            out.append(text[i])
            i += 1
    plain = re.sub(r",(\s*[}\]])", r"\1", "".join(out))
    return re.sub(r'"\0(\d+)"', lambda m: strings[int(m.group(1))], plain)


def read_settings(config: Path, tables: tuple[str, ...] = ("pyright",)) -> Optional[dict[str, Any]]:
    """The pyright settings in a config file, or None when they cannot be read here.

    In pyproject.toml, the first of `tool.<table>` present (basedpyright reads
    `[tool.basedpyright]` before `[tool.pyright]`; pyright only the latter).
    """
    try:
        text = config.read_text(encoding="utf-8")
    except OSError:
        return None
    if config.suffix == ".toml":
        if PY311:  # 3.11+
            import tomllib as toml  # pyright: ignore[reportMissingTypeStubs, reportMissingImports]
        else:  # <=3.10: tomllib is new in 3.11; use tomli when it is installed
            try:
                import tomli as toml  # pyright: ignore[reportMissingImports]
            except ImportError:
                return None
        try:
            document: dict[str, Any] = toml.loads(text)
        except ValueError:
            return None  # pyright reports a broken config itself
        tool: object = document.get("tool", {})
        for table in tables:
            settings: object = tool.get(table) if isinstance(tool, dict) else None  # pyright: ignore[reportUnknownMemberType]
            if isinstance(settings, dict):
                return cast("dict[str, Any]", settings)
        return {}
    try:
        parsed: object = json.loads(strip_jsonc(text))
    except ValueError:
        return None
    return cast("dict[str, Any]", parsed) if isinstance(parsed, dict) else None


def checked_roots(project: Project, paths: Sequence[Path] = ()) -> tuple[list[Path], list[str]]:
    """What pyright checks: the paths given, else the config's `include` (else the project root);
    and the config's `exclude` globs (relative to the project root, where pyright reads them)."""
    settings = (
        read_settings(project.config, ("basedpyright", "pyright")) if project.config is not None else None
    ) or {}
    exclude = (
        [e for e in settings.get("exclude", []) if isinstance(e, str)]
        if isinstance(settings.get("exclude"), list)
        else []
    )
    if paths:
        return [Path(p).resolve() for p in paths], exclude
    base = project.config.parent if project.config is not None else project.root
    include = settings.get("include")
    if isinstance(include, list) and include:
        return [(base / str(entry)).resolve() for entry in include if isinstance(entry, str)], exclude
    return [project.root], exclude


def user_stub_dir(project: Project) -> Path:
    """The stubPath the project's config (and what it extends) sets, else pyright's default."""
    config, seen = project.config, set[Path]()
    while config is not None and config not in seen:
        seen.add(config)
        settings = read_settings(config)
        if not settings:
            break
        stub_path = settings.get("stubPath")
        if isinstance(stub_path, str):
            return (config.parent / stub_path).resolve()  # relative to the config that says it
        extends = settings.get("extends")
        config = (config.parent / extends).resolve() if isinstance(extends, str) else None
    return project.root / DEFAULT_STUB_DIR


def merged_stub_dir(overlay: Path, user_stubs: Path, scratch: Path) -> tuple[Path, list[str]]:
    """A stub directory with the user's stubs and ndtyping's overlay (which wins on a clash).

    Returns the directory and the names of the user's stubs the overlay shadows.
    """
    if not user_stubs.is_dir() or not any(user_stubs.iterdir()):
        return overlay, []
    ours = {entry.name: entry for entry in overlay.iterdir() if not entry.name.startswith(".")}
    # A directory made by `ndtyping stubs` holds a stale copy of ours: replacing it says nothing new.
    user_is_overlay = (user_stubs / ".ndtyping-overlay").exists()
    shadowed: list[str] = []
    merged = scratch / "stubs"
    merged.mkdir()
    for entry in user_stubs.iterdir():
        if entry.name in ours or Path(entry.name).stem in ours:
            if not user_is_overlay and not entry.name.startswith("."):
                shadowed.append(entry.name)
            continue
        link(entry, merged / entry.name)
    for name, entry in ours.items():
        link(entry, merged / name)
    return merged, sorted(shadowed)


def link(source: Path, target: Path) -> None:
    try:
        target.symlink_to(source, target_is_directory=source.is_dir())
    except OSError:  # no symlinks (Windows without the privilege): copy
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copyfile(source, target)
