"""A pot everyone folded to one player is uncontested, whatever the history prints for
the winner and whichever listed seats sat the hand out: the whole pot less rake to the
last player, never a showdown's settlement. Hands written anew in each format (the
parser tests hold what each reads)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audit.explanation import explain_hand
from audit.ingest import ingest
from tests.test_parser_entraction import _FOLDED_TO_WITH_AN_IDLE_SEAT
from tests.test_parser_microgaming import _FOLDED_TO_WITH_A_SEAT_SITTING_OUT, _game
from tests.test_parser_ongame import FOLDED_TO_SHOWN

_MICROGAMING_SEATS = (
    '<Seat num="2" alias="Ferrin" balance="50.00" endbalance="50.25" dealer="true"/>'
    '<Seat num="4" alias="Tamsin" balance="30.00" endbalance="30.00" sittingout="true"/>'
    '<Seat num="5" alias="Quillon" balance="40.00" endbalance="39.75"/>'
)

#: name -> (history, hand key, winner, pot, rake)
CASES: dict[str, tuple[str, str, str, int, int]] = {
    "ongame.txt": (FOLDED_TO_SHOWN, "ongame:R5-362000041-7", "1", 700, 35),
    "entraction.txt": (_FOLDED_TO_WITH_AN_IDLE_SEAT, "entraction:4100200777", "5", 125, 0),
    "microgaming.xml": (
        _game(_FOLDED_TO_WITH_A_SEAT_SITTING_OUT, seats=_MICROGAMING_SEATS, rake=' rake="0"'),
        "microgaming:7001002003",
        "2",
        75,
        0,
    ),
}


def _explained(tmp_path: Path, name: str, text: str, key: str) -> dict[str, Any]:
    history = tmp_path / name
    history.write_text(text, encoding="utf-8")
    ingest([history], tmp_path / "lake")
    return explain_hand(tmp_path / "lake", key)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_pot_folded_to_one_player_is_uncontested(tmp_path: Path, name: str) -> None:
    text, key, winner, pot, rake = CASES[name]
    e = _explained(tmp_path, name, text, key)
    assert (e["verdict"], e["reason"], e["findings"]) == ("clean", None, [])
    assert e["expected"] == {winner: pot - rake} and e["recorded"][winner] == pot - rake
    assert [(p["amount"], p["rake"], p["contenders"]) for p in e["pots"]] == [(pot, rake, [winner])]
    assert e["pots"][0]["runs"][0]["halves"][0]["note"] == "uncontested" and e["hands"] == {}
