"""A small JAX program written for jaxtyping; only the `from ndtyping import` line says ndtyping."""

import jax
import jax.numpy as jnp
from beartype import beartype as typechecker

from ndtyping import (
    AnnotationError,
    Array,
    Float,
    Int,
    PyTree,
    Shaped,
    TypeCheckError,
    install_import_hook,
    jaxtyped,
    print_bindings,
)


@jax.jit
@jaxtyped(typechecker=typechecker)
def attention(
    q: Float[Array, "seq d"], k: Float[Array, "ctx d"], v: Float[Array, "ctx dv"]
) -> Float[Array, "seq dv"]:
    weights = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]), axis=-1)
    return weights @ v


@jaxtyped(typechecker=typechecker)
def sgd(
    params: PyTree[Float[Array, "?n"], "T"], grads: PyTree[Float[Array, "?n"], "T"], lr: float
) -> PyTree[Float[Array, "?n"], "T"]:
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


@jaxtyped(typechecker=typechecker)
def embed(tokens: Int[Array, "*batch seq"], table: Float[Array, "vocab d"]) -> Float[Array, "*batch seq d"]:
    return table[tokens]


@jaxtyped(typechecker=typechecker)
def flatten_all(x: Shaped[Array, "..."]) -> Shaped[Array, "n"]:
    return x.reshape(-1)


@jaxtyped(typechecker=typechecker)
def per_example(x: Float[Array, "d"], w: Float[Array, "d k"]) -> Float[Array, "k"]:
    return x @ w


def batched(x, w):
    return jax.vmap(per_example, in_axes=(0, None))(x, w)


ones = jnp.ones
params = {"w": ones(3), "b": ones(2)}
CASES = {
    "attention": lambda: attention(ones((4, 8)), ones((6, 8)), ones((6, 5))),
    "attention with a wrong key width": lambda: attention(ones((4, 8)), ones((6, 7)), ones((6, 5))),
    "attention with a wrong context length": lambda: attention(ones((4, 8)), ones((6, 8)), ones((5, 5))),
    "sgd": lambda: sgd(params, params, 0.1),
    "sgd with another structure": lambda: sgd(params, {"w": ones(3)}, 0.1),
    "sgd with a leaf of another size": lambda: sgd(params, {"w": ones(3), "b": ones(3)}, 0.1),
    "embed": lambda: embed(jnp.zeros((2, 5), dtype=jnp.int32), ones((10, 4))),
    "embed float tokens": lambda: embed(ones((2, 5)), ones((10, 4))),
    "flatten": lambda: flatten_all(ones((2, 3, 4))),
    "vmap per example": lambda: batched(ones((7, 3)), ones((3, 2))),
    "vmap with a wrong weight": lambda: batched(ones((7, 3)), ones((4, 2))),
}

__all__ = ["AnnotationError", "CASES", "TypeCheckError", "install_import_hook", "print_bindings"]
