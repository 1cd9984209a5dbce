"""``hhaudit export --format phh`` through Typer's CliRunner, on a lake of hands written
for these tests (``tests/test_phh.py``) plus one PHH cannot express."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pokerkit import HandHistory
from typer.testing import CliRunner

from audit.cli.app import app
from audit.lake import LakeWriter
from audit.tables import TableBuilder
from rules.vocab import Game, Limit
from tests.test_phh import badugi_draws, holdem_heads_up, stud_all_in

runner = CliRunner()


@pytest.fixture(scope="module")
def lake(tmp_path_factory) -> Path:
    plo8 = holdem_heads_up()
    plo8.hand_id, plo8.game, plo8.limit = "9002", Game.OMAHA_HILO, Limit.POT
    builder = TableBuilder()
    for offset, hand in enumerate((holdem_heads_up(), plo8, stud_all_in(), badugi_draws())):
        builder.add(hand, source_file="hh.txt", source_offset=offset * 100, raw_sha256="0" * 64,
                    parser_version="test:1")
    root = tmp_path_factory.mktemp("export") / "lake"
    writer = LakeWriter(root)
    for name, table in builder.tables().items():
        writer.add(name, table)
    writer.close()
    return root


def test_one_hand_goes_to_stdout_as_phh_pokerkit_loads(lake: Path) -> None:
    result = runner.invoke(app, ["export", "--format", "phh", "--lake", str(lake), "pokerstars:9001"])
    assert result.exit_code == 0
    history = HandHistory.loads(result.stdout)
    assert history.variant == "NT" and history.user_defined_fields["_source_offset"] == 0
    assert json.loads(result.stderr.splitlines()[-1]) == {"exported": 1, "refused": 0, "refused_by_reason": {}}


def test_a_hand_phh_cannot_express_is_refused_by_name_with_exit_2(lake: Path) -> None:
    result = runner.invoke(app, ["export", "--format", "phh", "--lake", str(lake), "pokerstars:9002",
                                 "pokerstars:77"])
    assert result.exit_code == 2
    assert ("hhaudit: cannot export pokerstars:9002: pot-limit Omaha Hi/Lo has no PHH variant (PHH has FT, NT, "
            "NS, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB) [game]") in result.stderr
    assert list(HandHistory.loads_all(result.stdout)) != []  # the other hand asked for is written


def test_the_whole_lake_to_files_lists_and_counts_what_is_skipped(lake: Path, tmp_path: Path) -> None:
    out = tmp_path / "phh"
    result = runner.invoke(app, ["export", "--format", "phh", "--lake", str(lake), "--out", str(out)])
    assert result.exit_code == 0
    assert json.loads(result.stdout.splitlines()[-1]) == {
        "exported": 3, "files": 3, "out": str(out), "refused": 1, "refused_by_reason": {"game": 1}}
    assert "hhaudit: skipped pokerstars:9002: pot-limit Omaha Hi/Lo has no PHH variant" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["pokerstars-5.phh", "pokerstars-77.phh", "pokerstars-9001.phh"]
    for path in out.iterdir():
        with path.open("rb") as fp:
            state = list(HandHistory.load(fp))[-1]
        assert not state.status  # played to the end


def test_several_hands_to_stdout_are_a_phhs_bundle_keyed_by_hand(lake: Path) -> None:
    result = runner.invoke(app, ["export", "--lake", str(lake), "pokerstars:77", "pokerstars:5"])
    assert result.exit_code == 0
    assert [h.user_defined_fields["_hand_key"] for h in HandHistory.loads_all(result.stdout)] == [
        "pokerstars:77", "pokerstars:5"]


def test_an_unknown_hand_or_lake_is_bad_input(lake: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "--lake", str(lake), "pokerstars:1"])
    assert result.exit_code == 2 and "no hand 'pokerstars:1' in the lake" in result.stderr
    result = runner.invoke(app, ["export", "--lake", str(tmp_path)])
    assert result.exit_code == 2 and "is not a lake" in result.stderr
    result = runner.invoke(app, ["export", "--format", "csv", "--lake", str(lake)])
    assert result.exit_code == 2
