"""The JAX typing vocabulary: `Array`, `ArrayLike`, `Scalar`, `ScalarLike`, `PRNGKeyArray`, ...

Built on first access (a module `__getattr__`), so `import ndtyping` never imports jax; asking for
one of these names imports it. To a static checker they are jax's own types (below, under
TYPE_CHECKING): `Scalar` is `jax.Array`, as `Shaped[Array, ""]` is. At runtime they are checked:

    Scalar       = Shaped[Array, ""]
    ScalarLike   = Shaped[<ArrayLike's array types>, ""] | bool | int | float | complex
    PRNGKeyArray = Key[Array, ""] | UInt32[Array, "2"] | UInt32[Array, "4"]
                   (new-style typed keys | old-style threefry keys | old-style rbg keys)

so they nest like any array annotation: `Shaped[PRNGKeyArray, "2"]` is what `jax.random.split`
returns, `Int[Scalar, ""]` an integer scalar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._runtime.annotations import make_category

__all__ = ["Array", "ArrayLike", "DTypeLike", "PRNGKeyArray", "PyTreeDef", "Scalar", "ScalarLike", "Shape"]

JAX_NAMES = ("Array", "ArrayLike", "DTypeLike", "PRNGKeyArray", "PyTreeDef", "Scalar", "ScalarLike", "Shape")

if TYPE_CHECKING:
    # Imported under the second name rather than aliased (`Scalar: TypeAlias = Array`): pyright
    # --verifytypes reads such an alias of an imported class as of unknown type.
    from jax import Array as Array, Array as PRNGKeyArray, Array as Scalar
    from jax.tree_util import PyTreeDef as PyTreeDef
    from jax.typing import ArrayLike as ArrayLike, ArrayLike as ScalarLike, DTypeLike as DTypeLike
    from typing_extensions import TypeAlias

    Shape: TypeAlias = tuple[int, ...]
else:

    def __getattr__(name: str) -> Any:
        if name == "Shape":  # needs nothing from jax
            globals()["Shape"] = tuple[int, ...]
            return globals()["Shape"]
        if name not in JAX_NAMES:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        try:
            import jax  # noqa: F401
        except ImportError:
            raise AttributeError(f"ndtyping.{name} needs jax (pip install jax)") from None
        names = _build()
        globals().update(names)  # later lookups find them without __getattr__
        return names[name]


def _build() -> dict[str, Any]:
    import jax
    import jax.tree_util
    import jax.typing

    shaped: Any = make_category("Shaped")
    key: Any = make_category("Key")
    uint32: Any = make_category("UInt32")
    array_like = jax.typing.ArrayLike
    python_scalars = (bool, int, float, complex)
    array_types = [t for t in _members(array_like) if t not in python_scalars]
    scalar_like: Any = shaped[_union_of(array_types), ""]
    for python_scalar in python_scalars:  # rank 0 by nature; they have no .shape to check
        scalar_like = scalar_like | python_scalar
    return {
        "Array": jax.Array,
        "ArrayLike": array_like,
        "DTypeLike": jax.typing.DTypeLike,
        "PyTreeDef": jax.tree_util.PyTreeDef,
        "Scalar": shaped[jax.Array, ""],
        "ScalarLike": scalar_like,
        "PRNGKeyArray": key[jax.Array, ""] | uint32[jax.Array, "2"] | uint32[jax.Array, "4"],
        "Shape": tuple[int, ...],
    }


def _members(union: Any) -> tuple[Any, ...]:
    import typing

    return typing.get_args(union) or (union,)


def _union_of(types_: list[Any]) -> Any:
    """`A | B | C` of classes (what an array annotation takes as its array part)."""
    import functools
    import operator

    return functools.reduce(operator.or_, types_)
