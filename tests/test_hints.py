"""The hint `ndtyping check` adds when an NDArray meets jax's own parameters without ndtyping's
stubs (`--no-stubs`): the fix is the stubs, not an annotation of jax's parameter (issue 33)."""

from __future__ import annotations

from ndtyping._static.messages import rewrite_message

# pyright 1.1.414's text for `jnp.mean(x, axis=0)` with `x: NDArray[float32, N, M]`, no overlay
JAX_ARGUMENT = (
    'Argument of type "ShapedArray[floating[_32Bit], tuple[N@centre, M@centre]]" cannot be assigned to parameter "a" '
    'of type "ArrayLike" in function "mean"\n'
    '  Type "ShapedArray[floating[_32Bit], tuple[N@centre, M@centre]]" is not assignable to type "ArrayLike"\n'
    '    "ShapedArray[floating[_32Bit], tuple[N@centre, M@centre]]" is not assignable to "Array"\n'
    '    "ShapedArray[floating[_32Bit], tuple[N@centre, M@centre]]" is not assignable to "ndarray[_AnyShape, dtype[Any]]"\n'
    '    "ShapedArray[floating[_32Bit], tuple[N@centre, M@centre]]" is not assignable to "bool"'
)


def test_an_ndarray_for_jax_arraylike_points_at_the_stubs() -> None:
    lines = rewrite_message(JAX_ARGUMENT).splitlines()
    assert lines[0].startswith('Argument of type "NDArray[float32, N, M]" cannot be assigned to parameter "a"')
    assert lines[-1] == (
        "  jax's ArrayLike takes an ndtyping NDArray only with ndtyping's stubs: run `ndtyping check` "
        "without --no-stubs, and `ndtyping editor` once for your editor"
    )
    assert not any("annotate this" in line for line in lines)  # jax's parameter is not the user's to annotate


def test_an_ndarray_for_the_users_numpy_annotation_keeps_its_hint() -> None:
    lines = rewrite_message(
        'Argument of type "ShapedArray[float32, tuple[Any, ...]]" cannot be assigned to parameter "x" of type '
        '"ndarray[_AnyShape, dtype[Any]]" in function "softmax"'
    ).splitlines()
    assert lines[-1].startswith("  an ndtyping NDArray is not a numpy.ndarray to pyright: annotate this")
