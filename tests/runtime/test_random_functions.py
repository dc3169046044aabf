"""Random annotated functions, classes and dataclasses: every annotated parameter is really checked.

Hypothesis writes the source of a small module (issue 17's acceptance test): parameters of every
kind (positional-only, positional-or-keyword, keyword-only, *args, **kwargs, with and without
defaults), postponed annotations on and off (`from __future__ import annotations`), a class named
in an annotation before it is defined, plain functions, methods (plain, static, class; decorated
one by one or through `@check` on the class), dataclasses, and sync, async, generator and async
generator bodies. For each, a call with valid values must run, and a call with one wrong value
for any one annotated parameter (or field) must raise an ndtyping error: an annotation that is
silently unchecked fails the test.
"""

import asyncio
import collections
import itertools
import sys
import types
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ndtyping import NdtypingError

EXAMPLES = 300  # generated modules per run (each is executed and called 2 + 2 * parameters times)

# (annotation as written, a valid value, a wrong value). Array sizes are all 3, so every array
# annotation that shares a dimension name agrees with the others.
ANNOTATIONS: list[tuple[str, Any, Any]] = [
    ("int", 3, "three"),
    ("str", "a", 1),
    ("Optional[int]", None, 2.5),
    ("list[int]", [1, 2], [1, "2"]),
    ("tuple[int, str]", (1, "a"), (1, 2)),
    ("dict[str, float]", {"a": 1.0}, {"a": "b"}),
    ('Float[np.ndarray, "n"]', np.ones(3), np.ones(3, np.int64)),
    ('Float32[np.ndarray, "n 3"]', np.ones((3, 3), np.float32), np.ones((3, 4), np.float32)),
    ("NDArray[float32, N]", np.ones(3, np.float32), np.ones(3)),
    ("npt.NDArray[np.float32]", np.ones(2, np.float32), np.ones(2)),
    ("Point", "<a Point>", "point"),  # a class defined after the function (a forward reference)
    ("Batch", {"count": 1}, {"count": "1"}),  # a TypedDict
    ("Literal['a', 'b']", "a", "c"),
]
PREAMBLE = """\
import dataclasses
from typing import Any, Literal, Optional, TypedDict
import numpy as np
import numpy.typing as npt
from ndtyping import DimensionVar, Float, Float32, NDArray, check, float32

N = DimensionVar("n")


class Batch(TypedDict):
    count: int
"""
EPILOGUE = """

class Point:
    pass
"""
KINDS = ("positional_only", "positional", "keyword_only", "var_positional", "var_keyword")
BODIES = ("sync", "async", "generator", "async_generator")
CONTAINERS = ("function", "method", "staticmethod", "classmethod", "checked_class", "dataclass")
_counter = itertools.count()
STATS: "collections.Counter[str]" = collections.Counter()


@st.composite
def programs(draw: Any) -> dict[str, Any]:
    container = draw(st.sampled_from(CONTAINERS))
    body = "sync" if container == "dataclass" else draw(st.sampled_from(BODIES))
    postponed = draw(st.booleans())
    count = draw(st.integers(1, 4))
    params = []
    for index in range(count):
        kind = "positional" if container == "dataclass" else draw(st.sampled_from(KINDS))
        annotation = draw(st.integers(0, len(ANNOTATIONS) - 1))
        # (no default of a class that does not exist yet when the function is defined)
        has_default = (
            kind not in ("var_positional", "var_keyword")
            and ANNOTATIONS[annotation][0] != "Point"
            and draw(st.booleans())
        )
        params.append({"name": f"p{index}", "kind": kind, "annotation": annotation, "default": has_default})
    # Python's order: positional-only, positional, *args, keyword-only, **kwargs; one * and one **.
    order = {
        kind: rank
        for rank, kind in enumerate(("positional_only", "positional", "var_positional", "keyword_only", "var_keyword"))
    }
    params.sort(key=lambda p: (order[p["kind"]], p["name"]))
    seen: set[str] = set()
    unique = []
    for p in params:
        if p["kind"] in ("var_positional", "var_keyword") and p["kind"] in seen:
            continue
        seen.add(p["kind"])
        unique.append(p)
    # A positional parameter without a default may not follow one with a default.
    defaulted = False
    for p in unique:
        if p["kind"] in ("positional_only", "positional"):
            if defaulted:
                p["default"] = True
                if ANNOTATIONS[p["annotation"]][0] == "Point":  # no Point exists to be its default
                    p["annotation"] = 0
            defaulted |= p["default"]
    return {"container": container, "body": body, "postponed": postponed, "params": unique}


def _written(annotation: str, postponed: bool) -> str:
    # Without postponed annotations, the forward reference must be quoted.
    return f'"{annotation}"' if annotation == "Point" and not postponed else annotation


def _source(program: dict[str, Any]) -> str:
    postponed = program["postponed"]
    lines = ["from __future__ import annotations", PREAMBLE] if postponed else [PREAMBLE]
    defaults = []
    for p in program["params"]:
        if p["default"]:
            defaults.append(p)
    parts = []
    kinds = [p["kind"] for p in program["params"]]
    for p in program["params"]:
        text = _written(ANNOTATIONS[p["annotation"]][0], postponed)
        default = f" = DEFAULTS[{p['name']!r}]" if p["default"] else ""
        if p["kind"] == "var_positional":
            parts.append(f"*{p['name']}: {text}")
        elif p["kind"] == "var_keyword":
            parts.append(f"**{p['name']}: {text}")
        elif p["kind"] == "keyword_only" and "var_positional" not in kinds and "*" not in parts:
            parts += ["*", f"{p['name']}: {text}{default}"]
        else:
            parts.append(f"{p['name']}: {text}{default}")
        if p["kind"] == "positional_only" and (
            program["params"].index(p) == len(program["params"]) - 1
            or program["params"][program["params"].index(p) + 1]["kind"] != "positional_only"
        ):
            parts.append("/")
    container, body = program["container"], program["body"]
    prefix = {"sync": "def", "async": "async def", "generator": "def", "async_generator": "async def"}[body]
    statement = {"sync": "return 1", "async": "return 1", "generator": "yield 1", "async_generator": "yield 1"}[body]
    if container == "dataclass":
        fields = [f"    {p['name']}: {_written(ANNOTATIONS[p['annotation']][0], postponed)}"
                  + (f" = dataclasses.field(default_factory=lambda: DEFAULTS[{p['name']!r}])" if p["default"] else "")
                  for p in program["params"]]  # fmt: skip
        lines += ["@check", "@dataclasses.dataclass", "class Subject:", *fields, ""]
        lines.append("TARGET = Subject")
    elif container == "function":
        lines += ["@check", f"{prefix} target({', '.join(parts)}):", f"    {statement}", "TARGET = target"]
    else:
        receiver = {"method": ["self"], "staticmethod": [], "classmethod": ["cls"], "checked_class": ["self"]}[
            container
        ]
        decorators = {"method": ["@check"], "staticmethod": ["@staticmethod", "@check"],
                      "classmethod": ["@classmethod", "@check"], "checked_class": []}[container]  # fmt: skip
        signature = ", ".join(receiver + parts) if receiver else ", ".join(parts)
        if receiver and parts and parts[0] == "/":
            signature = ", ".join(receiver + parts[1:])
        lines += (["@check"] if container == "checked_class" else []) + [
            "class Subject:",
            *[f"    {d}" for d in decorators],
            f"    {prefix} target({signature}):",
            f"        {statement}",
        ]
        lines.append(
            "TARGET = Subject().target" if container in ("method", "checked_class") else "TARGET = Subject.target"
        )
    lines.append(EPILOGUE)
    return "\n".join(lines)


def _load(source: str, defaults: dict[str, Any]) -> Any:
    name = f"ndtyping_random_module_{next(_counter)}"
    module = types.ModuleType(name)
    module.__dict__["DEFAULTS"] = defaults
    sys.modules[name] = module  # dataclasses reads the module of a class
    try:
        exec(compile(source, f"<{name}>", "exec"), module.__dict__)  # noqa: S102 (generated by the test)
    finally:
        del sys.modules[name]
    return module.TARGET, module


def _call(target: Any, body: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    result = target(*args, **kwargs)
    if body == "async":
        return asyncio.run(result)
    if body == "generator":
        return list(result)
    if body == "async_generator":

        async def collect() -> list[Any]:
            return [item async for item in result]

        return asyncio.run(collect())
    return result


ANNOTATION_VALUES: dict[str, Any] = {}  # values that exist only once the module ran ("<a Point>")


def _resolve(value: Any) -> Any:
    return ANNOTATION_VALUES.get(value, value) if isinstance(value, str) else value


def _arguments(
    params: list[dict[str, Any]], wrong: Any = None, use_defaults: bool = False
) -> tuple[list[Any], dict[str, Any]]:
    """Valid arguments (one wrong value for the parameter `wrong`); `use_defaults`: leave out every
    parameter that has a default, and *args (whose items would fill the left-out positions)."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in params:
        good, bad = map(_resolve, ANNOTATIONS[p["annotation"]][1:])
        value = bad if p["name"] == wrong else good
        if use_defaults and (p["default"] or p["kind"] == "var_positional"):
            continue
        if p["kind"] in ("positional_only", "positional"):
            args.append(value)
        elif p["kind"] == "keyword_only":
            kwargs[p["name"]] = value
        elif p["kind"] == "var_positional":
            args += [good, value]
        else:
            kwargs.update(extra_a=good, extra_b=value)
    return args, kwargs


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # fmt: skip
@given(programs())
def _every_annotated_parameter_is_checked(program: dict[str, Any]) -> None:
    STATS["programs"] += 1
    STATS[program["container"]] += 1
    STATS[program["body"]] += 1
    STATS["postponed" if program["postponed"] else "evaluated"] += 1
    for p in program["params"]:
        STATS[p["kind"]] += 1
        STATS["default"] += p["default"]
        STATS[ANNOTATIONS[p["annotation"]][0]] += 1
    defaults = {p["name"]: ANNOTATIONS[p["annotation"]][1] for p in program["params"]}
    source = _source(program)
    target, module = _load(source, defaults)
    ANNOTATION_VALUES["<a Point>"] = module.Point()
    body = program["body"]
    params = program["params"]
    if program["container"] == "dataclass":  # fields: by keyword
        target(**{p["name"]: _resolve(ANNOTATIONS[p["annotation"]][1]) for p in params})
        for p in params:
            values = {q["name"]: _resolve(ANNOTATIONS[q["annotation"]][1]) for q in params}
            values[p["name"]] = ANNOTATIONS[p["annotation"]][2]
            with pytest.raises(NdtypingError):
                target(**values)
        return
    args, kwargs = _arguments(params)
    _call(target, body, args, kwargs)  # every valid call runs
    args, kwargs = _arguments(params, use_defaults=True)
    _call(target, body, args, kwargs)  # and with the defaults
    for p in params:
        args, kwargs = _arguments(params, wrong=p["name"])
        try:
            _call(target, body, args, kwargs)
        except NdtypingError:
            continue
        pytest.fail(f"parameter {p['name']} ({ANNOTATIONS[p['annotation']][0]}) was not checked in:\n{source}")


def test_every_annotated_parameter_is_checked(record_property: Any) -> None:
    STATS.clear()
    _every_annotated_parameter_is_checked()
    print(f"[ndtyping random functions] {dict(STATS)}")
    record_property("random_functions", dict(STATS))
    # The generator really explores: each feature is in at least 3% of the programs.
    programs = STATS["programs"]
    assert programs >= 0.9 * EXAMPLES
    features = [*CONTAINERS, *BODIES, *KINDS, "postponed", "evaluated", "default", *(a[0] for a in ANNOTATIONS)]
    rare = {feature: STATS[feature] for feature in features if STATS[feature] < 0.03 * programs}
    assert not rare, rare
