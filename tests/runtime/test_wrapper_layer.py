"""The wrapper layer (issue 18): environment switches, errors with fields, readable tracebacks,
one wording for dataclass fields."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
import textwrap
import traceback
from typing import Any

import numpy as np
import pytest

import ndtyping
from ndtyping import ConfigurationError, Float, ShapeError, TypeCheckError, check, jaxtyped
from ndtyping._config import switch

# ------------------------------------------------------------------ environment switches


@pytest.mark.parametrize("value", ["1", "true", "TRUE", "yes", "on", " On "])
def test_disable_switch_on(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("NDTYPING_DISABLE", value)

    def f(x: Float[np.ndarray, "n"]) -> None: ...

    assert check(f) is f
    assert jaxtyped(f, typechecker=None) is f


@pytest.mark.parametrize("value", ["", "0", "false", "False", "no", "off", "OFF"])
def test_disable_switch_off(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    # Before issue 18 every value but "" and "0" disabled the checks: "false" turned them off.
    monkeypatch.setenv("NDTYPING_DISABLE", value)

    def f(x: Float[np.ndarray, "n"]) -> None: ...

    checked = check(f)
    assert checked is not f
    with pytest.raises(ShapeError):
        checked(np.zeros((2, 2)))


@pytest.mark.parametrize("value", ["ture", "2", "disable", "-1"])
def test_disable_switch_rejects_other_values(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("NDTYPING_DISABLE", value)

    def f(x: int) -> None: ...

    with pytest.raises(ConfigurationError, match=rf"NDTYPING_DISABLE={value!r}"):
        check(f)
    with pytest.raises(ConfigurationError, match="NDTYPING_DISABLE"):
        jaxtyped(f, typechecker=None)


def test_switch_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NDTYPING_SOMETHING", "maybe")
    with pytest.raises(ConfigurationError, match=r"NDTYPING_SOMETHING='maybe'.*1, true, yes, on"):
        switch("NDTYPING_SOMETHING")
    monkeypatch.setenv("NDTYPING_SOMETHING", "no")
    assert switch("NDTYPING_SOMETHING") is False


def test_no_fastpath_switch_is_parsed_too() -> None:
    code = "import ndtyping"
    for value, ok in (("false", True), ("yes", True), ("nope", False)):
        env = {"PATH": "", "NDTYPING_NO_FASTPATH": value, "PYTHONPATH": ":".join(sys.path)}
        result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        assert (result.returncode == 0) == ok, (value, result.stderr)
        if not ok:
            assert "NDTYPING_NO_FASTPATH='nope'" in result.stderr
    code = textwrap.dedent(
        """
        import numpy as np
        from ndtyping import Float32, check
        @check
        def f(x: Float32[np.ndarray, "n"]) -> None: ...
        print(hasattr(f, "_ndt_fast_source"))
        """
    )
    # "false" keeps the fast path (before issue 18 any value but "" and "0" turned it off).
    env = {"PATH": "", "NDTYPING_NO_FASTPATH": "false", "PYTHONPATH": ":".join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


# ------------------------------------------------------------------ errors with fields


@check
def affine(x: Float[np.ndarray, "b i"], w: Float[np.ndarray, "i o"]) -> Float[np.ndarray, "b o"]:
    return x @ w


def test_errors_carry_their_parts() -> None:
    with pytest.raises(ShapeError) as info:
        affine(np.zeros((2, 3)), np.zeros((4, 5)))
    error = info.value
    assert error.function == "affine"
    assert error.parameter == "w"
    assert error.expected == 'Float[ndarray, "i o"]'
    assert error.got == "f64[4,5](numpy)"
    assert error.reason is not None and "dim i: 4 here, but x bound it to 3" in error.reason
    assert error.bindings is not None and "i=3" in error.bindings
    assert str(error) == (
        f"affine() argument 'w': expected {error.expected}, got {error.got}\n"
        f"  reason: {error.reason}\n  bindings: {error.bindings}"
    )
    again = pickle.loads(pickle.dumps(error))
    assert (again.function, again.parameter, again.reason, str(again)) == ("affine", "w", error.reason, str(error))


def test_return_and_field_errors_name_their_parameter() -> None:
    @check
    def bad(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
        return np.zeros(len(x) + 1)

    with pytest.raises(ShapeError) as info:
        bad(np.zeros(2))
    assert info.value.parameter == "return" and str(info.value).startswith("bad() return value: ")

    @check
    @dataclasses.dataclass
    class Pair:
        a: Float[np.ndarray, "n"]
        b: Float[np.ndarray, "n"]

    with pytest.raises(ShapeError) as info:
        Pair(np.zeros(2), np.zeros(3))
    assert (info.value.function, info.value.parameter) == ("Pair", "b")


def test_errors_print_as_ndtyping_errors() -> None:
    for error in (ndtyping.NdtypingError, ndtyping.AnnotationError, ConfigurationError, TypeCheckError, ShapeError):
        assert error.__module__ == "ndtyping"
    try:
        affine(np.zeros((2, 3)), np.zeros((4, 5)))
    except ShapeError as error:
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    assert "\nndtyping.ShapeError: affine() argument 'w'" in text


# ------------------------------------------------------------------ tracebacks


def _frames(error: BaseException) -> list[traceback.FrameSummary]:
    return list(traceback.extract_tb(error.__traceback__))


@pytest.mark.parametrize("which", ["argument", "return", "fast-return", "general", "field"])
def test_a_failing_call_shows_the_callers_line_and_only_frames_with_source(which: str) -> None:
    @check
    def fast(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
        return np.zeros(len(x) + 1)

    @check
    def general(x: Float[np.ndarray, "n"], *rest: Float[np.ndarray, "n"]) -> None: ...

    @check
    @dataclasses.dataclass
    class Pair:
        a: Float[np.ndarray, "n"]
        b: Float[np.ndarray, "n"]

    calls = {
        "argument": lambda: fast(np.zeros((2, 2))),  # THE USER'S CALL
        "return": lambda: fast(np.zeros(2, np.float16)),  # THE USER'S CALL
        "fast-return": lambda: fast(np.zeros(2)),  # THE USER'S CALL
        "general": lambda: general(np.zeros(2), np.zeros(3)),  # THE USER'S CALL
        "field": lambda: Pair(np.zeros(2), np.zeros(3)),  # THE USER'S CALL
    }
    with pytest.raises(TypeCheckError) as info:
        calls[which]()
    text = "".join(traceback.format_exception(info.type, info.value, info.tb))
    frames = _frames(info.value)
    assert all(frame.line for frame in frames), text
    assert any("# THE USER'S CALL" in (frame.line or "") for frame in frames), text
    # The last frame is where the error is raised: the generated wrapper's own `raise` line
    # (or the dataclass __init__), never deep inside the engine.
    assert "raise" in (frames[-1].line or ""), text
    assert len(frames) <= 4, text


def test_generated_wrappers_are_hidden_from_pytest_and_readable() -> None:
    wrapper = affine
    assert wrapper.__globals__["__tracebackhide__"] is True
    filename = wrapper.__code__.co_filename
    assert filename.startswith("<ndtyping check of affine")
    import linecache

    assert linecache.getline(filename, 1).startswith("def _ndt_wrapper(x, w)")


def test_a_live_wrapper_keeps_its_source_and_redefinitions_reuse_the_code() -> None:
    import linecache

    from ndtyping._runtime import codegen as _codegen

    def make(k: int) -> Any:
        namespace: dict[str, Any] = {}
        exec(
            f"def f{k}(x: Float[np.ndarray, 'n {k + 1}']) -> int:\n    return 1", {"Float": Float, "np": np}, namespace
        )
        return check(namespace[f"f{k}"])

    first = make(0)
    for k in range(1, _codegen._CODE_SIZE + 50):  # more distinct sources than the code cache holds
        make(k)
    filename = first.__code__.co_filename
    assert linecache.getline(filename, 1).startswith("def _ndt_wrapper(x)")  # evicted once: a traceback lost its lines

    def closure() -> Any:
        @check
        def inner(x: Float[np.ndarray, " n"]) -> int:
            return 1

        return inner

    assert closure().__code__ is closure().__code__  # a closure checked per call is compiled once


# ------------------------------------------------------------------ one wording for dataclass fields


def test_dataclass_fields_are_worded_alike_by_check_jaxtyped_and_the_hook() -> None:
    def make() -> type:
        @dataclasses.dataclass
        class Point:
            xy: Float[np.ndarray, "2"]

        return Point

    messages = []
    for decorate in (check, lambda cls: jaxtyped(cls, typechecker=check)):
        cls = decorate(make())
        with pytest.raises(ShapeError) as info:
            cls(np.zeros(3))
        messages.append(str(info.value))
    # Before issue 18, jaxtyped(typechecker=check) said "Point.__init__() argument 'xy'".
    assert messages[0] == messages[1]
    assert messages[0].startswith("Point() field 'xy': expected Float[ndarray, \"2\"], got f64[3](numpy)")
