"""Shape rules shared by the numpy and jax overlay generators: einsum subscripts and linalg.

A shape is written as a list of symbols: a lowercase letter is a dimension (a type variable in
the stub), `*` the leading axes of any length (the TypeVarTuple), `1` a literal size 1 and `?` an
unknown size (`Any`). Each generator turns symbols into its own type variable names.
"""

from __future__ import annotations

from dataclasses import dataclass

# einsum with literal subscripts: the patterns array code writes (matrix products, attention,
# batched products, traces, transposes, outer products, 1x1 convolutions). Each becomes one
# overload on `Literal["..."]`; anything else is the library's own (no shape).
EINSUM = [
    "ij,jk->ik", "bij,bjk->bik", "bhqd,bhkd->bhqk", "bhqk,bhkd->bhqd", "ij,kj->ik", "bqd,bkd->bqk",
    "bqk,bkd->bqd", "bij,jk->bik", "ij,j->i", "i,i->", "bi,bi->b", "ij,ij->i", "i,j->ij", "ij->ji",
    "bij->bji", "ii->", "ii->i", "ij->", "ij->i", "ij->j", "nchw,oc->nohw", "nhwc,co->nhwo",
    "bhqd,bkd->bhqk", "bnd,nd->bn", "bchw,oc->bohw", "bhwc,co->bhwo", "bhwc,co->bohw", "nhwc,co->nohw",
    "bij,bj->bi", "bi,ij->bj",
]  # fmt: skip


def einsum_shapes(subscripts: str) -> tuple[list[list[str]], list[str]]:
    """ "ij,jk->ik" -> ([["i", "j"], ["j", "k"]], ["i", "k"])."""
    inputs, output = subscripts.split("->")
    return [list(term) for term in inputs.split(",")], list(output)


@dataclass(frozen=True)
class Field:
    name: str
    shape: list[str]
    dtype: (
        str  # "same": the input's dtype; "real": its real counterpart; "inexact": float or complex; "int": a Python int
    )


@dataclass(frozen=True)
class LinalgRule:
    """One overload of a linalg function: array parameters (name, shape), the other parameters
    (Python source, with `{...}` placeholders the generator fills), and the result: a shape with
    the input's dtype rule, or a named tuple of fields."""

    function: str
    arrays: list[tuple[str, list[str]]]
    params: str
    result: list[str] | None = None
    dtype: str = "same"
    named: str | None = None  # the named-tuple class of the result
    fields: tuple[Field, ...] = ()


SQUARE = ["*", "n", "n"]
MATRIX = ["*", "m", "n"]

# numpy.linalg / jax.numpy.linalg, the shapes numpy documents (leading axes batch). `k` stands for
# min(m, n), which a type cannot compute: unknown (`?`) unless the matrix is square.
LINALG: list[LinalgRule] = [
    LinalgRule("inv", [("a", SQUARE)], "", SQUARE),
    LinalgRule("solve", [("a", SQUARE), ("b", ["*", "n", "k"])], "", ["*", "n", "k"]),
    LinalgRule("solve", [("a", SQUARE), ("b", ["n", "k"])], "", ["*", "n", "k"]),
    LinalgRule("solve", [("a", SQUARE), ("b", ["n"])], "", ["*", "n"]),
    LinalgRule("det", [("a", SQUARE)], "", ["*"]),
    LinalgRule("cholesky", [("a", SQUARE)], "{cholesky}", SQUARE),
    LinalgRule("matrix_power", [("a", SQUARE)], "n: int", SQUARE),
    LinalgRule("pinv", [("a", MATRIX)], "{pinv}", ["*", "n", "m"]),
    LinalgRule("slogdet", [("a", SQUARE)], "", named="Slogdet", fields=(Field("sign", ["*"], "same"), Field("logabsdet", ["*"], "real"))),
    LinalgRule("eigh", [("a", SQUARE)], "{eigh}", named="Eigh", fields=(Field("eigenvalues", ["*", "n"], "real"), Field("eigenvectors", SQUARE, "same"))),
    LinalgRule("eig", [("a", SQUARE)], "", named="Eig", fields=(Field("eigenvalues", ["*", "n"], "inexact"), Field("eigenvectors", SQUARE, "inexact"))),
    # svd: a square matrix first (every factor known), then any matrix (min(m, n) unknown)
    LinalgRule("svd", [("a", SQUARE)], "full_matrices: bool = True, compute_uv: _NdtLiteral[True] = True{svd}", named="SVD",
               fields=(Field("U", SQUARE, "same"), Field("S", ["*", "n"], "real"), Field("Vh", SQUARE, "same"))),
    LinalgRule("svd", [("a", MATRIX)], "full_matrices: _NdtLiteral[True] = True, compute_uv: _NdtLiteral[True] = True{svd}", named="SVD",
               fields=(Field("U", ["*", "m", "m"], "same"), Field("S", ["*", "?"], "real"), Field("Vh", ["*", "n", "n"], "same"))),
    LinalgRule("svd", [("a", MATRIX)], "full_matrices: _NdtLiteral[False], compute_uv: _NdtLiteral[True] = True{svd}", named="SVD",
               fields=(Field("U", ["*", "m", "?"], "same"), Field("S", ["*", "?"], "real"), Field("Vh", ["*", "?", "n"], "same"))),
    LinalgRule("svd", [("a", SQUARE)], "full_matrices: bool = True, *, compute_uv: _NdtLiteral[False]{svd}", ["*", "n"], dtype="real"),
    LinalgRule("svd", [("a", MATRIX)], "full_matrices: bool = True, *, compute_uv: _NdtLiteral[False]{svd}", ["*", "?"], dtype="real"),
    LinalgRule("qr", [("a", SQUARE)], "mode: _NdtLiteral['reduced', 'complete'] = 'reduced'", named="QR",
               fields=(Field("Q", SQUARE, "same"), Field("R", SQUARE, "same"))),
    LinalgRule("qr", [("a", MATRIX)], "mode: _NdtLiteral['complete']", named="QR",
               fields=(Field("Q", ["*", "m", "m"], "same"), Field("R", ["*", "m", "n"], "same"))),
    LinalgRule("qr", [("a", MATRIX)], "mode: _NdtLiteral['reduced'] = 'reduced'", named="QR",
               fields=(Field("Q", ["*", "m", "?"], "same"), Field("R", ["*", "?", "n"], "same"))),
    LinalgRule("lstsq", [("a", ["m", "n"]), ("b", ["m", "k"])], "{lstsq}", named="tuple",
               fields=(Field("x", ["n", "k"], "same"), Field("residuals", ["?"], "real"), Field("rank", [], "int"), Field("s", ["?"], "real"))),
    LinalgRule("lstsq", [("a", ["m", "n"]), ("b", ["m"])], "{lstsq}", named="tuple",
               fields=(Field("x", ["n"], "same"), Field("residuals", ["?"], "real"), Field("rank", [], "int"), Field("s", ["?"], "real"))),
]  # fmt: skip

# norm: (axis, keepdims) -> result shape, on an input of shape `*` + the axes named. The vector
# norm of the whole array, or a matrix norm of a 2-D one, without an axis, is a scalar.
NORM = [
    (None, False, ["*"], []),
    ("-1", False, ["*", "a"], ["*"]),
    ("-1", True, ["*", "a"], ["*", "1"]),
    ("0", False, ["a", "*"], ["*"]),
    ("1", False, ["a", "b", "*"], ["a", "*"]),
    ("(-2, -1)", False, ["*", "a", "b"], ["*"]),
    ("(-2, -1)", True, ["*", "a", "b"], ["*", "1", "1"]),
    ("-2", False, ["*", "a", "b"], ["*", "b"]),
    ("0", True, ["a", "*"], ["1", "*"]),
]


@dataclass(frozen=True)
class Family:
    """A dtype family of linalg's input: its type, and the dtype of each result kind."""

    dtype: str
    same: str
    real: str
    inexact: str


def letters_of(shapes: list[list[str]]) -> list[str]:
    seen: list[str] = []
    for shape in shapes:
        for symbol in shape:
            if symbol.isalpha() and symbol not in seen:
                seen.append(symbol)
    return seen


def render(shape: list[str], names: dict[str, str], rest: str) -> str:
    items = []
    for symbol in shape:
        if symbol == "*":
            items.append(rest)
        elif symbol == "?":
            items.append("_NdtAny")
        elif symbol.isdigit():
            items.append(f"_NdtLiteral[{symbol}]")
        else:
            items.append(names[symbol])
    return f"tuple[{', '.join(items)}]" if items else "tuple[()]"


def linalg_overloads(
    typevars: list[str], rest: str, arr, res, families: list[Family], params: dict[str, str], named: str
) -> dict[str, list[str]]:
    """function -> its overloads (stub text), from LINALG and NORM; `arr(dtype, shape)` is the
    parameter type, `res(dtype, shape)` the result type, `named` the prefix of the result classes."""
    out: dict[str, list[str]] = {}
    for rule in LINALG:
        shapes = [shape for _, shape in rule.arrays] + [field.shape for field in rule.fields] + [rule.result or []]
        names = dict(zip(letters_of(shapes), typevars))
        extra = rule.params.format(**params)
        for family in families:
            arrays = ", ".join(
                f"{name}: {arr(family.dtype, render(shape, names, rest))}" for name, shape in rule.arrays
            )
            signature = arrays + (f", {extra}" if extra and not extra.startswith(",") else extra)
            kind = {"same": family.same, "real": family.real, "inexact": family.inexact}
            if rule.named is None:
                result = res(kind[rule.dtype], render(rule.result or [], names, rest))
            else:
                items = [
                    "int" if field.dtype == "int" else res(kind[field.dtype], render(field.shape, names, rest))
                    for field in rule.fields
                ]
                result = (
                    f"tuple[{', '.join(items)}]"
                    if rule.named == "tuple"
                    else f"{named}{rule.named}Result[{', '.join(items)}]"
                )
            out.setdefault(rule.function, []).append(f"@overload\ndef {rule.function}({signature}) -> {result}: ...")
    for axis, keepdims, shape_in, shape_out in NORM:
        names = dict(zip(letters_of([shape_in, shape_out]), typevars))
        axis_type = (
            "None = None"
            if axis is None
            else (
                f"tuple[{', '.join(f'_NdtLiteral[{a.strip()}]' for a in axis.strip('()').split(','))}]"
                if axis.startswith("(")
                else f"_NdtLiteral[{axis}]"
            )
        )
        keep = "_NdtLiteral[True]" if keepdims else "_NdtLiteral[False] = False"
        for family in families:
            # axis and keepdims keyword-only: a required literal cannot follow ord's default
            params_text = f"x: {arr(family.dtype, render(shape_in, names, rest))}, ord: _NdtAny = None, *, axis: {axis_type}, keepdims: {keep}"
            out.setdefault("norm", []).append(
                f"@overload\ndef norm({params_text}) -> {res(family.real, render(shape_out, names, rest))}: ..."
            )
    return out


NAMED_FIELDS = {"Slogdet": ("sign", "logabsdet"), "Eigh": ("eigenvalues", "eigenvectors"), "Eig": ("eigenvalues", "eigenvectors"),
                "SVD": ("U", "S", "Vh"), "QR": ("Q", "R")}  # fmt: skip


def named_tuple_classes(named: str, typevar: str = "_NdtT") -> str:
    """Generic named tuples for linalg's results: the fields typed by the class's arguments."""
    lines = []
    for name, fields in NAMED_FIELDS.items():
        params = [f"{typevar}{n}" for n in range(len(fields))]
        lines.append(f"class {named}{name}Result(_NdtNamedTuple, _NdtGeneric[{', '.join(params)}]):")
        lines += [f"    {field}: {param}" for field, param in zip(fields, params)]
    return "\n".join(lines)
