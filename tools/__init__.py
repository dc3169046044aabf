"""ndtyping's development tools: the generators of the committed stubs and the measurements.

Run from the repository root as modules (`python -m tools.generate`, `python -m tools.measure_corpus`);
nothing here is shipped in the wheel.
"""
