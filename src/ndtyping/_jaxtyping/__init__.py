"""Compatibility with jaxtyping's ways of wiring checks: `jaxtyped`, the import hook, the IPython
extension, the pytest plugin, the jax vocabulary (`Array`, `PRNGKeyArray`, ...) and external
typecheckers (beartype, typeguard) named by object or by dotted string.

It builds on `_runtime` (and the root's `_errors`, `_config`, `_compat`); `_runtime` never
imports it, and it never imports `_static`.
"""
