"""The pyright bug that shapes ndtyping's static NDArray (docs/dev/static-ndarray.md).

For `Protocol[T, *Ts]`, pyright 1.1.414 leaves `Ts` unsolved when the source's member returns
`tuple[Any, ...]` (what numpy gives an array of unknown shape). tests/typing/test_protocol_bug.py
runs pyright on this file and fails on the day the two lines marked BUG are accepted.
"""

from typing import Any, Protocol, TypeVar, TypeVarTuple, reveal_type

T = TypeVar("T", covariant=True)
Ts = TypeVarTuple("Ts")
N = TypeVar("N")
U = TypeVar("U")
Us = TypeVarTuple("Us")


class P(Protocol[T, *Ts]):
    def get(self) -> tuple[T, tuple[*Ts]]: ...


class POnlyTs(Protocol[*Ts]):
    def get(self) -> tuple[int, tuple[*Ts]]: ...


class Impl:
    def get(self) -> tuple[int, tuple[Any, ...]]: ...


def f(x: P[int, N]) -> None: ...
def f_only(x: POnlyTs[N]) -> None: ...
def g(x: P[U, *Us]) -> P[U, *Us]: ...


f(Impl())  # BUG: error "*Ts@P" is not the same as "*tuple[N@f]"
f_only(Impl())  # OK (solution empty -> protocol left unspecialized)
ok: P[int, str] = Impl()  # OK (no unsolved TypeVars in dest type args)
reveal_type(g(Impl()))  # BUG: leaks "P[int, *Ts@P]"
