"""The runtime core: reading array annotations and checking real arrays against them.

The grammar of shape strings, the engine that matches an array against a spec, dtypes, the
per-call dimension bindings, `check` and its compiled fast path, NDArray's runtime class, the
jaxtyping-style annotations (`Float32[np.ndarray, "n"]`), pytrees, and array types as values
(`is_super`, `filter`, ...). It imports only the root's `_errors`, `_config` and `_compat`; it
never imports `_jaxtyping`, `_static` or jax (jax is imported lazily, where an annotation needs it).
"""
