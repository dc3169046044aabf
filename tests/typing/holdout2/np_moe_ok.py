"""A mixture-of-experts layer with top-k softmax gating and the load-balancing auxiliary loss."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Token = DimensionVar("Token")
Model = DimensionVar("Model")
Expert = DimensionVar("Expert")
Hidden = DimensionVar("Hidden")


def softmax(x: NDArray[float32, Token, Expert]) -> NDArray[float32, Token, Expert]:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def top_k_gates(probs: NDArray[float32, Token, Expert], k: int) -> NDArray[float32, Token, Expert]:
    top = np.argsort(probs, axis=-1)[:, -k:]
    gates = np.zeros_like(probs)
    np.put_along_axis(gates, top, np.take_along_axis(probs, top, axis=-1), axis=-1)
    return gates / gates.sum(axis=-1, keepdims=True)


def moe_layer(
    x: NDArray[float32, Token, Model],
    w_gate: NDArray[float32, Model, Expert],
    w_in: NDArray[float32, Expert, Model, Hidden],
    w_out: NDArray[float32, Expert, Hidden, Model],
    k: int = 2,
) -> tuple[NDArray[float32, Token, Model], float]:
    probs = softmax(x @ w_gate)
    gates = top_k_gates(probs, k)
    hidden: NDArray[float32, Token, Expert, Hidden] = np.maximum(np.einsum("tm,emh->teh", x, w_in), 0)
    expert_out = np.einsum("teh,ehm->tem", hidden, w_out)
    y = np.einsum("te,tem->tm", gates, expert_out)
    n_experts = probs.shape[1]
    routed = (gates > 0).mean(axis=0)
    aux = n_experts * float((routed * probs.mean(axis=0)).sum())
    return y, aux


def main() -> None:
    rng = np.random.default_rng(16)
    f32 = np.float32
    tokens, model, experts, hidden = 10, 8, 4, 12
    x = rng.normal(size=(tokens, model)).astype(f32)
    y, aux = moe_layer(
        x,
        rng.normal(size=(model, experts)).astype(f32),
        (rng.normal(size=(experts, model, hidden)) / np.sqrt(model)).astype(f32),
        (rng.normal(size=(experts, hidden, model)) / np.sqrt(hidden)).astype(f32),
    )
    assert y.shape == (tokens, model)
    print("aux loss", aux)


if __name__ == "__main__":
    main()
