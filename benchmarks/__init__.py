"""ndtyping's benchmarks: run each as a module from the repository root (`python -m benchmarks.runtime`)."""
