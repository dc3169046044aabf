"""The static tooling: `ndtyping check`, `ndtyping editor`, the overlay of numpy's and jax's stubs
built from the templates in stubs/, the project's einsum rules, pyright's messages in ndtyping's
words, and the one pyright runner.

It imports only the root's `_errors` and `_compat`: never `_runtime` or `_jaxtyping`, so the
command line does not load the checker engine, and the runtime never loads the tooling.
What pyright reads of ndtyping's own types is generated into `_surface/` (stubs only).
"""
