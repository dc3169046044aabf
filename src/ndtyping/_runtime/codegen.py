"""Compiling generated source: the one place ndtyping calls `exec`.

Every wrapper and checker ndtyping generates goes through `define`, which
- registers the source in `linecache` under a unique file name, so tracebacks and debuggers
  show the generated lines (a frame without source is a frame nobody can read);
- puts `__tracebackhide__ = True` in the function's globals, so pytest leaves the frame out
  of its failure reports (the user's call line and the message are what matter there).
"""

from __future__ import annotations

import collections
import itertools
import linecache
import weakref
from typing import Any, Callable

__all__ = ["define"]

_serial = itertools.count(1)


def define(source: str, name: str, namespace: dict[str, Any], label: str) -> Callable[..., Any]:
    """Execute `source` (which defines the function `name`) in `namespace`; return the function.

    `label` says what the code is ("check of Model.forward"): it becomes the file name
    `<ndtyping check of Model.forward #12>` that tracebacks print.
    """
    namespace["__tracebackhide__"] = True
    code = _compiled(source, label)
    exec(code, namespace)  # our own generated code
    function = namespace[name]
    # The source stays in linecache while a function made from it lives (tracebacks, debuggers),
    # or while its code is cached: checkers of annotations built at runtime (`Float[A, f"{n} 3"]`
    # from data) come and go, and their sources must not pile up.
    filename = code.co_filename
    _live[filename] = _live.get(filename, 0) + 1
    weakref.finalize(function, _release, filename)
    return function  # type: ignore[no-any-return]


# Compiled sources, the most recent first: a function defined again (a closure in a checked
# module, a class decorated per call) gets the same wrapper source, and compiling it is most of
# what decorating costs. Bounded, so sources built from data at runtime do not pile up.
_CODE: collections.OrderedDict[tuple[str, str], Any] = collections.OrderedDict()
_CODE_SIZE = 512
_live: dict[str, int] = {}  # file name -> functions alive that were made from it
_cached_files: set[str] = set()  # the file names of the codes in _CODE


def _compiled(source: str, label: str) -> Any:
    key = (source, label)
    code = _CODE.get(key)
    if code is not None:
        _CODE.move_to_end(key)
        return code
    filename = _file_name(label)
    # mtime None: linecache.checkcache keeps the entry (there is no file to compare with).
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    code = _CODE[key] = compile(source, filename, "exec")
    _cached_files.add(filename)
    while len(_CODE) > _CODE_SIZE:
        _, old = _CODE.popitem(last=False)
        _cached_files.discard(old.co_filename)
        if not _live.get(old.co_filename):
            _forget(old.co_filename)
    return code


def _release(filename: str) -> None:
    left = _live.pop(filename, 1) - 1
    if left:
        _live[filename] = left
    elif filename not in _cached_files:
        _forget(filename)


# File names are reused once their code is gone: compile() interns a code's file name, and an
# interned string is never freed, so a new name per annotation built at runtime would pile up.
_free_serials: dict[str, list[int]] = {}  # label -> serials free for reuse
_named: dict[str, tuple[str, int]] = {}  # file name in use -> (label, serial)


def _file_name(label: str) -> str:
    free = _free_serials.get(label)
    serial = free.pop() if free else next(_serial)
    filename = f"<ndtyping {label} #{serial}>"
    _named[filename] = (label, serial)
    return filename


def _forget(filename: str) -> None:
    linecache.cache.pop(filename, None)
    named = _named.pop(filename, None)
    if named is not None:
        _free_serials.setdefault(named[0], []).append(named[1])
