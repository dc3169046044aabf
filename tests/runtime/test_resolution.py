"""The resolution rule for annotations (issue 17): an annotation that cannot be resolved when
decorating is resolved at its first check, with the module's globals, the class namespace and the
names visible where `check` was applied; if it still cannot be, the check raises an
AnnotationError naming it. It is never silently left unchecked.
"""

import importlib.util
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ndtyping import AnnotationError, ShapeError, TypeCheckError

SOURCE = """
from __future__ import annotations

import dataclasses
from typing import Optional

import numpy as np
from ndtyping import Float, check


@check
class Model:
    def clone(self, other: Model) -> Model:
        return other

    def broken(self) -> Model:
        return 3


@check
@dataclasses.dataclass
class Node:
    x: Float[np.ndarray, "n"]
    next: Optional[Node] = None


@check
def typo(x: Flaot[np.ndarray, "n"]) -> int:
    return 1


def make_local():
    class Local:
        pass

    @check
    def f(x: Local, y: Float[np.ndarray, "n"]) -> int:
        return 1

    return f, Local


@check
def generator_naming_a_later_class(x: Later):
    yield x


@check
async def coroutine_naming_a_later_class(x: Later) -> Later:
    return x


class Later:
    pass
"""


@pytest.fixture(scope="module")
def module(tmp_path_factory: Any) -> Any:
    path = Path(tmp_path_factory.mktemp("resolution")) / "resolution_cases.py"
    path.write_text(textwrap.dedent(SOURCE))
    spec = importlib.util.spec_from_file_location("resolution_cases", path)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules["resolution_cases"] = loaded
    spec.loader.exec_module(loaded)
    yield loaded
    del sys.modules["resolution_cases"]


def test_class_whose_methods_name_the_class(module: Any) -> None:
    model = module.Model()
    assert model.clone(model) is model
    with pytest.raises(TypeCheckError, match="argument 'other'"):
        model.clone(3)
    with pytest.raises(TypeCheckError, match="return value"):
        model.broken()


def test_dataclass_with_postponed_annotations_and_a_self_reference(module: Any) -> None:
    node = module.Node(np.ones(3), module.Node(np.ones(2)))
    assert node.next is not None
    with pytest.raises(ShapeError, match="field 'x'"):
        module.Node(np.ones(3, np.int64))
    with pytest.raises(TypeCheckError, match="field 'next'"):
        module.Node(np.ones(3), 5)


def test_typo_in_a_postponed_annotation_is_an_error_at_the_first_call(module: Any) -> None:
    with pytest.raises(AnnotationError) as info:
        module.typo(np.ones(3))
    message = str(info.value)
    assert "typo() argument 'x'" in message and "Flaot" in message and "cannot be resolved" in message


def test_locally_defined_class_in_a_postponed_annotation(module: Any) -> None:
    f, local = module.make_local()
    assert f(local(), np.ones(2)) == 1
    with pytest.raises(TypeCheckError, match="argument 'x'"):
        f(3, np.ones(2))
    with pytest.raises(ShapeError, match="argument 'y'"):
        f(local(), np.ones(2, np.int64))


def test_generator_and_coroutine_naming_a_later_class(module: Any) -> None:
    import asyncio

    later = module.Later()
    assert list(module.generator_naming_a_later_class(later)) == [later]
    with pytest.raises(TypeCheckError, match="argument 'x'"):
        list(module.generator_naming_a_later_class(3))
    assert asyncio.run(module.coroutine_naming_a_later_class(later)) is later
    with pytest.raises(TypeCheckError, match="argument 'x'"):
        asyncio.run(module.coroutine_naming_a_later_class(3))


def test_generators_without_checked_parameters_can_be_decorated() -> None:
    # The generated wrapper once had an empty `try:` block here (an IndentationError at decoration).
    import asyncio

    from ndtyping import check

    @check
    def numbers(x):  # type: ignore[no-untyped-def]
        yield x

    @check
    async def later(x):  # type: ignore[no-untyped-def]
        yield x

    async def collect() -> list[Any]:
        return [item async for item in later(2)]

    assert list(numbers(1)) == [1]
    assert asyncio.run(collect()) == [2]
