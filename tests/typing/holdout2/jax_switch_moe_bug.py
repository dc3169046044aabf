"""A Switch-style mixture of experts: top-1 routing with jax.nn.one_hot and einsum dispatch."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Token = DimensionVar("Token")
Model = DimensionVar("Model")
Expert = DimensionVar("Expert")
Hidden = DimensionVar("Hidden")


def route(x: NDArray[float32, Token, Model], w_router: NDArray[float32, Model, Expert]) -> tuple[NDArray[float32, Token, Expert], NDArray[float32, Token, Expert]]:
    probs = jax.nn.softmax(x @ w_router, axis=-1)
    choice = jax.nn.one_hot(jnp.argmax(probs, axis=-1), probs.shape[-1])
    return probs, choice


def experts(
    x: NDArray[float32, Token, Model], choice: NDArray[float32, Token, Expert], w1: NDArray[float32, Expert, Model, Hidden], w2: NDArray[float32, Expert, Hidden, Model]
) -> NDArray[float32, Token, Model]:
    dispatched = jnp.einsum("te,tm->tem", choice, x)  # BUG: einsum output keeps tokens first: (Token, Expert, Model)
    h = jax.nn.gelu(jnp.einsum("etm,emh->eth", dispatched, w1))
    out = jnp.einsum("eth,ehm->etm", h, w2)
    return out.sum(axis=0)


def switch_layer(
    x: NDArray[float32, Token, Model], w_router: NDArray[float32, Model, Expert], w1: NDArray[float32, Expert, Model, Hidden], w2: NDArray[float32, Expert, Hidden, Model]
) -> tuple[NDArray[float32, Token, Model], jax.Array]:
    probs, choice = route(x, w_router)
    gate = (probs * choice).sum(axis=-1, keepdims=True)
    y = experts(x, choice, w1, w2) * gate
    balance = probs.shape[-1] * jnp.sum(choice.mean(axis=0) * probs.mean(axis=0))
    return x + y, balance


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(4), 4)
    tokens, model, n_exp, hidden = 12, 8, 4, 16
    x = jax.random.normal(keys[0], (tokens, model))
    y, balance = switch_layer(
        x,
        jax.random.normal(keys[1], (model, n_exp)),
        jax.random.normal(keys[2], (n_exp, model, hidden)) / jnp.sqrt(model),
        jax.random.normal(keys[3], (n_exp, hidden, model)) / jnp.sqrt(hidden),
    )
    assert y.shape == (tokens, model)
    print("balance loss", float(balance))


if __name__ == "__main__":
    main()
