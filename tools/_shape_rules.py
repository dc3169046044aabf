"""Shape rules shared by the numpy and jax overlay generators: einsum subscripts and linalg.

A shape is written as a list of symbols: a lowercase letter is a dimension (a type variable in
the stub), `*` the leading axes of any length (the TypeVarTuple), `1` a literal size 1 and `?` an
unknown size (`Any`). Each generator turns symbols into its own type variable names.
"""

from __future__ import annotations

from dataclasses import dataclass

from ndtyping._static.einsum_rules import parse_einsum

# einsum with literal subscripts. Each pattern becomes one overload on `Literal["..."]`; anything
# else is the library's own (no shape). pyright tries the overloads in order, so the list is
# ordered by likelihood: the hand-picked patterns first, then the families generated below.
EINSUM_CORE = [
    "ij,jk->ik", "bij,bjk->bik", "bhqd,bhkd->bhqk", "bhqk,bhkd->bhqd", "ij,kj->ik", "bqd,bkd->bqk",
    "bqk,bkd->bqd", "bij,jk->bik", "ij,j->i", "i,i->", "bi,bi->b", "ij,ij->i", "i,j->ij", "ij->ji",
    "bij->bji", "ii->", "ii->i", "ij->", "ij->i", "ij->j", "nchw,oc->nohw", "nhwc,co->nhwo",
    "bhqd,bkd->bhqk", "bnd,nd->bn", "bchw,oc->bohw", "bhwc,co->bhwo", "bhwc,co->bohw", "nhwc,co->nohw",
    "bij,bj->bi", "bi,ij->bj",
]  # fmt: skip

# The families: (input terms, output) over role letters, then the spellings users give the roles.
# Contractions of two operands under a batch prefix: a product A.B, A.B^T (queries against keys)
# and A^T.B (a Gram matrix), each with every order of its output letters (a wrong order is the
# usual einsum bug, and a pattern that is not listed gives no shape, so it would pass).
_PRODUCTS = [(("ij", "jk"), "ik", "ijk"), (("id", "jd"), "ij", "ijd"), (("di", "dj"), "ij", "dij")]
_PRODUCT_SPELLINGS = {  # the roles' letters as users write them, in the order of the roles above
    "ijk": ["ijk", "ikj", "mkn", "qkd", "std", "tsd", "nmd", "ijd", "nde", "bdo", "bdk", "ndk", "bio", "qkv"],
    "ijd": ["ijd", "qkd", "std", "tsd", "nmd", "ijk", "boi", "nkd", "bod", "qkc", "ije", "xyd"],
    "dij": ["nij", "nde", "bij", "kij", "tij", "nxy"],
}
_PREFIXES = ["", "b", "n", "h", "bh", "bn"]
# Attention with the heads axis after the sequence (B, T, H, D): scores and the weighted sum
# (roles q k h d), the projections into heads and back (roles t d h k).
_HEADS = [
    (("qhd", "khd"), "hqk", "qkhd", ["qkhd", "sthk", "sthd", "ijhd", "qkhc", "tshd", "stnd", "qknd"]),
    (("hqk", "khd"), "qhd", "qkhd", ["qkhd", "sthk", "sthd", "ijhd", "qkhc", "tshd", "stnd", "qknd"]),
    (("td", "dhk"), "thk", "tdhk", ["tdhk", "sdhk", "ndhk", "qdhk", "tdhe", "tdnk", "tmhd", "smhd"]),
    (("thk", "hkd"), "td", "tdhk", ["tdhk", "sdhk", "ndhk", "qdhk", "tdhe", "tdnk", "tmhd", "smhd"]),
]
_OTHERS = [
    # reductions of an elementwise product, mat-vec, outer products, bilinear forms
    "bd,bd->b", "nd,nd->n", "bi,bi->b", "ij,ij->j", "ij,ij->", "bij,bij->b", "bnd,bnd->bn", "btd,btd->bt",
    "bsd,bsd->bs", "ij,i->j", "i,ij->j", "nd,d->n", "bd,d->b", "bij,j->bi", "ij,bj->bi", "bij,bi->bj",
    "bhij,bhj->bhi", "i,j->ji", "bi,bj->bij", "bi,bj->bji", "ni,nj->nij", "nd,ne->nde", "bd,be->bde",
    "bi,ij,bj->b", "i,ij,j->", "nd,de,ne->n", "bi,bij,bj->b", "ni,ij,nj->n", "bd,de,be->b",
    # traces, diagonals, transposes and sums of one operand
    "bii->b", "bii->bi", "bij->b", "bij->bi", "bij->bj", "ijk->kji", "ijk->ikj", "ijk->jik",
    "bhwc->bchw", "bchw->bhwc", "nhwc->nchw", "nchw->nhwc", "bthd->bhtd", "bhtd->bthd", "bshd->bhsd",
    "bhsd->bshd",
    # 1x1 convolutions and patches against a kernel
    "bchwij,ocij->bohw", "bhwijc,ijco->bhwo", "nchw,co->nohw", "bchw,co->bohw", "bhwc,oc->bhwo",
]  # fmt: skip


def _permutations(letters: str) -> list[str]:
    from itertools import permutations

    return ["".join(p) for p in permutations(letters)]


def _spell(roles: str, letters: str, text: str) -> str:
    table = dict(zip(roles, letters))
    return "".join(table.get(c, c) for c in text)


def _orders(target: str, prefix: str) -> list[str]:
    """The output as written first, then its other orders: every order up to three letters, and
    beyond that the orders that keep the leading batch axis (a (B, H, ...) prefix stays put)."""
    if len(target) <= 3:
        return list(dict.fromkeys([target, *_permutations(target)]))
    head = prefix[:1]
    return list(dict.fromkeys([target, *(head + p for p in _permutations(target[len(head) :]))]))


def _families() -> list[str]:
    out: list[str] = []
    for inputs, output, roles in _PRODUCTS:
        for prefix in _PREFIXES:
            for letters in _PRODUCT_SPELLINGS[roles]:
                if set(prefix) & set(letters):
                    continue
                terms = [prefix + _spell(roles, letters, term) for term in inputs]
                target = prefix + _spell(roles, letters, output)
                out += [f"{terms[0]},{terms[1]}->{order}" for order in _orders(target, prefix)]
    for inputs, output, roles, spellings in _HEADS:
        for prefix in ("", "b"):
            for letters in spellings:
                if set(prefix) & set(letters):
                    continue
                terms = [prefix + _spell(roles, letters, term) for term in inputs]
                target = prefix + _spell(roles, letters, output)
                out += [f"{terms[0]},{terms[1]}->{order}" for order in _orders(target, prefix)]
    return out + _OTHERS


def _valid(subscripts: str) -> bool:
    return parse_einsum(subscripts) is not None  # the one einsum parser, which `ndtyping check` uses too


EINSUM = list(dict.fromkeys(p for p in EINSUM_CORE + _families() if _valid(p)))


def _canonical(subscripts: str) -> str:
    """The pattern with its letters renamed a, b, c, ... in order of appearance: "bsd,btd->bst"
    and "bqd,bkd->bqk" are both "abc,adc->abd", one shape rule."""
    names: dict[str, str] = {}
    for char in subscripts:
        if char.isalpha() and char not in names:
            names[char] = "abcdefghijklmnopqrstuvwxyz"[len(names)]
    return "".join(names.get(char, char) for char in subscripts)


def einsum_groups(max_letters: int) -> list[tuple[list[str], str]]:
    """(the spellings, the canonical pattern) of each shape rule of EINSUM with at most
    `max_letters` distinct letters, in the order of EINSUM (likelihood).

    One overload per rule, its subscripts a Literal union of every spelling: pyright tries the
    overloads of a call in order, about 10 ms each here when the subscripts do not match (measured:
    1233 single-spelling overloads made an unlisted pattern cost 15 s); a union of literals is
    matched by lookup.
    """
    groups: dict[str, list[str]] = {}
    for subscripts in EINSUM:
        canonical = _canonical(subscripts)
        if len(set(filter(str.isalpha, canonical))) <= max_letters:
            groups.setdefault(canonical, []).append(subscripts)
    return [(spellings, canonical) for canonical, spellings in groups.items()]


def einsum_shapes(subscripts: str) -> tuple[list[list[str]], list[str]]:
    """ "ij,jk->ik" -> ([["i", "j"], ["j", "k"]], ["i", "k"])."""
    spec = parse_einsum(subscripts)
    assert spec is not None, f"not an einsum rule: {subscripts!r}"
    return [list(term) for term in spec.operands], list(spec.output)


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
    # the row norms of a matrix kept as a column (`x / np.linalg.norm(x, axis=1, keepdims=True)`)
    ("1", True, ["a", "b", "*"], ["a", "1", "*"]),
    ("-2", True, ["*", "a", "b"], ["*", "1", "b"]),
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


# where(mask, x, y): the shapes an ndtyping mask may have against the branches' shape, as
# (mask, branch, result) in the symbols above. The mask is checked (a mask that fits none of these
# is an error: the library's own `where` is narrowed so that it no longer takes an ndtyping array)
# but it must not solve the result's shape where it has a size 1: pyright keeps the first size it
# solves a type variable to, so a (P, 1) mask with a (P, K) branch sharing one variable per axis
# gave (P, 1). Hence the rules with size-1 mask axes come first, each of those axes the branch's own
# variable. A mask of unknown rank (rank 5 or more, which `tuple[Any, ...]` matches first) and a
# 0-d mask are handled by the generators before these; the same shape (any rank) after the rank-1
# to rank-3 trailing ones.
WHERE_MASKS = [
    # size-1 axes: a keepdims mask (P, 1) against (P, K); a row (1, N) against (M, N); a new axis in
    # the middle (B, 1, T) against (B, S, T); (B, 1, 1, T) against (B, H, T, T) scores; (1, 1, T, T)
    (["*", "1"], ["*", "a"], ["*", "a"]),
    (["1", "*"], ["a", "*"], ["a", "*"]),
    (["*", "1", "a"], ["*", "b", "a"], ["*", "b", "a"]),
    (["a", "1", "*"], ["a", "b", "*"], ["a", "b", "*"]),
    (["*", "1", "1", "a"], ["*", "b", "c", "a"], ["*", "b", "c", "a"]),
    (["1", "1", "*"], ["a", "b", "*"], ["a", "b", "*"]),
    (["a", "1", "1", "*"], ["a", "b", "c", "*"], ["a", "b", "c", "*"]),
    # a per-sample mask of a batch of images (B, 1, 1, 1) against (B, H, W, C); (B, T, 1, 1)
    (["a", "1", "1", "1"], ["a", "b", "c", "d"], ["a", "b", "c", "d"]),
    (["*", "1", "1"], ["*", "a", "b"], ["*", "a", "b"]),
    # a trailing mask of lower (or the same) rank: (T, T) against (B, H, T, T)
    (["a"], ["*", "a"], ["*", "a"]),
    (["a", "b"], ["*", "a", "b"], ["*", "a", "b"]),
    (["a", "b", "c"], ["*", "a", "b", "c"], ["*", "a", "b", "c"]),
]
# A mask larger than the branches, (mask, branch): (B, T) against (T,) or (B, 1). Accepted with
# a result of unknown shape: a result with the mask's axes made a call with an `Any` mask (a dict
# pytree's) Unknown, since the overloads an `Any` matches then disagree (measured, pyright 1.1.414).
WHERE_LARGER_MASKS = [
    (["*", "a"], ["a"]),
    (["*", "a", "b"], ["a", "b"]),
    (["*", "a", "b"], ["*", "a", "1"]),
    # a row against a square mask, `jnp.where(at_risk, eta[None, :], -jnp.inf)`: (1, N) with (N, N)
    (["*", "a", "b"], ["*", "1", "b"]),
    (["a", "*"], ["1", "*"]),
]
# Branches of different shapes that broadcast against each other, (x, y) and the mirror, with an
# ndtyping mask: `np.where(np.isnan(x), col_mean, x)` fills an (N, D) array from a (D,) row. The
# result has an unknown shape and the mask is not checked (its rules name one branch shape). Two
# branches of one known shape never meet these (a named size is no 1, and the trailing forms have
# an axis `c` more than the smaller branch), so a mask that does not broadcast against them stays
# an error.
WHERE_BRANCH_BROADCASTS = [
    (["c", "*", "a"], ["a"]),
    (["c", "*", "a", "b"], ["a", "b"]),
    (["*", "a"], ["*", "1"]),
    (["a", "*"], ["1", "*"]),
    (["*", "a", "b"], ["*", "1", "b"]),
]


def lenient_shape_pairs(size: str, one: str) -> list[tuple[list[str], list[str]]]:
    """The pairs of array shapes a strict binary function (numpy's ufuncs, jax.numpy's) takes with
    an unknown result rather than an error: two arrays of different ranks (0-4), or of one rank
    with a size-1 axis anywhere (`(N, 1)` with `(1, M)`, either side). Broadcasting has more forms
    than the rules before them; only two arrays of one rank without a size-1 axis can clash.
    `size` is any size, `one` a size-1 axis, in the generator's spelling."""
    ranks = range(5)
    pairs = [([size] * rank1, [size] * rank2) for rank1 in ranks for rank2 in ranks if rank1 != rank2]
    for rank in range(1, 5):
        full = [size] * rank
        for axis in range(rank):
            with_one = [size] * axis + [one] + [size] * (rank - axis - 1)
            pairs += [(with_one, full), (full, with_one)]
    return pairs
