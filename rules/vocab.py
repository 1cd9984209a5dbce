"""The shared vocabulary of hhaudit, declared once.

Every string that reaches Parquet, JSON or the command line is a member of one of
these enums (``contracts.md``: lower-case snake_case everywhere). Parsers, rules and
reports import them from here and nowhere else, so a misspelt value is an
``AttributeError`` at import time rather than a silently unmatched row.

This module imports nothing from the rest of the project: it is the bottom layer.
"""

from __future__ import annotations

from enum import StrEnum


class Platform(StrEnum):
    """The operator that dealt the hand, from its own header."""

    POKERSTARS = "pokerstars"
    FULLTILT = "fulltilt"
    GGPOKER = "ggpoker"
    PARTYPOKER = "partypoker"
    POKER888 = "888poker"
    WINAMAX = "winamax"
    IPOKER = "ipoker"
    WINNINGPOKER = "winningpoker"
    BOVADA = "bovada"
    KINGSCLUB = "kingsclub"
    BETONLINE = "betonline"
    UNIBET = "unibet"
    EVERLEAF = "everleaf"
    MERGE = "merge"
    ONGAME = "ongame"
    PKR = "pkr"
    ABSOLUTE = "absolute"
    ULTIMATEBET = "ultimatebet"
    CAKE = "cake"
    SEALSWITHCLUBS = "sealswithclubs"
    ENTRACTION = "entraction"
    MICROGAMING = "microgaming"
    BOSSMEDIA = "bossmedia"
    BETFAIR = "betfair"
    ENET = "enet"
    EVEREST = "everest"
    # Sites and converters that write another platform's dialect.
    POKERMASTER = "pokermaster"
    CHICO = "chico"
    RUNITONCE = "runitonce"
    HOMEGAME = "pokerstars_home"
    MPLPOKER = "mplpoker"
    POKERBROS = "pokerbros"
    SUPREMA = "suprema"
    PPPOKER = "pppoker"
    NINESTACKS = "9stacks"  # 9stacks Poker (India), PokerStars' dialect
    WSOP_COM = "wsop_com"  # WSOP.com (New Jersey, Nevada, Pennsylvania), 888's dialect
    TOWERTORNEOS = "towertorneos"  # TowerTorneos Poker (Spanish), 888's dialect
    DELAWAREPARK = "delawarepark"  # Delaware Park (Delaware's state network), 888's dialect


class Format(StrEnum):
    """The text dialect that was parsed (one per parser module)."""

    POKERSTARS = "pokerstars"
    FULLTILT = "fulltilt"
    GGPOKER = "ggpoker"
    PARTYPOKER = "partypoker"
    PARTYPOKER_2023 = "partypoker_2023"
    POKER888 = "888poker"
    WINAMAX = "winamax"
    IPOKER_XML = "ipoker_xml"
    IPOKER_TEXT = "ipoker"  # extension: iPoker's text histories (parsers/ipoker_text.py)
    WINNINGPOKER = "winningpoker"
    WINNINGPOKER_OLD = "winningpoker_old"
    BOVADA = "bovada"
    KINGSCLUB = "kingsclub"
    BETONLINE = "betonline"
    CHICO_2012 = "chico_2012"  # extension: Chico's 2012 ActionPoker.com and Gear Poker (parsers/chico_2012.py)
    UNIBET = "unibet"
    EVERLEAF = "everleaf"
    MERGE_TEXT = "merge"
    MERGE_XML = "merge_xml"
    ONGAME = "ongame"
    PKR = "pkr"
    ABSOLUTE = "absolute"
    CAKE = "cake"
    SEALSWITHCLUBS = "sealswithclubs"
    ENTRACTION = "entraction"
    MICROGAMING_XML = "microgaming_xml"
    MICROGAMING_TEXT = "microgaming"  # extension: Microgaming's text histories (parsers/microgaming_text.py)
    BOSSMEDIA_XML = "bossmedia_xml"
    BETFAIR = "betfair"
    ENET = "enet"
    EVEREST = "everest"
    EVEREST_TEXT = "everest_text"  # extension: Everest's text histories (parsers/everest_text.py)


class Game(StrEnum):
    """What was dealt. Two-board games are games, not run-it-twice."""

    HOLDEM = "holdem"
    HOLDEM_SPLIT = "holdem_split"  # two boards, each half of the pot
    SIXPLUS_HOLDEM = "sixplus_holdem"  # short deck: flush beats full house, trips beat a straight
    SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS = "sixplus_holdem_straight_over_trips"  # GGPoker's: only the flush moves up
    OMAHA = "omaha"
    OMAHA5 = "omaha5"
    OMAHA6 = "omaha6"
    OMAHA_SPLIT = "omaha_split"  # two boards, each half of the pot (KingsClub double-board Omaha)
    COURCHEVEL = "courchevel"
    OMAHA_HILO = "omaha_hilo"
    OMAHA5_HILO = "omaha5_hilo"
    OMAHA6_HILO = "omaha6_hilo"
    COURCHEVEL_HILO = "courchevel_hilo"
    STUD = "stud"
    STUD_HILO = "stud_hilo"
    RAZZ = "razz"
    RAZZ27 = "razz27"  # seven-card stud for the 2-7 low (KingsClub "2-7 Razz", Kansas City razz)
    STUD5 = "stud5"  # five-card stud, high
    FUSION = "fusion"  # PokerStars Fusion: 2 hole cards, a 3rd on the flop, a 4th on the turn; Omaha's rule
    DRAW5 = "draw5"
    LOWBALL27_SINGLE = "lowball27_single"
    LOWBALL27_TRIPLE = "lowball27_triple"
    LOWBALL_A5_SINGLE = "lowball_a5_single"
    LOWBALL_A5_TRIPLE = "lowball_a5_triple"
    BADUGI = "badugi"
    BADACEY = "badacey"
    BADEUCY = "badeucy"
    DRAWMAHA27 = "drawmaha27"


class Limit(StrEnum):
    """The betting structure. It changes no payout; the audit records it for people."""

    FIXED = "fixed"
    POT = "pot"
    NO = "no"
    HALF_POT = "half_pot"
    CAP = "cap"
    POT_THEN_NO = "pot_then_no"  # pot limit before the flop, no limit after (PokerStars)


class Street(StrEnum):
    """Betting rounds, in the order a game can visit them."""

    PREDEAL = "predeal"  # blinds, antes, bring-ins
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SECOND = "second"  # five-card stud's first round: one card down, one up
    THIRD = "third"
    FOURTH = "fourth"
    FIFTH = "fifth"
    SIXTH = "sixth"
    SEVENTH = "seventh"
    PREDRAW = "predraw"
    DRAW1 = "draw1"
    DRAW2 = "draw2"
    DRAW3 = "draw3"
    SHOWDOWN = "showdown"


class ActionKind(StrEnum):
    POST_SMALL_BLIND = "post_small_blind"
    POST_BIG_BLIND = "post_big_blind"
    POST_BLIND = "post_blind"  # any other live blind (straddle, new player's post)
    POST_DEAD = "post_dead"  # dead money: goes to the pot, not to the seat's bet
    POST_ANTE = "post_ante"
    BRING_IN = "bring_in"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"  # amount is what the seat added, not the total it raised to
    COMPLETE = "complete"
    DISCARD = "discard"
    STAND_PAT = "stand_pat"
    UNCALLED_RETURN = "uncalled_return"  # amount returned to the seat
    SHOW = "show"
    MUCK = "muck"
    CASH_OUT = "cash_out"


class Half(StrEnum):
    HIGH = "high"
    LOW = "low"
    WHOLE = "whole"
    UNLABELLED = "unlabelled"
    # Badugi-family splits name their halves per game (rules.games declares which).
    BADUGI = "badugi"
    DRAW = "draw"  # the draw half of Drawmaha
    OMAHA = "omaha"  # the Omaha half of Drawmaha


class PayoutSource(StrEnum):
    POT = "pot"
    UNCALLED = "uncalled"
    CASH_OUT = "cash_out"
    BOUNTY = "bounty"
    OTHER = "other"


class RakeSource(StrEnum):
    PRINTED = "printed"
    INFERRED = "inferred"
    ABSENT = "absent"


class FileStatus(StrEnum):
    OK = "ok"
    NO_HANDS = "no_hands"
    UNREADABLE = "unreadable"
    # Text that no parser claims: not silently "no hands", since it may be a platform
    # hhaudit does not read yet (exit code 3, like unreadable).
    UNRECOGNISED = "unrecognised"


class QuarantineReason(StrEnum):
    TRUNCATED = "truncated"
    UNKNOWN_FORMAT = "unknown_format"
    BAD_AMOUNT = "bad_amount"
    BAD_CARDS = "bad_cards"
    INCONSISTENT = "inconsistent"
    CONFLICTING_DUPLICATE = "conflicting_duplicate"
    UNSUPPORTED_GAME = "unsupported_game"
    PARSE_ERROR = "parse_error"  # a line the parser did not expect, or a fault of its code (file:line)
    TOO_LARGE = "too_large"  # a hand or a line beyond ingest's caps: kept as its first characters
    BAD_ENCODING = "bad_encoding"  # bytes invalid in the file's encoding (the file's other hands are read)


class FindingKind(StrEnum):
    """Kinds of difference, in precedence order: when several fit, the first wins."""

    WRONG_WINNER = "wrong_winner"
    PHANTOM_LOW = "phantom_low"
    MISSED_LOW = "missed_low"
    TIE_SPLIT = "tie_split"
    ODD_CHIP = "odd_chip"
    SIDE_POT = "side_pot"
    UNCALLED_BET = "uncalled_bet"
    RAKE = "rake"
    NOT_CONSERVED = "not_conserved"
    CASH_OUT = "cash_out"
    HISTORY_INCONSISTENT = "history_inconsistent"


class Verdict(StrEnum):
    CLEAN = "clean"
    FINDINGS = "findings"
    UNVERIFIABLE = "unverifiable"
    RELATIVE_ONLY = "relative_only"


VOCABULARIES: dict[str, type[StrEnum]] = {
    "platform": Platform,
    "format": Format,
    "game": Game,
    "limit": Limit,
    "street": Street,
    "action": ActionKind,
    "half": Half,
    "payout_source": PayoutSource,
    "rake_source": RakeSource,
    "file_status": FileStatus,
    "quarantine_reason": QuarantineReason,
    "finding_kind": FindingKind,
    "verdict": Verdict,
}
