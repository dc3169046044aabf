"""pyright's diagnostics in the user's words, for `ndtyping check`.

pyright names the types it compares as it sees them: `ShapedArray[float32, tuple[M@sum_error]]`
(the protocol behind `NDArray`), `_NdtJaxArray[floating[_32Bit], tuple[N@f, K@f]]` (a jax result
of the overlay), numpy's scalar types by their bit-width generics, and explains a shape mismatch
by the invariance of a type parameter the user never wrote. This module rewrites a message into
the spelling of the annotations (`NDArray[float32, M]`), replaces the invariance explanation by
the axis where the shapes differ, and folds the two diagnostics pyright gives for a call that
fits none of ndtyping's shape rules into one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Optional, Sequence

from .numpy_annotations import dtype_clash

__all__ = ["Node", "hint_without_stubs", "parse_type", "render_type", "rewrite_message", "rewrite_findings"]

_BITS = {"8": "8", "16": "16", "32": "32", "64": "64", "96": "96", "128": "128", "256": "256"}
# (`_Shaped`: the class NDArray derives from, which the jax overlay's rules take)
_ARRAY_TYPES = ("ShapedArray", "_NdtArray", "_NdtJaxArray", "ShapedJaxArray", "_Shaped")


@dataclass(frozen=True)
class Node:
    """A type as pyright prints it: a name (or `*name` for an unpacked one) and its arguments."""

    name: str
    args: Optional[tuple[Node, ...]] = None


def parse_type(text: str) -> Node:
    """`ShapedArray[float32, tuple[M@f]]` -> a tree; raises ValueError on what it cannot read."""
    node, end = _parse(text.strip(), 0)
    if end != len(text.strip()):
        raise ValueError(text)
    return node


def _parse(text: str, start: int) -> tuple[Node, int]:
    index = start
    depth = 0
    while index < len(text) and (depth or text[index] not in ",[]"):  # a name, `A | B` and `()` included
        depth += text[index] == "("
        depth -= text[index] == ")"
        index += 1
    name = text[start:index].strip()
    if index < len(text) and text[index] == "[":
        args, index = [], index + 1
        while True:
            arg, index = _parse(text, index)
            args.append(arg)
            while index < len(text) and text[index] == " ":
                index += 1
            if index < len(text) and text[index] == ",":
                index += 1
                continue
            if index < len(text) and text[index] == "]":
                index += 1
                break
            raise ValueError(text)
        # `floating[_32Bit] | Any`: a union continues after the brackets
        rest = re.match(r"\s*\|[^,\[\]]*", text[index:])
        if rest:
            return Node(name + "[...]" + rest.group(0), tuple(args)), index + len(rest.group(0))
        return Node(name, tuple(args)), index
    return Node(name), index


def _dtype(node: Node) -> str:
    """numpy's scalar type as pyright prints it -> its numpy name (float32, int64, bool, ...)."""
    name = node.name.removeprefix("numpy.")
    args = node.args or ()
    bits = [re.fullmatch(r"_(\d+)Bit", arg.name) for arg in args]
    if name in ("floating", "signedinteger", "unsignedinteger", "complexfloating") and bits and bits[0]:
        width = bits[0].group(1)
        prefix = {"floating": "float", "signedinteger": "int", "unsignedinteger": "uint", "complexfloating": "complex"}[
            name
        ]
        return f"{prefix}{int(width) * 2 if name == 'complexfloating' else width}"
    if name in ("bool", "bool_"):
        return "bool"
    if args and all(arg.name in ("Any", "float | complex", "int | float | complex") for arg in args):
        return name  # floating[Any] -> floating
    return render_type(node)


def _dims(shape: Node) -> Optional[list[str]]:
    """The dimensions of `tuple[...]` as the user writes them; None for a shape that is not a tuple."""
    if shape.name != "tuple" or shape.args is None:
        return None
    if len(shape.args) == 1 and shape.args[0].name == "()":
        return []
    if len(shape.args) == 2 and shape.args[1].name == "...":
        return ["..."] if shape.args[0].name == "Any" else [f"*tuple[{render_type(shape.args[0])}, ...]"]
    dims = []
    for arg in shape.args:
        text = render_type(arg)
        dims.append("..." if text == "*tuple[Any, ...]" else text)
    return dims


def render_type(node: Node) -> str:
    name = _plain_name(node.name)
    if node.args is None:
        return name
    if name == "NDArray":  # pyright's display of the annotation: NDArray[dtype, *dims]
        dims = [render_type(arg) for arg in node.args[1:]]
        return f"NDArray[{', '.join([_dtype(node.args[0]), *dims])}]"
    if name in _ARRAY_TYPES and len(node.args) == 2:
        dtype = _dtype(node.args[0])
        dims = _dims(node.args[1])
        if dims is None:
            shape = render_type(node.args[1])
            dims = ["..."] if shape == "Any" else [f"*{shape}"]
        return f"NDArray[{', '.join([dtype, *dims])}]"
    if "[...]" in name:  # a union after brackets: `floating[_32Bit] | Any`
        head, tail = name.split("[...]", 1)
        return render_type(Node(head, node.args)) + tail
    return f"{name}[{', '.join(render_type(arg) for arg in node.args)}]"


def _plain_name(name: str) -> str:
    """`M@sum_error` -> `M`; the overlay's type variables by their readable names."""
    star = "*" if name.startswith("*") else ""
    bare = name[len(star) :]
    base = bare.split("@", 1)[0] if "@" in bare and " " not in bare else bare
    # the overlay's type variables are already rendered readable (tools/_readable.READABLE: `D`, `Rest`)
    return star + base


_QUOTED = re.compile(r'"([^"\n]*)"')


def _rewrite_quoted(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        inner = match.group(1)
        # a type has a name; `"@"` is the matmul operator in `Operator "@" not supported for types ...`
        if not any(marker in inner for marker in ("[", "@")) or not any(c.isalpha() for c in inner):
            return match.group(0)
        try:
            return f'"{render_type(parse_type(inner))}"'
        except ValueError:
            return match.group(0)

    return _QUOTED.sub(one, text)


# the shape and dtype parameters of ShapedArray (`Shape`, `DType`) and of the jax overlay's class
_INVARIANT = re.compile(
    r'Type parameter "(?:Shape|_ShapeTuple|_NdtCSh)(?:@\w+)?" is invariant, but "(.*)" is not the same as "(.*)"'
)
_COVARIANT = re.compile(
    r'Type parameter "(?:DType|_DType|_NdtCD)(?:@\w+)?" is covariant, but "(.*)" is not a subtype of "(.*)"'
)


def _shape_difference(found: str, expected: str) -> Optional[str]:
    """Where two shapes differ, in words: `axis 0 is M here, N expected`."""
    try:
        here, wanted = _dims(parse_type(found)), _dims(parse_type(expected))
    except ValueError:
        return None
    if here is None or wanted is None:
        return None
    if "..." in here or "..." in wanted or any(d.startswith("*") for d in here + wanted):
        return f"the shapes differ: ({', '.join(here)}) here, ({', '.join(wanted)}) expected"
    if len(here) != len(wanted):
        return f"rank {len(here)} here, {len(wanted)} expected: ({', '.join(here)}) is not ({', '.join(wanted)})"
    clashes = [f"axis {n} is {a} here, {b} expected" for n, (a, b) in enumerate(zip(here, wanted)) if a != b]
    return "; ".join(clashes) or None


def _bound_clash(found: str, expected: str) -> Optional[str]:
    """The shapes agree but for axes where the expected shape still names the called function's own
    dimension, unsolved, against another function's: the argument's dimension could not stand for
    it. Between DimensionVars that happens only when the callee's is declared `bound=int` and the
    argument's is not (an unbounded one may be any object), so the axes are not what differs."""
    try:
        here, wanted = parse_type(found), parse_type(expected)
    except ValueError:
        return None
    if here.args is None or wanted.args is None or len(here.args) != len(wanted.args):
        return None
    unsolved: list[tuple[str, str, str]] = []
    for a, b in zip(here.args, wanted.args):
        if a == b:
            continue
        if a.args is None and b.args is None and "@" in a.name and "@" in b.name:
            (mine, my_scope), (theirs, their_scope) = a.name.split("@", 1), b.name.split("@", 1)
            if my_scope != their_scope:
                unsolved.append((mine, theirs, their_scope))
                continue
        return None  # a real clash of sizes: said axis by axis
    if not unsolved:
        return None
    mine, theirs, scope = unsolved[0]
    return (
        f"{mine} cannot stand for {scope}'s {theirs}: {theirs} is declared with bound=int and {mine} "
        "without (declare every DimensionVar with bound=int, or none)"
    )


def rewrite_message(message: str) -> str:
    """One diagnostic's text in the user's words (the first line and its explanation lines)."""
    out: list[str] = []
    skip_deeper: Optional[int] = None  # after a summary line, its explanation's details go
    for line in message.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        body = line.strip()
        if skip_deeper is not None and len(indent) > skip_deeper:
            continue
        skip_deeper = None
        invariant = _INVARIANT.search(body)
        if invariant:
            difference = _bound_clash(invariant.group(1), invariant.group(2)) or _shape_difference(
                invariant.group(1), invariant.group(2)
            )
            if difference:
                out.append(indent + difference)
            skip_deeper = len(indent)
            continue
        covariant = _COVARIANT.search(body)
        if covariant:
            try:
                here, wanted = (_dtype(parse_type(covariant.group(n))) for n in (1, 2))
            except ValueError:
                continue
            out.append(f"{indent}dtype {here} here, {wanted} expected")
            skip_deeper = len(indent)
            continue
        clash = dtype_clash(body)
        if clash:
            here, wanted = (_dtype(parse_type(text)) for text in clash)
            out.append(f"{indent}dtype {here} here, {wanted} expected")
            continue
        if body == '"is_fully_replicated" is not present':
            # the one member of the overlay's jax.Array protocol (see docs/stubs.md)
            out.append(indent + "not a jax array (a numpy array is not a jax.Array)")
            continue
        rewritten = indent + _rewrite_quoted(body)
        # `"NDArray[f32, M]" is not assignable to "NDArray[f32, N]"` under a first line that says it
        pair = re.fullmatch(r'\s*"(.*)" (?:is not assignable to|is incompatible with protocol) "(.*)"', rewritten)
        if pair and out and f'"{pair.group(1)}"' in out[0] and f'"{pair.group(2)}"' in out[0]:
            continue
        out.append(rewritten)
    # the explanation keeps its nesting, re-based under the first line as pyright indents it
    depth = min((len(line) - len(line.lstrip()) for line in out[1:]), default=2)
    lines = [*out[:1], *("  " + line[depth:] for line in out[1:])]
    if _JAX_FOR_NUMPY.search(message):
        lines.append(_JAX_FOR_NUMPY_HINT)
    elif any(_NDARRAY_FOR_NUMPY.search(line) for line in lines):
        lines.append(_NDARRAY_FOR_NUMPY_HINT)
    return "\n".join(lines)


# An ndtyping array where the user's own annotation says `np.ndarray` or `numpy.typing.NDArray`
# (pyright names both `ndarray[...]` in one of the lines): NDArray is a protocol that numpy arrays
# fit, so the reverse cannot hold (docs/static.md says why); the user's fix is the annotation.
_NDARRAY_FOR_NUMPY = re.compile(r'"NDArray\[[^"]*\]"(?:[^"]*"\w+")*[^"]*"ndarray\[')
_NDARRAY_FOR_NUMPY_HINT = (
    "  an ndtyping NDArray is not a numpy.ndarray to pyright: annotate this with ndtyping's NDArray "
    "(numpy arrays fit it too); for any shape, NDArray[float32, *tuple[Any, ...]]"
)

# An ndtyping array given to jax's own functions without ndtyping's stubs (`ndtyping check
# --no-stubs`, an editor that `ndtyping editor` has not set up): jax's `ArrayLike` is a union of
# classes (jax.Array, np.ndarray, numpy's scalars, Python's numbers) that no protocol fits; the
# overlay makes jax.Array one. The fix is the stubs, never an annotation of jax's parameter.
_NDARRAY_FOR_JAX = re.compile(
    r'^Argument of type "NDArray\[[^"]*\]" cannot be assigned to parameter "\w+" of type "ArrayLike"'
)
_NDARRAY_FOR_JAX_HINT = "  jax's ArrayLike takes an ndtyping NDArray only with ndtyping's stubs: "
_NO_STUBS_FIX = "run `ndtyping check` without --no-stubs, and `ndtyping editor` once for your editor"


def hint_without_stubs(message: str, fix: str = _NO_STUBS_FIX) -> str:
    """A message of pyright run without ndtyping's stubs, with the hint that the stubs are the fix
    when an NDArray was given to one of jax's own functions (its `ArrayLike` parameter); `fix` says
    how to get them (the stubs were turned off, or the installed numpy is too old for them)."""
    if _NDARRAY_FOR_JAX.search(message.split("\n", 1)[0]):
        return f"{message}\n{_NDARRAY_FOR_JAX_HINT}{fix}"
    return message


# A jax result of the overlay where the user's code says `np.ndarray`: a real mismatch (a jax
# array is not a numpy one), which ndtyping check keeps (see ndtyping._static.numpy_annotations).
_JAX_FOR_NUMPY = re.compile(r'"(?:ShapedJaxArray|_NdtJaxArray)\[[^"]*" is not assignable to "ndarray\[')
_JAX_FOR_NUMPY_HINT = (
    "  a jax array is not a numpy.ndarray: convert it (np.asarray), or annotate this with ndtyping's "
    "NDArray, which arrays of both libraries fit"
)

# The types of the parameters that end ndtyping's shape rules for a function (the overlay's
# "strict tail", see tools/gen_overlay_templates.py): an argument pyright reports against one of
# them is an ndtyping array whose shape fits none of the function's rules.
_STRICT_TAIL = re.compile(
    r'parameter "\w+" of type "(?:ndarray\[Any, Any\] \| _NestedSequence\[Any\](?: \| generic\[Any\])? \| complex'
    # jax.numpy's (tools/gen_jax_overlay_templates.py, strict_tail: `complex` for Python's scalars)
    r"|ndarray\[Any, Any\] \| generic\[Any\] \| complex"
    r"|ShapedArray\[Any, tuple\[Any, Any, Any, \*tuple\[Any, \.\.\.\]\]\]"
    # np.where's: numpy's own narrowed (the mask), and its tail for branches that are no ndtyping arrays
    r'|_NdtStrictArrayLike|generic\[Any\] \| complex)"'
)
_NO_OVERLOAD = re.compile(r'^No overloads for "(\w+)" match the provided arguments')


def rewrite_findings(findings: Sequence[object], source_lines: dict[str, list[str]]) -> list[object]:
    """Rewrite every finding's message; fold a shape-rule call error and its argument error.

    `findings` are `_check_command.Finding`s (anything with file/line/column/rule/message and
    dataclass `replace`); `source_lines` maps a finding's file to its lines, to name the function
    called and the argument that does not fit.
    """
    out: list[object] = []
    folded: set[int] = set()
    items = list(findings)
    for index, finding in enumerate(items):
        if index in folded:
            continue
        message: str = finding.message  # type: ignore[attr-defined]
        head = _NO_OVERLOAD.match(message)
        if head:
            partner = next(
                (
                    n for n, other in enumerate(items)
                    if n != index and n not in folded and other.file == finding.file and other.line == finding.line  # type: ignore[attr-defined]
                    and other.rule == "reportArgumentType" and _STRICT_TAIL.search(other.message)  # type: ignore[attr-defined]
                ),
                None,
            )  # fmt: skip
            if partner is not None:
                folded.add(partner)
                other = items[partner]
                lines = source_lines.get(finding.file, [])  # type: ignore[attr-defined]
                callee = _callee(lines, finding.line, finding.column) or head.group(1)  # type: ignore[attr-defined]
                argument = _argument_text(lines, other)
                found = re.search(r'Argument of type "([^"]*)"', other.message)  # type: ignore[attr-defined]
                shown = render_type(parse_type(found.group(1))) if found else "this argument"
                text = (
                    f"shape mismatch in {callee}: {argument} is {shown}, which fits none of the shape "
                    f"rules of {callee} with the other argument (a dimension that must agree differs)"
                )
                out.append(replace(finding, message=text))  # type: ignore[type-var]
                continue
            if _names_an_argument_error(items, index, head.group(1)):
                # The overloads ndtyping adds make pyright say "no overloads match" on top of an
                # argument's own error that has nothing to do with shapes, which a call of the
                # library's single signature reports alone (`jnp.expand_dims(x, axis)` with `axis`
                # possibly None): one error per call. Against a shape rule both stay: the argument
                # error names only the last rule pyright tried.
                continue
        out.append(replace(finding, message=rewrite_message(message)))  # type: ignore[type-var]
    return out


def _names_an_argument_error(items: list[object], index: int, function: str) -> bool:
    """Whether another finding on the line of `items[index]` is an argument error of `function`
    that names no ndtyping array (pyright's text, before rewriting, spells it ShapedArray)."""
    call = items[index]
    tail = f'in function "{function}"'
    return any(
        n != index and other.file == call.file and other.line == call.line  # type: ignore[attr-defined]
        and other.rule == "reportArgumentType" and tail in other.message  # type: ignore[attr-defined]
        and "ShapedArray" not in other.message  # type: ignore[attr-defined]
        for n, other in enumerate(items)
    )  # fmt: skip


def _callee(lines: list[str], line: int, column: int) -> Optional[str]:
    """The dotted name called at (line, column), 1-based: `np.matmul`."""
    if not 0 < line <= len(lines):
        return None
    match = re.match(r"[\w.]+(?=\s*\()", lines[line - 1][column - 1 :])
    return match.group(0) if match else None


def _argument_text(lines: list[str], finding: object) -> str:
    line, column = finding.line, finding.column  # type: ignore[attr-defined]
    end_line, end_column = finding.end_line, finding.end_column  # type: ignore[attr-defined]
    if line == end_line and 0 < line <= len(lines):
        text = lines[line - 1][column - 1 : end_column - 1].strip()
        if text:
            return f"`{text}`"
    return "an argument"
