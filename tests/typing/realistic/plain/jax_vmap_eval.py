"""Evaluating a jax model over a grid of hyperparameters with vmap, jit and plain Python loops."""

import functools

import jax
import jax.numpy as jnp
import numpy as np


def model(theta, x):
    return theta[0] * jnp.sin(theta[1] * x) + theta[2]


@functools.partial(jax.jit, static_argnames=("n",))
def evaluate(theta, n=50):
    x = jnp.linspace(0, 2 * jnp.pi, n)
    y = jnp.sin(x)
    return jnp.mean((model(theta, x) - y) ** 2)


def grid(values_a, values_b):
    return jnp.array([[a, b, 0.0] for a in values_a for b in values_b])


def main() -> None:
    thetas = grid(np.linspace(0.5, 1.5, 5), np.linspace(0.5, 1.5, 5))
    losses = jax.vmap(evaluate)(thetas)
    best = int(jnp.argmin(losses))
    results = {tuple(np.asarray(t).round(2).tolist()): float(l) for t, l in zip(thetas, losses)}
    print(thetas[best], float(losses[best]), len(results))


if __name__ == "__main__":
    main()
