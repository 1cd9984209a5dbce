"""Unibet's French client (``parsers.unibet_words``): a hand written anew in its words is
read exactly as its English twin, and what the table does not hold is refused by name."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from parsers.registry import detect
from parsers.unibet import PARSER
from parsers.unibet_words import FRENCH
from parsers.words import to_english
from rules.records import HandParseError
from rules.vocab import ActionKind, Game, Limit, PayoutSource, QuarantineReason

# Aline's pre-flop raise is called by Bastien; he bets the turn, she folds; 0.02 raked.
FR = """\
Partie 700000001 : Table €2 PL - 0.02/0.04 - Limite du pot Omaha - 20:10:05 2022/05/11
*** Joueurs assis ***
Siège 1: Aline (€3.10)
Siège 2: Bastien (€4)
Siège 4: Chloé (€2.56)
*** Blinds et bouton ***
Aline possède le bouton
Bastien place le petit blind €0.02
Chloé place le gros blind €0.04
*** Cartes fermées ***
A distribué les cartes à Bastien
A distribué les cartes à Chloé
Distribué à Aline [1Pi RCo 10Tr 5Ca]
*** Préflop ***
Aline relance de €0.12 à €0.12
Bastien suit à €0.10
Chloé se couche
*** Flop *** [VCo DCo 2Pi]
Bastien checke
Aline mise €0.20
Bastien suit à €0.20
*** Turn *** [VCo DCo 2Pi] [9Tr]
Bastien mise €0.60
Aline se couche
Mise non suivie rendue à Bastien : €0.60
Bastien remporte €0.66
*** Sommaire ***
Totale pot €0.68 Rake €0.02
Place 1 : Aline : a misé €0.32 et gagné €0, résultat net : €-0.32
Place 2 : Bastien : a misé €0.92 et gagné €1.26, résultat net : €0.34
Place 4 : Chloé : a misé €0.04 et gagné €0, résultat net : €-0.04
"""

EN = """\
Game #700000001: Table €2 PL - 0.02/0.04 - Pot Limit Omaha - 20:10:05 2022/05/11
*** Seated players ***
Seat 1: Aline (€3.10)
Seat 2: Bastien (€4)
Seat 4: Chloé (€2.56)
*** Blinds and button ***
Aline has the button
Bastien posts small blind €0.02
Chloé posts big blind €0.04
*** Hole cards ***
Dealt in Bastien
Dealt in Chloé
Dealt to Aline [As Kh Tc 5d]
*** Preflop ***
Aline raises €0.12 to €0.12
Bastien calls €0.10
Chloé folds
*** Flop *** [Jh Qh 2s]
Bastien checks
Aline bets €0.20
Bastien calls €0.20
*** Turn *** [Jh Qh 2s] [9c]
Bastien bets €0.60
Aline folds
Uncalled bet returned to Bastien: €0.60
Bastien wins €0.66
*** Summary ***
Total pot €0.68 Rake €0.02
Seat 1: Aline: bet €0.32 and won €0, net result: €-0.32
Seat 2: Bastien: bet €0.92 and won €1.26, net result: €0.34
Seat 4: Chloé: bet €0.04 and won €0, net result: €-0.04
"""


def test_every_french_line_has_the_english_clients_shape() -> None:
    assert to_english(FR, FRENCH) == EN


def test_a_french_hand_is_read_exactly_as_its_english_twin() -> None:
    assert detect(FR) is PARSER and detect(EN) is PARSER
    french, english = PARSER.parse(FR), PARSER.parse(EN)
    # the pay lines quote what the client printed; all else is the English reading
    assert [p.line for p in french.payouts] == ["Mise non suivie rendue à Bastien : €0.60", "Bastien remporte €0.66"]
    unquoted = [{**asdict(p), "line": None} for p in french.payouts]
    assert {**asdict(french), "payouts": unquoted} == {
        **asdict(english), "payouts": [{**asdict(p), "line": None} for p in english.payouts]}
    assert (french.hand_id, french.game, french.limit, french.currency) == ("700000001", Game.OMAHA, Limit.POT, "EUR")
    assert french.boards == [["Jh", "Qh", "2s", "9c"]] and french.seat(1).cards == ["As", "Kh", "Tc", "5d"]
    assert {s.seat: s.contributed for s in french.seats} == {1: 32, 2: 32, 4: 4}
    assert [(a.seat, a.amount) for a in french.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(2, 60)]
    assert [(p.seat, p.amount) for p in french.payouts if p.source == PayoutSource.POT] == [(2, 66)]
    assert (french.rake, french.button_seat) == (2, 1) and french.reconciles()


def test_a_french_line_the_table_does_not_hold_is_quoted_as_printed() -> None:
    text = FR.replace("Bastien checke", "Bastien fait tapis €3.08")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert err.value.reason == QuarantineReason.PARSE_ERROR
    assert err.value.message == "hand 700000001: unexpected line 19: 'Bastien fait tapis €3.08'"


def test_a_card_that_is_not_french_is_refused() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(FR.replace("[1Pi RCo 10Tr 5Ca]", "[1Pi RCo 10Tr 5Xy]"))
    assert err.value.reason == QuarantineReason.BAD_CARDS


def test_a_french_header_naming_a_game_not_seen_is_not_recognised() -> None:
    other = FR.replace("Limite du pot Omaha", "Sans limite Hold'em")
    assert not PARSER.sniff(other) and detect(other) is None


def test_a_french_file_is_ingested_and_audited_clean(tmp_path: Path) -> None:
    from audit.jobs import run_job

    path = tmp_path / "fr.txt"
    path.write_text(FR + "\n" + EN.replace("700000001", "700000002"), encoding="utf-8")
    result = run_job([path], tmp_path / "out")
    assert (result.counts["parsed"], result.counts["clean"], result.counts["quarantined"]) == (2, 2, 0)
