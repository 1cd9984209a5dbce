"""The optional compiled PokerStars reader: its build, the switch between the two paths,
and the digests it computes while reading (checked against hashlib).

Whether it reads what the reference reads is ``tests/test_pokerstars_fast.py``'s
business, on both paths."""

from __future__ import annotations

import hashlib
import random
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from parsers import registry
from rules.vocab import Format
from tests.test_pokerstars_fast import compiled_reader_built

REPO = Path(__file__).resolve().parent.parent


def _compiled():
    if not compiled_reader_built():
        pytest.skip("the compiled PokerStars reader is not built here (no C compiler at install)")
    from parsers import _pokerstars_c

    return _pokerstars_c


@pytest.fixture
def clean_registry():
    registry.columnar_reader.cache_clear()
    yield
    registry.columnar_reader.cache_clear()


def test_the_compiled_reader_is_used_where_built_and_the_pure_one_when_forced(monkeypatch, clean_registry) -> None:
    _compiled()
    from parsers import pokerstars_compiled, pokerstars_fast

    monkeypatch.delenv(registry.PURE_PYTHON_ENV, raising=False)
    assert registry.reader_path() == "compiled"
    assert registry.columnar_reader(Format.POKERSTARS) is pokerstars_compiled.READER
    for off in ("", "0"):
        monkeypatch.setenv(registry.PURE_PYTHON_ENV, off)
        registry.columnar_reader.cache_clear()
        assert registry.columnar_reader(Format.POKERSTARS) is pokerstars_compiled.READER
    monkeypatch.setenv(registry.PURE_PYTHON_ENV, "1")
    registry.columnar_reader.cache_clear()
    assert registry.reader_path() == "pure Python (HHAUDIT_PURE_PYTHON is set)"
    assert registry.columnar_reader(Format.POKERSTARS) is pokerstars_fast.READER


def test_version_names_the_reader_that_runs(monkeypatch) -> None:
    monkeypatch.setenv(registry.PURE_PYTHON_ENV, "1")
    done = subprocess.run([sys.executable, "-m", "audit", "--version"], capture_output=True, text=True)
    assert done.stdout.splitlines()[1] == "PokerStars reader: pure Python (HHAUDIT_PURE_PYTHON is set)"


@pytest.mark.parametrize("sha_instructions", [True, False])
def test_the_digests_computed_while_reading_are_sha256_and_blake2b(sha_instructions: bool) -> None:
    c = _compiled()
    rng = random.Random(4)
    try:
        c.sha_extensions(sha_instructions)
        for n in [*range(0, 300), 1000, 1100, 4096, 65 * 1024 + 3]:
            data = rng.randbytes(n)
            assert c.sha256_digest(data) == hashlib.sha256(data).digest(), n
            assert c.blake2b_digest(data) == hashlib.blake2b(data, digest_size=12).digest(), n
    finally:
        c.sha_extensions(True)


def test_the_compiled_reader_declines_control_characters_and_long_lines_itself() -> None:
    """Ingest does not look for them first on this path (``ColumnarReader.screens``): the
    reader must leave such a chunk to the reference, which quarantines or reads it."""
    _compiled()
    from parsers.base import MAX_LINE_BYTES
    from parsers.pokerstars_compiled import READER, read_chunk
    from tests.test_ingest_speed_paths import _hand

    hands = (_hand("1") + _hand("2")).encode()
    assert READER.screens
    assert read_chunk(hands) is not None and all(read_chunk(hands).handled)
    for control in (0, 1, 8, 11, 12, 14, 27, 31):
        assert read_chunk(hands.replace(b"\n", bytes([control]) + b"\n", 1)) is None, control
    assert read_chunk(hands.replace(b"\n", b"\t\n", 1)) is not None  # a tab is no control character here
    chat = b"Alice said, \"" + b"x" * MAX_LINE_BYTES + b"\"\n"
    assert read_chunk(hands + chat) is None
    assert read_chunk(hands + chat.rstrip(b"\n")) is None  # the last line, without its line break
    assert read_chunk(hands + b"y" * (MAX_LINE_BYTES - len(hands.rsplit(b"\n", 1)[1]))) is not None  # at the limit


@pytest.mark.slow
def test_without_a_c_compiler_the_package_still_builds_without_the_extension(tmp_path: Path) -> None:
    """What a machine with Python and make but no compiler gets: a warning and a wheel
    without the extension (``CC=/bin/false`` stands for the missing compiler)."""
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(REPO / name, source / name)
    for package in ("audit", "parsers", "rules", "reports"):
        shutil.copytree(REPO / package, source / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-v", "-w",
                           str(tmp_path / "out")], capture_output=True, text=True,
                          env={**__import__("os").environ, "CC": "/bin/false"})
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WARNING: an optional compiled part of hhaudit was not built" in done.stdout + done.stderr
    (wheel,) = (tmp_path / "out").glob("hhaudit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "parsers/pokerstars_compiled.py" in names and "parsers/pokerstars_fast.py" in names
    assert [n for n in names if n.endswith(".so")] == []
