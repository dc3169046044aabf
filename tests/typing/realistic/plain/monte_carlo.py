"""Monte Carlo option pricing and a random walk simulation with a small class (numpy)."""

import math
from dataclasses import dataclass

import numpy as np


@dataclass
class Market:
    spot: float
    rate: float
    vol: float


class Simulator:
    def __init__(self, market: Market, seed: int = 0) -> None:
        self.market = market
        self.rng = np.random.default_rng(seed)

    def terminal_prices(self, maturity: float, n_paths: int):
        m = self.market
        z = self.rng.standard_normal(n_paths)
        drift = (m.rate - 0.5 * m.vol**2) * maturity
        return m.spot * np.exp(drift + m.vol * math.sqrt(maturity) * z)

    def call_price(self, strike: float, maturity: float, n_paths: int = 100_000) -> float:
        payoff = np.maximum(self.terminal_prices(maturity, n_paths) - strike, 0.0)
        return float(math.exp(-self.market.rate * maturity) * payoff.mean())

    def random_walks(self, n_walks: int, n_steps: int):
        steps = self.rng.choice([-1, 1], size=(n_walks, n_steps))
        return np.cumsum(steps, axis=1)


def main() -> None:
    sim = Simulator(Market(spot=100.0, rate=0.01, vol=0.2))
    print(round(sim.call_price(100.0, 1.0), 2))
    walks = sim.random_walks(1000, 50)
    print(walks.shape, float(np.abs(walks[:, -1]).mean()))


if __name__ == "__main__":
    main()
