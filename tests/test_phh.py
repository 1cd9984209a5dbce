"""``reports.phh`` on hands written for these tests, and the TOML it writes.

Each hand is checked line for line, then played by pokerkit 0.7.7 (never a mock) to the
final stacks the history implies.
"""

from __future__ import annotations

import datetime
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reports.phh import PHH_VARIANTS, VARIANT_OF, PhhRefusal, dumps, dumps_all, hand_to_phh
from reports.toml_writer import dumps_table, dumps_tables
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord
from rules.vocab import ActionKind as K, Format, Game, Limit, PayoutSource, Platform, Street as S
from tests.pokerkit_replay import replay


def _actions(*rows) -> list[ActionRecord]:
    return [ActionRecord(i, street, seat, kind, amount, all_in=bool(rest and rest[0]))
            for i, (street, seat, kind, amount, *rest) in enumerate(rows)]


def holdem_heads_up() -> ParsedHand:
    """No-limit Hold'em, seat 5 the button (small blind), seat 2 the big blind: all in on
    the flop, the turn and river dealt after the showdown."""
    hand = ParsedHand("9001", Platform.POKERSTARS, Format.POKERSTARS, Game.HOLDEM, Limit.NO, is_tournament=False,
                      amount_scale=100, currency="USD", small_blind=5, big_blind=10, button_seat=5, max_seats=6,
                      start_time_utc="2025-03-04T05:06:07Z", table_name="Test 'one'",
                      boards=[["Ah", "7c", "2d", "Ks", "3h"]], rake=10, fees=0)
    hand.seats = [SeatRecord(2, "bb \"quoted\"", 500, ["Ac", "Ad"], showed=True, contributed=500, all_in=True),
                  SeatRecord(5, "btn", 800, ["Kc", "Kd"], showed=True, contributed=500)]
    hand.actions = _actions(
        (S.PREDEAL, 5, K.POST_SMALL_BLIND, 5), (S.PREDEAL, 2, K.POST_BIG_BLIND, 10),
        (S.PREFLOP, 5, K.RAISE, 25), (S.PREFLOP, 2, K.CALL, 20),
        (S.FLOP, 2, K.BET, 470, True), (S.FLOP, 5, K.CALL, 470),
        (S.SHOWDOWN, 2, K.SHOW, None), (S.SHOWDOWN, 5, K.SHOW, None))
    hand.payouts = [PayoutRecord(2, 990, source=PayoutSource.POT)]
    return hand


def test_a_heads_up_hold_em_hand_line_for_line() -> None:
    fields = hand_to_phh(holdem_heads_up(), source_file="hh/a.txt", source_offset=42)
    assert dumps(fields) == """\
# pokerstars:9001, written by hhaudit. Amounts are integers in 1/100 of USD.
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [500, 800]
actions = [
  "d dh p1 AcAd",
  "d dh p2 KcKd",
  "p2 cbr 30",
  "p1 cc",
  "d db Ah7c2d",
  "p1 cbr 470",
  "p2 cc",
  "p1 sm AcAd",
  "p2 sm KcKd",
  "d db Ks",
  "d db 3h",
]
hand = "9001"
table = "Test 'one'"
seats = [2, 5]
seat_count = 6
players = ["bb \\"quoted\\"", "btn"]
currency = "USD"
time = 05:06:07
time_zone = "UTC"
day = 4
month = 3
year = 2025
_hand_key = "pokerstars:9001"
_platform = "pokerstars"
_source_file = "hh/a.txt"
_source_offset = 42
_game = "holdem"
_limit = "no"
_amount_scale = 100
_rake = 10
_rake_source = "printed"
_fees = 0
_recorded_winnings = [990, 0]
"""
    # heads-up PHH writes the blinds reversed: pokerkit posts 10 for p1, the big blind
    assert replay(dumps(fields), fields["seats"]).stacks == {2: 1000, 5: 300}


def test_the_text_reads_back_as_the_same_fields() -> None:
    fields = hand_to_phh(holdem_heads_up())
    assert tomllib.loads(dumps(fields)) == {**fields, "time": datetime.time(5, 6, 7)}
    bundle = tomllib.loads(dumps_all([fields, {**fields, "_hand_key": "pokerstars:9002"}]))
    assert list(bundle) == ["pokerstars:9001", "pokerstars:9002"]


def stud_all_in() -> ParsedHand:
    """Seven-card stud, three seats: seat 3 brings in (lowest card up, the 3 of clubs),
    seat 1 is all in on fifth street against seat 4; the seventh card comes face down
    after the showdown."""
    hand = ParsedHand("77", Platform.POKERSTARS, Format.POKERSTARS, Game.STUD, Limit.FIXED, is_tournament=False,
                      amount_scale=100, currency="USD", ante=1, bring_in=2, rake=0)
    hand.seats = [
        SeatRecord(1, "a", 21, ["As", "Ad", "Ac", "2d", "9h", "Th", "4s"], ["Ac", "2d", "9h", "Th"], showed=True,
                   contributed=21, all_in=True),
        SeatRecord(3, "b", 100, [None, None, "3c"], ["3c"], folded_street=S.THIRD, contributed=3),
        SeatRecord(4, "c", 100, ["Ks", "Kd", "Kc", "5d", "6h", "7h", "8s"], ["Kc", "5d", "6h", "7h"],
                   showed=True, contributed=21),
    ]
    hand.actions = _actions(
        (S.PREDEAL, 1, K.POST_ANTE, 1), (S.PREDEAL, 3, K.POST_ANTE, 1), (S.PREDEAL, 4, K.POST_ANTE, 1),
        (S.THIRD, 3, K.BRING_IN, 2), (S.THIRD, 4, K.COMPLETE, 5), (S.THIRD, 1, K.CALL, 5),
        (S.THIRD, 3, K.FOLD, None),
        (S.FOURTH, 1, K.CHECK, None), (S.FOURTH, 4, K.BET, 5), (S.FOURTH, 1, K.CALL, 5),
        (S.FIFTH, 1, K.CHECK, None), (S.FIFTH, 4, K.BET, 10), (S.FIFTH, 1, K.CALL, 10, True))
    hand.payouts = [PayoutRecord(1, 45, source=PayoutSource.POT)]
    return hand


def test_stud_all_in_deals_the_rest_after_the_showdown_and_shows_the_last_card() -> None:
    fields = hand_to_phh(stud_all_in())
    assert (fields["variant"], fields["antes"], fields["bring_in"], fields["small_bet"], fields["big_bet"]) == (
        "F7S", [1, 1, 1], 2, 5, 10)
    assert fields["actions"] == [
        "d dh p1 AsAdAc", "d dh p2 ????3c", "d dh p3 KsKdKc",
        "p2 pb", "p3 cbr 5", "p1 cc", "p2 f",
        "d dh p1 2d", "d dh p3 5d", "p1 cc", "p3 cbr 5", "p1 cc",  # the ace up acts first
        "d dh p1 9h", "d dh p3 6h", "p1 cc", "p3 cbr 10", "p1 cc",
        "p1 sm AsAdAc2d9h", "p3 sm KsKdKc5d6h",
        "d dh p1 Th", "d dh p3 7h", "d dh p1 4s", "d dh p3 8s",
        "p1 sm AsAdAc2d9hTh4s", "p3 sm KsKdKc5d6h7h8s",
    ]
    assert replay(dumps(fields), fields["seats"]).stacks == {1: 45, 3: 97, 4: 79}


def badugi_draws() -> ParsedHand:
    """Fixed-limit Badugi heads-up: draws of unknown cards, the final hands shown."""
    hand = ParsedHand("5", Platform.POKERSTARS, Format.POKERSTARS, Game.BADUGI, Limit.FIXED, is_tournament=True,
                      amount_scale=1, small_blind=10, big_blind=20, button_seat=1, rake=None, fees=0)
    hand.seats = [SeatRecord(1, "a", 1000, ["Kc", "Qd", "Jh", "Ts"], showed=True, contributed=60),
                  SeatRecord(2, "b", 1000, ["Ac", "2d", "3h", "4s"], showed=True, contributed=60)]
    rows = [(S.PREDEAL, 1, K.POST_SMALL_BLIND, 10), (S.PREDEAL, 2, K.POST_BIG_BLIND, 20),
            (S.PREDRAW, 1, K.CALL, 10), (S.PREDRAW, 2, K.CHECK, None)]
    for street, bet in ((S.DRAW1, 0), (S.DRAW2, 40), (S.DRAW3, 0)):
        rows += [(street, 2, K.DISCARD, None), (street, 1, K.STAND_PAT, None)]
        rows += [(street, 2, K.BET, bet), (street, 1, K.CALL, bet)] if bet else [
            (street, 2, K.CHECK, None), (street, 1, K.CHECK, None)]
    hand.actions = _actions(*rows)
    for a in hand.actions:
        if a.kind is K.DISCARD:
            a.cards_changed = 2
    hand.payouts = [PayoutRecord(2, 120, source=PayoutSource.POT)]
    return hand


def test_badugi_draws_unknown_cards_and_shows_the_final_hands() -> None:
    fields = hand_to_phh(badugi_draws())
    assert (fields["small_bet"], fields["big_bet"], fields["blinds_or_straddles"]) == (20, 40, [10, 20])
    assert fields["actions"][:9] == ["d dh p1 ????????", "d dh p2 ????????", "p2 cc", "p1 cc",
                                     "p1 sd ????", "p2 sd", "d dh p1 ????", "p1 cc", "p2 cc"]
    assert fields["actions"][-2:] == ["p1 sm Ac2d3h4s", "p2 sm KcQdJhTs"]
    assert "_rake" not in fields and fields["_rake_source"] == "printed"
    assert replay(dumps(fields), fields["seats"]).stacks == {2: 1060, 1: 940}


@pytest.mark.parametrize(("change", "reason", "message"), [
    (lambda h: setattr(h, "game", Game.OMAHA_HILO) or setattr(h, "limit", Limit.POT), "game",
     "pot-limit Omaha Hi/Lo has no PHH variant (PHH has FT, NT, NS, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB)"),
    (lambda h: setattr(h, "limit", None), "game", "Hold'em (limit not recorded) has no PHH variant"),
    (lambda h: h.boards.append(["2c", "3c", "4c", "5c", "6c"]), "runs",
     "the board was run 2 times: PHH has no notation for choosing the number of runs"),
    (lambda h: setattr(h.seats[0], "stack", None), "stack", "seat 2's starting stack is not recorded"),
    (lambda h: setattr(h, "button_seat", None), "button", "the button is not recorded"),
    (lambda h: setattr(h.seats[1], "cashed_out", True), "cash_out", "a seat cashed out the all-in"),
])
def test_what_phh_cannot_express_is_refused_by_name(change, reason, message) -> None:
    hand = holdem_heads_up()
    change(hand)
    with pytest.raises(PhhRefusal) as caught:
        hand_to_phh(hand)
    assert caught.value.reason == reason
    assert str(caught.value).startswith(message)


def test_a_live_blind_posted_out_of_turn_is_refused() -> None:
    hand = ParsedHand("3", Platform.POKERSTARS, Format.POKERSTARS, Game.HOLDEM, Limit.NO, is_tournament=False,
                      amount_scale=100, small_blind=5, big_blind=10, button_seat=1, rake=0)
    hand.seats = [SeatRecord(n, f"p{n}", 1000, contributed=10 if n != 2 else 5) for n in (1, 2, 3, 4)]
    hand.actions = _actions((S.PREDEAL, 2, K.POST_SMALL_BLIND, 5), (S.PREDEAL, 3, K.POST_BIG_BLIND, 10),
                            (S.PREDEAL, 1, K.POST_BLIND, 10),  # the button, new, posts a live big blind
                            (S.PREFLOP, 4, K.CALL, 10), (S.PREFLOP, 1, K.CHECK, None),
                            (S.PREFLOP, 2, K.FOLD, None), (S.PREFLOP, 3, K.CHECK, None))
    with pytest.raises(PhhRefusal) as caught:
        hand_to_phh(hand)
    assert caught.value.reason == "blinds"
    assert str(caught.value) == ("seat 4 acts first, but PHH reads these blinds ([5, 10, 0, 10]) as putting "
                                 "seat 2 first: a live blind posted out of turn (PHH reads it as a straddle)")


def test_a_straddle_is_a_straddle() -> None:
    hand = ParsedHand("4", Platform.GGPOKER, Format.GGPOKER, Game.HOLDEM, Limit.NO, is_tournament=False,
                      amount_scale=100, small_blind=5, big_blind=10, button_seat=1, boards=[], rake=0)
    hand.seats = [SeatRecord(n, f"p{n}", 1000, contributed=c) for n, c in ((1, 0), (2, 5), (3, 10), (4, 20))]
    hand.seats[0].folded_street = hand.seats[1].folded_street = hand.seats[2].folded_street = S.PREFLOP
    hand.actions = _actions((S.PREDEAL, 2, K.POST_SMALL_BLIND, 5), (S.PREDEAL, 3, K.POST_BIG_BLIND, 10),
                            (S.PREDEAL, 4, K.POST_BLIND, 20), (S.PREFLOP, 1, K.FOLD, None),
                            (S.PREFLOP, 2, K.FOLD, None), (S.PREFLOP, 3, K.FOLD, None))
    fields = hand_to_phh(hand)
    assert fields["blinds_or_straddles"] == [5, 10, 20, 0]
    assert fields["actions"][4:] == ["p4 f", "p1 f", "p2 f"]
    assert replay(dumps(fields), fields["seats"]).stacks == {2: 995, 3: 990, 4: 1015, 1: 1000}


def test_every_mapped_variant_is_one_of_the_standard() -> None:
    assert {v.code for v in VARIANT_OF.values()} <= {v.code for v in PHH_VARIANTS}
    assert len(PHH_VARIANTS) == 11


# ----------------------------------------------------------------------------- TOML

_scalars = st.one_of(st.booleans(), st.integers(-(2**63), 2**63 - 1),
                     st.text(st.characters(blacklist_categories=("Cs",))), st.times())
_values = st.one_of(_scalars, st.lists(_scalars, max_size=12),
                    st.dictionaries(st.text(min_size=1, max_size=8), _scalars, max_size=4))
_keys = st.text(min_size=1, max_size=12).filter(lambda k: not k.startswith("\ufeff"))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_keys, _values, max_size=8))
def test_toml_round_trips_through_tomllib(fields) -> None:
    assert tomllib.loads(dumps_table(fields)) == fields
    assert tomllib.loads(dumps_tables([("t:1", fields)])) == {"t:1": fields}


def test_toml_refuses_what_it_cannot_write_exactly() -> None:
    for bad in ({"x": 0.1}, {"x": 2**63}, {"x": [[1]]}, {"x": datetime.time(1, tzinfo=datetime.timezone.utc)}):
        with pytest.raises(ValueError):
            dumps_table(bad)
