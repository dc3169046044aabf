"""A small jax MLP whose parameters are a dict pytree, trained with jax.grad and tree_map."""

import jax
import jax.numpy as jnp


def init_params(key, sizes):
    params = {}
    keys = jax.random.split(key, len(sizes) - 1)
    for i, (k, n_in, n_out) in enumerate(zip(keys, sizes[:-1], sizes[1:])):
        params[f"w{i}"] = jax.random.normal(k, (n_in, n_out)) / jnp.sqrt(n_in)
        params[f"b{i}"] = jnp.zeros(n_out)
    return params


def forward(params, x):
    n_layers = len(params) // 2
    for i in range(n_layers):
        x = x @ params[f"w{i}"] + params[f"b{i}"]
        if i < n_layers - 1:
            x = jax.nn.relu(x)
    return x


def loss_fn(params, x, y):
    pred = forward(params, x)
    return jnp.mean((pred - y) ** 2)


@jax.jit
def sgd_step(params, x, y, lr=0.05):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def main() -> None:
    key = jax.random.PRNGKey(0)
    params = init_params(key, [3, 16, 1])
    x = jax.random.normal(key, (64, 3))
    y = jnp.sum(x, axis=1, keepdims=True)
    for step in range(50):
        params, loss = sgd_step(params, x, y)
        if step % 10 == 0:
            print(step, float(loss))
    print({k: v.shape for k, v in params.items()})


if __name__ == "__main__":
    main()
