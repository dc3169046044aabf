"""Experiments behind docs/dev/pyright-performance.md (`python -m benchmarks.pyright_experiments.synth`)."""
