"""L-BFGS written out: the two-loop recursion and the rolling curvature history."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Mem = DimensionVar("Mem")
Dim = DimensionVar("Dim")


def two_loop(grad: NDArray[float64, Dim], s: NDArray[float64, Mem, Dim], y: NDArray[float64, Mem, Dim]) -> NDArray[float64, Dim]:
    rho = 1.0 / (s * y).sum(axis=1)
    alpha = np.zeros(len(s))
    q = grad.copy()
    for i in reversed(range(len(s))):
        alpha[i] = rho[i] * (s[i] @ q)
        q = q - alpha[i] * y[i]
    r = q * (s[-1] @ y[-1]) / (y[-1] @ y[-1])
    for i in range(len(s)):
        beta = rho[i] * (y[i] @ r)
        r = r + s[i] * (alpha[i] - beta)
    return -r


def push(history: NDArray[float64, Mem, Dim], new: NDArray[float64, Dim]) -> NDArray[float64, Mem, Dim]:
    return np.concatenate([history[1:], new[None, :]], axis=0)


def rosenbrock_grad(x: NDArray[float64, Dim]) -> NDArray[float64, Dim]:
    g = np.zeros_like(x)
    g[:-1] = -400 * x[:-1] * (x[1:] - x[:-1] ** 2) - 2 * (1 - x[:-1])
    g[1:] += 200 * (x[1:] - x[:-1] ** 2)
    return g


def main() -> None:
    dim, mem = 6, 4
    x = np.zeros(dim)
    g = rosenbrock_grad(x)
    step = -1e-3 * g
    s = np.tile(step, (mem, 1))
    y = np.tile(rosenbrock_grad(x + step) - g, (mem, 1))
    x = x + step
    g = rosenbrock_grad(x)
    for _ in range(200):
        direction = two_loop(g, s, y)
        t = 1.0
        while np.sum((x + t * direction) ** 2) > 1e4 and t > 1e-8:
            t /= 2
        new_x = x + 0.5 * t * direction
        new_g = rosenbrock_grad(new_x)
        if (new_x - x) @ (new_g - g) > 1e-12:
            s, y = push(s, new_x - x), push(y, new_g - g)
        x, g = new_x, new_g
    print("x", np.round(x, 3), "grad norm", np.linalg.norm(g))


if __name__ == "__main__":
    main()
