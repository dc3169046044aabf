"""einsum shape rules for the subscripts a project writes: read them from its code, type each one.

No fixed list of einsum patterns covers what users write (`"yh,hwc,xw->xyc"`), and each overload
costs pyright time on every einsum call (docs/dev/pyright-performance.md), so `ndtyping check` and
`ndtyping editor` collect the literal subscripts of the einsum calls in the project's files
(`collect_einsum_spellings`, with `ast`) and the overlay gets one exact overload per spelling
(`einsum_sections`), ahead of the shipped generic rules.

What one overload says, the way numpy and jax read the subscripts:
- each letter is one dimension, shared by every operand that names it (a type variable named after
  the letter, `Dim_i`); a letter repeated inside one operand (`"ii->i"`) is one size too;
- the output in the written order; without `->` (implicit mode) the letters that occur once, in
  sorted (ASCII) order, after the `...` part when there is one;
- `...` in one operand is a variadic part (`*EllipsisDims`) carried to the output where it is
  written. In several operands the parts broadcast against each other, which a type cannot
  compute: each is `*tuple[Any, ...]` and so is the output's, the letters still checked;
- spaces are ignored (the Literal keeps the spelling as written: pyright matches it exactly);
- a numpy array is an operand of its shape (an unknown shape: its letters Any, hence the type
  variables' defaults). numpy's guard ahead of these rules keeps numpy's own result for numpy
  code only (no ndtyping array among the operands).

A spelling ndtyping cannot express soundly, or that numpy would reject, gets no overload: the call
keeps the library's own typing (an array of unknown shape), never a wrong shape. Skipped: an output
without `...` while an operand has one (numpy requires the part to be empty, jax sums it), a
letter repeated in the output or absent from the inputs, characters other than ASCII letters.

Known limit: numpy broadcasts a size-1 axis against the same letter of another operand
(`"ij,ij->ij"` on (1, 3) and (2, 3)); the rule asks for one size, as the shipped rules do.
"""

from __future__ import annotations

import ast
import fnmatch
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence

from . import template_sections as header
from .pyright_project import Project, checked_roots

__all__ = [
    "ELLIPSIS", "LIBRARIES", "EinsumLibrary", "EinsumSpec", "collect_einsum_spellings", "einsum_overload",
    "einsum_sections", "parse_einsum", "project_einsum", "project_python_files",
]  # fmt: skip

ELLIPSIS = "..."


@dataclass(frozen=True)
class EinsumSpec:
    """One spelling, parsed: each operand's symbols (letters, or `...`) and the output's."""

    spelling: str  # as written (the Literal of the overload)
    operands: tuple[tuple[str, ...], ...]
    output: tuple[str, ...]

    @property
    def letters(self) -> list[str]:
        """Every letter, in order of first appearance."""
        return list(dict.fromkeys(s for term in self.operands for s in term if s != ELLIPSIS))


def _symbols(term: str) -> Optional[tuple[str, ...]]:
    """ "ab...c" -> ("a", "b", "...", "c"); None for anything numpy does not read as a term."""
    out: list[str] = []
    i = 0
    while i < len(term):
        if term.startswith(ELLIPSIS, i):
            if ELLIPSIS in out:
                return None  # one ellipsis per term
            out.append(ELLIPSIS)
            i += 3
        elif term[i].isascii() and term[i].isalpha():
            out.append(term[i])
            i += 1
        else:
            return None
    return tuple(out)


def parse_einsum(spelling: str) -> Optional[EinsumSpec]:
    """The spelling's shape rule, or None when it cannot be typed soundly (see the module docstring)."""
    text = spelling.replace(" ", "")
    if text.count("->") > 1:
        return None
    inputs, arrow, output_text = text.partition("->")
    operands = []
    for term in inputs.split(","):
        symbols = _symbols(term)
        if symbols is None:
            return None
        operands.append(symbols)
    letters = Counter(s for term in operands for s in term if s != ELLIPSIS)
    has_ellipsis = any(ELLIPSIS in term for term in operands)
    if arrow:
        output = _symbols(output_text)
        if output is None:
            return None
        named = [s for s in output if s != ELLIPSIS]
        if len(set(named)) != len(named) or not set(named) <= set(letters):
            return None
        if (ELLIPSIS in output) != has_ellipsis:
            return None  # `...` only in the output is an error; only in the inputs, numpy and jax differ
    else:
        output = ((ELLIPSIS,) if has_ellipsis else ()) + tuple(sorted(c for c, n in letters.items() if n == 1))
    return EinsumSpec(spelling, tuple(operands), output)


# ---------------------------------------------------------------------------------------------
# Rendering: one overload per spelling, in the names of the overlay module it goes into


@dataclass(frozen=True)
class EinsumLibrary:
    """How a library's einsum overload is written in its overlay module (names the template binds)."""

    package: str  # the overlay's top-level package ("numpy", "jax")
    module: str  # the module whose `einsum` gets the overloads
    param: str  # an operand's type: format with {dtype} and {shape}
    result: str  # the result's type: format with {dtype} and {shape}
    keywords: str  # the keyword-only parameters after the operands
    call_names: tuple[str, ...]  # the function's full names in user code


LIBRARIES = (
    EinsumLibrary(
        "numpy", "numpy._core.einsumfunc", "_NdtArray[{dtype}, {shape}]", "_NdtArray[{dtype}, {shape}]",
        "out: None = None, optimize: _NdtAny = False", ("numpy.einsum",),
    ),
    EinsumLibrary(
        "jax", "jax.numpy", "_NdtArray[{dtype}, {shape}]", "ShapedJaxArray[{dtype}, {shape}]",
        "out: None = None, optimize: _NdtAny = 'auto', precision: _NdtAny = None, preferred_element_type: None = None",
        ("jax.numpy.einsum",),
    ),
)  # fmt: skip

DTYPE = "EinsumDType"
REST = "EllipsisDims"
_UNKNOWN_PART = "_NdtUnpack[tuple[_NdtAny, ...]]"


def dim_name(letter: str) -> str:
    return f"Dim_{letter}"


def _shape(symbols: Sequence[str], rest: str) -> str:
    items = [rest if s == ELLIPSIS else dim_name(s) for s in symbols]
    return f"tuple[{', '.join(items)}]" if items else "tuple[()]"


def einsum_overload(spec: EinsumSpec, library: EinsumLibrary) -> str:
    """The overload of `spec` (stub text)."""
    shared = sum(ELLIPSIS in term for term in spec.operands) == 1
    rest = f"_NdtUnpack[{REST}]" if shared else _UNKNOWN_PART
    operands = ", ".join(
        f"op{n}: {library.param.format(dtype=DTYPE, shape=_shape(term, rest))}" for n, term in enumerate(spec.operands)
    )
    result = library.result.format(dtype=DTYPE, shape=_shape(spec.output, rest))
    return (
        f"@overload\ndef einsum(subscripts: _NdtLiteral[{spec.spelling!r}], {operands}, /, *, {library.keywords}) "
        f"-> {result}: ..."
    )


def _typevars(specs: Sequence[EinsumSpec]) -> list[str]:
    lines = [f'{DTYPE} = _NdtTypeVar("{DTYPE}", bound=_ndt_np.generic)']
    # Defaults: an operand of unknown shape (a numpy array, `tuple[Any, ...]`) leaves its letters
    # unsolved, which must then read as Any, not Unknown (strict mode reports Unknown).
    if any(sum(ELLIPSIS in t for t in s.operands) == 1 for s in specs):
        lines.append(f'{REST} = _NdtTypeVarTuple("{REST}", default=_NdtUnpack[tuple[_NdtAny, ...]])')
    letters = sorted({letter for spec in specs for letter in spec.letters})
    lines += [f'{dim_name(c)} = _NdtTypeVar("{dim_name(c)}", default=_NdtAny)' for c in letters]
    return lines


def einsum_sections(spellings: dict[str, Iterable[str]], tag: str) -> str:
    """Template sections (ndtyping._static.overlay's format) with the overloads of each library's spellings.

    `spellings` maps a package ("numpy", "jax") to its spellings, most used first; those that
    cannot be typed are left out. The sections carry the feature tag `tag`.
    """
    out: list[str] = []
    for library in LIBRARIES:
        specs = [s for s in map(parse_einsum, dict.fromkeys(spellings.get(library.package, ()))) if s is not None]
        if not specs:
            continue
        out.append(header.preamble(library.module, feature=f"[{tag}]"))
        out += _typevars(specs)
        out.append(header.before(library.module, "einsum", feature=f"[{tag}]"))
        out += [einsum_overload(spec, library) for spec in specs]
    return "\n".join(out) + "\n" if out else ""


# ---------------------------------------------------------------------------------------------
# Collecting the spellings of a project's einsum calls


def _bindings(tree: ast.Module) -> dict[str, str]:
    """Local name -> the module or function it stands for, from the file's imports (any scope)."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
                else:
                    head = alias.name.split(".")[0]
                    names[head] = head  # `import jax.numpy` binds `jax`
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


def _dotted(node: ast.expr) -> Optional[list[str]]:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def spellings_in_source(source: str, filename: str = "<unknown>") -> dict[str, Counter[str]]:
    """package -> spelling -> calls, for the einsum calls with a literal first argument in `source`.

    Raises SyntaxError (and ValueError for a source with null bytes) as `ast.parse` does.
    """
    tree = ast.parse(source, filename)
    bindings = _bindings(tree)
    by_name = {name: library.package for library in LIBRARIES for name in library.call_names}
    found: dict[str, Counter[str]] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue  # f-strings, names, the interleaved (operand, axes) form: no literal to type
        parts = _dotted(node.func)
        if parts is None or parts[0] not in bindings:
            continue
        package = by_name.get(".".join([bindings[parts[0]], *parts[1:]]))
        if package is not None:
            found.setdefault(package, Counter())[first.value] += 1
    return found


# Directories pyright leaves out by default, and virtual environments (which it also skips).
_SKIPPED_DIRS = ("node_modules", "__pycache__", "site-packages")


def project_python_files(roots: Iterable[Path], exclude: Sequence[str] = (), base: Optional[Path] = None) -> list[Path]:
    """The .py/.pyi files under `roots` (files or directories) that pyright would check.

    `exclude`: the config's exclude globs, relative to `base` (pyright's `**`, `*` and plain paths).
    Hidden directories, node_modules, __pycache__ and virtual environments are skipped as pyright does.
    """
    patterns = [p.strip("/").removeprefix("./") for p in exclude]

    def excluded(path: Path) -> bool:
        if base is None or not patterns:
            return False
        try:
            relative = path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            return False
        for pattern in patterns:
            if relative == pattern or relative.startswith(pattern + "/") or fnmatch.fnmatch(relative, pattern):
                return True
            if pattern.startswith("**/") and fnmatch.fnmatch(relative, pattern[3:]):
                return True
        return False

    files: list[Path] = []
    for root in roots:
        if root.is_file():
            if root.suffix in (".py", ".pyi"):
                files.append(root)
            continue
        for directory, subdirs, names in os.walk(root):
            here = Path(directory)
            subdirs[:] = sorted(
                d for d in subdirs
                if not d.startswith(".") and d not in _SKIPPED_DIRS and not (here / d / "pyvenv.cfg").exists()
                and not excluded(here / d)
            )  # fmt: skip
            files += [here / n for n in sorted(names) if n.endswith((".py", ".pyi")) and not excluded(here / n)]
    return files


def collect_einsum_spellings(files: Iterable[Path]) -> dict[str, list[str]]:
    """package -> the einsum spellings its calls use in `files`, most used first.

    A file that cannot be read or parsed is skipped (pyright reports its errors itself); the
    text is searched for "einsum" before it is parsed, so that most files cost a read.
    """
    counts: dict[str, Counter[str]] = {}
    for path in files:
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if "einsum" not in source:
            continue
        try:
            found = spellings_in_source(source, str(path))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for package, spellings in found.items():
            counts.setdefault(package, Counter()).update(spellings)
    return {
        package: [s for s, _ in sorted(c.items(), key=lambda item: (-item[1], item[0]))]
        for package, c in sorted(counts.items())
    }


def project_einsum(project: Project, paths: Sequence[Path] = ()) -> dict[str, list[str]]:
    """The einsum subscripts the files pyright checks spell out, per package (`ndtyping check` and
    `ndtyping editor` both type them)."""
    roots, exclude = checked_roots(project, paths)
    return collect_einsum_spellings(project_python_files(roots, exclude, project.root))
