"""Which checked files can hold an ndtyping type: `ndtyping check` runs the overlay on those only.

The overlay's shape rules cost every numpy and jax call pyright evaluates under them, also in
code that never meets an NDArray (docs/performance.md). A file can only meet one if an ndtyping
type flows into it, and a type reaches a file through its imports only. So a checked file goes to
the overlay run when it imports, in any form (`import ndtyping as nd`, `from ndtyping import
NDArray, Float`, `import ndtyping.x`, under `if TYPE_CHECKING:`, inside a function):

- ndtyping itself;
- a module of an installed distribution that declares ndtyping among its requirements (extras
  included), directly or through another distribution: its annotations may name ndtyping's types;
- a local module (resolved as pyright may resolve it: from the project root, `src/`, the config's
  `extraPaths` and execution environments' roots, the stubPath, the importing file's directory,
  and the interpreter's search path outside site-packages) that is itself in the overlay run by
  this rule, whether or not it is checked; a `__builtins__.pyi` at such a root that does sends
  every file there.

Every other file goes to the plain run. An import is resolved against every place it may come
from (not only the first one pyright would take), so the rule errs towards the overlay. What is
read is the source's import statements (`ast`): nothing is executed.

Which files pyright checks is reproduced from its own enumeration (pyright's `SourceEnumerator`
and `getFileSpec`): the paths given, else the config's `include` (else the project root), minus
its `exclude` and pyright's default excludes (`**/node_modules`, `**/__pycache__`, `**/.*`,
`**/__editable__.*`, and virtual environments).
"""

from __future__ import annotations

import ast
import os
import re
import sys
import sysconfig
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Optional

from .pyright_project import Project, read_settings, user_stub_dir

__all__ = ["Split", "split_files"]

NDTYPING = "ndtyping"
SOURCE_SUFFIXES = (".py", ".pyi")
DEFAULT_EXCLUDES = ("**/node_modules", "**/__pycache__", "**/.*", "**/__editable__.*")
# pyright skips a directory holding one of these when it enumerates sources (a virtual environment)
VENV_MARKERS = (("bin", "activate"), ("Scripts", "activate"), ("pyvenv.cfg",), ("conda-meta",))
CASE_INSENSITIVE = sys.platform in ("darwin", "win32")


@dataclass(frozen=True)
class Split:
    """The checked files (as pyright would enumerate them), by the run they belong to."""

    overlay: tuple[Path, ...]
    plain: tuple[Path, ...]
    # why a file is in the overlay run: the import that brought the type (for --verbose and tests)
    reasons: dict[Path, str] = field(default_factory=dict, compare=False)


# ---------------------------------------------------------------------------------------------
# The user's settings, along `extends`


@dataclass
class Settings:
    include: list[str] = field(default_factory=list)
    include_base: Optional[Path] = None  # the directory of the config that says `include`
    exclude: list[str] = field(default_factory=list)
    exclude_base: Optional[Path] = None
    extra_roots: list[Path] = field(default_factory=list)  # extraPaths, execution environments' roots
    venv: Optional[Path] = None
    readable: bool = True


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def read_chain(project: Project) -> Settings:
    """The settings pyright takes from the project's config and what it `extends` (a nearer config
    wins for each key); `readable` False when a config cannot be read here (pyright will say why)."""
    out = Settings()
    config, seen = project.config, set[Path]()
    found: set[str] = set()
    while config is not None and config not in seen:
        seen.add(config)
        settings = read_settings(config)
        if settings is None:
            out.readable = False
            break
        base = config.parent
        if "include" not in found and isinstance(settings.get("include"), list):
            found.add("include")
            out.include, out.include_base = _strings(settings["include"]), base
        if "exclude" not in found and isinstance(settings.get("exclude"), list):
            found.add("exclude")
            out.exclude, out.exclude_base = _strings(settings["exclude"]), base
        out.extra_roots += [(base / p).resolve() for p in _strings(settings.get("extraPaths"))]
        for env in settings.get("executionEnvironments") or []:
            if isinstance(env, dict):
                root = env.get("root")  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
                if isinstance(root, str):
                    out.extra_roots.append((base / root).resolve())
                extra = env.get("extraPaths")  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
                out.extra_roots += [(base / p).resolve() for p in _strings(extra)]
        venv_path, venv = settings.get("venvPath"), settings.get("venv")
        if out.venv is None and isinstance(venv_path, str) and isinstance(venv, str):
            out.venv = (base / venv_path / venv).resolve()
        extends = settings.get("extends")
        config = (base / extends).resolve() if isinstance(extends, str) else None
    return out


# ---------------------------------------------------------------------------------------------
# pyright's file specs and source enumeration


@dataclass(frozen=True)
class FileSpec:
    root: str  # the path up to the first wildcard component
    regex: re.Pattern[str]
    directory_wildcard: bool

    def matches(self, path: str) -> bool:
        return self.regex.match(path) is not None


def file_spec(base: Path, spec: str) -> FileSpec:
    """pyright's `getFileSpec(base, spec)`: a regular expression for the path and what is under it."""
    path = os.path.normpath(os.path.join(str(base), spec)).replace(os.sep, "/")
    parts = path.split("/")
    pattern, root_parts = "", []
    wildcard_seen = False
    for i, part in enumerate(parts):
        if part == "**":
            pattern += "(/[^/][^/]*)*?"
            wildcard_seen = True
            continue
        if i > 0:
            pattern += "/"
        pattern += re.sub(r"[^\w\s/]", lambda m: {"*": "[^/]*", "?": "[^/]"}.get(m.group(), "\\" + m.group()), part)
        if not wildcard_seen and not re.search(r"[*?]", part):
            root_parts.append(part)
        else:
            wildcard_seen = True
    regex = re.compile(f"^({pattern})($|/)", re.IGNORECASE if CASE_INSENSITIVE else 0)
    return FileSpec("/".join(root_parts) or "/", regex, "**" in parts)


def _posix(path: Path) -> str:
    return str(path).replace(os.sep, "/")


def _is_venv(directory: Path) -> bool:
    return any(directory.joinpath(*marker).exists() for marker in VENV_MARKERS)


def enumerate_sources(project: Project, paths: Sequence[Path], settings: Settings) -> list[Path]:
    """The files pyright checks: `paths` (else the config's include, else the project root), minus
    the config's exclude and pyright's defaults; a file named directly is taken whatever its suffix."""
    if paths:  # as `ndtyping check` gives them to pyright: resolved
        includes = [file_spec(Path.cwd(), str(p.resolve())) for p in paths]
    elif settings.include and settings.include_base is not None:
        includes = [file_spec(settings.include_base, entry) for entry in settings.include]
    else:
        includes = [file_spec(project.root, ".")]
    excludes = [file_spec(settings.exclude_base or project.root, e) for e in settings.exclude]
    excludes += [file_spec(project.root, e) for e in DEFAULT_EXCLUDES]

    def excluded(path: str) -> bool:
        return any(e.matches(path) for e in excludes)

    found: dict[str, Path] = {}
    for include in includes:
        root = Path(include.root)
        if excluded(include.root):
            continue
        if root.is_file():
            found.setdefault(include.root, root)
            continue
        if not root.is_dir():
            continue
        seen: set[str] = set()
        stack = [root]
        while stack:
            directory = stack.pop()
            real = os.path.realpath(directory)
            if real in seen:
                continue
            seen.add(real)
            if _is_venv(directory):
                continue
            try:
                entries = sorted(os.scandir(directory), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                path = _posix(Path(entry.path))
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                if is_dir:
                    if (include.matches(path) or include.directory_wildcard) and not excluded(path):
                        stack.append(Path(entry.path))
                elif entry.name.endswith(SOURCE_SUFFIXES) and include.matches(path) and not excluded(path):
                    found.setdefault(path, Path(entry.path))
    return list(found.values())


# ---------------------------------------------------------------------------------------------
# Imports and where they may come from


@dataclass(frozen=True)
class Import:
    module: str  # dotted, without the leading dots
    level: int  # 0 for an absolute import
    names: tuple[str, ...]  # `from module import names` ("*" for a star import)
    line: int


def imports_of(path: Path) -> Optional[list[Import]]:
    """The file's import statements (anywhere in it); None when it cannot be read or parsed."""
    try:
        tree = ast.parse(path.read_bytes(), str(path))
    except (OSError, SyntaxError, ValueError):
        return None
    found: list[Import] = []
    # imports are statements: only statement lists are walked (bodies, branches, handlers, cases),
    # never expressions, which are most of a tree
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            found += [Import(alias.name, 0, (), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = tuple(alias.name for alias in node.names)
            found.append(Import(node.module or "", node.level, names, node.lineno))
        else:
            for name in _STATEMENT_FIELDS:
                children = getattr(node, name, None)
                if isinstance(children, list):
                    todo += [c for c in children if isinstance(c, (ast.stmt, ast.excepthandler, ast.match_case))]
    return found


# the fields of a node that hold statements (or handlers and cases, which hold statements)
_STATEMENT_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


@lru_cache(maxsize=65536)
def _module_files(directory: Path, parts: tuple[str, ...]) -> tuple[Path, ...]:
    """The files that may define module `parts` under `directory` (a module or a package)."""
    return tuple(_module_candidates(directory, parts))


def _module_candidates(directory: Path, parts: tuple[str, ...]) -> Iterator[Path]:
    if not parts:
        return
    *packages, last = parts
    folder = directory
    for name in packages:  # each step is a directory listing, read once: most imports stop at the first
        if name not in _entries(folder):
            folder = Path()
            break
        folder = folder / name
    if folder != Path():
        names = _entries(folder)
        for candidate in (last + ".pyi", last + ".py"):
            if candidate in names and (folder / candidate).is_file():
                yield Path(os.path.realpath(folder / candidate))
        if last in names:
            for init in ("__init__.pyi", "__init__.py"):
                if init in _entries(folder / last):
                    yield Path(os.path.realpath(folder / last / init))
    if parts[0] + "-stubs" in _entries(directory):  # a stub package (PEP 561), in stubPath or a root
        yield from _module_files(directory, (parts[0] + "-stubs", *parts[1:]))


@lru_cache(maxsize=65536)
def _entries(directory: Path) -> frozenset[str]:
    """The names in a directory (none when it is no directory)."""
    try:
        return frozenset(os.listdir(directory))
    except OSError:
        return frozenset()


@cache
def _site_dirs() -> frozenset[str]:
    """The interpreter's site-packages and standard library: modules there are no local code."""
    dirs = {sysconfig.get_paths().get(key, "") for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    import site

    dirs.update(site.getsitepackages() if hasattr(site, "getsitepackages") else [])
    dirs.add(site.getusersitepackages() if hasattr(site, "getusersitepackages") else "")
    return frozenset(os.path.realpath(d) for d in dirs if d)


def _search_path_roots() -> list[Path]:
    """The interpreter's search path outside site-packages and the standard library (PYTHONPATH,
    editable installs' path entries): pyright resolves imports there too."""
    site_dirs = _site_dirs()
    roots = []
    for entry in sys.path:
        if not entry or not os.path.isdir(entry):
            continue
        real = os.path.realpath(entry)
        if real in site_dirs or any(real.startswith(d + os.sep) for d in site_dirs if "site-packages" in d):
            continue
        if os.path.basename(real) in ("site-packages", "dist-packages") or real.endswith(".zip"):
            continue
        roots.append(Path(real))
    return roots


def _requirement_name(requirement: str) -> str:
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    return _normalise(match.group(1)) if match else ""


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def flowing_modules(venv: Optional[Path] = None) -> frozenset[str]:
    """The top-level modules of installed distributions that require ndtyping (extras included),
    directly or through others, besides ndtyping itself; `venv`: the config's environment, else
    the interpreter's."""
    from importlib import metadata

    if venv is not None:
        site = [str(p) for p in (*venv.glob("lib/python*/site-packages"), venv / "Lib" / "site-packages")]
        distributions = list(metadata.distributions(path=site))
    else:
        distributions = list(metadata.distributions())
    requirers: dict[str, list[Any]] = {}
    for dist in distributions:
        # the metadata's lines are read as text (parsing each as an email costs 5 ms a distribution)
        try:
            text = dist.read_text("METADATA") or dist.read_text("PKG-INFO") or ""
            name_line = re.search(r"^Name:\s*(\S+)", text, re.MULTILINE)
            requires = re.findall(r"^Requires-Dist:\s*(.+)$", text, re.MULTILINE)
            requires += (dist.read_text("requires.txt") or "").splitlines()  # egg-info
        except (OSError, UnicodeDecodeError):  # a broken distribution's metadata: it does not flow
            continue
        name = _normalise(name_line.group(1)) if name_line else ""
        for requirement in requires:
            requirers.setdefault(_requirement_name(requirement), []).append((name, dist))
    flowing: dict[str, Any] = {}
    todo = [_normalise(NDTYPING)]
    while todo:
        for name, dist in requirers.get(todo.pop(), []):
            if name not in flowing:
                flowing[name] = dist
                todo.append(name)
    modules = {NDTYPING}
    for dist in flowing.values():
        modules.update(_top_level_modules(dist))
    return frozenset(modules)


def _top_level_modules(dist: Any) -> set[str]:
    text = dist.read_text("top_level.txt")
    if text:
        return {line.strip() for line in text.splitlines() if line.strip()}
    modules = set()
    for file in dist.files or []:
        top = file.parts[0] if file.parts else ""
        if top.endswith((".dist-info", ".egg-info", ".pth")) or top in ("..", "__pycache__"):
            continue
        modules.add(top.split(".", 1)[0] if top.endswith((".py", ".pyi")) else top.removesuffix("-stubs"))
    return modules


# ---------------------------------------------------------------------------------------------
# The split


class _Graph:
    """Local modules reached from the checked files, and the reason each one flows (if it does)."""

    def __init__(self, roots: list[Path], flowing: frozenset[str]) -> None:
        self.roots = roots
        self.flowing = flowing
        self.edges: dict[Path, list[tuple[Path, int]]] = {}
        self.seeds: dict[Path, str] = {}
        self.builtins = [Path(os.path.realpath(b)) for r in roots for b in (r / "__builtins__.pyi",) if b.is_file()]

    def local_files(self, importer: Path, imp: Import) -> list[Path]:
        if imp.level:
            base = importer.parent
            for _ in range(imp.level - 1):
                base = base.parent
            parts = tuple(p for p in imp.module.split(".") if p)
            found = list(_module_files(base, parts))
            for name in imp.names:
                if name != "*":
                    found += _module_files(base, (*parts, name))
            return found
        parts = tuple(imp.module.split("."))
        found = []
        for root in (*self.roots, importer.parent):
            for n in range(1, len(parts) + 1):
                found += _module_files(root, parts[:n])
            for name in imp.names:
                if name != "*":
                    found += _module_files(root, (*parts, name))
        return found

    def visit(self, start: Iterable[Path]) -> None:
        todo = list(dict.fromkeys([*start, *self.builtins]))
        while todo:
            path = todo.pop()
            if path in self.edges:
                continue
            self.edges[path] = []
            imports = imports_of(path)
            if imports is None:
                continue
            for imp in imports:
                top = imp.module.split(".")[0]
                if imp.level == 0 and top == NDTYPING:  # a seed: what ndtyping imports adds nothing
                    self.seeds.setdefault(path, f"line {imp.line} imports {imp.module}")
                    continue
                local = self.local_files(path, imp)
                if imp.level == 0 and top in self.flowing and not local:
                    self.seeds.setdefault(path, f"line {imp.line} imports {imp.module}")
                for target in dict.fromkeys(local):
                    if target != path:
                        self.edges[path].append((target, imp.line))
                        if target not in self.edges:
                            todo.append(target)

    def flows(self) -> dict[Path, str]:
        """Each reached file an ndtyping type may flow into, with the reason."""
        reverse: dict[Path, list[tuple[Path, int]]] = {}
        for source, targets in self.edges.items():
            for target, line in targets:
                reverse.setdefault(target, []).append((source, line))
        reasons = dict(self.seeds)
        todo = list(self.seeds)
        while todo:
            target = todo.pop()
            for source, line in reverse.get(target, []):
                if source not in reasons:
                    reasons[source] = f"line {line} imports {target.name}, which holds ndtyping types"
                    todo.append(source)
        return reasons


def local_roots(project: Project, settings: Settings) -> list[Path]:
    roots = [project.root, project.root / "src", *settings.extra_roots, user_stub_dir(project)]
    roots += _search_path_roots() if settings.venv is None else []
    return [Path(os.path.realpath(r)) for r in dict.fromkeys(roots) if r.is_dir()]


def split_files(project: Project, paths: Sequence[Path]) -> Split:
    """The checked files by run: those an ndtyping type can reach (the overlay run) and the rest."""
    settings = read_chain(project)
    sources = enumerate_sources(project, paths, settings)
    graph = _Graph(local_roots(project, settings), flowing_modules(settings.venv))
    real = {source: Path(os.path.realpath(source)) for source in sources}
    graph.visit(real.values())
    reasons = graph.flows()
    if any(b in reasons for b in graph.builtins):
        everything = f"{graph.builtins[0]} holds ndtyping types, and every file sees it"
        return Split(tuple(sources), (), dict.fromkeys(sources, everything))
    overlay = tuple(s for s in sources if real[s] in reasons)
    plain = tuple(s for s in sources if real[s] not in reasons)
    return Split(overlay, plain, {s: reasons[real[s]] for s in overlay})
