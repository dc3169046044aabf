"""install_import_hook: real packages written to disk, imported for real, checked or not."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
import textwrap
import traceback
import warnings
from pathlib import Path

import numpy as np
import pytest

import ndtyping
from ndtyping import ConfigurationError, ShapeError, TypeCheckError, install_import_hook

from .conftest import MakePackage

MODELS = """\
from __future__ import annotations

import dataclasses
import typing

import numpy as np

from ndtyping import Float


def matmul(x: Float[np.ndarray, "n k"], y: Float[np.ndarray, "k m"]) -> Float[np.ndarray, "n m"]:
    return x @ y


def untyped(x):
    return x


@typing.no_type_check
def opted_out(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
    return x


@typing.no_type_check
class OptedOut:
    def run(self, x: Float[np.ndarray, "n"]) -> None:
        return None


@dataclasses.dataclass
class Point:
    xy: Float[np.ndarray, "2"]
    scale: float = 1.0


@dataclasses.dataclass
class Converted:
    values: Float[np.ndarray, "n"]

    def __post_init__(self) -> None:
        self.values = np.asarray(self.values, dtype=np.float64)


class Model:
    def __init__(self, width: int) -> None:
        self.w = np.ones((width, width))

    def forward(self, x: Float[np.ndarray, "n d"]) -> Float[np.ndarray, "n d"]:
        return x @ self.w

    @staticmethod
    def make(width: int) -> Model:
        return Model(width)

    @classmethod
    def named(cls, width: int) -> Model:
        return cls(width)

    @property
    def weights(self) -> Float[np.ndarray, "d d"]:
        return self.w[:1]

    def fails_inside(self, x: Float[np.ndarray, "n"]) -> None:
        raise ValueError("raised inside")
"""
FAILS_INSIDE_LINE = 1 + [line.strip() for line in MODELS.splitlines()].index('raise ValueError("raised inside")')


def test_context_manager_checks_the_package_imported_inside(make_package: MakePackage) -> None:
    name = make_package({"__init__.py": "", "models.py": MODELS})
    with install_import_hook(name) as hook:
        assert hook.installed
        models = importlib.import_module(f"{name}.models")
    assert not hook.installed
    assert models.matmul(np.zeros((2, 3)), np.zeros((3, 4))).shape == (2, 4)
    with pytest.raises(ShapeError) as caught:
        models.matmul(np.zeros((2, 3)), np.zeros((4, 5)))
    message = str(caught.value)
    assert "matmul() argument 'y'" in message
    assert 'expected Float[ndarray, "k m"], got f64[4,5](numpy)' in message


def test_methods_static_class_methods_properties_and_dataclasses(make_package: MakePackage) -> None:
    name = make_package({"__init__.py": "", "models.py": MODELS})
    with install_import_hook(name):
        models = importlib.import_module(f"{name}.models")
    model = models.Model.make(3)
    assert model.forward(np.ones((2, 3))).shape == (2, 3)
    with pytest.raises(ShapeError, match=r"Model.forward\(\) argument 'x'"):
        model.forward(np.ones(3))
    with pytest.raises(TypeCheckError, match=r"Model.make\(\) argument 'width'"):
        models.Model.make(2.5)
    with pytest.raises(TypeCheckError, match=r"Model.named\(\) argument 'width'"):
        models.Model.named("3")
    with pytest.raises(ShapeError, match=r"return value"):
        model.weights  # noqa: B018 (the property's getter is checked)
    assert models.Point(np.zeros(2)).scale == 1.0
    # The same wording as `check` on a dataclass (issue 18: a field was reported as an argument).
    with pytest.raises(ShapeError, match=r"^Point\(\) field 'xy': expected"):
        models.Point(np.zeros(3))
    # Fields are checked after __init__ (and __post_init__): the list became an array.
    assert models.Converted([1.0, 2.0]).values.shape == (2,)


def test_unannotated_and_no_type_check_are_left_alone(make_package: MakePackage) -> None:
    name = make_package({"__init__.py": "", "models.py": MODELS})
    with install_import_hook(name):
        models = importlib.import_module(f"{name}.models")
    assert not hasattr(models.untyped, "__wrapped__")
    assert not hasattr(models.opted_out, "__wrapped__")
    assert models.opted_out(np.zeros((2, 2))).shape == (2, 2)  # would fail the "n" annotation
    models.OptedOut().run(np.zeros((2, 2)))
    assert hasattr(models.matmul, "__wrapped__")  # the annotated one is checked


def test_plain_call_until_uninstalled(make_package: MakePackage) -> None:
    first = make_package({"__init__.py": "", "models.py": MODELS})
    second = make_package({"__init__.py": "", "models.py": MODELS})
    hook = install_import_hook([first, second])
    try:
        checked = importlib.import_module(f"{first}.models")
    finally:
        hook.uninstall()
    hook.uninstall()  # idempotent
    unchecked = importlib.import_module(f"{second}.models")
    with pytest.raises(ShapeError):
        checked.matmul(np.zeros((2, 3)), np.zeros((4, 5)))
    with pytest.raises(ValueError, match="mismatch"):  # numpy's own error: nothing checked
        unchecked.matmul(np.zeros((2, 3)), np.zeros((4, 5)))
    assert "uninstalled" in repr(hook)


def test_submodules_are_included_and_prefixes_are_not_packages(make_package: MakePackage) -> None:
    name = make_package({"__init__.py": "", "deep/__init__.py": "", "deep/models.py": MODELS})
    lookalike = make_package({"__init__.py": "", "models.py": MODELS}, name=name + "x")
    with install_import_hook(name):
        deep = importlib.import_module(f"{name}.deep.models")
        other = importlib.import_module(f"{lookalike}.models")
    with pytest.raises(ShapeError):
        deep.matmul(np.zeros((2, 3)), np.zeros((4, 5)))
    with pytest.raises(ValueError, match="mismatch"):
        other.matmul(np.zeros((2, 3)), np.zeros((4, 5)))


def test_line_numbers_tracebacks_and_source_are_unchanged(make_package: MakePackage) -> None:
    name = make_package({"__init__.py": "", "models.py": MODELS})
    with install_import_hook(name):
        models = importlib.import_module(f"{name}.models")
    with pytest.raises(ValueError, match="raised inside") as caught:
        models.Model(2).fails_inside(np.zeros(3))
    last = traceback.extract_tb(caught.value.__traceback__)[-1]
    assert last.filename.endswith("models.py")
    assert last.lineno == FAILS_INSIDE_LINE
    assert last.line == 'raise ValueError("raised inside")'
    source = inspect.getsource(models.Model.forward)
    assert source.lstrip().startswith("def forward(self, x: Float")
    assert (
        inspect.unwrap(models.matmul).__code__.co_firstlineno
        == MODELS.splitlines().index(
            'def matmul(x: Float[np.ndarray, "n k"], y: Float[np.ndarray, "k m"]) -> Float[np.ndarray, "n m"]:'
        )
        + 1
    )


def test_bytecode_cache_never_mixes_checked_and_unchecked_code(
    make_package: MakePackage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # the test environment may turn caching off
    name = make_package({"__init__.py": "", "models.py": MODELS})
    cache = tmp_path / name / "__pycache__"

    def forget() -> None:
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]
        importlib.invalidate_caches()

    def fresh_import() -> object:
        forget()
        return importlib.import_module(f"{name}.models")

    def cached() -> list[Path]:
        return list(cache.glob("models.*.pyc"))

    forget()
    with install_import_hook(name):
        checked = fresh_import()
    assert cached() == []  # the instrumented module left no .pyc for a later plain import
    with pytest.raises(ShapeError):
        checked.matmul(np.zeros((2, 3)), np.zeros((4, 5)))  # type: ignore[attr-defined]

    plain = fresh_import()  # writes an ordinary .pyc
    assert cached()
    with pytest.raises(ValueError, match="mismatch"):
        plain.matmul(np.zeros((2, 3)), np.zeros((4, 5)))  # type: ignore[attr-defined]

    forget()
    with install_import_hook(name):
        checked_again = fresh_import()  # must not be served the plain .pyc
    with pytest.raises(ShapeError):
        checked_again.matmul(np.zeros((2, 3)), np.zeros((4, 5)))  # type: ignore[attr-defined]


def test_modules_imported_before_installation_are_reported(make_package: MakePackage) -> None:
    name = make_package({"__init__.py": "", "models.py": MODELS})
    models = importlib.import_module(f"{name}.models")
    with pytest.warns(UserWarning, match=rf"{name}, {name}.models were imported before the hook"):
        with install_import_hook(name):
            again = importlib.import_module(f"{name}.models")
    assert again is models  # already imported: not re-executed, not checked
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        install_import_hook(name + "_never_imported").uninstall()


def test_forward_references_to_later_classes(make_package: MakePackage) -> None:
    source = """\
        from __future__ import annotations
        import numpy as np
        from ndtyping import Float

        def build(n: int) -> Later:
            return Later() if n > 0 else "not Later"

        class Later:
            def scale(self, x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
                return x * 2
        """
    name = make_package({"__init__.py": source})
    with install_import_hook(name):
        module = importlib.import_module(name)
    assert isinstance(module.build(1), module.Later)
    with pytest.raises(TypeCheckError, match=r"build\(\) return value"):
        module.build(0)


def test_closures_local_classes_and_blocks_are_checked(make_package: MakePackage) -> None:
    # As jaxtyping's hook: a function defined inside a function (and a class defined there, and
    # definitions in loops and match cases) is checked each time it is defined, with the names
    # visible where it is defined. These were once left unchecked without a word.
    source = """\
        from __future__ import annotations
        import dataclasses
        import numpy as np
        from ndtyping import Float

        def factory():
            class Local:
                pass

            def scale(x: Local, y: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
                return y

            class Layer:
                def forward(self, x: Local, y: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n"]:
                    return y

            @dataclasses.dataclass
            class Params:
                kind: Local
                w: Float[np.ndarray, "n n"]

            return scale, Local, Layer, Params

        for _ in range(1):
            def in_loop(x: Float[np.ndarray, "n"]) -> int:
                return 1
        """
    name = make_package({"__init__.py": source})
    with install_import_hook(name):
        module = importlib.import_module(name)
    scale, Local, Layer, Params = module.factory()
    assert scale(Local(), np.zeros(2)).shape == (2,)
    assert Layer().forward(Local(), np.zeros(2)).shape == (2,)
    Params(Local(), np.zeros((2, 2)))
    with pytest.raises(TypeCheckError, match=r"scale\(\) argument 'x'"):
        scale(1, np.zeros(2))
    with pytest.raises(ShapeError, match=r"scale\(\) argument 'y'"):
        scale(Local(), np.zeros((2, 2)))
    with pytest.raises(TypeCheckError, match=r"forward\(\) argument 'x'"):
        Layer().forward(1, np.zeros(2))
    with pytest.raises(ShapeError, match="field 'w'"):
        Params(Local(), np.zeros(2))
    with pytest.raises(ShapeError, match=r"in_loop\(\) argument 'x'"):
        module.in_loop(np.zeros((2, 2)))


@pytest.mark.parametrize(
    ("modules", "message"),
    [
        (3, "takes a package name or a list of them, got int 3"),
        ([b"pkg"], "package names must be strings"),
        (["pkg", None], 'package names must be strings such as "mypkg", got NoneType None'),
        ([], "needs at least one package name"),
        ("my pkg", "'my pkg' is not a module name"),
        ("pkg.", "'pkg.' is not a module name"),
    ],
)
def test_bad_module_names(modules: object, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        install_import_hook(modules)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("typechecker", "message"),
    [
        ("nonexistent_checker_pkg.check", "cannot import 'nonexistent_checker_pkg'"),
        ("beartype.no_such_decorator", "module 'beartype' has no decorator named 'no_such_decorator'"),
        ("beartype", "is not a dotted name"),
        (42, "typechecker must be None, a decorator"),
    ],
)
def test_bad_typecheckers(typechecker: object, message: str) -> None:
    pytest.importorskip("beartype")
    before = list(sys.meta_path)
    with pytest.raises(ConfigurationError, match=message):
        install_import_hook("anything", typechecker)
    assert sys.meta_path == before  # nothing half-installed
    assert issubclass(ConfigurationError, ndtyping.NdtypingError)


def test_typeguard_as_the_typechecker(make_package: MakePackage) -> None:
    typeguard = pytest.importorskip("typeguard")
    name = make_package({"__init__.py": "", "models.py": MODELS})
    with install_import_hook(name, "typeguard.typechecked"):
        models = importlib.import_module(f"{name}.models")
    assert models.matmul(np.zeros((2, 3)), np.zeros((3, 4))).shape == (2, 4)
    with pytest.raises(TypeCheckError, match=r"matmul\(\) argument 'y': rejected by typeguard") as caught:
        models.matmul(np.zeros((2, 3)), np.zeros((4, 5)))
    assert isinstance(caught.value.__cause__, typeguard.TypeCheckError)
    with pytest.raises(TypeCheckError, match=r"Point.__init__\(\) field 'xy': rejected by typeguard"):
        models.Point(np.zeros(3))


def test_beartype_as_the_typechecker(make_package: MakePackage) -> None:
    beartype = pytest.importorskip("beartype")
    name = make_package({"__init__.py": "", "models.py": MODELS})
    with install_import_hook(name, beartype.beartype):
        models = importlib.import_module(f"{name}.models")
    assert models.matmul(np.zeros((2, 3)), np.zeros((3, 4))).shape == (2, 4)
    with pytest.raises(TypeCheckError, match=r"matmul\(\) arguments: rejected by beartype") as caught:
        models.matmul(np.zeros((2, 3)), np.zeros((4, 5)))
    assert type(caught.value.__cause__).__module__.startswith("beartype")


def test_installing_does_not_import_the_typechecker_packages_of_ndtyping() -> None:
    """`import ndtyping` stays cheap: no IPython, beartype, typeguard, pytest or jax."""
    code = textwrap.dedent(
        """
        import sys, ndtyping
        ndtyping.jaxtyped; ndtyping.install_import_hook; ndtyping.load_ipython_extension
        heavy = [m for m in ("IPython", "beartype", "typeguard", "pytest", "jax") if m in sys.modules]
        print(heavy)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_functions_under_jax_jit_are_checked_at_trace_time(make_package: MakePackage) -> None:
    pytest.importorskip("jax")
    source = """\
        import jax
        import jax.numpy as jnp
        from ndtyping import Float

        @jax.jit
        def normalise(x: Float[jax.Array, "n d"], scale: Float[jax.Array, "d"]) -> Float[jax.Array, "n d"]:
            return x / jnp.linalg.norm(x, axis=-1, keepdims=True) * scale
        """
    name = make_package({"__init__.py": source})
    with install_import_hook(name):
        module = importlib.import_module(name)
    import jax.numpy as jnp

    assert module.normalise(jnp.ones((2, 3)), jnp.ones(3)).shape == (2, 3)
    with pytest.raises(ShapeError, match=r"normalise\(\) argument 'scale'"):
        module.normalise(jnp.ones((2, 3)), jnp.ones(4))
