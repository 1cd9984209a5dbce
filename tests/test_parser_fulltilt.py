"""Full Tilt parser: every corpus file, exact values on real hands, malformed input."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, Street
from rules.records import HandParseError
from parsers.fulltilt import PARSER
from parsers.registry import detect
from tests.corpus import CORPUS, corpus_file, corpus_files, read_text

# Hands per file, from reading each file (MANIFEST.tsv agrees); sidecars hold none.
HANDS = {
    "Badugi/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt": 1,
    "Badugi/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt": 1,
    "Courchevel/PL-Courchevel-6max-play-25-50-201305.txt": 1,
    "Draw/3-Draw-Limit-USD-150-300-201012.txt": 1,
    "Omaha/PLO-6max-USD-2.00-4.00-201211.RIT.side.pot.txt": 1,
    "OmahaHiLo/GameTypeTests__FixedLimitOmahaHiLo.txt": 1,
    "OmahaHiLo/GameTypeTests__NoLimitOmahaHiLo.txt": 1,
    "OmahaHiLo/GameTypeTests__PotLimitOmahaHiLo.txt": 1,
    "OmahaHiLo/HandActionTests__OmahaHiLo.txt": 1,
    "OmahaHiLo/LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt": 1,
    "OmahaHiLo/LO8-HORSE-2max-SnG-USD-200-200604.txt": 1,
    "OmahaHiLo/Limits__Limit5.txt": 1,
    "OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt": 1,
    "Razz/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt": 1,
    "StudHiLo/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt": 1,
}
SIDECARS = (".hp", ".hands", ".gt")


def _name(path: Path) -> str:
    return path.relative_to(CORPUS / "FullTilt").as_posix()


def _only_hand(relative: str):
    text = read_text(corpus_file(f"FullTilt/{relative}"))
    hands = [PARSER.parse(h) for _, h in PARSER.split(text)]
    assert len(hands) == 1
    return hands[0]


@pytest.mark.parametrize("path", corpus_files("FullTilt"), ids=_name)
def test_every_corpus_file(path: Path) -> None:
    text = read_text(path)
    if path.suffix in SIDECARS:
        assert not PARSER.sniff(text[:8192])
        return
    assert PARSER.sniff(text[:8192])
    assert detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert len(chunks) == HANDS[_name(path)]
    for _, chunk in chunks:
        hand = PARSER.parse(chunk)
        assert hand.reconciles(), hand.notes
        assert hand.total_pot_printed == hand.pot_total
        assert hand.pots_printed_net is False


def test_corpus_has_every_listed_file() -> None:
    files = {_name(p) for p in corpus_files("FullTilt") if p.suffix not in SIDECARS}
    if not files:
        pytest.skip(f"the shared corpus is absent at {CORPUS}")
    assert files == set(HANDS)


def test_hilo_split_odd_cent() -> None:
    hand = _only_hand("OmahaHiLo/HandActionTests__OmahaHiLo.txt")
    assert (hand.hand_id, hand.platform, hand.format) == ("33729545246", Platform.FULLTILT, Format.FULLTILT)
    assert (hand.game, hand.limit, hand.amount_scale, hand.currency) == (Game.OMAHA_HILO, Limit.POT, 100, "USD")
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.max_seats) == (5, 10, 5, 6)
    assert hand.start_time_utc == "2014-01-06T15:06:12Z"
    assert hand.hand_date == "2014-01-06"
    assert hand.table_name == "Palamos"
    assert hand.boards == [["Ah", "2s", "7h", "Tc", "Qc"]]
    johnny, bauko = hand.seat(3), hand.seat(5)
    assert johnny.cards == ["Ks", "8c", "Ac", "5c"] and bauko.cards == ["8h", "Ad", "6h", "7d"]
    assert (johnny.contributed, bauko.contributed) == (496, 496)
    assert johnny.all_in and not bauko.all_in
    assert [(p.seat, p.amount, p.pot, p.run, p.half) for p in hand.payouts] == [
        (5, 472, 0, None, Half.HIGH),
        (3, 471, 0, None, Half.LOW),
    ]
    assert hand.payouts[1].line == "great johnny wins the low pot ($4.71) with 8,7,5,2,A"
    assert (hand.rake, hand.fees, hand.total_pot_printed, hand.pots_printed) == (49, 0, 992, [992])
    returned = [a for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN]
    assert [(a.seat, a.amount, a.street) for a in returned] == [(5, 314, Street.FLOP)]


def test_run_twice_with_side_pot_rake_from_main() -> None:
    hand = _only_hand("Omaha/PLO-6max-USD-2.00-4.00-201211.RIT.side.pot.txt")
    assert hand.game == Game.OMAHA
    assert hand.boards == [["2c", "As", "Jh", "9h", "Kh"], ["2c", "As", "Jh", "Th", "5d"]]
    assert hand.start_time_utc == "2012-11-06T16:00:14Z"
    assert {s.seat: s.contributed for s in hand.seats} == {1: 3855, 2: 6400, 3: 400, 4: 6400, 5: 0, 6: 6400}
    assert hand.seat(1).cards == ["6d", "Jc", "Kd", "Qc"] and hand.seat(1).all_in
    assert hand.seat(2).cards == ["Ah", "9c", "4h", "Ac"]
    assert [(p.seat, p.amount, p.pot, p.run, p.half) for p in hand.payouts] == [
        (2, 7635, 1, None, Half.WHOLE),
        (2, 7760, None, 1, Half.WHOLE),
        (1, 7760, None, 2, Half.WHOLE),
    ]
    assert (hand.pots_printed, hand.pots_printed_net, hand.rake) == ([15820, 7635], False, 300)
    # Gross main pot 158.20 less the whole rake = the two runs' 77.60 each.
    assert hand.pots_printed[0] - hand.rake == 7760 * 2
    assert "pots printed before rake; Full Tilt took the rake from the main pot (rules.md §2.2)" in hand.notes


def test_2006_hilo_with_observer_chat() -> None:
    hand = _only_hand("OmahaHiLo/LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt")
    assert (hand.game, hand.limit, hand.small_blind, hand.big_blind) == (Game.OMAHA_HILO, Limit.FIXED, 10000, 20000)
    assert hand.boards == [["7h", "8s", "3s", "4s", "Ah"]]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 180000, 2: 180000, 3: 0, 4: 0, 5: 10000, 6: 40000}
    assert hand.seat(4).dealt_in is False
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(1, 204850, Half.HIGH), (2, 204850, Half.LOW)]
    assert (hand.rake, hand.total_pot_printed) == (300, 410000)


def test_stud_hilo_upcards_and_antes() -> None:
    hand = _only_hand("StudHiLo/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt")
    assert (hand.game, hand.ante, hand.bring_in, hand.button_seat) == (Game.STUD_HILO, 40, 50, None)
    hero = hand.seat(2)
    assert hero.cards == ["5d", "Ah", "Ad", "6h", "5c"]
    assert hero.upcards == ["Ad", "6h", "5c"]
    assert hand.seat(5).upcards == ["4c", "7c", "Tc"]
    assert hand.seat(5).cards == [None, None, "4c", "7c", "Tc"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 90, 2: 440, 3: 40, 5: 440, 6: 0, 7: 40, 8: 40}
    antes = [a for a in hand.actions if a.kind == ActionKind.POST_ANTE]
    assert len(antes) == 6 and all(a.street == Street.PREDEAL and a.amount == 40 for a in antes)
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(2, 1090, Half.WHOLE)]
    assert hand.rake == 0


def test_play_money_courchevel_and_tournament_scale() -> None:
    court = _only_hand("Courchevel/PL-Courchevel-6max-play-25-50-201305.txt")
    assert (court.game, court.amount_scale, court.currency, court.is_play_money) == (Game.COURCHEVEL, 1, None, True)
    assert court.boards == [["9h", "9s", "Kd", "7h", "7d"]]
    assert court.seat(6).cards == ["8s", "Ac", "9c", "7c", "5h"]
    assert [(p.seat, p.amount) for p in court.payouts] == [(6, 900)]
    assert "summary line for seat 4 does not say how it left the hand: 'Seat 4: Player3 (big blind) [0]'" in court.notes
    sng = _only_hand("OmahaHiLo/LO8-HORSE-2max-SnG-USD-200-200604.txt")
    assert (sng.is_tournament, sng.tournament_id, sng.amount_scale, sng.currency) == (True, "3795352", 1, None)
    assert (sng.table_name, sng.small_blind, sng.big_blind) == ("1", 20, 40)


def test_draw_discards_and_final_hand() -> None:
    hand = _only_hand("Badugi/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt")
    assert hand.seat(7).cards == ["5c", "4s", "2h", "Js"]
    discards = [(a.seat, a.street, a.cards_changed) for a in hand.actions if a.kind == ActionKind.DISCARD]
    assert discards == [(7, Street.DRAW1, 1), (3, Street.DRAW1, 2), (7, Street.DRAW2, 1), (3, Street.DRAW2, 1),
                        (7, Street.DRAW3, 1), (3, Street.DRAW3, 1)]
    assert hand.seat(6).dealt_in is False
    assert [(p.seat, p.amount) for p in hand.payouts] == [(7, 81)] and hand.rake == 4


def test_parser_is_picklable() -> None:
    assert pickle.loads(pickle.dumps(PARSER)).format == Format.FULLTILT


HAND = """Full Tilt Poker Game #33729545246: Table Palamos (6 max) - PL Omaha H/L - $0.05/$0.10 - 10:06:12 ET - 2014/01/06
Seat 3: great johnny ($4.96)
Seat 5: Bauko ($14.31)
Bauko posts the small blind of $0.05
great johnny posts the big blind of $0.10
The button is in seat #5
*** HOLE CARDS ***
Bauko calls $0.05
great johnny checks
*** FLOP *** [Ah 2s 7h] (Total Pot: $0.20, 2 Players)
"""


def test_truncated_hand() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND)
    assert err.value.reason == QuarantineReason.TRUNCATED
    assert err.value.message == "hand ends before its *** SUMMARY *** section (cut off at the end of the file?)"
    assert err.value.hand_id == "33729545246"


def test_garbage_amount() -> None:
    text = HAND.replace("small blind of $0.05", "small blind of $0.055") + "*** SUMMARY ***\nTotal pot $0.20 | Rake $0\n"
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert err.value.reason == QuarantineReason.BAD_AMOUNT
    assert err.value.message == (
        "'$0.055' has more decimals than the minor unit allows (scale 100) "
        "in line 'Bauko posts the small blind of $0.055'"
    )


def test_unknown_player_line_is_refused() -> None:
    text = HAND.replace("great johnny checks", "great johnny donates $5") + "*** SUMMARY ***\nTotal pot $0.20 | Rake $0\n"
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert err.value.reason == QuarantineReason.PARSE_ERROR
    assert err.value.message == "unexpected line 9: 'great johnny donates $5'"


def test_crlf_and_doubled_bom() -> None:
    text = "\ufeff" + HAND.replace("\n", "\r\n") + "*** SUMMARY ***\r\nTotal pot $0.20 | Rake $0\r\n"
    assert PARSER.sniff(text)
    [(offset, chunk)] = list(PARSER.split(text))
    hand = PARSER.parse(chunk)
    assert offset == 0 and hand.pot_total == 20 and hand.boards == [["Ah", "2s", "7h"]]


UNCONTESTED = """Full Tilt Poker Game #30112233445: Table Quillon (6 max, shallow) - $1/$2 - Pot Limit Omaha Hi - 21:14:03 ET - 2012/10/02
Seat 1: marrowbone ($150)
Seat 3: Tessaly ($212.40)
Seat 4: ox in clover ($88)
marrowbone posts the small blind of $1
Tessaly posts the big blind of $2
The button is in seat #4
*** HOLE CARDS ***
ox in clover raises to $6
marrowbone folds
Tessaly calls $4
*** FLOP *** [2c 9d Kh] (Total Pot: $13, 2 Players)
Tessaly checks
ox in clover bets $10
Tessaly folds
Uncalled bet of $10 returned to ox in clover
*** SUMMARY ***
Total pot $13 | Rake $0.65
Board: [2c 9d Kh]
Seat 1: marrowbone (small blind) folded before the Flop
Seat 3: Tessaly (big blind) folded on the Flop
Seat 4: ox in clover (button) collected ($12.35), mucked
"""


def test_summary_pays_when_the_action_section_has_no_pay_line() -> None:
    hand = PARSER.parse(UNCONTESTED)
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (4, 1235, 0, None, Half.WHOLE, PayoutSource.POT),
    ]
    assert hand.payouts[0].line == "Seat 4: ox in clover (button) collected ($12.35), mucked"
    assert "no pay line in the action section: payouts taken from the summary" in hand.notes
    assert hand.reconciles() and not hand.contradictions


def test_summary_against_pay_lines_is_a_contradiction() -> None:
    paid = UNCONTESTED.replace(
        "Uncalled bet of $10 returned to ox in clover\n",
        "Uncalled bet of $10 returned to ox in clover\nox in clover wins the pot ($12.35)\n",
    )
    assert not PARSER.parse(paid).contradictions
    hand = PARSER.parse(paid.replace("collected ($12.35)", "collected ($12.53)"))
    assert [(p.seat, p.amount, p.line) for p in hand.payouts] == [(4, 1235, "ox in clover wins the pot ($12.35)")]
    assert [(c.message, c.seat, c.recorded, c.stated) for c in hand.contradictions] == [
        ("summary says seat 4 won 12.53 but its pay lines pay 12.35", 4, 1235, 1253),
    ]


def test_unknown_lines_fail_the_hand() -> None:
    # Lines naming nobody seated and summary lines other than the seats' used to be skipped unread.
    cases = [
        (UNCONTESTED.replace("Tessaly folds\n", "Tessaly folds\nDealer awards $5 to Tessaly\n"),
         "unexpected line 16: 'Dealer awards $5 to Tessaly'"),
        (UNCONTESTED.replace("Tessaly folds\n", "Tessaly folds\nTessaly has timed out and forfeits $5\n"),
         "unexpected line 16: 'Tessaly has timed out and forfeits $5'"),
        (UNCONTESTED + "Bad beat jackpot $25 to Tessaly\n", "unexpected summary line 23: 'Bad beat jackpot $25 to Tessaly'"),
        (UNCONTESTED + "Seat 6: ghost collected ($5)\n", "unexpected summary line 23: 'Seat 6: ghost collected ($5)'"),
        (UNCONTESTED + "*** FLOP *** [2c 9d Kh]\n", "unexpected summary line 23: '*** FLOP *** [2c 9d Kh]'"),
    ]
    for text, message in cases:
        with pytest.raises(HandParseError) as err:
            PARSER.parse(text)
        assert (err.value.reason, err.value.message, err.value.hand_id) == (QuarantineReason.PARSE_ERROR, message, "30112233445")


def test_known_lines_without_money_are_skipped() -> None:
    quiet = (
        "Tessaly folds\n"
        "kibitzer (Observer): nice fold\n"
        "latecomer sits down\n"
        "latecomer adds $200\n"
        "15 seconds left to act\n"
        "Players agree to Run It Twice\n"
        "Tessaly: gg\n"
        "Tessaly has 15 seconds left to act\n"
        "Tessaly is feeling happy\n"
        "marrowbone is sitting out\n"
        "marrowbone adds $50\n"
    )
    text = UNCONTESTED.replace("Tessaly folds\n", quiet).replace(
        "Uncalled bet of $10 returned to ox in clover\n",
        "Uncalled bet of $10 returned to ox in clover\n*** SHOW DOWN ***\n (8,7,4,3,A)\n",
    ).replace("*** SUMMARY ***\n", "*** SUMMARY ***\nDuration 52s\n")
    hand = PARSER.parse(text)
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(4, 1235, 0)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 100, 3: 600, 4: 600} and hand.reconciles()


def test_summary_line_of_an_empty_seat_running_into_the_next() -> None:
    hand = PARSER.parse(UNCONTESTED.replace("Seat 4: ox in clover (button) collected",
                                            "Seat 2: latecomer Seat 4: ox in clover (button) collected"))
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(4, 1235, 0)]
    assert (
        "summary line for empty seat 2 runs into another seat's line: "
        "'Seat 2: latecomer Seat 4: ox in clover (button) collected ($12.35), mucked'"
    ) in hand.notes


CAPPED = """Full Tilt Poker Game #35400011122: Table Wendle (6 max) - CAP NL Hold'em - $1/$2 - 18:02:11 ET - 2015/03/21
Seat 2: pike and reel ($60)
Seat 3: Dunmore ($214.50)
Seat 5: Ellery Vane ($143)
Dunmore posts the small blind of $1
Ellery Vane posts the big blind of $2
The button is in seat #2
*** HOLE CARDS ***
Dealt to Ellery Vane [9c 9h]
pike and reel folds
Dunmore raises to $6
Ellery Vane raises to $18
Dunmore calls $12
*** FLOP *** [4s 9d Jc] (Total Pot: $36, 2 Players)
Dunmore bets $20
Ellery Vane raises to $42, and is capped
Dunmore calls $22, and is capped
Dunmore shows [Jh Js]
Ellery Vane shows [9c 9h]
*** TURN *** [4s 9d Jc] [2h] (Total Pot: $120, 2 Players, 2 All-In)
*** RIVER *** [4s 9d Jc 2h] [7d] (Total Pot: $120, 2 Players, 2 All-In)
*** SHOW DOWN ***
Dunmore shows three of a kind, Jacks
Ellery Vane shows three of a kind, Nines
Dunmore wins the pot ($117) with three of a kind, Jacks
*** SUMMARY ***
Total pot $120 | Rake $3
Board: [4s 9d Jc 2h 7d]
Seat 2: pike and reel (button) didn't bet (folded)
Seat 3: Dunmore (small blind) showed [Jh Js] and won ($117) with three of a kind, Jacks
Seat 5: Ellery Vane (big blind) showed [9c 9h] and lost with three of a kind, Nines
"""


def test_cap_game_and_capped_players() -> None:
    hand = PARSER.parse(CAPPED)
    assert (hand.game, hand.limit, hand.small_blind, hand.big_blind) == (Game.HOLDEM, Limit.CAP, 100, 200)
    assert {s.seat: (s.contributed, s.all_in) for s in hand.seats} == {2: (0, False), 3: (6000, True), 5: (6000, True)}
    capped = [(a.seat, a.kind, a.amount, a.all_in) for a in hand.actions if a.street == Street.FLOP and a.amount]
    assert capped == [(3, ActionKind.BET, 2000, False), (5, ActionKind.RAISE, 4200, True), (3, ActionKind.CALL, 2200, True)]
    assert [(p.seat, p.amount) for p in hand.payouts] == [(3, 11700)] and hand.reconciles()
    pot_limit = PARSER.parse(CAPPED.replace("CAP NL Hold'em", "Cap PL Hold'em"))
    assert (pot_limit.game, pot_limit.limit) == (Game.HOLDEM, Limit.CAP)


SIX_CARD = """Full Tilt Poker Game #32900011223: Table Corvan (6 max) - PL 6 Card Omaha Hi - $0.25/$0.50 - 22:41:09 ET - 2013/07/02
Seat 1: Halloran ($50)
Seat 4: quiet moth ($61.20)
Halloran posts the small blind of $0.25
quiet moth posts the big blind of $0.50
The button is in seat #1
*** HOLE CARDS ***
Halloran calls $0.25
quiet moth checks
*** FLOP *** [3h 8c Qd] (Total Pot: $1, 2 Players)
quiet moth checks
Halloran checks
*** TURN *** [3h 8c Qd] [Ts] (Total Pot: $1, 2 Players)
quiet moth checks
Halloran checks
*** RIVER *** [3h 8c Qd Ts] [2s] (Total Pot: $1, 2 Players)
quiet moth checks
Halloran checks
*** SHOW DOWN ***
quiet moth shows [Jc 9d 4h 4c Ah 7s] a straight, Queen high
Halloran mucks
quiet moth wins the pot ($0.95) with a straight, Queen high
*** SUMMARY ***
Total pot $1 | Rake $0.05
Board: [3h 8c Qd Ts 2s]
Seat 1: Halloran (small blind) mucked [Kd Kh 5c 6d 2c 3s] - a pair of Kings
Seat 4: quiet moth (big blind) showed [Jc 9d 4h 4c Ah 7s] and won ($0.95) with a straight, Queen high
"""


@pytest.mark.parametrize(("name", "game", "limit"), [
    ("PL 6 Card Omaha Hi", Game.OMAHA6, Limit.POT),
    ("Pot Limit 6 Card Omaha", Game.OMAHA6, Limit.POT),
    ("PL 6 Card Omaha Hi/Lo", Game.OMAHA6_HILO, Limit.POT),
    ("Limit 6 Card Omaha H/L", Game.OMAHA6_HILO, Limit.FIXED),
    ("PL 5 Card Omaha Hi-Lo", Game.OMAHA5_HILO, Limit.POT),
])
def test_five_and_six_card_omaha(name: str, game: Game, limit: Limit) -> None:
    hand = PARSER.parse(SIX_CARD.replace("PL 6 Card Omaha Hi", name))
    assert (hand.game, hand.limit) == (game, limit)
    assert hand.seat(4).cards == ["Jc", "9d", "4h", "4c", "Ah", "7s"]
    assert hand.seat(1).cards == ["Kd", "Kh", "5c", "6d", "2c", "3s"]


def test_unsupported_game_is_named() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(SIX_CARD.replace("PL 6 Card Omaha Hi - $0.25/$0.50", "$0.25/$0.50 - No Limit Irish"))
    assert err.value.reason == QuarantineReason.UNSUPPORTED_GAME
    assert err.value.message == (
        "game 'No Limit Irish' is not one the rules support (Irish: four hole cards, two discarded after the flop; "
        "whether both kept cards must play is not in any Full Tilt text found, and other descriptions disagree), "
        "in header: 'Full Tilt Poker Game #32900011223: "
        "Table Corvan (6 max) - $0.25/$0.50 - No Limit Irish - 22:41:09 ET - 2013/07/02'"
    )
    with pytest.raises(HandParseError) as err:
        PARSER.parse(SIX_CARD.replace("PL 6 Card Omaha Hi - $0.25/$0.50", "$0.25/$0.50 - Pot Limit Pineapple"))
    assert err.value.message.startswith("game 'Pot Limit Pineapple' is not one the rules support, in header:")


# --- hands seen in the real-history sweep (written anew, names and amounts invented) -------

FOLD_TO_BIG_BLIND = """\
Full Tilt Poker Game #31500000001: $5 Super Turbo Matrix (244000001), Match 3 - 20/40 - No Limit Hold'em - 10:05:12 EET - 2012/11/24 [03:05:12 ET - 2012/11/24]
Seat 1: quinoa fan (400)
Seat 2: Lydgate (520)
Seat 3: nobby_k (380)
Lydgate posts the small blind of 20
nobby_k posts the big blind of 40
The button is in seat #1
*** HOLE CARDS ***
Dealt to quinoa fan [7h 2c]
quinoa fan folds
Lydgate folds
*** SUMMARY ***
Total pot 40 | Rake 0
Seat 1: quinoa fan (button) didn't bet (folded)
Seat 2: Lydgate (small blind) folded before the Flop
Seat 3: nobby_k (big blind) collected (40), mucked
"""


def test_unprinted_return_that_the_total_pot_leaves_out() -> None:
    hand = PARSER.parse(FOLD_TO_BIG_BLIND)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 0, 2: 20, 3: 20}
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [
        (3, ActionKind.UNCALLED_RETURN, 20)]
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(3, 40, 0)]
    assert hand.reconciles()
    assert "uncalled bet not printed: 20 returned to seat 3 (what no other seat matched)" in hand.notes
    # an all-in raise nobody calls: 400 - 40 = 360 back, the Total pot 20 + 40 + 40
    shoved = PARSER.parse(FOLD_TO_BIG_BLIND.replace("quinoa fan folds\n", "quinoa fan raises to 400, and is all in\n")
                          .replace("Lydgate folds\n", "Lydgate folds\nnobby_k folds\n").replace("Total pot 40", "Total pot 100")
                          .replace("Seat 1: quinoa fan (button) didn't bet (folded)", "Seat 1: quinoa fan (button) collected (100), mucked")
                          .replace("Seat 3: nobby_k (big blind) collected (40), mucked", "Seat 3: nobby_k (big blind) folded before the Flop"))
    assert {s.seat: s.contributed for s in shoved.seats} == {1: 40, 2: 20, 3: 40}
    assert [(p.seat, p.amount) for p in shoved.payouts] == [(1, 100)] and shoved.reconciles()
    # where the printed total does not say so, nothing is returned
    other = PARSER.parse(FOLD_TO_BIG_BLIND.replace("Total pot 40 |", "Total pot 60 |"))
    assert {s.seat: s.contributed for s in other.seats} == {1: 0, 2: 20, 3: 40}
    assert not any(a.kind == ActionKind.UNCALLED_RETURN for a in other.actions)


def test_cancelled_hand_is_quarantined() -> None:
    text = """\
Full Tilt Poker Game #26900000002: Table Arnside (heads up) - $5/$10 - Limit 2-7 Triple Draw - 14:02:00 ET - 2011/01/02
Seat 1: Tamsin W ($250)
Seat 2: corvid ($310.50)
Tamsin W posts the small blind of $2
corvid is sitting out
*** SUMMARY ***
Total pot $0 | Rake $0
Seat 1: Tamsin W (big blind) is sitting out
Seat 2: corvid is sitting out
"""
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "hand cancelled by the platform: no pot was played")


def test_partial_hand_with_only_its_summary_is_truncated() -> None:
    text = """\
Full Tilt Poker Game #27100000003: Table Low Tide (6 max) - $1/$2 - Limit 2-7 Triple Draw - 04:10:00 ET - 2011/01/07 (partial)
*** SUMMARY ***
Total pot $6 | Rake $0
Seat 1: Ormskirk (button) folded before the Draw (didn't bet)
Seat 2: Penhale (small blind) collected ($6), mucked
"""
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.TRUNCATED, "only the summary of this hand is printed (a partial history)")


DRAW_STANDS_PAT_ON = """\
Full Tilt Poker Game #32000000004: $10 Heads Up Sit & Go (250000004), Table 1 - 10/20 - Limit 2-7 Triple Draw - 21:40:05 ET - 2012/12/01
Seats: 2
Seat 1: Hero (1,500)
Seat 2: Wexcombe (1,500)
Hero posts the small blind of 5
Wexcombe posts the big blind of 10
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [6d 7d 9h 3s 4s]
Hero calls 5
Wexcombe checks
*** FIRST DRAW *** (Pot: 20)
Wexcombe discards 1 card
Hero stands pat on [6d 7d 9h 3s 4s]
Wexcombe checks
Hero bets 10
Wexcombe folds
Uncalled bet of 10 returned to Hero
Hero mucks
Hero wins the pot (20)
No low hand qualified
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Hero (small blind) collected (20), mucked
Seat 2: Wexcombe (big blind) folded after the First Draw
"""


def test_stands_pat_on_cards_and_table_size_line() -> None:
    hand = PARSER.parse(DRAW_STANDS_PAT_ON)
    assert hand.max_seats == 2 and hand.game == Game.LOWBALL27_TRIPLE
    assert [(a.seat, a.kind, a.street, a.cards_changed) for a in hand.actions
            if a.kind in (ActionKind.DISCARD, ActionKind.STAND_PAT)] == [
        (2, ActionKind.DISCARD, Street.DRAW1, 1), (1, ActionKind.STAND_PAT, Street.DRAW1, 0)]
    assert hand.seats[0].cards == ["6d", "7d", "9h", "3s", "4s"]
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 20)] and hand.reconciles()
    with pytest.raises(HandParseError):
        PARSER.parse(DRAW_STANDS_PAT_ON.replace("stands pat on [6d 7d 9h 3s 4s]", "stands pat on [6d 7d 9h 3s 4z]"))


def test_archive_file_with_numbered_hands() -> None:
    one = UNCONTESTED.replace("\n", "\r\n")
    text = f"******************** # 1 *************************\r\n\r\n{one}\r\n\r\n" \
           f"******************** # 2 *************************\r\n\r\n{one.replace('30112233445', '30112233446')}"
    assert PARSER.sniff(text) and detect(text) is PARSER
    hands = [PARSER.parse(chunk) for _, chunk in PARSER.split(text)]
    assert [h.hand_id for h in hands] == ["30112233445", "30112233446"]
    assert all(h.reconciles() and [(p.seat, p.amount) for p in h.payouts] == [(4, 1235)] for h in hands)
    exported = "BEGIN\n" + UNCONTESTED
    assert PARSER.sniff(exported) and [o for o, _ in PARSER.split(exported)] == [6]


PLAY_THOUSANDS = """\
Full Tilt Poker Game #29900000005: Table Hilltop (heads up, deep) - 250K/500K - No Limit Hold'em - 22:10:01 ET - 2011/04/16
Seat 1: Brackley (80,000,000)
Seat 2: windrush (61,250,000)
windrush posts the small blind of 250,000
Brackley posts the big blind of 500,000
The button is in seat #2
*** HOLE CARDS ***
windrush raises to 1,500,000
Brackley folds
Uncalled bet of 1,000,000 returned to windrush
windrush mucks
windrush wins the pot (1,000,000)
*** SUMMARY ***
Total pot 1,000,000 | Rake 0
Seat 1: Brackley (big blind) folded before the Flop
Seat 2: windrush (small blind) collected (1,000,000), mucked
"""


def test_header_variants_seen_in_real_files() -> None:
    # stakes in thousands (play money), a cap printed before the game, a date in words
    hand = PARSER.parse(PLAY_THOUSANDS)
    assert (hand.game, hand.limit, hand.currency, hand.is_play_money, hand.amount_scale, hand.max_seats) == (
        Game.HOLDEM, Limit.NO, None, True, 1, 2)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 1_000_000)] and hand.reconciles()
    assert (hand.small_blind, hand.big_blind) == (250_000, 500_000)
    tournament = PARSER.parse(PLAY_THOUSANDS.replace(
        "Table Hilltop (heads up, deep) - 250K/500K - No Limit Hold'em",
        "$2,500 KO Guarantee (229000001), Table 4 - 250K/500K Ante 50000 - No Limit Hold'em"))
    assert (tournament.is_tournament, tournament.tournament_id, tournament.ante, tournament.amount_scale) == (
        True, "229000001", 50000, 1)
    capped = PARSER.parse(UNCONTESTED.replace("- Pot Limit Omaha Hi -", "- $300 Pot Limit Omaha Hi -"))
    assert (capped.game, capped.limit) == (Game.OMAHA, Limit.CAP)
    capped = PARSER.parse(UNCONTESTED.replace("- Pot Limit Omaha Hi -", "- $2,000 Cap No Limit Hold'em -"))
    assert (capped.game, capped.limit) == (Game.HOLDEM, Limit.CAP)
    worded = PARSER.parse(UNCONTESTED.replace("21:14:03 ET - 2012/10/02", "21:14 ET - Tue, October 2, 2012"))
    assert (worded.start_time_utc, worded.start_time_raw, worded.hand_date) == (
        "2012-10-03T01:14:00Z", "21:14 ET - Tue, October 2, 2012", "2012-10-02")


def test_board_completed_by_the_summary_and_a_sitting_out_seat_that_acts() -> None:
    text = """\
Full Tilt Poker Game #31500000006: $5 Super Turbo Matrix (244000001), Match 2 - 30/60 - No Limit Hold'em - 10:11:40 EET - 2012/11/24 [03:11:40 ET - 2012/11/24]
Seat 2: Harrowgate (900)
Seat 5: Pim Lowe (150), is sitting out
Pim Lowe posts the big blind of 60
The button is in seat #2
*** HOLE CARDS ***
Harrowgate raises to 120
Pim Lowe raises to 150, and is all in
Harrowgate calls 30
Pim Lowe shows [Ad Kd]
Harrowgate shows [8c 8h]
*** FLOP *** [2s 7d Jc] (Total Pot: 300, 2 Players, 1 All-In)
*** TURN *** [2s 7d Jc] [4h] (Total Pot: 300, 2 Players, 1 All-In)
*** SUMMARY ***
Total pot 300 | Rake 0
Board: [2s 7d Jc 4h Kh]
Seat 2: Harrowgate (button) showed [8c 8h] and lost with a pair of Eights
Seat 5: Pim Lowe (big blind) showed [Ad Kd] and won (300) with a pair of Kings
"""
    hand = PARSER.parse(text)
    assert hand.boards == [["2s", "7d", "Jc", "4h", "Kh"]]
    assert "street lines show the board ['2s', '7d', 'Jc', '4h'] only; the summary's " \
           "['2s', '7d', 'Jc', '4h', 'Kh'] is the board" in hand.notes
    assert [(s.seat, s.dealt_in, s.contributed, s.cards) for s in hand.seats] == [
        (2, True, 150, ["8c", "8h"]), (5, True, 150, ["Ad", "Kd"])]
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(5, 300, 0)] and hand.reconciles()


def test_summary_says_a_seat_that_timed_out_folded() -> None:
    # no fold line for the small blind, who disconnected: the summary's "folded" is its fold
    text = FOLD_TO_BIG_BLIND.replace("Lydgate folds\n", "Lydgate has 15 seconds left to act\nLydgate has been disconnected\n")
    hand = PARSER.parse(text)
    assert [(s.seat, s.folded_street) for s in hand.seats] == [(1, Street.PREFLOP), (2, Street.PREFLOP), (3, None)]
    assert not any(a.kind == ActionKind.FOLD and a.seat == 2 for a in hand.actions)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(3, 40)] and hand.reconciles()


def test_time_has_expired_is_table_traffic() -> None:
    text = UNCONTESTED.replace("marrowbone folds\n", "marrowbone folds\n5 seconds left to act\nTime has expired\n")
    hand = PARSER.parse(text)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(4, 1235)] and hand.reconciles()


def test_a_copy_with_every_line_doubled_reads_as_the_original() -> None:
    # some saved copies (UTF-16 exports re-saved) put a blank line after every line; the
    # seat list must still be read as one run, not stop at the first seat
    doubled = UNCONTESTED.replace("\n", "\n\n")
    [(_, chunk)] = list(PARSER.split(doubled))
    hand, original = PARSER.parse(chunk), PARSER.parse(UNCONTESTED)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(1, "marrowbone", 15000), (3, "Tessaly", 21240), (4, "ox in clover", 8800)]
    assert hand.seats == original.seats and hand.actions == original.actions and hand.payouts == original.payouts


FRENCH_SITE = """Full Tilt Poker.fr Game #20000004417: Table Calais–Arras (6 max) - €0.05/€0.10 - No Limit Hold'em - 20:41:07 CET - 2010/09/21
Seat 1: Brasseur (€4.10)
Seat 2: la_Vigie (€10)
Seat 4: Goncourt (€6.35)
la_Vigie posts the small blind of €0.05
Goncourt posts the big blind of €0.10
The button is in seat #1
*** HOLE CARDS ***
Brasseur raises to €0.30
la_Vigie folds
Goncourt calls €0.20
*** FLOP *** [Qd 7s 3c] (Total Pot: €0.65, 2 Players)
Goncourt checks
Brasseur bets €0.45
Goncourt folds
Uncalled bet of €0.45 returned to Brasseur
Brasseur mucks
Brasseur wins the pot (€0.62)
la_Vigie adds €0.05
*** SUMMARY ***
Total pot €0.65 | Rake €0.03
Board: [Qd 7s 3c]
Seat 1: Brasseur (button) collected (€0.62), mucked
Seat 2: la_Vigie (small blind) folded before the Flop
Seat 4: Goncourt (big blind) folded on the Flop
"""


def test_the_french_site_header_read_from_a_utf16_file() -> None:
    from audit.ingest.inputs import recognise

    found = recognise(FRENCH_SITE.replace("\n", "\r\n").encode("utf-16"))
    assert (found.parser, found.codec, found.label, found.bom) == (PARSER, "utf-16-le", "utf-16-le-bom", 2)
    assert detect(FRENCH_SITE) is PARSER
    [(_, chunk)] = list(PARSER.split(FRENCH_SITE))
    hand = PARSER.parse(chunk)
    assert (hand.hand_id, hand.platform, hand.game, hand.limit, hand.currency) == (
        "20000004417", Platform.FULLTILT, Game.HOLDEM, Limit.NO, "EUR")
    assert (hand.table_name, hand.max_seats, hand.small_blind, hand.big_blind) == ("Calais–Arras", 6, 5, 10)
    assert {s.seat: s.contributed for s in hand.seats if s.contributed} == {1: 30, 2: 5, 4: 30}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(1, 62, PayoutSource.POT)]
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(1, 45)]
    assert (hand.rake, hand.pot_total, hand.start_time_utc) == (3, 65, "2010-09-21T18:41:07Z")
    assert hand.reconciles() and not hand.contradictions


def test_a_player_not_seated_sitting_out_is_table_traffic() -> None:
    text = UNCONTESTED.replace("ox in clover raises to $6\n",
                               "Brackenwood adds $50\nox in clover raises to $6\nBrackenwood is sitting out\n")
    hand = PARSER.parse(text)
    assert [s.player for s in hand.seats] == ["marrowbone", "Tessaly", "ox in clover"]
    assert hand.actions == PARSER.parse(UNCONTESTED).actions and hand.reconciles()


# a Flipout tournament's first hand: every seat antes its whole stack, under stakes in billions
FLIPOUT = """Full Tilt Poker Game #34600011122: $25 Flipout (272300044), Table 3 - NL Hold'em - 2B/2B Ante 2B - 19:02:40 ET - 2014/08/12
Seat 1: Orrin Vale (2,000)
Seat 4: kestrel_9 (2,000)
Seat 6: Ashgrove (2,000)
Orrin Vale antes 2,000, and is all in
kestrel_9 antes 2,000, and is all in
Ashgrove antes 2,000, and is all in
The button is in seat #6
*** HOLE CARDS ***
Orrin Vale shows [Ah Kd]
kestrel_9 shows [7c 7s]
Ashgrove shows [Qh Js]
*** FLOP *** [2d 9h 4c] (Total Pot: 6,000, 3 Players, 3 All-In)
*** TURN *** [2d 9h 4c] [Kc] (Total Pot: 6,000, 3 Players, 3 All-In)
*** RIVER *** [2d 9h 4c Kc] [3s] (Total Pot: 6,000, 3 Players, 3 All-In)
Orrin Vale shows a pair of Kings
kestrel_9 shows a pair of Sevens
Ashgrove shows Ace King high
Orrin Vale wins the pot (6,000) with a pair of Kings
*** SUMMARY ***
Total pot 6,000 | Rake 0
Board: [2d 9h 4c Kc 3s]
Seat 1: Orrin Vale showed [Ah Kd] and won (6,000) with a pair of Kings
Seat 4: kestrel_9 showed [7c 7s] and lost with a pair of Sevens
Seat 6: Ashgrove (button) showed [Qh Js] and lost with Queen Jack high
"""


def test_a_flipout_header_in_billions_reads_the_antes_from_the_seats() -> None:
    hand = PARSER.parse(FLIPOUT)
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale, hand.ante) == (True, "272300044", 1, 2000)
    assert "stakes '2B/2B Ante 2B' name no ante anyone posted: the ante is read from the seats' lines" in hand.notes
    assert {s.seat: s.contributed for s in hand.seats} == {1: 2000, 4: 2000, 6: 2000}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(1, 6000, PayoutSource.POT)]
    assert (hand.pot_total, hand.rake) == (6000, 0) and hand.reconciles()


def test_a_player_who_plays_without_a_seat_line_is_an_edited_history() -> None:
    # Seen in a parser's test file whose seat 6 line was taken out but not the seat's play.
    text = HAND.replace("Seat 5: Bauko ($14.31)\n", "") + "*** SUMMARY ***\nTotal pot $0.20 | Rake $0\n"
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT,
        "line 3: 'Bauko' plays but no seat line names him: 'Bauko posts the small blind of $0.05'")
