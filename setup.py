"""The optional compiled PokerStars reader (``parsers._pokerstars_c``) and Omaha Hi/Lo
evaluation loop (``rules._omaha_c``), built with Cython.

Everything else about the package is declared in ``pyproject.toml``. The extension is
built when a C compiler works; when none does (no compiler, or ``CC=/bin/false``), the
install still succeeds with a warning and ``parsers.registry.reader_path()`` says the
pure-Python path runs, which gives the same lake row for row.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from Cython.Build import cythonize
except ImportError:  # Cython is a build requirement; without it there is nothing to compile
    cythonize = None


class OptionalBuildExt(build_ext):
    """``build_ext`` that warns instead of failing when the extension cannot be compiled."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all (setuptools raises several kinds)
            self._skip(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # the compiler or the linker failed
            self._skip(exc)

    @staticmethod
    def _skip(exc: Exception) -> None:
        print(f"WARNING: an optional compiled part of hhaudit was not built ({type(exc).__name__}: {exc}); "
              "its pure-Python twin will be used", file=sys.stderr)


EXTENSIONS = [
    Extension("parsers._pokerstars_c", ["parsers/_pokerstars_c.pyx"], extra_compile_args=["-O3"]),
    Extension("rules._omaha_c", ["rules/_omaha_c.pyx"], extra_compile_args=["-O3"]),
]

setup(
    ext_modules=cythonize(EXTENSIONS, language_level=3, quiet=True) if cythonize is not None else [],
    cmdclass={"build_ext": OptionalBuildExt},
)
