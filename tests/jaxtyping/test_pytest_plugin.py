"""The pytest plugin, run for real: `pytest --ndtyping-packages=...` in a subprocess (pytester)."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

BUGGY = """\
import numpy as np
from ndtyping import Float


def project(x: Float[np.ndarray, "n d"], w: Float[np.ndarray, "d k"]) -> Float[np.ndarray, "n k"]:
    # The shape bug: the result should be x @ w, (n, k); this returns (n, 1).
    return x @ w[:, :1]
"""

TEST = """\
import numpy as np
from shapebug import project


def test_project():
    assert project(np.ones((4, 3)), np.ones((3, 2))).shape[0] == 4
"""


@pytest.fixture
def project_dir(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.mkpydir("shapebug").joinpath("__init__.py").write_text(BUGGY)
    pytester.makepyfile(test_uses_shapebug=TEST)
    return pytester


def test_without_the_option_the_bug_goes_unnoticed(project_dir: pytest.Pytester) -> None:
    result = project_dir.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_the_option_checks_the_package_and_fails_the_test(project_dir: pytest.Pytester) -> None:
    result = project_dir.runpytest_subprocess("-p", "no:cacheprovider", "--ndtyping-packages=shapebug,otherpkg")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ['*ShapeError: project() return value: expected Float[[]ndarray, "n k"[]], got f64[[]4,1[]](numpy)*']
    )


def test_a_package_imported_by_conftest_is_still_checked(project_dir: pytest.Pytester) -> None:
    project_dir.makeconftest("import shapebug\n")
    result = project_dir.runpytest_subprocess("-p", "no:cacheprovider", "--ndtyping-packages=shapebug")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*ShapeError*project() return value*"])


def test_typechecker_option_and_the_jaxtyping_spelling(project_dir: pytest.Pytester) -> None:
    pytest.importorskip("typeguard")
    for options in (["--ndtyping-packages=shapebug", "--ndtyping-typechecker=typeguard.typechecked"],
                    ["--ndtyping-packages=shapebug,typeguard.typechecked"]):  # fmt: skip
        result = project_dir.runpytest_subprocess("-p", "no:cacheprovider", *options)
        result.assert_outcomes(failed=1)
        result.stdout.fnmatch_lines(["*TypeCheckError: project() return value: rejected by typeguard*"])


def test_bad_option_values_are_usage_errors(project_dir: pytest.Pytester) -> None:
    result = project_dir.runpytest_subprocess(
        "-p", "no:cacheprovider", "--ndtyping-packages=shapebug", "--ndtyping-typechecker=nosuchchecker.check"
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--ndtyping-packages: install_import_hook(): cannot import 'nosuchchecker'*"])
    result = project_dir.runpytest_subprocess("-p", "no:cacheprovider", "--ndtyping-packages=shape bug")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*'shape bug' is not a module name*"])
