"""Greedy decoding with a fixed-size token buffer in JAX, as jitted generation loops are written:
an int32 buffer filled with the prompt, lax.fori_loop over positions, each step embedding the
tokens seen so far (a causal bag-of-words model), the argmax written back with .at[].set."""

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
L = DimensionVar("L")
P = DimensionVar("P")
V = DimensionVar("V")
D = DimensionVar("D")


class BagOfWordsLM(NamedTuple):
    embed: jax.Array  # (vocab, dim)
    unembed: jax.Array  # (dim, vocab)


def next_token_logits(model: BagOfWordsLM, tokens: NDArray[np.int32, B, L], t: jax.Array) -> NDArray[np.float32, B, Any]:
    seen = (jnp.arange(tokens.shape[1]) < t).astype(jnp.float32)
    emb = model.embed[tokens] * seen[None, :, None]
    context = emb.sum(axis=1) / jnp.maximum(seen.sum(), 1.0)
    return context @ model.unembed


def greedy_decode(model: BagOfWordsLM, prompt: NDArray[np.int32, B, P], max_len: int) -> NDArray[np.int32, B, Any]:
    batch, prompt_len = prompt.shape
    tokens = jnp.zeros((batch, max_len), dtype=jnp.int32)
    tokens = tokens.at[:, :prompt_len].set(prompt)

    def body(t: int, toks: jax.Array) -> jax.Array:
        nxt = jnp.argmax(next_token_logits(model, toks, t), axis=-1)
        return toks.at[:, t].set(nxt.astype(toks.dtype))

    return jax.lax.fori_loop(prompt_len, max_len, body, tokens)


def main() -> None:
    vocab, dim = 11, 11
    # token v strongly predicts token (v + 1) % vocab
    embed = jnp.eye(vocab, dim) * 5.0
    unembed = jnp.roll(jnp.eye(dim, vocab), 1, axis=1)
    model = BagOfWordsLM(embed, unembed)
    prompt = jnp.array([[3], [7]], dtype=jnp.int32)
    out = greedy_decode(model, prompt, max_len=6)
    assert out.shape == (2, 6) and out.dtype == jnp.int32
    assert out[:, 0].tolist() == [3, 7]
    logits = next_token_logits(model, out, jnp.array(1))
    assert logits.shape == (2, 11)
    assert int(out[0, 1]) == 4 and int(out[1, 1]) == 8


if __name__ == "__main__":
    main()
