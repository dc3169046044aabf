"""The shape-string grammar: every feature, positive and negative, through isinstance."""

from __future__ import annotations

import numpy as np
import pytest

from ndtyping import AnnotationError, Bool, Float, Float32, Int, Integer, Num, Shaped
from ndtyping._runtime.grammar import ANY, FIXED, NAMED, SYMBOLIC, VARIADIC, parse_shape


def a(*shape: int, dtype: object = np.float32) -> np.ndarray:
    return np.zeros(shape, dtype=dtype)


class TestParse:
    def test_kinds(self) -> None:
        spec = parse_shape("3 batch *rest _ _doc n-1 #c ?leaf rows=4")
        kinds = [d.kind for d in spec.dims]
        assert kinds == [FIXED, NAMED, VARIADIC, ANY, ANY, SYMBOLIC, NAMED, NAMED, FIXED]
        assert spec.variadic == 2
        assert spec.dims[6].broadcast and spec.dims[7].per_leaf
        assert spec.dims[8].size == 4

    def test_modifiers_in_any_order(self) -> None:
        for text in ("*#b", "#*b"):
            (dim,) = parse_shape(text).dims
            assert dim.kind == VARIADIC and dim.broadcast and dim.name == "b"
        for text in ("*_", "_*b", "...", "*"):  # a bare '*' is jaxtyping's spelling of '...'
            (dim,) = parse_shape(text).dims
            assert dim.kind == VARIADIC and dim.name is None

    def test_scalar(self) -> None:
        assert parse_shape("").dims == () and parse_shape("   ").dims == ()

    @pytest.mark.parametrize(
        ("text", "fragment"),
        [
            ("*a *b", "second variadic"),
            ("... *b", "second variadic"),
            ("a,b", "commas"),
            ("a, b", "commas"),
            ("#", "modifier"),
            ("?", "modifier"),
            ("**a", "repeated"),
            ("##a", "repeated"),
            ("{a", "unbalanced braces"),
            ("a}", "unbalanced braces"),
            ("3.5", "not an integer"),
            ("1e3", "not an integer"),
            ("*3", "variadic axis must be"),
            ("*n-1", "variadic axis must be"),
            ("?n-1", "'?' applies"),
            ("rows=", "nothing after"),
            ("n+", "not a valid dimension expression"),
            ("{x y}", "unbalanced braces"),
            ("{1x}", "not a valid dimension expression"),
            ("{x+}", r"'\(x\+\)' is not a valid dimension expression"),
        ],
    )
    def test_malformed(self, text: str, fragment: str) -> None:
        with pytest.raises(AnnotationError, match=fragment) as info:
            parse_shape(text)
        assert repr(text) in str(info.value) or text.strip() in str(info.value)

    def test_malformed_raises_at_annotation_creation(self) -> None:
        with pytest.raises(AnnotationError, match="second variadic"):
            Float[np.ndarray, "*a *b"]

    def test_error_names_the_axis(self) -> None:
        with pytest.raises(AnnotationError, match=r"axis 2 'b,c'"):
            parse_shape("a b,c")


class TestFixedAndNamed:
    def test_fixed(self) -> None:
        assert isinstance(a(2, 3), Float[np.ndarray, "2 3"])
        assert not isinstance(a(2, 4), Float[np.ndarray, "2 3"])
        assert not isinstance(a(2), Float[np.ndarray, "2 3"])

    def test_repeated_name_must_agree(self) -> None:
        assert isinstance(a(3, 3), Float[np.ndarray, "n n"])
        assert not isinstance(a(3, 4), Float[np.ndarray, "n n"])

    def test_each_isinstance_starts_fresh(self) -> None:
        square = Float[np.ndarray, "n n"]
        assert isinstance(a(3, 3), square) and isinstance(a(5, 5), square)

    def test_scalar_shape(self) -> None:
        assert isinstance(np.float32(1.0), Float[np.generic, ""])
        assert isinstance(a(), Float[np.ndarray, ""])
        assert not isinstance(a(1), Float[np.ndarray, ""])

    def test_unchecked(self) -> None:
        for shape in [(1, 2), (7, 9)]:
            assert isinstance(a(*shape), Float[np.ndarray, "_ _"])
            assert isinstance(a(*shape), Float[np.ndarray, "_rows _cols"])
        assert not isinstance(a(1, 2, 3), Float[np.ndarray, "_ _"])

    def test_documentation_names(self) -> None:
        assert isinstance(a(4, 3), Float[np.ndarray, "rows=4 cols=3"])
        assert not isinstance(a(5, 3), Float[np.ndarray, "rows=4 cols=3"])
        assert isinstance(a(4, 4), Float[np.ndarray, "rows=n cols=n"])
        assert not isinstance(a(4, 5), Float[np.ndarray, "rows=n cols=n"])


class TestVariadic:
    def test_anonymous(self) -> None:
        for shape in [(3,), (2, 3), (5, 4, 3)]:
            assert isinstance(a(*shape), Float[np.ndarray, "... 3"])
        assert not isinstance(a(3, 2), Float[np.ndarray, "... 3"])
        assert isinstance(a(), Float[np.ndarray, "..."])

    def test_named_binds_a_tuple(self) -> None:
        from ndtyping import check

        pair = Float[np.ndarray, "*batch c"]
        assert isinstance(a(2, 5, 3), pair)
        assert isinstance(a(3), pair)

        @check
        def f(x: Float[np.ndarray, "*batch c"], y: Float[np.ndarray, "*batch"]) -> None: ...

        f(a(2, 5, 3), a(2, 5))
        f(a(3), a())
        with pytest.raises(TypeError, match=r"dims \*batch: \(2, 4\) here, but x bound them to \(2, 5\)"):
            f(a(2, 5, 3), a(2, 4))

    def test_middle_variadic(self) -> None:
        spec = Float[np.ndarray, "b *mid c"]
        assert isinstance(a(1, 2), spec)
        assert isinstance(a(1, 5, 6, 7, 2), spec)
        assert not isinstance(a(1), spec)

    def test_broadcast_variadic(self) -> None:
        from ndtyping import check

        @check
        def f(x: Float[np.ndarray, "*#b c"], y: Float[np.ndarray, "*#b c"]) -> None: ...

        f(a(2, 3, 4), a(2, 1, 4))
        with pytest.raises(TypeError, match=r"\*b"):
            f(a(2, 3, 4), a(2, 2, 4))


class TestBroadcast:
    def test_one_or_equal(self) -> None:
        from ndtyping import check

        @check
        def add(x: Float[np.ndarray, "#n"], y: Float[np.ndarray, "#n"]) -> Float[np.ndarray, "#n"]:
            return x + y

        assert add(a(3), a(1)).shape == (3,)
        assert add(a(1), a(3)).shape == (3,)
        with pytest.raises(TypeError, match="dim n: 2 here"):
            add(a(3), a(2))

    def test_fixed_broadcast(self) -> None:
        assert isinstance(a(1), Float[np.ndarray, "#4"])
        assert isinstance(a(4), Float[np.ndarray, "#4"])
        assert not isinstance(a(2), Float[np.ndarray, "#4"])


class TestSymbolic:
    def test_expressions(self) -> None:
        from ndtyping import check

        @check
        def f(x: Float[np.ndarray, "n m"]) -> Float[np.ndarray, "n-1 2*m min(n,m) max(n,m)+abs(n-m)"]:
            n, m = x.shape
            return a(n - 1, 2 * m, min(n, m), max(n, m) + abs(n - m))

        assert f(a(3, 5)).shape == (2, 10, 3, 7)

        @check
        def wrong(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n+1"]:
            return x

        with pytest.raises(TypeError, match=r"size 3, but n\+1 = 4 \(with n=3\)"):
            wrong(a(3))

    def test_comparison(self) -> None:
        from ndtyping import check

        @check
        def f(x: Float[np.ndarray, "n m"], y: Float[np.ndarray, "n>=m"]) -> None: ...

        f(a(3, 2), a(5))
        with pytest.raises(TypeError, match="condition"):
            f(a(2, 3), a(5))

    def test_arguments_in_braces(self) -> None:
        from ndtyping import check

        @check
        def full(size: int, fill: float) -> Float[np.ndarray, "{size}"]:
            return np.full((size,), fill, dtype=np.float32)

        assert full(4, 1.0).shape == (4,)

        class Model:
            width = 5

            @check
            def make(self, fill: float) -> Float[np.ndarray, "{self.width}+3"]:
                return np.full((self.width + 3,), fill, dtype=np.float32)

            @check
            def broken(self) -> Float[np.ndarray, "{self.width}"]:
                return a(2)

        assert Model().make(0.0).shape == (8,)
        with pytest.raises(TypeError, match=r"size 2, but \{self.width\} = 5"):
            Model().broken()

    def test_unbound_name_is_an_annotation_error(self) -> None:
        from ndtyping import check

        @check
        def f(x: Float[np.ndarray, "k+1"]) -> None: ...

        with pytest.raises(AnnotationError, match="no earlier argument has bound"):
            f(a(3))


class TestDTypes:
    @pytest.mark.parametrize(
        ("dtype", "yes", "no"),
        [
            (np.float32, [Float, Float32, Num, Shaped], [Int, Bool, Integer]),
            (np.int16, [Int, Integer, Num, Shaped], [Float, Bool]),
            (np.bool_, [Bool, Shaped], [Num, Int, Float]),
            (np.complex64, [Num, Shaped], [Float, Int]),
        ],
    )
    def test_categories(self, dtype: object, yes: list[object], no: list[object]) -> None:
        x = a(2, dtype=dtype)
        for category in yes:
            assert isinstance(x, category[np.ndarray, "2"]), category  # type: ignore[index]
        for category in no:
            assert not isinstance(x, category[np.ndarray, "2"]), category  # type: ignore[index]

    def test_every_named_category_exists(self) -> None:
        import ndtyping

        for label in ["Shaped", "Bool", "Key", "Num", "Inexact", "Float", "BFloat16", "Float16", "Float32",
                      "Float64", "Complex", "Complex64", "Complex128", "Integer", "UInt", "UInt4", "UInt8",
                      "UInt16", "UInt32", "UInt64", "Int", "Int4", "Int8", "Int16", "Int32", "Int64", "Real"]:  # fmt: skip
            assert isinstance(getattr(ndtyping, label)[np.ndarray, "..."], type)

    def test_ml_dtypes_low_precision(self) -> None:
        ml_dtypes = pytest.importorskip("ml_dtypes")
        import ndtyping

        x = np.zeros(3, dtype=ml_dtypes.bfloat16)
        assert isinstance(x, Float[np.ndarray, "3"]) and isinstance(x, ndtyping.BFloat16[np.ndarray, "3"])
        assert not isinstance(x, Float32[np.ndarray, "3"])
        assert isinstance(np.zeros(3, dtype=ml_dtypes.float8_e4m3fn), Float[np.ndarray, "3"])
        assert isinstance(np.zeros(3, dtype=ml_dtypes.int4), ndtyping.Int4[np.ndarray, "3"])


class TestNesting:
    def test_prepends_axes_and_intersects_dtypes(self) -> None:
        image = Float[np.ndarray, "c h w"]
        batch = Shaped[image, "batch"]
        assert isinstance(a(2, 3, 4, 5), batch)
        assert not isinstance(a(3, 4, 5), batch)
        assert not isinstance(a(2, 3, 4, 5, dtype=np.int32), batch)
        assert isinstance(a(2, 3, 4, 5), Float32[image, "batch"])
        assert not isinstance(a(2, 3, 4, 5, dtype=np.float64), Float32[image, "batch"])

    def test_empty_intersection_is_an_error(self) -> None:
        with pytest.raises(AnnotationError, match="no dtype is both Bool and Float"):
            Bool[Float[np.ndarray, "h w"], "batch"]

    def test_two_variadics_through_nesting(self) -> None:
        with pytest.raises(AnnotationError, match="two variadic"):
            Float[Float[np.ndarray, "*a"], "*b"]


class TestArrayTypes:
    def test_array_type_is_checked(self) -> None:
        assert not isinstance([[1.0]], Float[np.ndarray, "1 1"])
        assert not isinstance(a(2), Float[list, "2"])  # type: ignore[type-arg]

    def test_bad_subscripts(self) -> None:
        with pytest.raises(AnnotationError, match="takes an array type and a shape string"):
            Float["b c"]  # type: ignore[misc]
        with pytest.raises(AnnotationError, match="must be a string"):
            Float[np.ndarray, 3]  # type: ignore[misc]
        with pytest.raises(AnnotationError, match="must be a class"):
            Float[3, "b"]  # type: ignore[misc]

    def test_pickle_and_identity(self) -> None:
        import copy
        import pickle

        spec = Float[np.ndarray, "b c"]
        assert Float[np.ndarray, "b c"] is spec
        assert pickle.loads(pickle.dumps(spec)) is spec
        assert copy.deepcopy(spec) is spec
        nested = Float32[spec, "n"]
        assert pickle.loads(pickle.dumps(nested)) is nested
