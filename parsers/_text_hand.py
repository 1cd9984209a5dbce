"""Helpers shared by text dialects: cutting a hand into lines, a game and limit from a
platform's game name, local times to UTC, the play-money scale, stud upcards.

Every text parser now builds its hand with ``parsers.engine.Hand``; these helpers are
what remains of the hand-state builder they were first written on. Game facts are
``rules.games``', re-exported here for the dialects that name them.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from rules.games import STUD_GAMES  # noqa: F401  (re-exported for partypoker)
from rules.vocab import Game, Limit

LINE_BREAK = re.compile(r"\r\n|\r|\n")


def hand_lines(hand_text: str) -> list[str]:
    """The hand's lines without BOMs, NULs, line endings or trailing blanks."""
    text = hand_text.replace("\ufeff", "").replace("\x00", "")
    return [line.rstrip() for line in LINE_BREAK.split(text)]


# Abbreviations these platforms print after the clock time, as fixed UTC offsets: the
# abbreviation itself says whether summer time applied, so no zone database is needed.
ZONE_OFFSETS_HOURS: dict[str, float] = {
    "UTC": 0, "GMT": 0, "WET": 0, "WEST": 1, "BST": 1, "CET": 1, "CEST": 2,
    "EET": 2, "EEST": 3, "MSK": 3, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5,
    "MST": -7, "MDT": -6, "PST": -8, "PDT": -7, "AKST": -9, "AKDT": -8,
    "AEST": 10, "AEDT": 11, "IST": 5.5,
    # German clients name Central European time in German (MEZ, MESZ)
    "MEZ": 1, "MESZ": 2, "ICT": 7, "YEKT": 5, "YEKST": 6,
}


def utc_iso(local: datetime, zone: str | None) -> str | None:
    """``local`` read in ``zone`` (an abbreviation above) as ISO-8601 UTC with ``Z``.

    >>> utc_iso(datetime(2012, 7, 1, 20, 0), "MESZ"), utc_iso(datetime(2012, 1, 1, 20, 0), "MEZ")
    ('2012-07-01T18:00:00Z', '2012-01-01T19:00:00Z')
    >>> utc_iso(datetime(2012, 7, 1, 20, 0), "XYZ") is None
    True
    """
    if zone is None or zone.upper() not in ZONE_OFFSETS_HOURS:
        return None
    offset = timedelta(hours=ZONE_OFFSETS_HOURS[zone.upper()])
    moment = local.replace(tzinfo=timezone(offset)).astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def play_money_scale(printed_amounts: list[str]) -> int:
    """Play money: 1 minor unit per printed unit when every header amount is whole, else 100."""
    return 100 if any(re.search(r"\.\d*[1-9]", a.replace(",", "")) for a in printed_amounts) else 1


# SPLIT_GAMES and STUD_GAMES are rules.games' sets, imported above rather than copied: of
# the games these parsers read, the split ones are exactly the hi/lo ones this module
# used to list.

_HILO = re.compile(r"hi[ -/]?lo|h/l|hl\b|omaha8|o8|\b8\b|hilo", re.I)


# Every word these platforms' names of supported games are made of: a name with any other
# word (Double Hold'em, Pineapple, Irish, 5 Card Stud, ...) is another game, not the one
# its familiar words suggest, and is not read as it.
_GAME_NAME_WORDS = frozenset(
    "texas hold'em holdem hold em omaha hi lo high low h l hl hilo 8 or better eight b card cards "
    "5 6 7 seven stud razz courchevel short deck six plus 6+ no pot fixed limit nl pl fl plo plo5 plo6 "
    "plo8 o8 omaha5 omaha6 omahahl omaha8 mixed".split())


def game_from_name(name: str) -> Game | None:
    """Map a printed game name (any of these platforms' spellings) to a ``Game``; None for
    a name with a word no supported game's name has.

    >>> game_from_name("Holdem no limit"), game_from_name("Omaha Hi/Lo pot limit"), game_from_name("PLO-5")
    (<Game.HOLDEM: 'holdem'>, <Game.OMAHA_HILO: 'omaha_hilo'>, <Game.OMAHA5: 'omaha5'>)
    >>> game_from_name("Omaha5 pot limit"), game_from_name("OmahaHL"), game_from_name("7 Card Stud Hi-Lo")
    (<Game.OMAHA5: 'omaha5'>, <Game.OMAHA_HILO: 'omaha_hilo'>, <Game.STUD_HILO: 'stud_hilo'>)
    >>> game_from_name("5 Card Stud"), game_from_name("Double Hold'em"), game_from_name("Pineapple Holdem")
    (None, None, None)
    """
    low = name.lower()
    if any(word not in _GAME_NAME_WORDS for word in re.findall(r"[a-z0-9'+]+", low)):
        return None
    if "stud" in low and re.search(r"\b5[ -]?card", low):
        return None
    hilo = bool(_HILO.search(low)) or low.rstrip().endswith("hl")
    if "razz" in low:
        return Game.RAZZ
    if "stud" in low:
        return Game.STUD_HILO if hilo else Game.STUD
    if "short deck" in low or "6+" in low or "six plus" in low:
        return Game.SIXPLUS_HOLDEM
    if "courchevel" in low:
        return Game.COURCHEVEL_HILO if hilo else Game.COURCHEVEL
    if "hold" in low:
        return Game.HOLDEM
    if "omaha" in low or "plo" in low:
        if re.search(r"\b6[ -]?card|plo-?6\b|omaha ?6\b", low):
            return Game.OMAHA6_HILO if hilo else Game.OMAHA6
        if re.search(r"\b5[ -]?card|plo-?5\b|omaha ?5\b", low):
            return Game.OMAHA5_HILO if hilo else Game.OMAHA5
        return Game.OMAHA_HILO if hilo else Game.OMAHA
    return None


def limit_from_name(game_name: str) -> Limit | None:
    """The betting limit a printed game name states (``PLO`` is pot limit), or None.

    >>> limit_from_name("Omaha Hi/Lo pot limit"), limit_from_name("PLO-5"), limit_from_name("Razz")
    (<Limit.POT: 'pot'>, <Limit.POT: 'pot'>, None)
    """
    low = game_name.lower()
    if "no limit" in low:
        return Limit.NO
    if "pot limit" in low or "plo" in low:
        return Limit.POT
    if "limit" in low:
        return Limit.FIXED
    return None


def stud_upcards(known: list[str | None]) -> list[str]:
    """Stud cards dealt face up: the 3rd to 6th cards, where known."""
    return [c for c in known[2:6] if c is not None]
