"""The names text dialects print for games and limits, each with what it names, once for all.

A dialect keeps the list of names its platform prints (``games``, ``limits``): that list
is its allow-list, so a name seen only on another platform, or one that merely resembles a
game (Double Hold'em, Irish), is not read there. Which game or limit a name means is
written here once; a name is looked up in lower case with ``_`` read as a space, and each
dialect's table keeps the name as the dialect matches it.

>>> games("TEXAS_HOLDEM", "Omaha Hi-Lo")
{'TEXAS_HOLDEM': <Game.HOLDEM: 'holdem'>, 'Omaha Hi-Lo': <Game.OMAHA_HILO: 'omaha_hilo'>}
>>> limits("NL", "Normal", "POT LIMIT")
{'NL': <Limit.NO: 'no'>, 'Normal': <Limit.FIXED: 'fixed'>, 'POT LIMIT': <Limit.POT: 'pot'>}
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.vocab import Game, Limit

_GAME_NAMES: Mapping[Game, str] = {
    Game.HOLDEM: "hold'em|holdem|texas hold'em|texas holdem|multi table hold'em",
    Game.SIXPLUS_HOLDEM: "short deck|short deck holdem|six plus hold'em",
    Game.OMAHA: "omaha|omaha hi|omaha high",
    Game.OMAHA_HILO: "omaha hi/lo|omaha hi-lo|omaha h/l|omaha hi lo|omaha hilo|omahahilo|omaha high/low|omaha hilow",
    Game.OMAHA5: "5 card omaha|5 card omaha hi|5-card omaha high|5card omaha|omaha 5 card",
    Game.OMAHA5_HILO: "5 card omaha hi/lo|5 card omaha hi-lo|5 card omaha h/l|5-card omaha hi/lo|5card omaha h/l|big o",
    Game.OMAHA6: "6 card omaha|6 card omaha hi",
    Game.OMAHA6_HILO: "6 card omaha hi/lo|6 card omaha hi-lo|6 card omaha h/l",
    Game.COURCHEVEL: "courchevel|courchevel hi",
    Game.COURCHEVEL_HILO: "courchevel hi/lo|courchevel hi-lo|courchevel h/l",
    Game.STUD: "7 card stud|7 card stud hi|7 stud|7stud|seven card|seven card stud|seven cards stud|stud|stud hi",
    Game.STUD_HILO: (
        "7 card stud hi/lo|7 card stud hi-lo|7 card stud h/l|7 stud h/l|7stud h/l|seven card hi/lo|"
        "seven card stud hi/lo|seven card stud hi-lo|seven card stud hi lo|seven cards stud hilow|stud hi/lo|stud h/l"
    ),
    Game.STUD5: "5 card stud",
    Game.RAZZ: "razz",
    Game.RAZZ27: "2-7 razz",
    Game.DRAW5: "5 card draw|five card draw",
    Game.LOWBALL27_SINGLE: "2-7 single draw",
    Game.LOWBALL27_TRIPLE: "2-7 triple draw",
    Game.LOWBALL_A5_SINGLE: "a-5 single draw",
    Game.LOWBALL_A5_TRIPLE: "a-5 triple draw",
    Game.DRAWMAHA27: "2-7 drawmaha",
    Game.BADUGI: "badugi",
    Game.BADACEY: "badacey",
    Game.BADEUCY: "badeucy|badeucey",
}
#: every game name some dialect prints (lower case), and the game it names
GAME_NAMES: Mapping[str, Game] = {name: game for game, names in _GAME_NAMES.items() for name in names.split("|")}
#: every limit name some dialect prints (lower case); Absolute's ``Normal`` is fixed limit
LIMIT_NAMES: Mapping[str, Limit] = {
    **dict.fromkeys(("no limit", "nl"), Limit.NO),
    **dict.fromkeys(("pot limit", "pl"), Limit.POT),
    **dict.fromkeys(("fixed limit", "limit", "fl", "l", "normal"), Limit.FIXED),
}


def _key(name: str) -> str:
    return name.lower().replace("_", " ")


def games(*names: str) -> dict[str, Game]:
    """A dialect's game table: each name, as the dialect matches it, with the game it names."""
    return {name: GAME_NAMES[_key(name)] for name in names}


def limits(*names: str) -> dict[str, Limit]:
    """A dialect's limit table: each name, as the dialect matches it, with the limit it names."""
    return {name: LIMIT_NAMES[_key(name)] for name in names}
