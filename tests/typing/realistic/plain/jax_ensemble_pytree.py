"""An ensemble of small jax MLPs kept as dict pytrees: vmap over the ensemble and the batch, per-example
gradients, untyped helpers and lambdas, the way quick research code is written."""

import jax
import jax.numpy as jnp


def init_member(key, sizes):
    params = {}
    keys = jax.random.split(key, len(sizes) - 1)
    for i, (k, (n_in, n_out)) in enumerate(zip(keys, zip(sizes[:-1], sizes[1:]))):
        params[f"w{i}"] = jax.random.normal(k, (n_in, n_out)) / jnp.sqrt(n_in)
        params[f"b{i}"] = jnp.zeros(n_out)
    return params


def forward(params, x):
    h = jnp.tanh(x @ params["w0"] + params["b0"])
    return (h @ params["w1"] + params["b1"]).squeeze(-1)


def loss(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


def main():
    key = jax.random.PRNGKey(0)
    members = [init_member(k, [3, 8, 1]) for k in jax.random.split(key, 4)]
    ensemble = jax.tree_util.tree_map(lambda *leaves: jnp.stack(leaves), *members)
    x = jax.random.normal(key, (16, 3))
    y = jnp.sin(x.sum(axis=1))

    predictions = jax.vmap(forward, in_axes=(0, None))(ensemble, x)
    spread = jax.vmap(lambda p: forward(p, x).std())(ensemble)
    norms = jax.vmap(lambda p: sum(jnp.sum(v**2) for v in p.values()))(ensemble)
    per_member = jax.vmap(loss, in_axes=(0, None, None))(ensemble, x, y)
    grads = jax.vmap(jax.grad(loss), in_axes=(0, None, None))(ensemble, x, y)
    first = jax.tree_util.tree_map(lambda g: g[0], grads)
    example_grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(members[0], x[:, None, :], y[:, None])

    def member_norm(p):
        return jnp.sqrt(sum(jnp.sum(v**2) for v in jax.tree_util.tree_leaves(p)))

    print(predictions.shape, spread.shape, norms, per_member, sorted(first), len(example_grads))
    print(jax.vmap(member_norm)(ensemble))


if __name__ == "__main__":
    main()
