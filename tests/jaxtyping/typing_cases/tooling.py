"""What pyright sees of jaxtyped and install_import_hook: decorated functions keep their types."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
from typing_extensions import assert_type

from ndtyping import Float, install_import_hook, jaxtyped
from ndtyping._jaxtyping.import_hook import ImportHook

Arr = np.ndarray[Any, Any]  # numpy 2.2's ndarray has no default type arguments


def _checker(fn: Callable[..., object]) -> Callable[..., object]:
    return fn


@jaxtyped(typechecker=_checker)
def scale(x: Float[Arr, "n"], k: int) -> int:
    return k


@jaxtyped
def bare(x: int) -> str:
    return str(x)


@jaxtyped(typechecker=None)
class Point:
    x: int


assert_type(scale(np.zeros(3), 2), int)
assert_type(bare(1), str)
assert_type(Point(), Point)
scale(np.zeros(3), "two")  # pyright: ignore[reportArgumentType]

with jaxtyped("context"):
    pass

with install_import_hook("mypkg", "beartype.beartype") as hook:
    hook.uninstall()
handle: ImportHook = install_import_hook(["a", "b"])
