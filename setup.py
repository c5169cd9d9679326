"""The optional compiled core (docs/benchmarks.md, "The compiled core").

Everything else about the package is in pyproject.toml.  The extensions are optional: when
the C compiler is missing or fails, setuptools says so and skips them, and the package runs
on its pure-Python path (tenpai._compiled).
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

EXTENSIONS = [
    Extension("tenpai._cshanten", ["src/tenpai/_cshanten.pyx"], optional=True),
]

setup(
    ext_modules=cythonize(
        EXTENSIONS,
        compiler_directives={"language_level": "3"},
        quiet=True,
    ),
)
