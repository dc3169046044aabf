"""Ships the top-level stubs/ (ndtyping's numpy and jax stub templates) inside the wheel.

Everything else about the build is in pyproject.toml. The templates stay outside src/ so that
an editable install remains a plain path entry, which pyright and other static tools follow
(a package-dir mapping would force setuptools' import-hook editable mode, which they cannot).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithStubs(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads stubs/ from the checkout (ndtyping._static.overlay.templates_dir)
        source = Path(__file__).parent / "stubs"
        target = Path(self.build_lib) / "ndtyping" / "_stubs"
        for template in source.glob("*/*.stub"):
            destination = target / template.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(template, destination)


setup(cmdclass={"build_py": BuildWithStubs})
