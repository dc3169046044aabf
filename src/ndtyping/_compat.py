"""Python-version flags, kept in one place so every version branch is easy to find."""

from __future__ import annotations

import sys

PY311 = sys.version_info >= (3, 11)  # 3.11+: `*Shape` syntax, typing.TypeVarTuple

# The condition is spelled out (not `if PY311`) so that type checkers resolve the branch for the
# target version: pyright --pythonversion 3.10 would otherwise look for TypeVarTuple in typing.
if sys.version_info >= (3, 11):  # 3.11+
    from typing import TypeVarTuple, Unpack
else:  # <=3.10: the backport spelling `Unpack[Shape]`
    from typing_extensions import TypeVarTuple, Unpack

__all__ = ["PY311", "TypeVarTuple", "Unpack"]
