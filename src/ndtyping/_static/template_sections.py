"""The template format of the overlays: the one reader (`parse_template`) and the one writer of
section headers (the functions below), shared by the overlay build, the project's einsum rules and
the generators in tools/.

A template file holds sections, each starting with a line `## <module>: <action> <name>`:
- `## numpy._core.fromnumeric: preamble` -- lines added after the module's imports;
- `## numpy._core.fromnumeric: before sum` -- overloads inserted before the first `def sum`;
  `## numpy: before ndarray.__mul__` -- the same for a method of a module-level class (the
  template's lines are unindented; they take the method's indentation);
- `## numpy._typing._ufunc: extend _UFunc_Nin2_Nout1 as _NdtBinary` -- a subclass whose
  `__call__` overloads come first, followed by the parent's own `__call__` overloads;
- `## numpy: retype add -> _NdtBinary` -- the module variable `add: SomeUFunc[...]` is
  re-annotated as `add: _NdtBinary[...]` (same type arguments; `add: BinaryUfunc` has none);
- `## jax.numpy: rename import ArrayLike -> _NdtJaxArrayLike` -- the module imports the name
  under the new one, so that the preamble can define its own `ArrayLike` (pyright reads a
  name bound twice in a stub as Unknown);
- `## jax._src.basearray: rename class Array -> _NdtNominalArray` -- the library's class is defined
  under the new name (references to the old name stay), so the preamble can define the old name
  anew (jax's `Array` becomes a protocol that NDArray values fit, see docs/static.md);
- `## jax.numpy: narrow matmul ArrayLike -> _NdtStrictArrayLike` -- in the library's own
  definition of `matmul` (or of a type alias `matmul = ...`; or, for the new class of an `extend`
  section, in its copy of the parent's `__call__`), the type name is replaced: the library's
  fallback then no longer accepts an ndtyping array whose shape fits none of ndtyping's overloads,
  so pyright reports the call. Of a class (`## numpy: narrow number generic -> _NdtNumber`), only
  its bases are: the class then derives from the new one, its body stays as it is. The new type
  may take the class's type variables (`-> _NdtArrayCommon[_ShapeT_co]`).

A function defined once (jax's stubs) becomes the last overload of the set; a parent `__call__`
copied by `extend` is re-indented to the new class and made an overload the same way.

Sections that only make sense together carry a feature tag, `[feature]` or `[feature: variant]`,
at the end of the header line (the writers' `feature` argument, brackets included).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = [
    "SECTION", "Section", "before", "extend", "narrow", "parse_template", "preamble", "rename_class", "rename_import",
    "retype",
]  # fmt: skip


@dataclass
class Section:
    module: str
    action: str  # preamble | before | extend | retype | rename | rename-class | narrow
    target: str  # the function, class, variable or import the action needs ("" for preamble)
    new: str = ""  # extend: the new class; retype: the new type; rename(-class): the new name; narrow: the new type
    old: str = ""  # narrow: the type name replaced
    feature: str = ""  # sections of one feature variant apply together
    variant: str = ""
    lines: list[str] = field(default_factory=list)

    def describe(self) -> str:
        kinds = {
            "before": "function",
            "extend": "class",
            "retype": "variable",
            "rename": "import",
            "rename-class": "class",
            "narrow": "function",
        }
        return f"{self.module}.{self.target} ({kinds.get(self.action, self.action)})"


SECTION = re.compile(
    r"^## ([\w.]+): (?:(preamble)|before (\w+(?:\.\w+)?)|extend (\w+) as (\w+)|retype (\w+) -> (\w+(?:\[[\w.]+\])?)|rename import (\w+) -> (\w+)"
    r"|rename class (\w+) -> (\w+)|narrow (\w+) (\w+) -> (\w+(?:\[\w+(?:, \w+)*\])?))(?:\s+\[([^:\]]+)(?::\s*([^\]]+))?\])?\s*$"
)


def parse_template(text: str) -> list[Section]:
    sections: list[Section] = []
    for number, line in enumerate(text.splitlines(), 1):
        match = SECTION.match(line)
        if match is None:
            if line.startswith("## "):  # a header the grammar does not read would become body text
                raise ValueError(f"template line {number}: not a section header ndtyping reads: {line!r}")
            if sections:
                sections[-1].lines.append(line)
            continue
        (module, preamble, before, base, new_class, variable, new_type, name, new_name,
         renamed_class, class_name, narrowed, old_type, narrow_type, feature, variant) = match.groups()  # fmt: skip
        if preamble:
            section = Section(module, "preamble", "")
        elif before:
            section = Section(module, "before", before)
        elif base:
            section = Section(module, "extend", base, new_class)
        elif variable:
            section = Section(module, "retype", variable, new_type)
        elif name:
            section = Section(module, "rename", name, new_name)
        elif renamed_class:
            section = Section(module, "rename-class", renamed_class, class_name)
        else:
            section = Section(module, "narrow", narrowed, narrow_type, old_type)
        section.feature, section.variant = (feature or "").strip(), (variant or "").strip()
        sections.append(section)
    return sections


# --------------------------------------------------------------------------- writing headers


def _header(module: str, action: str, feature: str) -> str:
    return f"## {module}: {action}" + (f" {feature}" if feature else "")


def preamble(module: str, feature: str = "") -> str:
    """Lines added after the module's imports."""
    return _header(module, "preamble", feature)


def before(module: str, function: str, feature: str = "") -> str:
    """Overloads inserted before the first `def function` (or `Class.method`)."""
    return _header(module, f"before {function}", feature)


def extend(module: str, base: str, new_class: str, feature: str = "") -> str:
    """A subclass of `base` whose `__call__` overloads come first."""
    return _header(module, f"extend {base} as {new_class}", feature)


def retype(module: str, variable: str, new_type: str, feature: str = "") -> str:
    """The module variable re-annotated with `new_type` (same type arguments)."""
    return _header(module, f"retype {variable} -> {new_type}", feature)


def rename_import(module: str, name: str, new_name: str, feature: str = "") -> str:
    """The module imports `name` as `new_name`, so the preamble can define `name` anew."""
    return _header(module, f"rename import {name} -> {new_name}", feature)


def rename_class(module: str, name: str, new_name: str, feature: str = "") -> str:
    """The library's class defined under `new_name`, so the preamble can define `name` anew."""
    return _header(module, f"rename class {name} -> {new_name}", feature)


def narrow(module: str, target: str, old_type: str, new_type: str, feature: str = "") -> str:
    """In `target`'s own definition (or a class's bases), the type name `old_type` replaced."""
    return _header(module, f"narrow {target} {old_type} -> {new_type}", feature)
