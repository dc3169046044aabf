"""Fixtures for the tooling tests: throwaway packages on sys.path, removed again afterwards."""

from __future__ import annotations

import itertools
import sys
import textwrap
from pathlib import Path
from typing import Callable, Iterator

import pytest

_counter = itertools.count()

MakePackage = Callable[..., str]


@pytest.fixture
def make_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MakePackage]:
    """`make_package(files={"__init__.py": "...", "sub.py": "..."})` -> a fresh, importable package name."""
    made: list[str] = []
    monkeypatch.syspath_prepend(str(tmp_path))

    def make(files: dict[str, str], name: str = "") -> str:
        name = name or f"ndt_hooked_{next(_counter)}"
        root = tmp_path / name
        for relative, text in files.items():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text))
        made.append(name)
        return name

    yield make
    for module in list(sys.modules):
        if any(module == name or module.startswith(name + ".") for name in made):
            del sys.modules[module]
