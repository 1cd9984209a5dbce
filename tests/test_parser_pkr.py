"""PKR parser: every corpus file, exact values on every real hand, malformed input."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, Street
from rules.records import HandParseError
from parsers.pkr import PARSER
from parsers.registry import detect
from tests.corpus import CORPUS, corpus_file, corpus_files, read_text

HANDS = {
    "Holdem/NLHE-10max-USD-0.02-0.04-201208.multiple.side.pots.txt": 1,
    "OmahaHiLo/PLO8-USD-2.00-4.00-201108.ties.low.txt": 1,
}


def _name(path: Path) -> str:
    return path.relative_to(CORPUS / "PKR").as_posix()


def _only_hand(relative: str):
    text = read_text(corpus_file(f"PKR/{relative}"))
    [(_, chunk)] = list(PARSER.split(text))
    return PARSER.parse(chunk)


@pytest.mark.parametrize("path", corpus_files("PKR"), ids=_name)
def test_every_corpus_file(path: Path) -> None:
    text = read_text(path)
    assert PARSER.sniff(text[:8192])
    assert detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert len(chunks) == HANDS[_name(path)]
    for _, chunk in chunks:
        hand = PARSER.parse(chunk)
        assert hand.reconciles(), hand.notes
        assert sum(hand.pots_printed) == hand.pot_total
        assert not [n for n in hand.notes if "closing stack" in n]


def test_corpus_has_every_listed_file() -> None:
    files = {_name(p) for p in corpus_files("PKR")}
    if not files:
        pytest.skip(f"the shared corpus is absent at {CORPUS}")
    assert files == set(HANDS)


def test_hilo_tied_both_halves() -> None:
    hand = _only_hand("OmahaHiLo/PLO8-USD-2.00-4.00-201108.ties.low.txt")
    assert (hand.hand_id, hand.platform, hand.format) == ("1830508295", Platform.PKR, Format.PKR)
    assert (hand.game, hand.limit, hand.amount_scale, hand.currency) == (Game.OMAHA_HILO, Limit.POT, 100, "USD")
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.table_name) == (200, 400, 6, "Montego Bay")
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == ("26 Aug 2011 11:24:50", None, "2011-08-26")
    assert hand.boards == [["3d", "2c", "8s", "Ac", "4h"]]
    assert hand.seat(1).cards == ["9d", "5d", "7h", "3s"] and hand.seat(5).cards == ["Ah", "Kd", "7d", "5h"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 7000, 5: 7000, 6: 0}
    assert [(p.seat, p.amount, p.pot, p.run, p.half) for p in hand.payouts] == [
        (1, 3475, 0, None, Half.HIGH),
        (5, 3475, 0, None, Half.HIGH),
        (1, 3475, 0, None, Half.LOW),
        (5, 3475, 0, None, Half.LOW),
    ]
    assert hand.payouts[3].line == "Player0 ties $34.75 with low hand: A2345"
    assert (hand.rake, hand.fees, hand.pots_printed, hand.pots_printed_net) == (100, 0, [14000], False)
    assert "rake 100 taken from pot 1 (PKR counts the main pot as pot 1)" in hand.notes


def test_three_pots_tied_with_rake_from_first_side_pot() -> None:
    hand = _only_hand("Holdem/NLHE-10max-USD-0.02-0.04-201208.multiple.side.pots.txt")
    assert (hand.game, hand.limit, hand.button_seat) == (Game.HOLDEM, Limit.NO, 9)
    assert hand.boards == [["4d", "3d", "6c", "7s", "Ks"]]
    assert {s.seat: s.contributed for s in hand.seats} == {
        1: 40, 2: 0, 3: 6, 4: 6, 5: 59, 6: 0, 7: 0, 8: 59, 9: 0, 10: 2,
    }
    assert [s.seat for s in hand.seats if s.all_in] == [1, 4, 5]
    assert [s.seat for s in hand.seats if not s.dealt_in] == [7, 9]
    assert hand.seat(2).cards == ["4h", "Qs"] and hand.seat(4).cards == ["As", "Js"]
    assert [(p.seat, p.amount, p.pot, p.half) for p in hand.payouts] == [
        (5, 38, 2, Half.WHOLE),
        (5, 43, 1, Half.WHOLE),
        (1, 42, 1, Half.WHOLE),
        (5, 16, 0, Half.WHOLE),
        (1, 16, 0, Half.WHOLE),
    ]
    assert (hand.pots_printed, hand.rake) == ([32, 102, 38], 17)
    # "pot 2" in the rake line is side pot #1: it is the pot paid 17 short of its size.
    assert hand.pots_printed[1] - 43 - 42 == hand.rake
    calls = [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.CALL and a.street == Street.PREFLOP]
    assert calls == [(3, 4), (5, 2), (8, 2), (1, 2), (3, 2)]
    posts = [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL]
    assert posts == [(10, ActionKind.POST_SMALL_BLIND, 2), (1, ActionKind.POST_BIG_BLIND, 4),
                     (5, ActionKind.POST_BLIND, 4), (8, ActionKind.POST_BLIND, 4)]


def test_parser_is_picklable() -> None:
    assert pickle.loads(pickle.dumps(PARSER)).format == Format.PKR


# Shaped like a real PKR hand that ends without a showdown (rake from the only pot, the
# uncalled raise not printed).
HAND = """Table #52120858 - Somewhere
Starting Hand #2433310836
Start time of hand: 05 Oct 2013 01:58:02
Last Hand #2433310632
Game Type: OMAHA
Limit Type: POT LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.25 / $0.50
Button is at seat 5
Seat 1: Alpha - $269.17
Seat 2: Beta Two - $55.98
Shuffling Deck
Moving Button to seat 2
Beta Two posts small blind ($0.25)
Alpha posts big blind ($0.50)
Dealing Cards
Beta Two raises to $1.50
Alpha calls $1.50
Pot sizes: $3
Dealing Flop [2 c][4 c][Q h]
Alpha bets $3
Beta Two raises to $12
Alpha folds
Pot sizes: $9
Taking Rake of $0.45 from pot 1
Beta Two doesn't show
Beta Two wins $8.55
Seat 1: Alpha - $264.67
Seat 2: Beta Two - $60.03
End of Hand #2433310836
"""


def test_uncontested_hand_with_inferred_return() -> None:
    hand = PARSER.parse(HAND)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 450, 2: 450}
    assert [(a.seat, a.amount, a.street) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(2, 900, Street.FLOP)]
    assert [(p.seat, p.amount, p.pot, p.half) for p in hand.payouts] == [(2, 855, 0, Half.WHOLE)]
    assert hand.reconciles() and not [n for n in hand.notes if "closing stack" in n]


def test_truncated_hand() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.split("Pot sizes: $9")[0])
    assert err.value.reason == QuarantineReason.TRUNCATED
    assert err.value.message == "hand has no 'End of Hand' line (cut off at the end of the file?)"
    assert err.value.hand_id == "2433310836"


def test_garbage_amount() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("wins $8.55", "wins $8.555"))
    assert err.value.reason == QuarantineReason.BAD_AMOUNT
    assert err.value.message == (
        "'$8.555' has more decimals than the minor unit allows (scale 100) in line 'Beta Two wins $8.555'"
    )


def test_closing_stack_disagreement_is_noted() -> None:
    hand = PARSER.parse(HAND.replace("Seat 2: Beta Two - $60.03", "Seat 2: Beta Two - $60.04"))
    assert "seat 2: closing stack 6004 but the lines give 6003" in hand.notes


def test_crlf_and_bom() -> None:
    text = "\ufeff\ufeff" + HAND.replace("\n", "\r\n")
    assert PARSER.sniff(text)
    [(_, chunk)] = list(PARSER.split(text))
    assert PARSER.parse(chunk).pot_total == 900


def test_chat_emote_is_chatter() -> None:
    hand = PARSER.parse(HAND.replace("Beta Two wins $8.55\n", "Beta Two wins $8.55\nAlpha cheers.\n"))
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 855)]


def test_unknown_line_fails_the_hand() -> None:
    # Lines naming nobody seated, and any 'has ...' line, used to be skipped unread.
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("Alpha folds\n", "Alpha folds\nDealer returns $0.50 to Alpha\n"))
    assert (err.value.reason, err.value.hand_id) == (QuarantineReason.PARSE_ERROR, "2433310836")
    assert err.value.message == "unexpected line 25: 'Dealer returns $0.50 to Alpha'"
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("Alpha folds\n", "Alpha folds\nAlpha has won $0.50 from the jackpot\n"))
    assert err.value.message == "unexpected line 25: 'Alpha has won $0.50 from the jackpot'"


def test_known_lines_without_money_are_skipped() -> None:
    harmless = (
        "Alpha : gl\n"
        "Alpha cheers.\n"
        "Alpha is sitting out\n"
        "Alpha sits out\n"
        "Alpha has returned\n"
        "Alpha is away from table\n"
        "Alpha is disconnected\n"
        "Alpha has reconnected\n"
        "Alpha has left the table\n"
        "Alpha has joined the table\n"
        "Alpha will be dealt in after the button\n"
        "Beta Two has Two Pairs: Queens, 4s\n"
        "Beta Two has low hand: A2345\n"
        "Alpha acknowledges a nice hand.\n"
        "Alpha  is using the time bank\n"
        "Alpha has 14 seconds remaining in the time bank\n"
        "Alpha has received 1 additional seconds in the time bank (15 total seconds)\n"
    )
    hand = PARSER.parse(HAND.replace("Beta Two doesn't show\n", "Beta Two doesn't show\n" + harmless))
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 855)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 450, 2: 450} and hand.reconciles()


def test_timed_out_seat_is_folded() -> None:
    hand = PARSER.parse(HAND.replace("Alpha folds\n", "Alpha did not respond in time and is folded\n"))
    assert (hand.seat(1).folded_street, hand.actions[-2].kind) == (Street.FLOP, ActionKind.FOLD)


# The 2009 dialect: blinds without spaces around the slash, cards in one bracket, the
# uncalled bet printed, ``End Of Hand``.
HAND_2009 = """Table #31007755 - Coral Reef 4
Starting Hand #812004417
Start time of hand: 14 Apr 2009 18:22:05
Last Hand #812004390
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.05/$0.10
Button is at seat 2
Seat 1: Gannet - $2
Seat 2: Puffin - $3.15
Seat 3: Skua - $10
Moving Button to seat 3
Gannet posts small blind ($0.05)
Puffin posts big blind ($0.10)
Shuffling Deck
Dealing Cards
Dealing [Kh 7c] to Gannet
Skua calls $0.10
Gannet calls $0.10
Puffin checks
Dealing Flop [7d 2s Jc]
Gannet bets $0.30
Puffin raises to $3
Skua folds
Gannet calls $1.90 (all-in)
Returning $1.10 to Puffin uncalled
Gannet shows [Kh 7c]
Puffin shows [Jd 9d]
Dealing Turn [4h]
Dealing River [7s]
Taking Rake of $0.20 from pot 1
Gannet has Three of a Kind, 7s
Gannet wins $3.90 with: Three of a Kind, 7s
Seat 1: Gannet - $3.90
Seat 2: Puffin - $1.15
Seat 3: Skua - $9.90
End Of Hand #812004417
"""


def test_2009_dialect() -> None:
    hand = PARSER.parse(HAND_2009)
    assert (hand.hand_id, hand.small_blind, hand.big_blind, hand.currency, hand.amount_scale) == ("812004417", 5, 10, "USD", 100)
    assert hand.seat(1).cards == ["Kh", "7c"] and hand.seat(2).cards == ["Jd", "9d"]
    assert hand.boards == [["7d", "2s", "Jc", "4h", "7s"]]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 200, 2: 200, 3: 10}
    assert [(a.seat, a.amount, a.street) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(2, 110, Street.FLOP)]
    assert [(p.seat, p.amount, p.pot, p.half, p.source, p.line) for p in hand.payouts] == [
        (2, 110, None, Half.WHOLE, PayoutSource.UNCALLED, "Returning $1.10 to Puffin uncalled"),
        (1, 390, 0, Half.WHOLE, PayoutSource.POT, "Gannet wins $3.90 with: Three of a Kind, 7s"),
    ]
    assert hand.rake == 20 and hand.reconciles()
    assert not [n for n in hand.notes if "closing stack" in n or "uncalled" in n]


# A tournament table's first hand: no previous hand, a player moved in from another table
# mid-hand (seated only in the closing lines), chat written ``NAME: text``, and the
# hi/lo showdown's lines about a missing low.
TOURNAMENT_HILO = """Table #70112233 - Tournament #30440011 Table #7
Starting Hand #2190000101
Start time of hand: 03 Jun 2012 20:15:09
Last Hand n/a
Game Type: OMAHA HI/LO
Limit Type: POT LIMIT
Table Type: TOURNAMENT
Money Type: TOURNAMENT CHIPS
Blinds are now 15 / 30
Button is at seat 3
Seat 1: Osprey - 1,500
Seat 2: Kestrel - 2,250
Seat 3: Merlin - 990
Shuffling Deck
Moving Button to seat 3
Osprey posts small blind (15)
Kestrel posts big blind (30)
Dealing Cards
Dealing [8 d][8 c][K h][2 s] to Merlin
Harrier brings 1,345 to table 70112233
Harrier has joined from Tournament Table #12
Merlin raises to 90
Osprey yawns.
Osprey calls 90
Kestrel has requested more time
Kestrel calls 90
Pot sizes: 270
Dealing Flop [9 h][T c][J s]
Osprey checks
Kestrel bets 270
Merlin raises to 900 (all-in)
Osprey folds
Kestrel calls 900
Pot sizes: 2,070
Merlin shows [8 d][8 c][K h][2 s]
Kestrel shows [Q d][Q s][4 c][5 h]
Kestrel: nh
Dealing Turn [3 c]
Pot sizes: 2,070
Dealing River [A d]
Pot sizes: 2,070
Merlin has Straight, Queen high
Merlin has no qualifying low hand
Kestrel has Straight, King high
Kestrel has no qualifying low hand
Kestrel wins 2,070 with high hand: Straight, King high
There is no qualifying low hand
Merlin says gg
Seat 1: Osprey - 1,410
Seat 2: Kestrel - 3,330
Seat 3: Merlin - 0
Seat 4: Harrier - 1,345
End of Hand #2190000101
"""


def test_tournament_hand_with_a_player_moved_in_and_no_low() -> None:
    hand = PARSER.parse(TOURNAMENT_HILO)
    assert (hand.game, hand.is_tournament, hand.currency, hand.amount_scale) == (Game.OMAHA_HILO, True, None, 1)
    assert [s.player for s in hand.seats] == ["Osprey", "Kestrel", "Merlin"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 90, 2: 990, 3: 990}
    assert [(p.seat, p.amount, p.pot, p.half) for p in hand.payouts] == [(2, 2070, 0, Half.HIGH)]
    assert hand.reconciles() and not [n for n in hand.notes if "closing stack" in n]


def test_arrival_line_naming_a_seated_player_fails_the_hand() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(TOURNAMENT_HILO.replace("Harrier brings 1,345", "Osprey brings 1,345"))
    assert err.value.message == "unexpected line 20: 'Osprey brings 1,345 to table 70112233'"


# A knockout tournament: each seat line carries its bounty, and antes read ``posts ante of``.
BOUNTY_ANTES = """Table #61900417 - Tournament #33301877 Table #2
Starting Hand #2701155003
Start time of hand: 11 Feb 2015 22:04:51
Last Hand #2701154890
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: TOURNAMENT
Money Type: Tournament chips
Blinds are now 0 / 0
Button is at seat 2
Seat 1: Gadwall (bounty value $1.20, bounty won $0.60) - 35
Seat 2: Teal (bounty value $1, bounty won $0) - 15
Shuffling Deck
Moving Button to seat 2
Gadwall posts ante of 35 (all-in)
Teal posts ante of 15 (all-in)
Returning 20 to Gadwall uncalled
Pot sizes: 30
Dealing Cards
Dealing [9 c][9 d] to Teal
Pot sizes: 30
Gadwall shows [K h][4 s]
Teal shows [9 c][9 d]
Dealing Flop [2 s][6 h][T c]
Pot sizes: 30
Dealing Turn [3 d]
Pot sizes: 30
Dealing River [Q h]
Pot sizes: 30
Gadwall has High Card: King
Teal has One Pair: 9s
Teal wins 30 with: One Pair: 9s
Seat 1: Gadwall (bounty value $1.20, bounty won $0.60) - 20
Seat 2: Teal (bounty value $1, bounty won $0) - 30
End of Hand #2701155003
"""


def test_bounty_seat_lines_and_all_in_antes() -> None:
    hand = PARSER.parse(BOUNTY_ANTES)
    assert [(s.seat, s.player, s.stack, s.contributed, s.all_in) for s in hand.seats] == [
        (1, "Gadwall", 35, 15, True), (2, "Teal", 15, 15, True)]
    assert (hand.ante, hand.is_tournament) == (35, True)
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 20, PayoutSource.UNCALLED), (2, 30, PayoutSource.POT)]
    assert hand.reconciles() and not [n for n in hand.notes if "closing stack" in n]


# Play money: whole blinds, but stacks carry cents; the table's emotes carry no money.
PLAY_MONEY = """Table #40112876 - Pearl Harbour
Starting Hand #1840221907
Start time of hand: 02 Sep 2011 10:41:12
Last Hand #1840221600
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: RING
Money Type: PLAY MONEY
Blinds are now $10 / $20
Button is at seat 1
Seat 1: Shag - $2,417.50
Seat 2: Cormorant - $1,000
Shuffling Deck
Moving Button to seat 1
Shag posts small blind ($10)
Cormorant posts big blind ($20)
Dealing Cards
Shag raises to $60
Cormorant claps.
Cormorant calls $60
Pot sizes: $120
Dealing Flop [4 s][9 d][K c]
Cormorant checks
Shag bets $90
Shag laughs his *** off.
Cormorant folds
Cormorant admits he's a chicken!
Shag can't believe himself.
Pot sizes: $120
Shag doesn't show
Shag wins $120
Seat 1: Shag - $2,477.50
Seat 2: Cormorant - $940
End of Hand #1840221907
"""


def test_play_money_in_hundredths_and_emotes() -> None:
    hand = PARSER.parse(PLAY_MONEY)
    assert (hand.is_play_money, hand.currency, hand.amount_scale) == (True, None, 100)
    assert [(s.seat, s.stack, s.contributed) for s in hand.seats] == [(1, 241750, 6000), (2, 100000, 6000)]
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(1, 12000, PayoutSource.POT)]
    assert hand.reconciles() and not [n for n in hand.notes if "closing stack" in n]


DEAD_POST_AND_TRAFFIC = """Table #45400001 - Elsewhere
Starting Hand #1830000001
Start time of hand: 12 Aug 2011 21:40:11
Last Hand #1830000000
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.02 / $0.04
Button is at seat 3
Seat 1: Gamma - $4.00
Seat 3: Delta - $3.10
Seat 5: Epsilon - $2.00
Seat 7: Zeta - $5.00
Shuffling Deck
Moving Button to seat 3
Epsilon posts small blind ($0.02)
Zeta posts big blind ($0.04)
Gamma posts $0
Gamma posts $0.02 dead
Dealing Cards
Dealing [A s][4 d] to Delta
Delta folds and shows [XX] [A d]
Gamma raises to $0.12
Delta yawns at Gamma.
Epsilon folds
Zeta calls $0.12
Zeta will see you.
Pot sizes: $0.28
Delta brings $2 to table 45400001
Dealing Flop [7 c][8 s][4 c]
Epsilon has become disconnected and has 30 seconds to reconnect
Zeta checks
Gamma bets $0.20
Zeta folds and shows [9 s][2 c]
Gamma is relieved about that.
Returning $0.20 to Gamma uncalled
Pot sizes: $0.28
Taking Rake of $0.01 from pot 1
Gamma doesn't show
Gamma wins $0.27
Seat 1: Gamma - $4.13
Seat 3: Delta - $3.10
Seat 5: Epsilon - $1.98
Seat 7: Zeta - $4.88
End of Hand #1830000001
"""


def test_a_dead_post_folds_that_show_and_table_traffic() -> None:
    # a returning seat posts $0 live and its small blind dead; emotes at a player, a dropped
    # connection and chips brought to the table carry nothing; a folding seat may show
    hand = PARSER.parse(DEAD_POST_AND_TRAFFIC)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.seat == 1][:2] == [
        (1, ActionKind.POST_BLIND, 0), (1, ActionKind.POST_DEAD, 2)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 14, 3: 0, 5: 2, 7: 12}
    assert {s.seat: s.folded_street for s in hand.seats if s.folded_street} == {
        3: Street.PREFLOP, 5: Street.PREFLOP, 7: Street.FLOP}
    assert [(p.seat, p.amount, p.source.value) for p in hand.payouts] == [(1, 20, "uncalled"), (1, 27, "pot")]
    assert (hand.rake, hand.reconciles()) == (1, True)
    assert not [n for n in hand.notes if "closing stack" in n]


def test_a_newcomer_bringing_money_a_protected_disconnection_and_one_card_shown() -> None:
    text = DEAD_POST_AND_TRAFFIC.replace(
        "Delta brings $2 to table 45400001\n",
        "Delta brings $2 to table 45400001\nOmega brings $200 to table 45400001\n"
        "Epsilon has disconnected and has been granted disconnection protection\n").replace(
        "Gamma doesn't show", "Gamma shows [XX] [J s]")
    hand = PARSER.parse(text)
    assert "Omega" not in {s.player for s in hand.seats}
    assert (hand.seat(1).cards, hand.seat(1).showed) == ([None, "Js"], True)  # the hidden card is unknown
    assert {s.seat: s.contributed for s in hand.seats} == {1: 14, 3: 0, 5: 2, 7: 12}
    assert [(p.seat, p.amount, p.source.value) for p in hand.payouts] == [(1, 20, "uncalled"), (1, 27, "pot")]


def test_no_rake_taken_line_is_a_rake_of_nothing() -> None:
    text = HAND.replace("Taking Rake of $0.45 from pot 1\n", "No Rake Taken\n").replace("wins $8.55", "wins $9")
    text = text.replace("Beta Two - $60.03", "Beta Two - $60.48")
    hand = PARSER.parse(text)
    assert hand.rake == 0 and [(p.seat, p.amount) for p in hand.payouts] == [(2, 900)] and hand.reconciles()


def test_a_win_limited_by_disconnection_protection_is_quarantined_saying_so() -> None:
    text = HAND.replace("Beta Two wins $8.55", "Beta Two wins $1.50, disconnection protection limited from $8.55 "
                                               "with: One Pair: 4s\nAlpha wins $7.05")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.UNSUPPORTED_GAME,
        "line 28: a win limited by PKR's disconnection protection ($1.50 of $8.55): the rule that limits it and pays "
        "the rest is not published, so the payout cannot be checked: "
        "'Beta Two wins $1.50, disconnection protection limited from $8.55 with: One Pair: 4s'")


def test_a_file_that_opens_at_the_hand_line_its_table_line_missing_is_read(tmp_path: Path) -> None:
    from audit.ingest import ingest
    from audit.lake import read_table

    cut = HAND.split("\n", 1)[1]  # from 'Starting Hand #2433310836' on
    assert PARSER.sniff(cut) and PARSER.sniff(HAND) and not PARSER.sniff(cut.split("\n", 1)[1])
    hand = PARSER.parse(cut)
    assert (hand.hand_id, hand.table_name) == ("2433310836", None)
    assert "the hand's table line ('Table #N - NAME') is not in the file: its table is not known" in hand.notes
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 855)] and hand.reconciles()
    assert PARSER.parse(HAND).table_name == "Somewhere"
    # the next hand, with its table line, is read as ever
    path = tmp_path / "cut.txt"
    path.write_text(cut + "\n" + HAND.replace("2433310836", "2433310999"), encoding="utf-8")
    ingest([path], tmp_path / "lake")
    rows = read_table(tmp_path / "lake", "hands").sort("hand_id")
    assert rows.select("hand_id", "table_name").rows() == [("2433310836", None), ("2433310999", "Somewhere")]
    assert read_table(tmp_path / "lake", "quarantine").height == 0
