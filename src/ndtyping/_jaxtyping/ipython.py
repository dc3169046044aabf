"""The IPython extension: `%load_ext ndtyping` checks the functions and classes defined in cells.

It registers an AST transformer that adds the same decorators as the import hook (see
_instrument.py) to every cell. `%ndtyping.typechecker beartype.beartype` switches to an
external typechecker (also registered as `%jaxtyping.typechecker`, jaxtyping's name for it);
`%ndtyping.typechecker None` goes back to ndtyping's own `check`. This module is imported only by the extension, so
`import ndtyping` never imports IPython.
"""

from __future__ import annotations

import ast
from typing import Any, Optional

from .instrument import Instrumenter, instrument_tree
from .jaxtyped import resolve_typechecker
from .typechecker import typechecker_from_spelling

__all__ = ["CellInstrumenter", "load_ipython_extension", "unload_ipython_extension"]

# `%jaxtyping.typechecker` too, so notebooks written for jaxtyping keep working after the
# import changes (IPython knows magics by name only; no jaxtyping module is involved).
_MAGICS = ("ndtyping.typechecker", "jaxtyping.typechecker")


class CellInstrumenter(ast.NodeTransformer):
    """Adds ndtyping's check decorators to the annotated functions and classes of each cell."""

    def __init__(self, typechecker: Optional[Any] = None) -> None:
        who = "%ndtyping.typechecker"
        self.instrumenter = Instrumenter(resolve_typechecker(typechecker_from_spelling(typechecker, who), who=who))

    def visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, ast.Module):
            instrument_tree(node, self.instrumenter)
        return node

    def __repr__(self) -> str:
        checker = self.instrumenter.typechecker
        return f"<ndtyping cell checks ({'ndtyping.check' if checker is None else checker!r})>"


def _remove_transformers(ipython: Any) -> None:
    ipython.ast_transformers[:] = [t for t in ipython.ast_transformers if not isinstance(t, CellInstrumenter)]


def load_ipython_extension(ipython: Any) -> None:
    _remove_transformers(ipython)  # loading twice must not check twice
    ipython.ast_transformers.append(CellInstrumenter())

    def choose_typechecker(line: str) -> None:
        """%ndtyping.typechecker beartype.beartype | typeguard.typechecked | None"""
        text = line.strip()
        transformer = CellInstrumenter(None if text in ("", "None", "none") else text)
        _remove_transformers(ipython)
        ipython.ast_transformers.append(transformer)

    for name in _MAGICS:
        ipython.register_magic_function(choose_typechecker, magic_kind="line", magic_name=name)


def unload_ipython_extension(ipython: Any) -> None:
    _remove_transformers(ipython)
