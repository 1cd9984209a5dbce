"""partypoker parsers (classic and 2023+ dialects): every corpus file, exact values, malformed input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.partypoker import PARSER as CLASSIC
from parsers.partypoker_2023 import PARSER as MODERN
from tests.corpus import CORPUS, corpus_file, corpus_files, read_text

HOLDEM = "PartyPoker/Holdem/NLHE-USD-0.01-0.02-20100731.blindIsForcedAllIn.txt"
CASH_OUT = "PartyPoker/Omaha/PLO-6max-USD-0.10-0.25-202602.cash.out.txt"
MULTI = "PartyPoker/Omaha/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt"
GAME_TYPE = "PartyPoker/OmahaHiLo/GameTypeTests__PotLimitOmahaHiLo.txt"
SIDE_POT = "PartyPoker/OmahaHiLo/HandActionTests__OmahaHiLo.txt"
LO8_2023 = "PartyPoker/OmahaHiLo/LO8-6max-USD-0.05-0.10-202302.forward.slash.txt"
FL = "PartyPoker/OmahaHiLo/LO8-USD-20-40.201201.limit3format.txt"
TOURNEY = "PartyPoker/OmahaHiLo/PLO8-10max-USD-20-2-201310.chat.fix.txt"
PREAMBLE = "PartyPoker/OmahaHiLo/PLO8-6max-USD-1.00-2.00-201601.preamble.fatal.txt"
ODD_CENT = "PartyPoker/OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt"
STUD = "PartyPoker/Stud/7-Stud-USD-1-2-201104.txt"
STUD_HILO = "PartyPoker/StudHiLo/7-StudHL-USD-0.50-1.00-201008.txt"

# file -> (parser, hands found, {offset of a broken hand: why the file itself is broken})
EXPECTED = {
    HOLDEM: (CLASSIC, 2, {}),
    CASH_OUT: (MODERN, 1, {}),
    MULTI: (MODERN, 4, {}),
    GAME_TYPE: (CLASSIC, 1, {}),
    SIDE_POT: (CLASSIC, 1, {}),
    LO8_2023: (MODERN, 1, {}),
    FL: (CLASSIC, 1, {}),
    # the file ends with the next hand's 'Game #13387444948 starts.' and nothing more
    TOURNEY: (CLASSIC, 2, {1444: QuarantineReason.TRUNCATED}),
    PREAMBLE: (CLASSIC, 1, {}),
    ODD_CENT: (CLASSIC, 1, {}),
    STUD: (CLASSIC, 1, {}),
    STUD_HILO: (CLASSIC, 1, {}),
}
SIDECARS = (".hp", ".hands", ".gt")


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_files("PartyPoker"), ids=lambda p: p.name)
def test_every_corpus_file_parses_and_reconciles(path):
    text = read_text(path)
    claimed = [p for p in (CLASSIC, MODERN) if p.sniff(text[:8192])]
    if path.suffix in SIDECARS:
        assert claimed == []  # FPDB's expected-output files are not hands
        return
    parser, found, broken = EXPECTED[path.relative_to(CORPUS).as_posix()]
    assert claimed == [parser]
    hands = list(parser.split(text))
    assert len(hands) == found
    for offset, hand_text in hands:
        if offset in broken:
            with pytest.raises(HandParseError) as caught:
                parser.parse(hand_text)
            assert caught.value.reason == broken[offset]
            continue
        hand = parser.parse(hand_text)
        assert hand.reconciles(), (hand.hand_id, hand.notes)


def _hands(relative):
    parser = EXPECTED[relative][0]
    return [parser.parse(h) for _, h in parser.split(read_text(corpus_file(relative)))]


def _payouts(hand):
    return [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts]


def _contributed(hand):
    return {s.seat: s.contributed for s in hand.seats if s.contributed}


@pytest.mark.corpus
def test_classic_hilo_with_side_pot_and_low_half():
    (hand,) = _hands(SIDE_POT)
    assert (hand.hand_id, hand.platform, hand.format, hand.game, hand.limit) == (
        "13550918572", Platform.PARTYPOKER, Format.PARTYPOKER, Game.OMAHA_HILO, Limit.POT)
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == (
        "Monday, January 06, 10:49:40 EST 2014", "2014-01-06T15:49:40Z", "2014-01-06")
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.max_seats) == (50, 100, 6, 6)
    assert hand.boards == [["5c", "2d", "Jh", "4d", "9d"]]
    assert hand.seat(2).cards == ["8s", "Qh", "Ad", "7h"] and hand.seat(6).cards == ["Kh", "Kd", "4c", "Ac"]
    assert _contributed(hand) == {1: 50, 2: 3000, 6: 3100}
    # the bet nobody could match comes back as a side pot of its own, paid whole
    assert _payouts(hand) == [
        (6, 100, 1, Half.WHOLE, PayoutSource.POT),
        (6, 2875, 0, Half.HIGH, PayoutSource.POT),
        (2, 2875, 0, Half.LOW, PayoutSource.POT),
    ]
    assert (hand.rake, hand.rake_source, hand.notes) == (None, RakeSource.ABSENT, ["rake not printed"])


@pytest.mark.corpus
def test_classic_odd_cent_split_and_no_qualifying_low_in_stud():
    (hand,) = _hands(ODD_CENT)
    assert _contributed(hand) == {1: 10, 2: 10}
    assert _payouts(hand) == [(1, 10, 0, Half.HIGH, PayoutSource.POT), (2, 9, 0, Half.LOW, PayoutSource.POT)]
    (stud,) = _hands(STUD_HILO)
    assert (stud.game, stud.limit, stud.button_seat, stud.ante, stud.bring_in) == (Game.STUD_HILO, Limit.FIXED, None, 5, 25)
    assert stud.start_time_utc == "2010-08-30T17:20:17Z"  # EEST is UTC+3
    assert stud.seat(7).cards == ["Ad", "Qd", "Ah", "2d", "7d", "Th", "6d"]
    assert stud.seat(7).upcards == ["Ah", "2d", "7d", "Th"]
    assert stud.seat(2).mucked and stud.seat(2).cards[0] == "5h"
    assert _contributed(stud) == {1: 5, 2: 405, 3: 5, 5: 5, 6: 55, 7: 405, 8: 5}
    assert _payouts(stud) == [(7, 845, 0, Half.WHOLE, PayoutSource.POT)]


@pytest.mark.corpus
def test_classic_tournament_and_forced_all_in_blind():
    hand = CLASSIC.parse(next(CLASSIC.split(read_text(corpus_file(TOURNEY))))[1])
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale, hand.game) == (True, "105411156", 1, Game.OMAHA_HILO)
    assert (hand.small_blind, hand.big_blind) == (20, 40)
    assert _payouts(hand) == [(8, 640, 0, Half.HIGH, PayoutSource.POT), (5, 640, 0, Half.LOW, PayoutSource.POT)]
    first, second = _hands(HOLDEM)
    assert _contributed(first) == {1: 2, 3: 6, 5: 1}
    assert _payouts(first) == [(3, 6, 1, Half.WHOLE, PayoutSource.POT), (3, 3, 0, Half.WHOLE, PayoutSource.POT)]
    assert first.seat(5).all_in and first.seat(5).mucked


@pytest.mark.corpus
def test_2023_cash_out_and_uncalled_bet_split_from_collected():
    (hand,) = _hands(CASH_OUT)
    assert (hand.hand_id, hand.format, hand.game, hand.limit) == (
        "1770659766668adeb0h5qfm", Format.PARTYPOKER_2023, Game.OMAHA, Limit.POT)
    assert (hand.start_time_utc, hand.small_blind, hand.big_blind, hand.button_seat) == ("2026-02-09T17:55:26Z", 10, 25, 1)
    assert hand.boards == [["Jc", "7d", "6c", "Ts", "Js"]]
    assert hand.seat(3).cashed_out and hand.seat(3).cards == ["Tc", "Ac", "Ad", "4c"]
    assert _contributed(hand) == {2: 10, 3: 2020, 4: 2020}
    assert _payouts(hand) == [
        (3, 2301, None, Half.WHOLE, PayoutSource.CASH_OUT),
        (4, 297, None, Half.WHOLE, PayoutSource.UNCALLED),
        (4, 3850, 0, Half.WHOLE, PayoutSource.POT),
    ]
    assert (hand.rake, hand.pots_printed, hand.pots_printed_net) == (200, [3850], True)
    assert [(a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [
        (ActionKind.UNCALLED_RETURN, 297)]


@pytest.mark.corpus
def test_2023_hilo_and_walk():
    (hand,) = _hands(LO8_2023)
    assert (hand.game, hand.rake) == (Game.OMAHA_HILO, 11)
    assert hand.seat(2).cards == ["Ad", "5c", "4s", "Th"]
    assert _contributed(hand) == {1: 40, 2: 97, 3: 97}
    assert _payouts(hand) == [(2, 223, 0, Half.UNLABELLED, PayoutSource.POT)]
    walk = _hands(MULTI)[3]
    assert _contributed(walk) == {2: 10, 3: 10}
    assert _payouts(walk) == [(3, 15, None, Half.WHOLE, PayoutSource.UNCALLED), (3, 20, 0, Half.WHOLE, PayoutSource.POT)]


@pytest.mark.corpus
def test_truncated_hands():
    text = read_text(corpus_file(ODD_CENT))
    with pytest.raises(HandParseError) as caught:
        CLASSIC.parse(text[: text.index("Spuel2 wins")])
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
        QuarantineReason.TRUNCATED, "hand ends before any 'wins' line", "13551390421")
    text = read_text(corpus_file(LO8_2023))
    with pytest.raises(HandParseError) as caught:
        MODERN.parse(text[: text.index("** Summary **")])
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.TRUNCATED, "hand ends before its summary's 'Main Pot: ... Rake: ...' line")
    with pytest.raises(HandParseError) as caught:
        CLASSIC.parse("Game #13387444948 starts.\r\n")
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
        QuarantineReason.TRUNCATED, "hand ends after its 'Game #N starts.' preamble", "13387444948")


@pytest.mark.corpus
def test_garbage_amounts():
    text = read_text(corpus_file(ODD_CENT)).replace("calls [$0.05 USD]", "calls [$0.05x USD]")
    with pytest.raises(HandParseError) as caught:
        CLASSIC.parse(text)
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.BAD_AMOUNT, "line 11 'Spuel2 calls [$0.05x USD]': not an amount: '$0.05x USD'")
    text = read_text(corpus_file(LO8_2023)).replace("bets (0.57)", "bets (0.5.7)")
    with pytest.raises(HandParseError) as caught:
        MODERN.parse(text)
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.BAD_AMOUNT, "line 27 'Player1 bets (0.5.7)': not an amount: '0.5.7'")


DOUBLE_HOLDEM = """#Game No : 20481632641
***** Hand History for Game 20481632641 *****
$4 USD NL Double Hold'em - Tuesday, June 12, 21:03:44 EDT 2012
Table Quartz (Real Money)
Seat 2 is the button
Total number of players : 2/6
Seat 2: Wendeline ( $3.10 USD )
Seat 5: Osgood_77 ( $4 USD )
Wendeline posts small blind [$0.02 USD].
Osgood_77 posts big blind [$0.04 USD].
** Dealing down cards **
Dealt to Osgood_77 [  Kd 7c 7h ]
Wendeline calls [$0.02 USD]
Osgood_77 checks
** Dealing Flop ** [ 9s, 4d, Tc ]
Osgood_77 - Selects point card
Osgood_77 checks
Wendeline - Selects point card
Wendeline checks
** Dealing Turn ** [ 2h ]
Osgood_77 checks
Wendeline checks
** Dealing River ** [ Ac ]
Osgood_77 checks
Wendeline checks
Osgood_77 shows [ Kd, 7c, 7h ]a pair of Sevens.
Wendeline doesn't show [ 3s, 5c, Jd ]high card Ace.
Osgood_77 wins $0.08 USD from the main pot with a pair of Sevens.
"""


@pytest.mark.parametrize("game_name", ["Double Hold'em", "Omaha Hi-Lo 5 Card"])  # Short Deck is sixplus_holdem
def test_a_game_name_outside_partys_list_is_unsupported_never_read_by_a_word(game_name):
    text = DOUBLE_HOLDEM.replace("Double Hold'em", game_name)
    with pytest.raises(HandParseError) as caught:
        CLASSIC.parse(text)
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
        QuarantineReason.UNSUPPORTED_GAME, f"unknown game {game_name!r}", "20481632641")
    # Hold'em has no point card to select: those lines would be lines it does not know
    hand = CLASSIC.parse(DOUBLE_HOLDEM.replace("Double Hold'em", "Texas Hold'em").replace(" 7h ]", " ]").replace(", 7h", "")
                         .replace(", Jd", "").replace("Osgood_77 - Selects point card\n", "")
                         .replace("Wendeline - Selects point card\n", ""))
    assert (hand.game, hand.limit, hand.seat(5).cards) == (Game.HOLDEM, Limit.NO, ["Kd", "7c"])


def test_unknown_lines_fail_the_hand():
    # Lines without a money word used to be skipped unread, and any line starting "has ",
    # "is " or "returns" after a seat's name.
    holdem = DOUBLE_HOLDEM.replace("Double Hold'em", "Texas Hold'em").replace(" 7h ]", " ]").replace(", 7h", "").replace(
        ", Jd", "").replace("Osgood_77 - Selects point card\n", "").replace("Wendeline - Selects point card\n", "")
    cases = [
        ("Wendeline calls [$0.02 USD]\n", "Wendeline calls [$0.02 USD]\nTable bonus of $1 USD to Wendeline\n",
         "line 14 'Table bonus of $1 USD to Wendeline': unexpected line"),
        ("Wendeline calls [$0.02 USD]\n", "Wendeline calls [$0.02 USD]\nWendeline returns $0.02 USD\n",
         "line 14 'Wendeline returns $0.02 USD': unexpected action"),
        ("Wendeline calls [$0.02 USD]\n", "Wendeline calls [$0.02 USD]\nWendeline has a refund of $1 USD\n",
         "line 14 'Wendeline has a refund of $1 USD': unexpected action"),
    ]
    for old, new, message in cases:
        with pytest.raises(HandParseError) as caught:
            CLASSIC.parse(holdem.replace(old, new))
        assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
            QuarantineReason.PARSE_ERROR, message, "20481632641")


def test_known_lines_without_money_are_skipped():
    holdem = DOUBLE_HOLDEM.replace("Double Hold'em", "Texas Hold'em").replace(" 7h ]", " ]").replace(", 7h", "").replace(
        ", Jd", "").replace("Osgood_77 - Selects point card\n", "").replace("Wendeline - Selects point card\n", "")
    quiet = (
        "Wendeline calls [$0.02 USD]\n"
        "Table Quartz (Real Money)\n"
        "Wendeline will be using his time bank for this hand.\n"
        "Wendeline did not respond in time\n"
        "Wendeline is disconnected. We will wait for Wendeline to reconnect for a maximum of 30 seconds.\n"
        "Wendeline has been reconnected and has 20 seconds to act.\n"
        "Osgood_77: nice\n"
        "Pelham has joined the table.\n"
        "Pelham is sitting out\n"
        "Pelham folds\n"
        "Pelham has left the table.\n"
    )
    hand = CLASSIC.parse(holdem.replace("Wendeline calls [$0.02 USD]\n", quiet).replace(
        "Wendeline doesn't show [ 3s, 5c ]high card Ace.\n", "Wendeline does not show cards.\n"))
    assert _payouts(hand) == [(5, 8, 0, Half.WHOLE, PayoutSource.POT)]
    assert _contributed(hand) == {2: 4, 5: 4}


MODERN_HAND = """***** Hand History For Game 1700000000123abcd45efgh *****
0.10/0.25 Omaha Game Table (PL) - Mon Mar 04 20:11:05 EST 2024
Table Harbor 7 (Real Money) -- Seat 2 is the button
Total number of players : 2/6
Seat 2: Tamsin ($25.00)
Seat 5: Orrin ($30.00)
Tamsin posts small blind (0.10)
Orrin posts big blind (0.25)
** Dealing down cards **
Dealt to Orrin [ Ah, Kd, 7c, 7s ]
Tamsin calls (0.15)
Orrin checks
** Dealing Flop ** :  [ 2c, 9d, Qh ]
Orrin bets (0.40)
Tamsin folds
** Summary **
Main Pot: $0.48 Rake: $0.02
Board: [ 2c, 9d, Qh ]
Tamsin balance $24.75, lost $0.25 (folded)
Orrin balance $30.23, bet $0.65, collected $0.88, net +$0.23
"""


def test_2023_unknown_lines_fail_the_hand():
    # Lines without a money word, in the summary too, used to be skipped unread.
    cases = [
        ("Tamsin folds\n", "Tamsin folds\nHigh hand bonus to Orrin\n", "line 16 'High hand bonus to Orrin': unexpected line"),
        ("Tamsin folds\n", "Tamsin folds\nTamsin forfeits\n", "line 16 'Tamsin forfeits': unexpected action"),
        ("Board: [ 2c, 9d, Qh ]\n", "Board: [ 2c, 9d, Qh ]\nJackpot drawn for Orrin\n",
         "line 19 'Jackpot drawn for Orrin': unexpected summary line"),
    ]
    for old, new, message in cases:
        with pytest.raises(HandParseError) as caught:
            MODERN.parse(MODERN_HAND.replace(old, new))
        assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
            QuarantineReason.PARSE_ERROR, message, "1700000000123abcd45efgh")


def test_2023_known_lines_without_money_are_skipped():
    quiet = "Creating Main Pot with $ 0.50 with Tamsin, Orrin\nTamsin probabilty is 41.5\nTamsin Cash-out Premium % is 2\n"
    hand = MODERN.parse(MODERN_HAND.replace("** Dealing Flop **", quiet + "** Dealing Flop **"))
    assert _payouts(hand) == [(5, 40, None, Half.WHOLE, PayoutSource.UNCALLED), (5, 48, 0, Half.WHOLE, PayoutSource.POT)]
    assert _contributed(hand) == {2: 25, 5: 25} and hand.rake == 2 and hand.reconciles()


STUD_TOURNAMENT = """#Game No : 20993157704
***** Hand History for Game 20993157704 *****
FL 7 Card Stud $11 USD Buy-in Trny:71230456 Level:3  Stakes-Antes(80/160-15) - Sunday, June 17, 19:02:31 EDT 2012
Table Regular (2744410) Table #5 (Real Money)
Seat 0 is the button
Total number of players : 3/8
Seat 2: Radomir ( 2,115 )
Seat 5: Hero ( 1,740 )
Seat 7: Isaura_k ( 3,020 )
Trny:71230456 Level:3
Stakes-Antes(80/160-15)
Radomir posts ante [15]
Hero posts ante [15]
Isaura_k posts ante [15]
** Dealing **
Dealt to Hero [  Jc 4d 9s ]
Isaura_k opens
Isaura_k bring-ins [25]
Radomir calls [25]
Hero folds
Isaura_k checks
** Dealing Fourth street **
Radomir opens
Radomir double bets [160]
Isaura_k calls [160]
** Dealing Fifth street **
Radomir opens
Radomir checks
Isaura_k checks
** Dealing Sixth street **
Radomir opens
Radomir checks
Isaura_k bets [160]
Radomir folds
Isaura_k wins 575 chips
"""


def test_stud_tournament_with_stakes_and_antes_and_a_double_bet():
    hand = CLASSIC.parse(STUD_TOURNAMENT)
    assert (hand.game, hand.limit, hand.is_tournament, hand.tournament_id, hand.amount_scale) == (
        Game.STUD, Limit.FIXED, True, "71230456", 1)
    # the stakes are the small and big bets, not blinds
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.bring_in, hand.button_seat) == (None, None, 15, 25, None)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.BET] == [
        (2, ActionKind.BET, 160), (7, ActionKind.BET, 160)]
    assert _contributed(hand) == {2: 200, 5: 15, 7: 360}
    assert _payouts(hand) == [(7, 575, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.paid_from_pots() == hand.pot_total  # the unmatched last bet is inside the win


TOURNAMENT_HAND = """***** Hand History for Game 11940000001 *****
{header} - Thursday, July 19, 22:00:19 EDT 2012
Table Summer Special (2686999) Table #5 (Real Money)
Seat 3 is the button
Total number of players : 3/9 
Seat 1: Aldous ( 3,000 )
Seat 2: Bettany ( 2,500 )
Seat 3: Crispin ( 1,800 )
{level}Aldous posts small blind [20].
Bettany posts big blind [40].
** Dealing down cards **
Crispin folds
Aldous folds
Bettany does not show cards.
Bettany wins 60 chips
"""


@pytest.mark.parametrize(("header", "level", "expected"), [
    ("NL Texas Hold'em  Trny: 71400001 Level: 1  Blinds(20/40)", "", ("71400001", 20, 40, None)),
    ("NL Texas Hold'em  Trny:71400002 Level:9  Blinds-Antes(600/1,200 -50)", "", ("71400002", 600, 1200, 50)),
    ("NL Texas Hold'em $215 USD Buy-in Trny:128700003 Level:12  Blinds-Antes(1 200/2 400 -400)", "",
     ("128700003", 1200, 2400, 400)),
    ("NL Texas Hold'em $30 Buy-in  + $3 Entry Fee  Trny:15200004 Level:4 Blinds(50/100)", "", ("15200004", 50, 100, None)),
    ("NL Texas Hold'em $22 USD Buy-in Trny:125000008 Level:12  Blinds-Antes(1.200/2.400 -400)", "",
     ("125000008", 1200, 2400, 400)),
    ("FL Texas Hold'em  Trny:71400005 Level:2  Stakes(40/80)", "", ("71400005", 20, 40, None)),  # blinds from the posts
    ("NL Texas Hold'em $1 USD Buy-in ", "Trny: 128400006 Level: 1 \nBlinds(10/20)\n", ("128400006", 10, 20, None)),
    ("NL Texas Hold'em  Trny: 71400007 Level: 3  Blinds(50/100)", "Trny: 71400007 Level: 4 \nBlinds(100/200)\n",
     ("71400007", 100, 200, None)),
    # 2018: thousands shortened with a K in the header only (the level lines and posts print 1,400)
    ("NL Texas Hold'em $1.10 USD Buy-in Trny:150000008 Level:12  Blinds-Antes(700/1.4K -175)", "",
     ("150000008", 700, 1400, 175)),
    ("NL Texas Hold'em $0.22 USD Trny:180000009 Level:2  Blinds-Antes(500/1K -90)", "", ("180000009", 500, 1000, 90)),
    ("NL Texas Hold'em $2.20 USD Buy-in Trny:190000010 Level:14  Blinds-Antes(1.25K/2.5K -310)",
     "Trny:190000010 Level:14 \nBlinds-Antes(1,250/2,500 -310)\n", ("190000010", 1250, 2500, 310)),
    # a 2018 (jackpot) sit & go names its price only; its level is on lines of their own
    ("NL Texas Hold'em $0.25 USD ", "Trny: 190000011 Level: 1 \nBlinds(10/20)\n", ("190000011", 10, 20, None)),
])
def test_tournament_headers_of_every_era(header, level, expected):
    # these headers were quarantined: "cannot read stakes and game"
    hand = CLASSIC.parse(TOURNAMENT_HAND.format(header=header, level=level))
    assert (hand.is_tournament, hand.currency, hand.amount_scale, hand.game) == (True, None, 1, Game.HOLDEM)
    assert (hand.tournament_id, hand.small_blind, hand.big_blind, hand.ante) == expected
    assert _payouts(hand) == [(2, 60, None, Half.WHOLE, PayoutSource.POT)]
    assert _contributed(hand) == {1: 20, 2: 40}


SILENT_BLINDS = """#Game No : 11940000101 
***** Hand History for Game 11940000101 *****
NL Texas Hold'em  Trny: 71400101 Level: 1  Blinds(20/40) - Thursday, July 19, 22:00:19 EDT 2012
Table Summer Special (2686999) Table #5 (Real Money)
Seat 3 is the button
Total number of players : 4/9 
Seat 5: Dorothea ( 3,000 )
Seat 1: Aldous ( 3,000 )
Seat 3: Crispin ( 1,800 )
Seat 2: Bettany ( 2,500 )
Trny: 71400101 Level: 1 
Blinds(20/40)
** Dealing down cards **
Bettany is all-In  [2,500]
Crispin folds
Dorothea folds
Aldous folds
Bettany does not show cards.
Bettany wins 2,560 chips
"""


def test_blinds_a_2012_tournament_hand_does_not_print_are_posted_after_the_button():
    # no blind post is printed, yet Bettany's 2,560 holds a small blind (seat 5, first after
    # the button) and a big blind (seat 1): read as printed, the hand paid 60 more than was put in
    hand = CLASSIC.parse(SILENT_BLINDS)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (5, ActionKind.POST_SMALL_BLIND, 20), (1, ActionKind.POST_BIG_BLIND, 40)]
    assert _contributed(hand) == {1: 40, 2: 2500, 5: 20}
    assert "blinds not printed: posted by seat 5 (20), seat 1 (40)" in hand.notes
    assert hand.paid_from_pots() == hand.pot_total


def test_without_a_small_blind_the_first_seat_after_the_button_posts_the_big_blind():
    hand = CLASSIC.parse(SILENT_BLINDS.replace(
        "** Dealing down cards **", "There is no Small Blind in this hand as the Big Blind of the previous hand left the "
        "table.\n** Dealing down cards **").replace("wins 2,560 chips", "wins 2,540 chips"))
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (5, ActionKind.POST_BIG_BLIND, 40)]
    assert hand.paid_from_pots() == hand.pot_total


def test_without_a_small_blind_a_big_blind_all_in_for_less_is_called_for_what_it_put_in():
    # Dorothea (seat 5, first after the button) has 25 of the 40 big blind: Bettany's call
    # of 25 levels the bet she faced (it quarantined the hand as a call not allowed)
    short = SILENT_BLINDS.replace("Seat 5: Dorothea ( 3,000 )", "Seat 5: Dorothea ( 25 )").replace(
        "** Dealing down cards **", "There is no Small Blind in this hand as the Big Blind of the previous hand left the "
        "table.\n** Dealing down cards **").replace(
        "Bettany is all-In  [2,500]\nCrispin folds\nDorothea folds\nAldous folds\n",
        "Aldous folds\nBettany calls [25]\nCrispin folds\n** Dealing Flop ** [ 2h, 5s, Jh ]\n"
        "** Dealing Turn ** [ Kd ]\n** Dealing River ** [ 8c ]\n").replace(
        "Bettany does not show cards.\nBettany wins 2,560 chips",
        "Dorothea shows [ Ks, 4d ]a pair of Kings.\nBettany shows [ Qc, Qd ]a pair of Queens.\n"
        "Dorothea wins 50 chips from the main pot with a pair of Kings.")
    hand = CLASSIC.parse(short)
    assert [(a.seat, a.kind, a.amount, a.all_in) for a in hand.actions if a.street == Street.PREDEAL] == [
        (5, ActionKind.POST_BIG_BLIND, 25, True)]
    assert _contributed(hand) == {2: 25, 5: 25}
    assert hand.paid_from_pots() == hand.pot_total == 50
    # a call of neither the blind nor what the short blind put in is still not read
    with pytest.raises(HandParseError, match=r"line 16 'Bettany calls \[30\]': blinds not printed"):
        CLASSIC.parse(short.replace("Bettany calls [25]", "Bettany calls [30]"))


def test_unprinted_blinds_that_leave_the_wins_unpaid_quarantine_the_hand():
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(SILENT_BLINDS.replace("wins 2,560 chips", "wins 2,600 chips"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT,
        "blinds not printed: with them posted after the button the actions put in 2560 and the wins pay 2600")


def test_a_tournaments_moves_finishes_and_disconnections_are_skipped():
    # "Player NAME finished in 274." and "Player NAME has been moved ..." (the name after
    # "Player") and "NAME could not respond in time.(disconnected)" quarantined the hand
    quiet = ("Crispin could not respond in time.(disconnected)\nCrispin folds\n"
             "Player Ewald has been moved from table 33 to this table\nPlayer Ewald finished in 1 274.\n"
             "Player Crispin finished in 274.\n")
    hand = CLASSIC.parse(SILENT_BLINDS.replace("Crispin folds\n", quiet))
    assert _contributed(hand) == {1: 40, 2: 2500, 5: 20}
    assert hand.paid_from_pots() == hand.pot_total


def test_unprinted_blinds_skip_a_seat_that_takes_no_part_and_must_make_the_betting_legal():
    # Ewald (seat 4), just moved to the table, takes no part: Dorothea (seat 5) posts the
    # small blind and completes it, Aldous (seat 1) the big blind and checks
    moved = SILENT_BLINDS.replace("Seat 3: Crispin ( 1,800 )\n", "Seat 3: Crispin ( 1,800 )\nSeat 4: Ewald ( 900 )\n")
    limped = moved.replace("Bettany is all-In  [2,500]\nCrispin folds\nDorothea folds\nAldous folds\n",
                           "Bettany folds\nCrispin folds\nDorothea calls [20]\nAldous checks\n"
                           "** Dealing Flop ** [ 2h, 5s, Jh ]\nDorothea checks\nAldous bets [40]\nDorothea folds\n"
                           ).replace("Bettany does not show cards.\nBettany wins 2,560 chips",
                                     "Aldous does not show cards.\nAldous wins 120 chips")
    hand = CLASSIC.parse(limped)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (5, ActionKind.POST_SMALL_BLIND, 20), (1, ActionKind.POST_BIG_BLIND, 40)]
    assert _contributed(hand) == {1: 80, 5: 40}
    # had Ewald folded (taking part), he would be the small blind and Dorothea the big one,
    # whose call of 20 then levels nothing: the hand is not read
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(limped.replace("Bettany folds\n", "Ewald folds\nBettany folds\n"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "line 18 'Dorothea calls [20]': blinds not printed, and with them posted "
        "after the button this action is not allowed")
    # a stack printed smaller than what the seat puts in (hand 12359566781 prints every
    # stack as "( 1 )") cuts the unprinted blind short: the reason says so
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(limped.replace("Seat 5: Dorothea ( 3,000 )", "Seat 5: Dorothea ( 1 )"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "line 17 'Dorothea calls [20]': blinds not printed, and with them posted "
        "after the button this action is not allowed (seat 5's stack is printed as 1, less than it puts in)")


SAT_OUT = """***** Hand History for Game 11615400001 *****
$25 USD NL Texas Hold'em - Tuesday, April 03, 12:36:29 EDT 2012
Table Jackpot #2400001 (No DP) (Real Money)
Seat 3 is the button
Total number of players : 3/9 
Seat 5: Fenella ( $15.07 USD )
Seat 4: Gideon ( $7.50 USD )
Seat 3: Hesper ( $25 USD )
Hesper posts small blind [$0.10 USD].
Gideon posts big blind [$0.25 USD].
** Dealing down cards **
Hesper calls [$0.15 USD]
Gideon checks
** Dealing Flop ** [ Ts, 4c, 3c ]
Gideon checks
Hesper bets [$0.50 USD]
Gideon folds
Hesper does not show cards.
Hesper wins $0.98 USD
"""


def test_a_seat_that_neither_posts_nor_acts_is_not_dealt_in():
    # Fenella sat the hand out; counted as a live contender she turned the uncontested hand
    # into a showdown on a 3-card board (unverifiable)
    hand = CLASSIC.parse(SAT_OUT)
    assert [(s.seat, s.dealt_in) for s in hand.seats] == [(3, True), (4, True), (5, False)]
    assert _contributed(hand) == {3: 75, 4: 25}


def test_2012_actions_ending_with_a_period_are_read():
    # "Gideon checks." and "folds." (a period after every action) quarantined the hand
    hand = CLASSIC.parse(SAT_OUT.replace("Gideon checks\n", "Gideon checks.\n").replace("Gideon folds\n", "Gideon folds.\n")
                         .replace("Hesper calls [$0.15 USD]", "Hesper calls [$0.15 USD]."))
    assert [(a.seat, a.kind) for a in hand.actions if a.kind in (ActionKind.CHECK, ActionKind.FOLD)] == [
        (4, ActionKind.CHECK), (4, ActionKind.CHECK), (4, ActionKind.FOLD)]
    assert _contributed(hand) == {3: 75, 4: 25}


def test_a_check_facing_a_bet_means_a_post_the_history_does_not_print():
    # 2012 "silent post" files: a seat that posted both blinds unprinted checks facing the big blind
    text = SAT_OUT.replace("Seat 5: Fenella ( $15.07 USD )\n", "").replace(
        "Hesper calls [$0.15 USD]\n", "Hesper checks\n")
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT,
        "line 11 'Hesper checks': checks facing a bet of 25 with 10 in: a post the history does not print")


def test_finishing_places_of_every_form_and_the_time_bank_warning_are_skipped():
    quiet = ("Your time bank will be activated in 6 secs. If you do not want it to be used, please act now.\n"
             "Crispin folds\nCrispin finished in 3 place.\nAldous finished in 1,274.\n"
             "Dorothea finished in 2 place and received $12 USD\n"
             "The tournament is now finished as the remaining prizes are of equal value.\n")
    hand = CLASSIC.parse(SILENT_BLINDS.replace("Crispin folds\n", quiet))
    assert _contributed(hand) == {1: 40, 2: 2500, 5: 20}


@pytest.mark.parametrize(("lines", "message"), [
    ("Ilse has joined the table.\nIlse posts big blind [$0.25 USD].\n",
     "line 12 'Ilse posts big blind [$0.25 USD].': a player who joined the table after the seat list was printed "
     "puts money in: its seat is not printed, and seats 1, 2, 6, 7, 8 and 9 are free"),
    ("Ilse raises [$0.25 USD]\n",
     "line 11 'Ilse raises [$0.25 USD]': a player the seat list does not have puts money in: its seat is not printed, "
     "and seats 1, 2, 6, 7, 8 and 9 are free"),
])
def test_money_from_a_player_the_seat_list_does_not_have_quarantines_the_hand(lines, message):
    # was "unexpected money line"
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(SAT_OUT.replace("Gideon posts big blind [$0.25 USD].\n", "Gideon posts big blind [$0.25 USD].\n" + lines))
    assert (err.value.reason, err.value.message) == (QuarantineReason.INCONSISTENT, message)


JOINER = """***** Hand History for Game 13300000007 *****
$0.10/$0.25 USD NL Texas Hold'em - Saturday, September 21, 16:06:03 EDT 2013
Table Varna (Real Money)
Seat 1 is the button
Total number of players : 6/6
Seat 1: Anselm ( $30 USD )
Seat 2: Briony ( $22.40 USD )
Seat 3: Caspian ( $0 USD )
Seat 4: Gwilym ( $19 USD )
Seat 5: Delphine ( $41.10 USD )
Seat 6: Eamon ( $25 USD )
Briony posts small blind [$0.10 USD].
Caspian has left the table.
Fenwick has joined the table.
Fenwick posts big blind [$0.25 USD].
** Dealing down cards **
Dealt to Eamon [  Kd Qh ]
Gwilym folds
Delphine folds
Eamon raises [$0.75 USD]
Anselm folds
Briony folds
Fenwick calls [$0.50 USD]
** Dealing Flop ** [ 2d, 9s, Kc ]
Fenwick checks
Eamon bets [$1.10 USD]
Fenwick calls [$1.10 USD]
** Dealing Turn ** [ 5h ]
Fenwick checks
Eamon checks
** Dealing River ** [ 5c ]
Fenwick checks
Eamon checks
Fenwick shows [ Ks, Qs ]two pairs, Kings and Fives.
Eamon shows [ Kd, Qh ]two pairs, Kings and Fives.
Fenwick wins $1.81 USD from the main pot with two pairs, Kings and Fives.
Eamon wins $1.80 USD from the main pot with two pairs, Kings and Fives.
"""


def test_a_player_who_joins_into_the_one_free_seat_is_read_in_it():
    # the table is full but for the seat Caspian left: Fenwick's big blind quarantined the
    # hand ("its seat and stack are unknown"); the odd chip is his, first after the button
    hand = CLASSIC.parse(JOINER)
    assert [(s.seat, s.player, s.stack) for s in hand.seats if s.seat in (2, 3, 4)] == [
        (2, "Briony", 2240), (3, "Fenwick", None), (4, "Gwilym", 1900)]
    assert _contributed(hand) == {2: 10, 3: 185, 6: 185}
    assert _payouts(hand) == [(3, 181, 0, Half.WHOLE, PayoutSource.POT), (6, 180, 0, Half.WHOLE, PayoutSource.POT)]
    assert hand.seat(3).cards == ["Ks", "Qs"] and hand.actions[1].kind == ActionKind.POST_BIG_BLIND
    assert hand.notes[1:] == [
        "line 15: a player who joined the table after the seat list was printed puts money in: seated in seat 3, "
        "the one seat of 6 free (Caspian left it); its stack is not printed"]


@pytest.mark.parametrize(("changes", "line", "why"), [
    ((("Seat 4: Gwilym ( $19 USD )\n", ""), ("players : 6/6", "players : 5/6")), 14, "and seats 3 and 4 are free"),
    ((("Fenwick has joined the table.\n", "Fenwick has joined the table.\nHollis has joined the table.\n"),), 16,
     "and others the seat list does not have (Hollis) are at the table with one seat free (3)"),
    ((("Caspian has left the table.\n", ""),), 14, "and the seat list fills all 6 seats"),
    ((("players : 6/6", "players : 6"),), 15, "nor the table's size"),
    ((("players : 6/6", "players : 7/7"),), 15, "and the seat list has 6 seats for 7 players"),
])
def test_a_player_whose_seat_the_hand_does_not_tell_quarantines_it(changes, line, why):
    text = JOINER
    for change in changes:
        text = text.replace(*change)
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, f"line {line} 'Fenwick posts big blind [$0.25 USD].': a player who joined the "
        f"table after the seat list was printed puts money in: its seat is not printed, {why}")


@pytest.mark.parametrize(("header", "expected"), [
    ("$10 USD fastforward NL Texas Hold'em - Wednesday,August 31, 01:41:34 CEST 2016",
     (Game.HOLDEM, Limit.NO, "USD", "2016-08-30T23:41:34Z")),
    ("$5  USD  NL  Texas Hold'em - Tuesday, April 03, 12:36:29 EDT 2012", (Game.HOLDEM, Limit.NO, "USD", "2012-04-03T16:36:29Z")),
    ("$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012", (Game.OMAHA, Limit.POT, "USD", "2012-02-18T06:10:59Z")),
])
def test_cash_headers_with_odd_spacing_and_fast_fold_tables(header, expected):
    # each was quarantined: "cannot read the game/date line" or "cannot read stakes and game"
    hand = CLASSIC.parse(SAT_OUT.replace("$25 USD NL Texas Hold'em - Tuesday, April 03, 12:36:29 EDT 2012", header))
    assert (hand.game, hand.limit, hand.currency, hand.start_time_utc) == expected
    assert not hand.is_tournament and _contributed(hand) == {3: 75, 4: 25}


EURO_POST = """***** Hand History for Game 11253000001 *****
€25 EUR NL Texas Hold'em - Friday, December 30, 20:52:00 CET 2011
Table Table  187001 (Real Money)
Seat 6 is the button
Total number of players : 3/6 
Seat 1: Jocasta ( €25.28 EUR )
Seat 3: Kenelm ( €72.87 EUR )
Seat 5: Lavinia ( €20 EUR )
Jocasta posts small blind [€0.10 EUR].
Kenelm posts big blind [€0.25 EUR].
Lavinia posts big blind + dead [0,35 €].
** Dealing down cards **
Lavinia raises [€0.75 EUR]
Jocasta folds
Kenelm calls [€0.75 EUR]
** Dealing Flop ** [ 5s, Jc, 7c ]
Kenelm checks
Lavinia bets [€2.06 EUR]
Kenelm folds
Lavinia does not show cards.
Lavinia wins €4.12 EUR
"""


def test_a_euro_post_written_with_a_decimal_comma_is_read():
    # "[0,35 €]" beside "[€0.75 EUR]" was quarantined as a bad amount (digit grouping)
    hand = CLASSIC.parse(EURO_POST)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.seat == 5 and a.street == Street.PREDEAL] == [
        (5, ActionKind.POST_BLIND, 25), (5, ActionKind.POST_DEAD, 10)]
    assert _contributed(hand) == {1: 10, 3: 100, 5: 316}


def test_2013_player_count_with_spaces_and_a_time_bank_of_their_own():
    # "Total number of players : 3 / 9" and "will be using their time bank" quarantined the hand
    hand = CLASSIC.parse(SAT_OUT.replace("Total number of players : 3/9 ", "Total number of players : 3 / 9").replace(
        "Gideon checks\n", "Gideon will be using their time bank for this hand.\nGideon checks\n", 1))
    assert hand.max_seats == 9 and _contributed(hand) == {3: 75, 4: 25}


def test_a_header_without_a_time_zone_has_no_utc_time():
    hand = CLASSIC.parse(TOURNAMENT_HAND.format(
        header="NL Texas Hold'em $ 530 USD Buy-in Trny:3282001 Level:18  Blinds-Antes(1,250/2,500 -250)", level="").replace(
        " - Thursday, July 19, 22:00:19 EDT 2012", " - Sunday, July 28, 21:01:39  2013"))
    assert (hand.tournament_id, hand.big_blind, hand.ante, hand.hand_date, hand.start_time_utc) == (
        "3282001", 2500, 250, "2013-07-28", None)


def test_a_hand_the_platform_wrote_no_history_for_is_truncated():
    text = ("Game #11938800001 starts.\n#Game No : 11938800001 \nTable Closed\n"
            "The hand history for this hand number is not available here.\n")
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(text)
    assert (err.value.reason, err.value.hand_id) == (QuarantineReason.TRUNCATED, "11938800001")
    assert err.value.message == ("the table closed and partypoker wrote no history for this hand: "
                                 "'Table Closed The hand history for this hand number is not available here.'")


def test_unprinted_blinds_of_a_limit_level_are_half_the_small_bet_and_the_small_bet():
    # "Stakes(200/400)" are the bets: the unprinted blinds are 100 and 200. The big blind's
    # 200 and the small blind's 100 were missing and the hand was not_conserved
    limit = SILENT_BLINDS.replace("NL Texas Hold'em  Trny: 71400101 Level: 1  Blinds(20/40)",
                                  "FL Texas Hold'em  Trny: 71400101 Level: 4  Stakes(200/400)").replace(
        "Trny: 71400101 Level: 1 \nBlinds(20/40)\n", "Trny: 71400101 Level: 4 \nStakes(200/400)\n").replace(
        "Bettany is all-In  [2,500]\nCrispin folds\nDorothea folds\nAldous folds\n",
        "Bettany raises [400]\nCrispin folds\nDorothea folds\nAldous folds\n").replace("wins 2,560 chips", "wins 700 chips")
    hand = CLASSIC.parse(limit)
    assert (hand.limit, hand.small_blind, hand.big_blind) == (Limit.FIXED, 100, 200)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (5, ActionKind.POST_SMALL_BLIND, 100), (1, ActionKind.POST_BIG_BLIND, 200)]
    assert hand.paid_from_pots() == hand.pot_total


FAST_FORWARD = """#Game No : 4950500001
***** Hand History for Game 15492700001 *****
$10 USD fastforward NL Texas Hold'em - Wednesday,August 31, 01:41:34 CEST 2016
Table Bolt  ( Real Money )
Seat 1 is the button
Total number of players : 3/6
seat 1: Marisol ( $11.84 USD )
seat 2: Nestor ( $10.05 USD )
seat 3: Oriel ( $10 USD )
Nestor posts small blind [$0.05 USD].
Oriel posts big blind [$0.10 USD].
** Dealing down cards **
Dealt to Oriel [ 7h, 6h ]
Marisol Forward Folds
Nestor calls [ $0.05 USD ]
Oriel checks
** Dealing Flop ** [ 2h, Ts, Qh ]
Nestor checks
Oriel bets [ $0.14 USD ]
Nestor folds
Oriel does not show cards.
Oriel wins $0.33 USD
"""


def test_a_2016_fast_forward_hand():
    # "Table Bolt  ( Real Money )", "seat 1: ..." and "Forward Folds" quarantined the hand
    hand = CLASSIC.parse(FAST_FORWARD)
    assert (hand.table_name, hand.currency, hand.is_tournament) == ("Bolt", "USD", False)
    assert [s.seat for s in hand.seats] == [1, 2, 3] and hand.seat(3).cards == ["7h", "6h"]
    assert hand.seat(1).folded_street == Street.PREFLOP
    assert _contributed(hand) == {2: 10, 3: 24}


def test_a_2012_export_without_spaces_before_seat_numbers_and_brackets():
    # "seat1: ..." and "raises[ $25 USD ]" quarantined the hand
    text = FAST_FORWARD.replace("seat 1:", "seat1:").replace("seat 2:", "seat2:").replace("seat 3:", "seat3:").replace(
        "calls [ $0.05 USD ]", "calls[ $0.05 USD ]").replace("bets [ $0.14 USD ]", "bets[ $0.14 USD ]")
    hand = CLASSIC.parse(text)
    assert [s.seat for s in hand.seats] == [1, 2, 3] and _contributed(hand) == {2: 10, 3: 24}


def test_a_2012_mac_client_hand_writes_a_decimal_comma():
    # "( $26,02 USD )" was quarantined as digit grouping
    text = FAST_FORWARD.replace("$11.84", "$11,84").replace("$10.05", "$10,05").replace("$0.05", "$0,05").replace(
        "$0.10", "$0,10").replace("$0.14", "$0,14").replace("$0.33", "$0,33")
    hand = CLASSIC.parse(text)
    assert {s.seat: s.stack for s in hand.seats} == {1: 1184, 2: 1005, 3: 1000}
    assert _contributed(hand) == {2: 10, 3: 24} and _payouts(hand) == [(3, 33, None, Half.WHOLE, PayoutSource.POT)]


def test_a_hand_that_writes_cents_after_a_comma_and_a_decimal_point_is_not_guessed():
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(FAST_FORWARD.replace("$11.84", "$11,84"))
    assert err.value.reason == QuarantineReason.BAD_AMOUNT


def test_a_show_with_doubled_spaces_is_read():
    # 2013: "doesn't show  [ 5c , 4h ]  a pair of Fives" was an unexpected action
    text = SAT_OUT.replace("Hesper does not show cards.\n", "Hesper doesn't show  [ 5c , 4h ]  a pair of Fives\n")
    hand = CLASSIC.parse(text)
    assert hand.seat(3).cards == ["5c", "4h"] and hand.seat(3).mucked


def test_2010_emailed_hands_with_a_preamble_and_a_spaced_dash():
    # "Game #N starts." / "#Game No : N" before the banner and "(NL)  -  Mon ..." were quarantined
    emailed = "Game #9423500001 starts.\n\n#Game No : 9423500001\n" + MODERN_HAND.replace(
        "(PL) - Mon Mar 04 20:11:05 EST 2024", "(PL)  -  Mon Jul 12 13:38:32 EDT 2010")
    pieces = list(MODERN.split(emailed + emailed.replace("9423500001", "9423500002")))
    assert [offset for offset, _ in pieces] == [0, len(emailed)]
    hand = MODERN.parse(pieces[1][1])
    assert (hand.hand_id, hand.start_time_utc) == ("1700000000123abcd45efgh", "2010-07-12T17:38:32Z")
    assert _contributed(hand) == {2: 25, 5: 25} and hand.rake == 2 and hand.reconciles()


MODERN_TOURNAMENT = """***** Hand History For Game 161938600001abcdefgh *****
350000/700000 Tourney Texas Holdem Game Table (NL) (MTT Tournament #301084001) (Buyin $50.0 + $5.0) - Sun Apr 25 17:30:03 EDT 2021
Table (301084001) Table #68 (Real Money) -- Seat 2 is the button
Total number of players : 3/8
Seat 1: Petronel (15123805)
Seat 2: Quenby (8280272)
Seat 3: Rowan (10133944)
Petronel posts ante (87500)
Quenby posts ante (87500)
Rowan posts ante (87500)
Rowan posts small blind (350000)
Petronel posts big blind (700000)
** Dealing down cards **
Quenby raises 8192772 to 8192772
Quenby is all-In.
Rowan folds
Petronel calls (7492772)
** Dealing Flop ** : [ 7s, 9c, 5s ]
** Dealing Turn ** : [ 3s ]
** Dealing River ** : [ Qs ]
Creating Main Pot with 16998044 with Quenby
** Summary **
Main Pot: 16998044
Board: [ 7s, 9c, 5s, 3s, Qs ]
Petronel balance 6843533, lost 8280272 [ Ac, Kd ] [ ace high -- Ac,Kd,Qs,9c,7s ]
Quenby balance 16998044, bet 8280272, collected 16998044, net +8717772 [ 9s, 9h ] [ three nines -- 9s,9h,9c,Qs,7s ]
Rowan balance 9696444, lost 437500 (folded)
"""


def test_a_2021_tournament_hand():
    # its header ("Tourney ... (MTT Tournament #N) (Buyin ...)") was unreadable, and its
    # summary, which prints no rake, read as cut off
    hand = MODERN.parse(MODERN_TOURNAMENT)
    assert (hand.is_tournament, hand.tournament_id, hand.currency, hand.amount_scale) == (True, "301084001", None, 1)
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.rake, hand.rake_source) == (
        350000, 700000, 87500, None, RakeSource.ABSENT)
    assert _contributed(hand) == {1: 8280272, 2: 8280272, 3: 437500}
    assert _payouts(hand) == [(2, 16998044, 0, Half.WHOLE, PayoutSource.POT)]
    assert hand.paid_from_pots() == hand.pot_total


def test_a_2023_seat_that_sits_out_is_not_dealt_in():
    text = MODERN_HAND.replace("Seat 5: Orrin ($30.00)\n", "Seat 5: Orrin ($30.00)\nSeat 6: Sabine ($12.00)\n").replace(
        "Orrin balance $30.23", "Sabine balance $12, sits out\nOrrin balance $30.23")
    hand = MODERN.parse(text)
    assert [(s.seat, s.dealt_in) for s in hand.seats] == [(2, True), (5, True), (6, False)]


def test_a_summary_that_contradicts_the_actions_quarantines_the_hand():
    # an emailed history that leaves out a seat's actions paid "3100 from a pot of 120"
    with pytest.raises(HandParseError) as err:
        MODERN.parse(MODERN_TOURNAMENT.replace("Quenby raises 8192772 to 8192772", "Quenby raises 8192771 to 8192771"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "line 28 'Quenby balance 16998044, bet 8280272, collected 16998044, net +8717772 "
        "[ 9s, 9h ] [ three nines -- 9s,9h,9c,Qs,7s ]': seat 2 (Quenby): the summary says 8280272 put in, the actions "
        "add up to 8280271")


def test_pay_lines_run_together_on_one_line_are_not_read_as_one():
    # a file without its last line breaks: the second pay line was swallowed by the first
    # one's hand description, and the tie read as paid to one seat (a false wrong_winner);
    # after a name the seat list does not have, the line is not read apart
    text = SAT_OUT.replace("Hesper does not show cards.\nHesper wins $0.98 USD\n",
                           "Hesper wins $0.49 USD with a pair of Tens.Ilse wins $0.49 USD with a pair of Tens.\n")
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.PARSE_ERROR, "line 18 'Hesper wins $0.49 USD with a pair of Tens.Ilse wins $0.49 USD with a "
        "pair of Tens.': pay lines run together on one line")


MAC_SITTING_OUT = """#Game No : 4400000001
***** Hand History for Game 12300000001 *****
$25 USD NL Texas Hold'em - Sunday,December 9, 15:02:11 ICT 2012
Table Ravenna ( Real Money )
Seat 1 is the button
Total number of players : 4/6
seat 1: Odalys ( $31,40 USD )
seat 2: Perrin ( $25 USD )
seat 3: Quill ( $18,75 USD )
seat 4: Rosamund ( $26,05 USD )
Perrin posts small blind [$0,10 USD].
Quill is sitting outRosamund posts big blind [$0,25 USD].
** Dealing down cards **
Dealt to Rosamund [ 9c, 9d ]
Odalys raises [ $0,75 USD ]
Perrin folds
Rosamund calls [ $0,50 USD ]
** Dealing Flop ** [ 2s, 7h, Kd ]
Rosamund checks
Odalys bets [ $1,10 USD ]
Rosamund folds
Odalys does not show cards.Odalys wins $2,62 USD
"""

MAC_SPLIT_POT = """#Game No : 4400000002
***** Hand History for Game 12300000002 *****
$25 USD NL Texas Hold'em - Sunday,December 9, 15:09:40 ICT 2012
Table Ravenna ( Real Money )
Seat 1 is the button
Total number of players : 3/6
seat 1: Odalys ( $31,40 USD )
seat 2: Perrin ( $25 USD )
seat 4: Rosamund ( $26,05 USD )
Perrin posts small blind [$0,10 USD].
Rosamund posts big blind [$0,25 USD].
** Dealing down cards **
Dealt to Rosamund [ Ac, Kd ]
Odalys calls [ $0,25 USD ]
Perrin raises [ $1,15 USD ]
Rosamund calls [ $1 USD ]
Odalys folds
** Dealing Flop ** [ As, Kh, 4c ]
Perrin bets [ $2,05 USD ]
Rosamund calls [ $2,05 USD ]
** Dealing Turn ** [ 8d ]
Perrin checks
Rosamund checks
** Dealing River ** [ 2c ]
Perrin checks
Rosamund checks
Perrin shows [ Ah, Kc ]two pairs, Aces and Kings.
Rosamund shows [ Ac, Kd ]two pairs, Aces and Kings.
Perrin wins $3,26 USD from the main pot with two pairs, Aces and Kings.Rosamund wins $3,25 USD from the main pot \
with two pairs, Aces and Kings.
"""  # the backslash continues the line: the two pay lines are one


def test_a_mac_client_line_run_into_the_next_is_read_as_two():
    # "Quill is sitting outRosamund posts big blind [...]" and "does not show cards.Odalys
    # wins ..." quarantined the hand as an unexpected action
    hand = CLASSIC.parse(MAC_SITTING_OUT)
    assert _contributed(hand) == {1: 185, 2: 10, 4: 75}
    assert _payouts(hand) == [(1, 262, None, Half.WHOLE, PayoutSource.POT)]
    assert [a.kind for a in hand.actions[:2]] == [ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND]
    assert [s.seat for s in hand.seats if not s.dealt_in] == [3]
    assert hand.notes[1:] == [
        "line 12 holds 2 lines printed without a line break between them, read apart: Quill is sitting out | "
        "Rosamund posts big blind [$0,25 USD].",
        "line 22 holds 2 lines printed without a line break between them, read apart: Odalys does not show cards. | "
        "Odalys wins $2,62 USD"]


def test_mac_client_pay_lines_run_together_are_read_apart_with_their_decimal_commas():
    # the tie's two pay lines on one line were quarantined ("pay lines run together")
    hand = CLASSIC.parse(MAC_SPLIT_POT)
    assert _contributed(hand) == {1: 25, 2: 330, 4: 330}
    assert _payouts(hand) == [(2, 326, 0, Half.WHOLE, PayoutSource.POT), (4, 325, 0, Half.WHOLE, PayoutSource.POT)]
    assert [p.line for p in hand.payouts] == [
        "Perrin wins $3,26 USD from the main pot with two pairs, Aces and Kings.",
        "Rosamund wins $3,25 USD from the main pot with two pairs, Aces and Kings."]
    assert {s.seat: s.cards for s in hand.seats if s.cards} == {2: ["Ah", "Kc"], 4: ["Ac", "Kd"]}


def test_a_run_together_line_is_read_apart_only_after_a_whole_line_of_a_joinable_kind():
    # "checks" is not seen joined: the line stays whole, and unknown
    text = MAC_SPLIT_POT.replace("Perrin checks\nRosamund checks\n** Dealing River",
                                 "Perrin checksRosamund checks\n** Dealing River")
    with pytest.raises(HandParseError) as err:
        CLASSIC.parse(text)
    assert err.value.reason == QuarantineReason.PARSE_ERROR and "line 22 'Perrin checksRosamund checks'" in err.value.message


@pytest.mark.parametrize("message", [
    "Congratulations to player Hesper for winning tournament $1 Sit & Go Hero",
    ">You have options at Table  11531 Table!.",
    "The time at which hand ended:Jul 06 2011 18:03 EDT",
    "Chat has been disabled till the end of this hand as one or more players have gone All-in. Chat will be enabled "
    "as soon as this hand ends.",
    "Due to current high memory use in your system we disabled the chip and card animations on the tables to keep the "
    "game running smoothly.",
])
def test_the_clients_messages_to_its_user_are_skipped(message):
    # each quarantined a real hand as an unexpected line
    hand = CLASSIC.parse(SAT_OUT.replace("Gideon folds\n", f"Gideon folds\n{message}\n"))
    assert _contributed(hand) == {3: 75, 4: 25}


def test_a_win_with_two_spaces_before_its_currency_is_read():
    # 2013: "wins $0.98  USD" was an unexpected action
    hand = CLASSIC.parse(SAT_OUT.replace("Hesper wins $0.98 USD", "Hesper wins $0.98  USD"))
    assert _payouts(hand) == [(3, 98, None, Half.WHOLE, PayoutSource.POT)]


def test_2005_pay_lines_with_doubled_spaces_and_a_numbered_side_pot():
    # "wins 20 chips from  side pot #1  with ..." was an unexpected action
    text = TOURNAMENT_HAND.format(header="NL Texas Hold'em $30 Buy-in  + $3 Entry Fee  Trny:15200004 Level:4 Blinds(50/100)",
                                  level="").replace("Bettany wins 60 chips",
                                                    "Bettany wins 40 chips from  side pot #1  with a pair.\n"
                                                    "Bettany wins 20 chips from  the main pot  with a pair.")
    hand = CLASSIC.parse(text)
    assert _payouts(hand) == [(2, 40, 1, Half.WHOLE, PayoutSource.POT), (2, 20, 0, Half.WHOLE, PayoutSource.POT)]


def test_a_2016_finish_with_its_prize_after_player_is_skipped():
    # "Player Hesper finished in 1 place and received $3 USD" (the prize, outside the pot)
    hand = CLASSIC.parse(SAT_OUT + "Player Hesper finished in 1 place and received $3 USD\n")
    assert _contributed(hand) == {3: 75, 4: 25}


def test_both_eras_are_picklable_and_carry_their_version():
    # both run on parsers.engine from version 2 (a dialect's hooks must pickle: the cluster
    # ships the parser to its workers); the classic era's 4 reads a short big blind called for what it put in
    import pickle

    from audit.ingest.parse import parser_version

    assert pickle.loads(pickle.dumps(CLASSIC)).parse(SAT_OUT).hand_id == "11615400001"
    assert pickle.loads(pickle.dumps(MODERN)).parse(MODERN_HAND).hand_id == "1700000000123abcd45efgh"
    assert [parser_version(p) for p in (CLASSIC, MODERN)] == ["partypoker:6", "partypoker_2023:2"]


def test_a_bare_price_without_a_level_line_is_no_tournament():
    # "NL Texas Hold'em $0.25 USD" is a sit & go's price only where the hand prints its level
    with pytest.raises(HandParseError) as caught:
        CLASSIC.parse(TOURNAMENT_HAND.format(header="NL Texas Hold'em $0.25 USD ", level=""))
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.PARSE_ERROR, "cannot read stakes and game in \"NL Texas Hold'em $0.25 USD \"")


KNOCKOUT = """Game #16800000001 starts.

#Game No : 16800000001 
***** Hand History for Game 16800000001 *****
NL Texas Hold'em $1.10 USD Buy-in Trny:150000001 Level:12  Blinds-Antes(700/1.4K -175) - Wednesday, January 10, 18:18:55 GMT 2018
Table Hedgerow PKO - $500 Gtd (150000001) Table #3 (Real Money)
Seat 1 is the button
Total number of players : 3/8 
Seat 1: Aldous ( 20,000 )
Seat 2: Bettany ( 30,000 )
Seat 4: Crispin ( 2,075 )
Trny:150000001 Level:12 
Blinds-Antes(700/1,400 -175)
Aldous posts ante [175]
Bettany posts ante [175]
Crispin posts ante [175]
Bettany posts small blind [700].
Crispin posts big blind [1,400].
** Dealing down cards **
Dealt to Crispin [  Ah Kd ]
Aldous raises [4,200]
There will be a break in 4 minute(s)
Bettany folds
Crispin is all-In  [500]
Crispin shows [ Ah, Kd ]high card Ace.
** Dealing Flop ** [ 9h, 5c, 8s ]
** Dealing Turn ** [ 3h ]
** Dealing River ** [ Qd ]
Aldous shows [ Qs, Qh ]three of a kind, Queens.
Aldous wins 2,300 chips from the side pot 1 with three of a kind, Queens.
Aldous wins 5,025 chips from the main pot with three of a kind, Queens.
Player Crispin finished in 57.
Aldous has knocked out Crispin and won a $0.25 USD bounty prize.
"""


def test_a_knockout_bounty_is_paid_outside_the_pot():
    # "X has knocked out Y and won a $0.25 USD bounty prize." quarantined 15 real hands;
    # the break notice another. The bounty is in cents, no pot money.
    hand = CLASSIC.parse(KNOCKOUT)
    assert (hand.hand_id, hand.small_blind, hand.big_blind, hand.ante) == ("16800000001", 700, 1400, 175)
    assert _contributed(hand) == {1: 4375, 2: 875, 4: 2075}
    assert _payouts(hand) == [(1, 25, None, Half.WHOLE, PayoutSource.BOUNTY),  # the pots are paid at the end
                              (1, 2300, 1, Half.WHOLE, PayoutSource.POT), (1, 5025, 0, Half.WHOLE, PayoutSource.POT)]
    assert hand.paid_from_pots() == 7325


def test_a_bounty_with_a_bad_amount_quarantines_the_hand():
    with pytest.raises(HandParseError) as caught:
        CLASSIC.parse(KNOCKOUT.replace("$0.25 USD bounty", "$0.2.5 USD bounty"))
    assert caught.value.reason == QuarantineReason.BAD_AMOUNT
    assert caught.value.message == (
        "line 33 'Aldous has knocked out Crispin and won a $0.2.5 USD bounty prize.': not an amount: '$0.2.5 USD'")


@pytest.mark.parametrize("notice", [
    "There will be a break in 4 minute(s)",
    "Zenobia did not respond in time",  # not seated
    "nice stretch",  # 2017 New Jersey: chat printed bare
    "coulda told u he had AA",
])
def test_notices_and_bare_chat_are_skipped(notice):
    hand = CLASSIC.parse(SAT_OUT.replace("Gideon checks\n", f"Gideon checks\n{notice}\n", 1))
    assert _contributed(hand) == {3: 75, 4: 25}
    assert _payouts(hand) == [(3, 98, None, Half.WHOLE, PayoutSource.POT)]


@pytest.mark.parametrize(("line", "what"), [
    ("gave him 2 outs", "line"),  # a digit: may be an amount
    ("Zenobia adds [$5 USD]", "line"),
    ("nice call there", "line"),  # a poker verb
    ("Zenobia raises", "money line"),
])
def test_a_bare_line_that_may_carry_money_is_not_skipped(line, what):
    with pytest.raises(HandParseError) as caught:
        CLASSIC.parse(SAT_OUT.replace("Gideon checks\n", f"Gideon checks\n{line}\n", 1))
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.PARSE_ERROR, f"line 14 {line!r}: unexpected {what}")


def test_a_lost_connection_instead_of_the_banner_is_truncated():
    text = ("Game #16120000001 starts.\n#Game No : 16120000001 \nConnection Lost due to some reason\n"
            "The hand history for this hand number is not available here.\n")
    with pytest.raises(HandParseError) as caught:
        CLASSIC.parse(text)
    assert (caught.value.reason, caught.value.hand_id) == (QuarantineReason.TRUNCATED, "16120000001")
    assert caught.value.message == (
        "the connection was lost and partypoker wrote no history for this hand: 'Connection Lost due to some reason "
        "The hand history for this hand number is not available here.'")


def test_new_hands_audit_clean(tmp_path):
    import polars as pl

    from audit.jobs import run_job

    jackpot = TOURNAMENT_HAND.format(header="NL Texas Hold'em $0.25 USD ", level="Trny: 190000011 Level: 1 \n"
                                     "Blinds(20/40)\n").replace("Summer Special (2686999) Table #5",
                                                                 "$0.25 Sit & Go 3-Handed (190000011) Table #1")
    source = tmp_path / "party.txt"
    source.write_text("\n".join((KNOCKOUT, jackpot, MAC_SITTING_OUT, MAC_SPLIT_POT, JOINER)), encoding="utf-8")
    result = run_job([str(source)], str(tmp_path / "out"))
    verdicts = pl.read_parquet(tmp_path / "out" / "hands.parquet").sort("hand_key")
    assert sorted(verdicts.select("hand_id", "verdict").rows()) == [
        ("11940000001", "clean"), ("12300000001", "relative_only"), ("12300000002", "relative_only"), ("13300000007", "relative_only"),
        ("16800000001", "clean")]
    assert (result.counts["finding_rows"], result.counts.get("quarantined", 0)) == (0, 0)


DOLLAR_POST = """***** Hand History for Game 18800000042 *****
$0.01/$0.02 USD NL Texas Hold'em - Sunday, March 04, 21:10:05 CEST 2018
Table Orsk (Real Money)
Seat 4 is the button
Total number of players : 3/9
Seat 2: Wendeline ( $1.50 USD )
Seat 4: Osric ( $3 USD )
Seat 6: Tamsin ( $2.20 USD )
Wendeline posts small blind [$0.01 USD].
Tamsin posts big blind [$0.02 USD].
Osric posts big blind + dead [$0,03].
** Dealing down cards **
Osric raises [$0.05 USD]
Wendeline folds
Tamsin calls [$0.05 USD]
** Dealing Flop ** [ 2d, 9h, Kc ]
Tamsin checks
Osric bets [$0.10 USD]
Tamsin folds
Osric does not show cards.
Osric wins $0.25 USD
"""


def test_a_dollar_post_written_with_a_decimal_comma_is_read():
    # "[$0,03]" beside "[$0.02 USD]" was quarantined as a bad amount (digit grouping)
    hand = CLASSIC.parse(DOLLAR_POST)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.seat == 4 and a.street == Street.PREDEAL] == [
        (4, ActionKind.POST_BLIND, 2), (4, ActionKind.POST_DEAD, 1)]
    assert _contributed(hand) == {2: 1, 4: 18, 6: 7}
    assert _payouts(hand) == [(4, 25, None, Half.WHOLE, PayoutSource.POT)]


def test_a_blank_line_between_the_banner_and_the_game_line_is_read_past():
    spaced = SAT_OUT.replace(" *****\n$25 USD", " *****\n\n$25 USD", 1)
    assert spaced != SAT_OUT
    hand, plain = CLASSIC.parse(spaced), CLASSIC.parse(SAT_OUT)
    assert (hand.hand_id, hand.table_name, hand.start_time_raw, hand.big_blind) == (
        "11615400001", "Jackpot #2400001 (No DP)", "Tuesday, April 03, 12:36:29 EDT 2012", 25)
    assert _payouts(hand) == _payouts(plain) and _contributed(hand) == {3: 75, 4: 25}
