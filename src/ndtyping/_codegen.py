"""Compiling generated source: the one place ndtyping calls `exec`.

Every wrapper and checker ndtyping generates goes through `define`, which
- registers the source in `linecache` under a unique file name, so tracebacks and debuggers
  show the generated lines (a frame without source is a frame nobody can read);
- puts `__tracebackhide__ = True` in the function's globals, so pytest leaves the frame out
  of its failure reports (the user's call line and the message are what matter there).
"""

from __future__ import annotations

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
    filename = f"<ndtyping {label} #{next(_serial)}>"
    # mtime None: linecache.checkcache keeps the entry (there is no file to compare with).
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace["__tracebackhide__"] = True
    exec(compile(source, filename, "exec"), namespace)  # our own generated code
    function = namespace[name]
    # The source lives as long as the code: checkers of annotations built at runtime
    # (`Float[A, f"{n} 3"]` from data) come and go, and their sources must not pile up.
    weakref.finalize(function, linecache.cache.pop, filename, None)
    return function  # type: ignore[no-any-return]
