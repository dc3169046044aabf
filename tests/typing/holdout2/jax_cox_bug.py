"""The Cox proportional-hazards partial likelihood (Breslow, no ties) fitted by gradient descent."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32

Subject = DimensionVar("Subject")
Covariate = DimensionVar("Covariate")


def risk_sets(time: NDArray[float32, Subject]) -> NDArray[bool_, Subject, Subject]:
    # row i: the subjects still at risk when subject i has its event
    return time[None, :] >= time[:, None]


def neg_partial_loglik(
    beta: NDArray[float32, Covariate], x: NDArray[float32, Subject, Covariate], at_risk: NDArray[bool_, Subject, Subject], event: NDArray[float32, Subject]
) -> jax.Array:
    eta = beta @ x  # BUG: operands swapped: (Covariate,) @ (Subject, Covariate)
    log_denominator = jax.nn.logsumexp(jnp.where(at_risk, eta[None, :], -jnp.inf), axis=1)
    return -jnp.sum(event * (eta - log_denominator)) / jnp.maximum(event.sum(), 1.0)


def fit(x: NDArray[float32, Subject, Covariate], time: NDArray[float32, Subject], event: NDArray[float32, Subject], lr: float = 0.5, steps: int = 200) -> NDArray[float32, Covariate]:
    at_risk = risk_sets(time)
    grad = jax.jit(jax.grad(neg_partial_loglik))
    beta = jnp.zeros(x.shape[1])
    for _ in range(steps):
        beta = beta - lr * grad(beta, x, at_risk, event)
    return beta


def concordance(beta: NDArray[float32, Covariate], x: NDArray[float32, Subject, Covariate], time: NDArray[float32, Subject], event: NDArray[float32, Subject]) -> float:
    risk = x @ beta
    earlier = (time[:, None] < time[None, :]) & (event[:, None] > 0)
    agree = earlier & (risk[:, None] > risk[None, :])
    return float(agree.sum() / jnp.maximum(earlier.sum(), 1))


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(18), 3)
    x = jax.random.normal(k1, (40, 3))
    true_beta = jnp.array([0.8, -0.5, 0.0])
    time = jax.random.exponential(k2, (40,)) / jnp.exp(x @ true_beta)
    event = (jax.random.uniform(k3, (40,)) < 0.8).astype(jnp.float32)
    beta = fit(x, time, event)
    print("beta", beta, "c-index", concordance(beta, x, time, event))


if __name__ == "__main__":
    main()
