"""Multinomial logistic regression trained by gradient descent on the loss and gradient
scikit-learn's LogisticRegression(multi_class='multinomial') minimises: weighted cross-entropy
with an L2 penalty, coefficients laid out (classes, features)."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
F = DimensionVar("F")
C = DimensionVar("C")


def softmax(z: NDArray[np.float64, N, C]) -> NDArray[np.float64, N, C]:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def loss_and_grad(
    W: NDArray[np.float64, C, F], b: NDArray[np.float64, C], X: NDArray[np.float64, N, F], Y: NDArray[np.float64, N, C], alpha: float, sample_weight: NDArray[np.float64, N]
) -> tuple[float, NDArray[np.float64, C, F], NDArray[np.float64, C]]:
    P = softmax(X @ W.T + b)
    loss = -np.sum(sample_weight[:, None] * Y * np.log(P + 1e-12)) + 0.5 * alpha * np.sum(W * W)
    diff = sample_weight[:, None] * (P - Y)
    grad_W = X.T @ diff + alpha * W  # BUG: operands swapped: an (F, C) gradient for (C, F) coefficients
    grad_b = diff.sum(axis=0)
    return float(loss), grad_W, grad_b


def fit(X: NDArray[np.float64, N, F], Y: NDArray[np.float64, N, C], alpha: float = 1e-2, lr: float = 0.5, n_iter: int = 300) -> tuple[NDArray[np.float64, C, F], NDArray[np.float64, C], list[float]]:
    W = np.zeros((Y.shape[1], X.shape[1]))
    b = np.zeros(Y.shape[1])
    sample_weight = np.full(X.shape[0], 1.0 / X.shape[0])
    history = []
    for _ in range(n_iter):
        loss, gW, gb = loss_and_grad(W, b, X, Y, alpha, sample_weight)
        W, b = W - lr * gW, b - lr * gb
        history.append(loss)
    return W, b, history


def predict(W: NDArray[np.float64, C, F], b: NDArray[np.float64, C], X: NDArray[np.float64, N, F]) -> NDArray[np.intp, N]:
    return np.argmax(X @ W.T + b, axis=1)


def main() -> None:
    rng = np.random.default_rng(18)
    centres = np.array([[2.0, 0.0, 0.0, 1.0, 0.0], [-2.0, 1.0, 0.0, 0.0, 0.0], [0.0, -2.0, 2.0, 0.0, 0.0]])
    y = rng.integers(0, 3, size=90)
    X = centres[y] + rng.normal(scale=0.8, size=(90, 5))
    Y = np.eye(3)[y]
    W, b, history = fit(X, Y)
    assert W.shape == (3, 5) and b.shape == (3,)
    assert history[-1] < history[0]
    assert np.mean(predict(W, b, X) == y) > 0.9


if __name__ == "__main__":
    main()
