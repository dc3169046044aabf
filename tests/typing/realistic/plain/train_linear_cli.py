"""Command-line linear regression trainer with plain numpy (no ndtyping annotations)."""

import argparse
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt


@dataclass
class Config:
    n_samples: int = 200
    n_features: int = 5
    lr: float = 0.1
    epochs: int = 100
    seed: int = 0


def make_data(cfg: Config):
    rng = np.random.default_rng(cfg.seed)
    x = rng.standard_normal((cfg.n_samples, cfg.n_features))
    true_w = rng.standard_normal(cfg.n_features)
    y = x @ true_w + 0.1 * rng.standard_normal(cfg.n_samples)
    return x, y, true_w


def train(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], cfg: Config) -> npt.NDArray[np.float64]:
    w = np.zeros(x.shape[1])
    for epoch in range(cfg.epochs):
        grad = x.T @ (x @ w - y) / len(y)
        w -= cfg.lr * grad
        if epoch % 25 == 0:
            loss = float(np.mean((x @ w - y) ** 2))
            print(f"epoch {epoch}: loss {loss:.4f}")
    return w


def main(argv=None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=100)
    parser.add_argument("--lr", type=float, default=0.1)
    args = parser.parse_args(argv)
    cfg = Config(epochs=args.epochs, lr=args.lr)
    x, y, true_w = make_data(cfg)
    w = train(x, y, cfg)
    print("error", np.abs(w - true_w).max())


if __name__ == "__main__":
    main([])
