"""The JAX vocabulary (`Array`, `Scalar`, `PRNGKeyArray`, ...) and nesting a union of array annotations."""

import subprocess
import sys
import textwrap
import typing
from typing import Union

import numpy as np
import pytest

from ndtyping import AnnotationError, Float, Int, Key, Shaped, ShapeError, UInt32, check
from ndtyping._jaxtyping import vocabulary as _jax
from ndtyping._runtime.typecheck import compile_annotation


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


# --------------------------------------------------------------------------- nesting a union (numpy only)

OldKey = UInt32[np.ndarray, "2"]
NewKey = Key[np.ndarray, ""]


@pytest.mark.parametrize("keys", [NewKey | OldKey, Union[NewKey, OldKey]])
def test_dtype_category_distributes_over_a_union_of_annotations(keys: typing.Any) -> None:
    split = Shaped[keys, "3"]
    # Nested annotations are their own classes; what they check is what their labels say.
    assert [repr(member) for member in typing.get_args(split)] == ['Key[ndarray, "3"]', 'UInt32[ndarray, "3 2"]']
    assert isinstance(np.zeros((3, 2), np.uint32), split)  # isinstance works on the result
    assert not isinstance(np.zeros((2,), np.uint32), split)
    assert not isinstance(np.zeros((3, 2), np.int32), split)
    assert [repr(member) for member in typing.get_args(Shaped[split, "4"])] == [
        'Key[ndarray, "4 3"]',
        'UInt32[ndarray, "4 3 2"]',
    ]


def test_members_of_another_dtype_are_dropped() -> None:
    assert repr(UInt32[NewKey | OldKey, "n"]) == 'UInt32[ndarray, "n 2"]'  # one annotation, no union
    with pytest.raises(AnnotationError, match="no dtype is both Float and Key"):
        Float[NewKey | OldKey, "n"]


def test_distributed_union_in_check() -> None:
    @check
    def split(key: NewKey | OldKey) -> Shaped[NewKey | OldKey, "2"]:
        return np.zeros((2, 2), np.uint32)

    split(np.zeros(2, np.uint32))
    with pytest.raises(ShapeError, match="no member of the union matches"):
        split(np.zeros(3, np.uint32))


def test_mixed_unions_keep_their_meaning() -> None:
    # A union of classes (or classes and annotations) is still the array part, as before.
    ann = Float[Union[np.ndarray, np.generic], "n"]
    assert isinstance(np.zeros(3), ann)


# --------------------------------------------------------------------------- laziness


def test_vocabulary_module_does_not_import_jax() -> None:
    result = _run(
        """
        import sys
        import ndtyping, ndtyping._jaxtyping.vocabulary as vocabulary
        assert vocabulary.Shape == tuple[int, ...]
        assert "jax" not in sys.modules
        try:
            vocabulary.Nope
        except AttributeError:
            pass
        assert "jax" not in sys.modules
        print("ok")
        """
    )
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout


def test_without_jax_the_names_say_so() -> None:
    result = _run(
        """
        import sys
        sys.modules["jax"] = None  # as if jax were not installed
        import ndtyping._jaxtyping.vocabulary as vocabulary
        for name in ("Array", "ArrayLike", "Scalar", "ScalarLike", "PRNGKeyArray", "DTypeLike", "PyTreeDef"):
            try:
                getattr(vocabulary, name)
            except AttributeError as err:
                assert "needs jax" in str(err), err
            else:
                raise AssertionError(name)
        assert not hasattr(vocabulary, "Array")
        print("ok")
        """
    )
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout


def test_every_name_is_listed() -> None:
    assert sorted(_jax.JAX_NAMES) == sorted(_jax.__all__)


# --------------------------------------------------------------------------- the names, with jax


@pytest.fixture
def jax() -> typing.Any:
    return pytest.importorskip("jax")


def test_aliases_are_jax_types(jax: typing.Any) -> None:
    import jax.tree_util
    import jax.typing

    assert _jax.Array is jax.Array
    assert _jax.ArrayLike is jax.typing.ArrayLike
    assert _jax.DTypeLike is jax.typing.DTypeLike
    assert _jax.PyTreeDef is jax.tree_util.PyTreeDef
    assert "Array" in vars(_jax)  # built once, then plain module attributes


def test_scalar(jax: typing.Any) -> None:
    import jax.numpy as jnp

    assert isinstance(jnp.float32(1.0), _jax.Scalar)
    assert isinstance(jnp.zeros(()), _jax.Scalar)
    assert not isinstance(jnp.zeros(1), _jax.Scalar)
    assert not isinstance(np.zeros(()), _jax.Scalar)  # Scalar is a jax array
    assert isinstance(jnp.int32(3), Int[_jax.Scalar, ""])
    assert not isinstance(jnp.float32(3), Int[_jax.Scalar, ""])


def test_scalar_like(jax: typing.Any) -> None:
    import jax.numpy as jnp

    for value in (True, 1, 2.5, 1j, np.float32(1), np.zeros(()), jnp.zeros(())):
        assert isinstance(value, _jax.ScalarLike), value
    for value in ("1", np.zeros(2), jnp.zeros((1, 1)), None):
        assert not isinstance(value, _jax.ScalarLike), value


def test_prng_keys_new_and_old_style(jax: typing.Any) -> None:
    key, old = jax.random.key(0), jax.random.PRNGKey(0)
    assert isinstance(key, _jax.PRNGKeyArray) and isinstance(old, _jax.PRNGKeyArray)
    split = Shaped[_jax.PRNGKeyArray, "2"]  # what jax.random.split returns
    assert isinstance(jax.random.split(key), split)
    assert isinstance(jax.random.split(old), split)
    assert not isinstance(key, split)
    assert not isinstance(jax.random.split(key, 3), split)
    assert not isinstance(jax.numpy.zeros(2), _jax.PRNGKeyArray)


def test_prng_key_in_check(jax: typing.Any) -> None:
    PRNGKeyArray = _jax.PRNGKeyArray

    @check
    def split(key: PRNGKeyArray, n: int) -> Shaped[PRNGKeyArray, "{n}"]:
        return jax.random.split(key, n)

    split(jax.random.key(1), 4)
    split(jax.random.PRNGKey(1), 4)
    with pytest.raises(ShapeError, match="argument 'key'"):
        split(jax.numpy.zeros(2), 4)

    @check
    def jitted_split(key: PRNGKeyArray) -> Shaped[PRNGKeyArray, "2"]:
        return jax.random.split(key)

    jax.jit(jitted_split)(jax.random.key(2))


def test_pytreedef_and_shape(jax: typing.Any) -> None:
    @check
    def structure(tree: typing.Any, shape: _jax.Shape) -> _jax.PyTreeDef:
        return jax.tree_util.tree_structure(tree)

    structure([1, 2], (3, 4))
    with pytest.raises(TypeError):
        structure([1], (3, "4"))
    assert compile_annotation(_jax.PyTreeDef) is not None
