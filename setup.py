"""The optional compiled core (docs/benchmarks.md, "The compiled core").

Everything else about the package is in pyproject.toml.  The extensions are optional: when
the C compiler is missing or fails, setuptools says so and skips them, and the package runs
on its pure-Python path (tenpai._compiled).

Two kinds of extension:

* ``tenpai._cshanten``: shanten and waits written for C (``src/tenpai/_cshanten.pyx``);
* ``tenpai._cbatch``: the batches' line loop, the record decoder and the riichi record path
  written for C (``_cbatch.pyx``);
* *twins*: a pure module compiled by Cython from its very own source, under another name
  (``tenpai.riichi.usual`` -> ``tenpai.riichi._cusual``).  The twin records the SHA-256 of
  the source it was built from; ``tenpai._compiled.twin`` uses it only while the pure module's
  source is the same, so a change to the pure code is never hidden by a stale build.

Packaging (docs/releasing.md): ``TENPAI_BUILD_PURE=1`` builds the pure package (no extension:
the wheel is ``py3-none-any``, the one the browser app installs); so does a machine with no
working C compiler (probed first, with one line saying so, never a traceback) or no Cython.
The source package (``sdist``) and the metadata need no C: Cython runs only for a build.
"""

import hashlib
import os
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
TWINS = {
    "tenpai.riichi._cusual": "src/tenpai/riichi/usual.py",
}


def twin_source(name: str, pure: str) -> str:
    """Writes the source of the twin *name* of the pure module at *pure* (build/twins)."""
    text = (ROOT / pure).read_bytes()
    out = ROOT / "build" / "twins" / (name.replace(".", "/") + ".py")
    out.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(text).hexdigest()
    body = text.decode("utf-8") + f'\n\n_SOURCE_SHA256 = "{digest}"  # set by setup.py\n'
    if not out.exists() or out.read_text(encoding="utf-8") != body:
        out.write_text(body, encoding="utf-8")
    return str(out.relative_to(ROOT))


class OptionalBuildExt(build_ext):
    """Builds each extension, or skips it with a warning when the compiler fails in any way
    (setuptools' own ``optional`` misses a compiler command that is not there at all)."""

    failed: frozenset[str] = frozenset()

    def run(self) -> None:
        super().run()
        self._drop_failed()

    def _drop_failed(self) -> None:
        # what was not built is not an output to install (editable installs copy them)
        self.extensions = [e for e in self.extensions if e.name not in self.failed]

    def copy_extensions_to_source(self) -> None:
        self._drop_failed()
        super().copy_extensions_to_source()

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as e:  # whatever the compiler did, the pure path runs
            print(f"warning: {ext.name} not built ({e}); the pure-Python code runs instead")
            self.failed = self.failed | {ext.name}


EXTENSIONS = [
    Extension("tenpai._cshanten", ["src/tenpai/_cshanten.pyx"], optional=True),
    Extension("tenpai.riichi._cscore", ["src/tenpai/riichi/_cscore.pyx"], optional=True),
    Extension("tenpai._cbatch", ["src/tenpai/_cbatch.pyx"], optional=True),
    *(Extension(name, [twin_source(name, pure)], optional=True) for name, pure in TWINS.items()),
]

# The commands that write only metadata or the source package (PEP 517's metadata and sdist
# hooks run them): they need no C, so Cython does not run for them.
SOURCE_ONLY = ("egg_info", "dist_info", "sdist")


def notice(why: str) -> None:
    """Says, on one line, that the pure-Python package is built, and *why*."""
    print(
        f"tenpai: {why}; building the pure-Python package (the same results, slower)",
        file=sys.stderr,
    )


def compiler_problem() -> str | None:
    """Compiles and links a module including Python.h with the compiler and flags the build
    would use (CC, CFLAGS, LDSHARED...); gives what failed, in one line, or None."""
    from distutils.ccompiler import new_compiler  # setuptools' own distutils
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler, get_python_inc

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("#include <Python.h>\nint tenpai_probe(void) { return 0; }\n")
        try:
            objects = compiler.compile(
                [str(source)], output_dir=tmp, include_dirs=[get_python_inc()]
            )
            compiler.link_shared_object(
                objects, compiler.shared_object_filename("probe", output_dir=tmp)
            )
        except (CCompilerError, DistutilsError, OSError) as e:
            said = " ".join(str(e).split()) or type(e).__name__
            return said if len(said) <= 160 else said[:159] + "…"
    return None


def ext_modules() -> list[Extension]:
    """The extensions to build: none for the pure package, the metadata or the sdist."""
    if sys.argv[1:2] and sys.argv[1] in SOURCE_ONLY:
        return []
    if os.environ.get("TENPAI_BUILD_PURE", "") not in ("", "0"):
        notice("TENPAI_BUILD_PURE is set")
        return []
    problem = compiler_problem()
    if problem is not None:
        notice(f"no working C compiler ({problem})")
        return []
    try:
        from Cython.Build import cythonize

        return cythonize(
            EXTENSIONS,
            # the twins keep Python's semantics: annotations are not C types
            compiler_directives={"language_level": "3", "annotation_typing": False},
            quiet=True,
        )
    except Exception as e:  # no Cython, or it failed: the pure package still installs
        notice(f"Cython could not write the C ({type(e).__name__}: {' '.join(str(e).split())})")
        return []


setup(cmdclass={"build_ext": OptionalBuildExt}, ext_modules=ext_modules())
