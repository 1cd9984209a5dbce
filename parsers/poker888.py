"""888poker / Pacific Poker / Cassava text hand histories.

A hand is ``#Game No : 441698247`` then ``***** 888poker Hand History for Game N *****``
(older files: ``Cassava``), ``$0.05/$0.10 Blinds Pot Limit OmahaHL - *** 06 01 2014
09:01:04`` (day month year, no time zone), ``Table Coslada 9 Max (Real Money)`` or, in
tournaments, ``Tournament #N $10 + $1 - Table #1 (Real Money)``; play money says
``(Practice Play)``. Localised clients write amounts their own way (see ``_SignPlaced``);
the German client (2020) writes ``0,01\xa0$/0,02\xa0$ Blinds``, amounts
``3,10\xa0$`` (comma decimals, the sign after a no-break space) and suits in words
(``[ QHerz, 10Pik ]``) for the hero, while the other seats' amounts and cards may come in
English in the same hand: each amount is read by where its sign stands. Play chips are
printed like money, whole or with two decimals (``4,202.50``: play pots are raked too,
e.g. 870 put in, ``collected [ 867.50 ]``), so play money is read at 100 minor units per
chip in every hand, as cash is, even where a hand's own amounts are all whole; tournament
chips are whole (scale 1). Amounts are
bracketed and are what the action added: ``raises [$2]``; a returning player's ``posts
dead blind [$0.01 + $0.02]`` is dead small blind plus live big blind.

No rake and no uncalled-bet line are printed. The pay lines ``X collected [ $0.38 ]``
come once per half and per pot without saying which; the ``** Summary **`` prints
``(Hi: ...)``/``(Lo: ...)`` under each half's winner, which labels a winner's line when it
is unambiguous. An unmatched bet is not in the collected amount, so it is taken back
from ``contributed`` (an ``uncalled_return`` action; the history has no line for it).

A file may end right after a next hand's ``#Game No : N`` line: that hand is truncated.

Every line is read or known to carry no money or cards (``_SEAT_NO_MONEY``: a seat that
does not show, its comings, goings and connection); any other line fails the hand with
its line number, whether or not it holds a money word.

A hand whose collected lines pay more than was put in, even with every unmatched bet left
in, says so in its notes (``history does not add up``). Swedish (``Knh, Dd, Eh``) and Dutch
(``Hc, Vs, Bh``) court cards and aces, the Russian client's free tournament line
(``Tournament #N Бесплатно 10 Max``) and the LuckyAcePoker.com skin's banner are read; so
are the Portuguese client's ``$0,01`` (a decimal comma after the sign) and suit letters, the
Spanish client's suit letters (``_LocalLetters``: a hand whose letters fit no one client's
alphabet is ``bad_cards``), the Russian client's Cyrillic court cards and aces (``Вh``, and
``Âh`` when its Windows-1251 file is decoded as Windows-1252), and a BLAST sit & go's stakes
line that prints no blinds; antes of different sizes (a BLAST hand's whole stacks) leave the
largest one's unmatched part returned.

Other sites write this dialect under a banner of their own (``***** WSOP.com-NJ Hand History
for Game N *****``): WSOP.com, Delaware Park and TowerTorneos Poker (``_SKINS``). The banner
gives the hand its platform and, for TowerTorneos, how its signless play chips are written
(``( 1 057,50 )``) and that every hand's cards are in the Spanish client's letters, with
``D`` for the ten.

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). The three header
lines are read by ``_header`` and skipped as lines; the old reader's wording of errors is
the dialect's ``Wording``. Versions (``parser_version``) and what each changed:
``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial

from rules.games import game_spec
from rules.money import COMMA, DOT, NumberConvention
from rules.records import HandParseError, ParsedHand
from rules.vocab import ActionKind, Format, Half, Limit, Platform, QuarantineReason, Street
from parsers._text_hand import game_from_name, hand_lines
from parsers.base import cut_at
from parsers.headers import header_read, read_by_header
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, CALL, CHECK, DEAD_BLIND, OPEN, RAISE_BY, SMALL_BLIND, Dialect, DialectParser,
    Hand, Rake, Streets, Wording, button, fold_once, kind, read_cards, skip, take_seat,
)

# LuckyAce: a Cassava skin (2013); the other sites after it write 888's dialect under their own banner (``_SKINS``)
_SITE = (r"(?:888poker|888|Cassava|Pacific Poker|Pacific|LuckyAcePoker\.com|"
         r"WSOP\.com-(?:NJ|NV|PA)|TowerTorneosPoker|Delawarepark\.com)")
_HAND_START = re.compile(r"^\ufeff*(?:#Game No : \d+|\*{5} " + _SITE + r"[^*\n]* Hand History for Game )", re.M)
_GAME_NO = re.compile(r"^#Game No : (?P<id>\d+)\s*$")
_BANNER = re.compile(r"^\*{5} (?P<site>" + _SITE + r")[^*]* Hand History for Game (?P<id>\d+) \*{5}$")
_HEADER = re.compile(
    r"^(?P<stakes>[^/\s]\S*?/\S+?|[^/]+?/[^/]+?) Blinds(?P<extra>.*?) "
    r"(?P<limit>No Limit|Pot Limit|Fix Limit|Fixed Limit|Limit) (?P<game>.+?) - \*\*\*"
    r"(?: (?P<date>\d\d \d\d \d{4} \d\d:\d\d:\d\d))?\s*$"
)
_TABLE = re.compile(r"^Table (?P<table>.+?) \((?P<money>Real Money|Practice Play|Play Money)\)")
_TOURNEY = re.compile(
    r"^Tournament #(?P<tid>\d+) (?:(?P<buyin>.*?) - Table (?P<table>.+?)|(?P<free>Free|Бесплатно) (?P<size>\d+ Max)) "
    r"\((?P<money>[^)]+)\)")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]*?) \)$")
_STREETS = Streets(board={"dealing down cards": OPEN, "dealing flop": Street.FLOP, "dealing turn": Street.TURN,
                          "dealing river": Street.RIVER, "summary": Street.SHOWDOWN})
# an amount may hold a no-break space before the currency sign (``0,01\xa0$``)
_AMT = r"(?P<amt>[^\]\s+](?:[^\]+]*[^\]\s+])?)"
_POSTS = r"(?:small blind|big blind|ante|dead blind|dead small blind|dead big blind|straddle)"
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|collected|all-In|wins)\b")
# What may follow a seat's name on a line known to carry no money or cards, skipped on
# purpose (any other line fails the hand): a seat that does not show, and its comings,
# goings and connection.
_SEAT_NO_MONEY = re.compile(
    r"^(?:did not show his hand|does not show(?: his hand| cards)?|is sitting out|sits out|has left the table|"
    r"has joined the table|is disconnected|is connected|has timed out)$"
)


# The German client names suits in words after an English rank: ``[ 10Karo, KKreuz ]``.
_GERMAN_SUITS = {"Karo": "d", "Kreuz": "c", "Herz": "h", "Pik": "s"}
_GERMAN_CARD = re.compile(r"\b(?P<rank>10|[2-9TJQKA])(?P<suit>Karo|Kreuz|Herz|Pik)\b")


# The Swedish (2016) and Dutch (2014) clients name the court cards and the ace in their
# language before an English suit letter: Kn(ekt) D(am) E(ss), B(oer) V(rouw) H(eer). No
# English rank is spelled so, so these cannot be misread. (Clients whose suits are letters
# of their own are read by ``_LocalLetters``.)
_LOCAL_RANKS = {"Kn": "J", "D": "Q", "E": "A", "B": "J", "V": "Q", "H": "K"}
_LOCAL_CARD = re.compile(r"\b(?P<rank>Kn|[DEBVH])(?P<suit>[cdhs])\b")


# The Russian client (2011) names the court cards and the ace by their Cyrillic initials
# (В(алет) Д(ама) К(ороль) Т(уз)) and writes its files in Windows-1251, which hhaudit cannot
# tell from Windows-1252: decoded so, those bytes read Â Ä Ê Ò. Both spellings are read.
_RUSSIAN_RANKS = {"В": "J", "Д": "Q", "К": "K", "Т": "A", "Â": "J", "Ä": "Q", "Ê": "K", "Ò": "A"}
_RUSSIAN_CARD = re.compile(r"(?<![^\s,\[])(?P<rank>[ВДКТÂÄÊÒ])(?P<suit>[cdhs])(?![^\s,\]])")


def cards(text: str) -> list[str | None]:
    """Cards as 888's clients print them, English (``Qs, Tc``), German (``QHerz, 10Pik``),
    Swedish (``Knh, Dd, Eh``), Dutch (``Hc, Vs, Bh``) or Russian (``Вh, Тd``), card by card:
    a German client's history prints the hero's cards in German and the others' in English.
    (Clients that spell the suits in letters of their own: ``_LocalLetters``.)

    >>> cards("QHerz, 10Pik"), cards(" Qs, Tc "), cards("4Herz, 4Karo, 8s")
    (['Qh', 'Ts'], ['Qs', 'Tc'], ['4h', '4d', '8s'])
    >>> cards("Knh, Dd, Eh, 4d"), cards("Hc, Vs, Bh, Td")
    (['Jh', 'Qd', 'Ah', '4d'], ['Kc', 'Qs', 'Jh', 'Td'])
    >>> cards(" 9s, Вh, Дc, Кd, Тs "), cards("2d, Òd")
    (['9s', 'Jh', 'Qc', 'Kd', 'As'], ['2d', 'Ad'])
    """
    text = _GERMAN_CARD.sub(lambda m: m["rank"] + _GERMAN_SUITS[m["suit"]], text)
    text = _RUSSIAN_CARD.sub(lambda m: _RUSSIAN_RANKS[m["rank"]] + m["suit"], text)
    return read_cards(_LOCAL_CARD.sub(lambda m: _LOCAL_RANKS[m["rank"]] + m["suit"], text))


@dataclass(frozen=True)
class _LocalLetters:
    """A client that writes the suits in letters of its language: each card is an English
    rank (but for ``ranks``) and one of its ``suits`` letters.

    >>> _SPANISH.cards(" 7p, 8t, Kd, 5c "), _PORTUGUESE.cards("Qo, 4p, De, Dc"), _SPANISH.cards("Dt, Qp")
    (['7s', '8c', 'Kd', '5h'], ['Qd', '4c', 'Ts', 'Th'], ['Tc', 'Qs'])
    """

    language: str
    suits: dict[str, str]  # its letter: the English one
    ranks: dict[str, str] = field(default_factory=dict)

    def cards(self, text: str) -> list[str | None]:
        return read_cards(_CARD_TOKEN.sub(
            lambda m: self.ranks.get(m["rank"], m["rank"]) + self.suits.get(m["suit"], m["suit"]), text))


# Seen in real files: the Spanish client (888.es, 2012; TowerTorneos' histories use the same
# letters) writes p(icas) t(réboles) c(orazones) d(iamantes), and TowerTorneos D(iez) for
# the ten (its files have 2-9, J, Q, K, A and D, never T or 10); the Portuguese one (2016)
# p(aus) e(spadas) c(opas) o(uros), and D(ez) for the ten (its hand has queens as Q beside
# two D cards). Both renamings are one-to-one, and a hand's own cards (the hero's, the
# board, every seat's shown cards) all come in its client's letters. A hand's letters must
# fit exactly one of them: ``c`` is hearts in both, ``p`` spades in one and clubs in the other.
_SPANISH = _LocalLetters("Spanish", {"p": "s", "t": "c", "c": "h", "d": "d"}, {"D": "T"})
_PORTUGUESE = _LocalLetters("Portuguese", {"p": "c", "e": "s", "c": "h", "o": "d"}, {"D": "T"})
_LETTERED = (_SPANISH, _PORTUGUESE)
_ENGLISH_SUITS = frozenset("cdhs")
_CARD_TOKEN = re.compile(r"(?<![^\s,\[])(?P<rank>10|[2-9TJQKAD])(?P<suit>[a-z])(?![^\s,\]])")
_CARD_BRACKET = re.compile(r"\[([^\]]*)\]")


def _hand_letters(hand_text: str, clients: tuple[_LocalLetters, ...] = _LETTERED, english: bool = True
                  ) -> _LocalLetters | str | None:
    """The lettered client a hand's cards are written by, of ``clients``; None for English
    suits (the other clients, whose cards ``cards`` reads) where ``english`` may be, or why
    its letters fit no one client. A site whose every hand is in one client's letters
    (TowerTorneos: Spanish) names only that client and no English, so that a hand whose
    cards happen to be all ``c`` and ``d`` is not read as English clubs and diamonds.

    >>> _hand_letters("[ 7p, 8t ] [ Kd, 2p, 5d ] [ 105 € ]").language, _hand_letters("[ Ah, Kd ] [ $0.05 ]")
    ('Spanish', None)
    >>> _hand_letters("[ 7p, 8c ]")
    "suit letters c p fit more than one client's (Spanish p t c d, Portuguese p e c o)"
    >>> _hand_letters("[ 7c, 8d ]", (_SPANISH,), english=False).cards("7c, 8d")
    ['7h', '8d']
    >>> _hand_letters("[ 7h, 8c ]", (_SPANISH,), english=False)
    "suit letters c h fit no client's (Spanish p t c d)"
    """
    suits = {m["suit"] for bracket in _CARD_BRACKET.findall(hand_text) for m in _CARD_TOKEN.finditer(bracket)}
    if english and suits <= _ENGLISH_SUITS:
        return None
    fits = [client for client in clients if suits <= client.suits.keys()]
    if len(fits) == 1:
        return fits[0]
    letters = " ".join(sorted(suits))
    alphabets = ", ".join(f"{c.language} {' '.join(c.suits)}" for c in clients)
    if fits:
        return f"suit letters {letters} fit more than one client's ({alphabets})"
    return f"suit letters {letters} fit no client's ({'English c d h s, ' if english else ''}{alphabets})"


def _unreadable_cards(message: str, text: str) -> list[str | None]:
    raise HandParseError(QuarantineReason.BAD_CARDS, message)


@dataclass(frozen=True)
class _SignPlaced:
    """888's amounts, read by where the currency sign stands, amount by amount. The English
    client writes the sign right before the number (``$1,024.24``), and tournament chips
    have no sign: a dot is the decimal mark. Other clients put the sign after the number
    (German, 2020: ``0,01\xa0$``; 888.ro: ``3.000 $``) or before it with a space (Dutch,
    2014: ``$ 552,72``): a comma is the decimal mark and dots or spaces group thousands. A
    German client's history mixes both ways, even within one hand. The Portuguese client
    (2016) writes the sign right before a decimal comma (``$0,01``, ``$1,73``): a comma
    followed by one or two digits at the end is no English grouping, so such an amount is
    read with a decimal comma. An amount without a sign is read in the site's ``signless``
    convention: a dot for 888's own clients (``1,500`` chips), a comma for TowerTorneos
    (``1 057,50`` play chips).

    >>> [_SignPlaced().to_minor(t, 100) for t in ("0,02\xa0$", "$0.08", "3.000 $", "$ 3.243", "1,500")]
    [2, 8, 300000, 324300, 150000]
    >>> [_SignPlaced().to_minor(t, 100) for t in ("$0,01", "$1,73", "$2", "$1.024,5", "$1,024")]
    [1, 173, 200, 102450, 102400]
    >>> [_SignPlaced(signless=COMMA).to_minor(t, 100) for t in ("994,90", "1 057,50", "500", "$1,024")]
    [99490, 105750, 50000, 102400]
    """

    signless: NumberConvention = DOT

    def to_minor(self, text: str, scale: int) -> int:
        amount = text.strip()
        english = _ENGLISH.match(amount) and not _DECIMAL_COMMA.match(amount)
        convention = (DOT if english else COMMA) if _SIGN.search(text) else self.signless
        return convention.to_minor(text, scale)


_SIGN = re.compile(r"[$€£]")
_ENGLISH = re.compile(r"^[$€£]\d")
_DECIMAL_COMMA = re.compile(r"^[$€£]\d{1,3}(?:\.\d{3})*,\d{1,2}$")


# --- the header ---------------------------------------------------------------------------

def _header_lines(hand: Hand) -> tuple[int, re.Match[str], re.Match[str]]:
    """The banner, the stakes line and the table line after an optional ``#Game No : N``:
    where the banner is, and the other two read. A hand that stops before them is
    truncated (a file may end right after a next hand's ``#Game No`` line)."""
    lines = list(hand.lines)
    while lines and not lines[-1].text:
        lines.pop()
    at = 1 if lines and _GAME_NO.match(lines[0].text) else 0
    text = [line.text for line in lines[at:at + 3]] + ["", "", ""]
    cut = [QuarantineReason.TRUNCATED if len(lines) <= at + i else QuarantineReason.PARSE_ERROR for i in range(3)]
    banner = _BANNER.match(text[0])
    if banner is None:
        raise hand.fail(cut[0], f"expected the hand's banner, found {text[0][:120]!r}" if lines[at:]
                        else "no '***** ... Hand History for Game N *****' line after the game number")
    hand.hand_id = banner["id"]
    if (header := _HEADER.match(text[1])) is None:
        raise hand.fail(cut[1], f"cannot read the stakes/game line {text[1][:120]!r}")
    if (table := _TOURNEY.match(text[2]) or _TABLE.match(text[2])) is None:
        raise hand.fail(QuarantineReason.TRUNCATED if not text[2] else QuarantineReason.PARSE_ERROR,
                        f"cannot read the table line {text[2][:120]!r}")
    return at, header, table


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """``$0.05/$0.10 Blinds Pot Limit OmahaHL - *** 06 01 2014 09:01:04`` and the table line
    (``Table Coslada 9 Max (Real Money)``, ``Tournament #N $10 + $1 - Table #1 (Real
    Money)``); the three lines are then skipped as the hand is read."""
    at, header, table = _header_lines(hand)
    header_read(hand, *(line.number for line in hand.lines[at:at + 3]))
    # a jackpot table takes a jackpot drop beside the rake; neither is printed
    name, jackpot = re.subn(r" Jackpot table$", "", header["game"])
    game = game_from_name(name)
    if game is None:
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {header['game']!r}")
    tourney, play_money = table.re is _TOURNEY, table["money"] in ("Practice Play", "Play Money")
    # play chips are printed like money, with cents where a pot's rake left some
    # (``957.50``), so play money has the cash scale whatever this hand's stacks show
    hand.scale = 1 if tourney else 100
    stakes, date = header["stakes"], header["date"]  # 888.ro's free tournaments (2019) print no date
    table_name = table["table"] or table["size"]
    seats_max = re.search(r"(\d+) Max\b", table_name)
    record = hand.new_record(
        game=game, limit={"No Limit": Limit.NO, "Pot Limit": Limit.POT}.get(header["limit"], Limit.FIXED),
        is_tournament=tourney, tournament_id=table["tid"] if tourney else None, is_play_money=play_money,
        currency=None if tourney or play_money else "EUR" if "€" in stakes else "GBP" if "£" in stakes else "USD",
        start_time_raw=date, table_name=table_name, max_seats=int(seats_max.group(1)) if seats_max else None,
        hand_date=datetime.strptime(date, "%d %m %Y %H:%M:%S").strftime("%Y-%m-%d") if date else None,
    )
    if jackpot:
        record.notes[0] += " (a jackpot table: its jackpot drop is not printed either)"
    record.notes.append("start time printed without a time zone" if date else "no start time printed")
    hand.line = hand.lines[at + 1]  # an amount of the stakes that cannot be read names this line
    if _BLAST.search(hand.lines[at].text):
        _blast_stakes(hand, record, stakes)
    else:
        record.small_blind, record.big_blind = (hand.money(text) for text in stakes.split("/")[:2])
    return record


_BLAST = re.compile(r" BLAST Hand History for Game ")


def _blast_stakes(hand: Hand, record: ParsedHand, stakes: str) -> None:
    """A BLAST sit & go (four players, a jackpot prize) ends with every stack put in as an
    ante, and its stakes line then prints no blinds: ``42.797,60 $/0 $`` beside 3,530 and
    2,470 chip stacks. Its blinds are recorded where the line reads as blinds (a big blind
    above nothing), else none, with a note: the hand's money is on its own lines."""
    try:
        blinds = [hand.money(text) for text in stakes.split("/")[:2]]
    except HandParseError:
        blinds = []
    if len(blinds) == 2 and blinds[1] > 0:
        record.small_blind, record.big_blind = blinds
    else:
        record.notes.append(f"a BLAST sit & go: its stakes line {stakes!r} prints no blinds, none recorded")


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 1: Hans_W ( 1,85\xa0$ )``; a seat without a name (``Seat 2:  ( $895 )``: files
    whose names were all taken out) fails the hand, as does any other seat line."""
    full = _SEAT.match(hand.line.text)
    if full is None and _NAMELESS_SEAT.match(hand.line.text):
        line = hand.line
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"line {line.number} {line.verbatim!r}: a seat without a name "
                        "(a copy with the names taken out): whose actions are whose cannot be told")
    if full is None:
        raise hand.unexpected()
    take_seat(hand, full)


_NAMELESS_SEAT = re.compile(r"^Seat \d+: +\( [^()]*\)$")


# --- streets and the unmatched bet --------------------------------------------------------

_BLIND_POSTS = frozenset({ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_BLIND})
_DEAD_MONEY = frozenset({ActionKind.POST_ANTE, ActionKind.POST_DEAD})


def _street(hand: Hand, m: re.Match[str]) -> None:
    """``** Dealing flop ** [ 2c, 7d, Js ]``, ``** Summary **``. 888 prints no uncalled-bet
    line: when a street ends, its unmatched bet is taken back before the next opens."""
    if m["street"] != "Dealing down cards":
        _take_back_unmatched_bet(hand)
        hand.tracker.new_street()
    if m["street"] == "Summary":
        hand.facts["summary"] = True
    board = m["street"] in ("Dealing flop", "Dealing turn", "Dealing river")  # other lines' tails are not read
    hand.enter_street(m["street"], m["rest"] if board else None, None)


def _take_back_unmatched_bet(hand: Hand) -> None:
    """The street's largest bet over the next largest came back to its bettor: an
    ``uncalled_return`` action, noted (the collected lines leave it out). A big blind
    nobody called stays in the pot (a walk pays the big blind the whole pot), even beside
    an ante."""
    if hand.street == Street.PREDEAL:
        return
    bets = sorted(((hand.tracker.street_bet(s.seat), s) for s in hand.seats.values()), key=lambda b: b[0],
                  reverse=True)
    if not bets or bets[0][0] <= 0:
        return
    seat, excess = bets[0][1], bets[0][0] - (bets[1][0] if len(bets) > 1 else 0)
    posted = [a.kind for a in hand.record.actions if a.seat == seat.seat and a.amount
              and a.street in (hand.street, Street.PREDEAL) and a.kind not in _DEAD_MONEY]
    if all(k in _BLIND_POSTS for k in posted) or excess <= 0:
        return
    hand.tracker.returned(seat.seat, excess)
    hand.add_action(hand.street, seat.seat, ActionKind.UNCALLED_RETURN, excess)
    hand.facts.setdefault("notes", []).append(
        f"unmatched bet {excess} of seat {seat.seat} ({seat.player}) taken as returned "
        "(888 prints no uncalled-bet line and does not pay it in 'collected')")


# --- the player's lines -------------------------------------------------------------------

def _dead_and_live(hand: Hand, m: re.Match[str]) -> None:
    """A returning player's ``posts dead blind [$0.01 + $0.02]``: the small blind dead, the big blind live."""
    seat = hand.player.seat
    dead, live = hand.money(m["amt"]), hand.money(m["live"])
    hand.tracker.dead(seat, dead)
    hand.add_action(Street.PREDEAL, seat, ActionKind.POST_DEAD, dead)
    hand.tracker.add(seat, live)
    hand.add_action(Street.PREDEAL, seat, ActionKind.POST_BLIND, live)


def _dealt_to(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [ Ah, Kd ]``: a name nobody seated makes the hand inconsistent."""
    seat = hand.by_name.get(m["name"])
    if seat is None:
        line = hand.line
        raise hand.fail(QuarantineReason.INCONSISTENT,
                        f"line {line.number} {line.verbatim!r}: player {m['name']!r} has no seat")
    hand.deal(seat, m["cards"])


def _shows(hand: Hand, m: re.Match[str]) -> None:
    """``shows [ Kh, Qs ]`` / ``mucks [ ... ]`` in the summary; a ``(Hi: ...)`` or ``(Lo:
    ...)`` line after it names the half that seat won."""
    seat = hand.player
    hand.shown[seat.seat] = hand.cards(m["cards"])
    if m["verb"] == "shows":
        seat.showed = True
    else:
        seat.mucked = True
    hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.SHOW if m["verb"] == "shows" else ActionKind.MUCK)
    hand.facts["last shown"] = seat.seat


def _half_mark(hand: Hand, m: re.Match[str]) -> None:
    if "last shown" in hand.facts:
        marks = hand.facts.setdefault("halves", {}).setdefault(hand.facts["last shown"], [])
        marks.append(Half.HIGH if m["half"] == "Hi" else Half.LOW)


def _collected(hand: Hand, m: re.Match[str]) -> None:
    """``X collected [ $0.38 ]``: once per half and per pot, without saying which."""
    hand.facts.setdefault("collected", []).append((hand.player.seat, hand.money(m["amt"]), hand.line.verbatim))


def _unexpected(hand: Hand) -> str:
    """How the old reader worded a line it did not know: naming the line, and whether it
    started with a seated name (an action) or held a money word."""
    line = hand.line
    what = ("action" if hand.split_name(line.text) else "money line" if _MONEY_WORDS.search(line.text)
            else "line")
    return f"line {line.number} {line.verbatim!r}: unexpected {what}"


# --- the end of the hand ------------------------------------------------------------------

def _summary_printed(hand: Hand) -> None:
    if not hand.facts.get("summary"):
        raise hand.fail(QuarantineReason.TRUNCATED, "hand ends before its '** Summary **' line")


def _half(hand: Hand, seat: int, nth: int, lines: int, any_low: bool) -> Half:
    """The half of a seat's ``nth`` collected line, where the summary makes it certain."""
    marks = hand.facts.get("halves", {}).get(seat, [])
    if marks == [Half.HIGH] and not any_low and lines == 1:
        return Half.WHOLE  # nobody won a low: the pot was not split
    if len(marks) != lines:
        return Half.UNLABELLED
    if nth == 1:
        hand.record.notes.append(f"seat {seat} won both halves: its collected lines carry no label and are "
                                 "taken as high then low, in the order the summary names them")
    return marks[nth]


def _pay_collected(hand: Hand) -> None:
    """One payout per collected line, its half labelled where the summary makes it certain."""
    collected = hand.facts.get("collected", [])
    split = game_spec(hand.record.game).split
    any_low = any(Half.LOW in marks for marks in hand.facts.get("halves", {}).values())
    lines = {seat: sum(1 for s, _, _ in collected if s == seat) for seat, _, _ in collected}
    position: dict[int, int] = {}
    for seat, amount, line in collected:
        half = Half.WHOLE
        if split:
            nth = position[seat] = position.get(seat, -1) + 1
            half = _half(hand, seat, nth, lines[seat], any_low)
        hand.pay(hand.seats[seat], amount, pot=None, half=half, line=line)


def _return_unmatched_ante(hand: Hand) -> None:
    """Antes of different sizes (a BLAST sit & go's last hands put every whole stack in as
    an ante: 3,530 against 2,470) leave the largest contribution's part above every other
    seat's unmatched; 888 prints no return for it and its collected lines leave it out, as
    they do an unmatched bet. It is taken back the same way (and kept in where the collected
    lines pay it: ``_keep_excess_paid_in_collected``). Equal antes leave nothing unmatched."""
    antes = {a.amount for a in hand.record.actions if a.kind == ActionKind.POST_ANTE}
    unmatched = hand.tracker.unmatched() if len(antes) > 1 else None
    if unmatched is None:
        return
    seat, excess = unmatched
    hand.tracker.returned(seat, excess)
    hand.add_action(Street.PREDEAL, seat, ActionKind.UNCALLED_RETURN, excess)
    hand.facts.setdefault("notes", []).append(
        f"unmatched bet {excess} of seat {seat} ({hand.seats[seat].player}) taken as returned "
        "(antes of different sizes; 888 prints no uncalled-bet line and does not pay it in 'collected')")


def _keep_excess_paid_in_collected(hand: Hand) -> None:
    """Undo the return of an unmatched bet that the collected lines pay back.

    Often the collected lines leave the unmatched part out, so ``_take_back_unmatched_bet``
    takes it back; but in many hands the bettor's collected line includes it (an
    uncontested pot paid as pot plus the bet nobody called), or a line of exactly the
    excess pays it back beside the pots (blinds all in for less, then a showdown: ``Hero
    collected [ $220 ]``). Then the collected lines pay more than was put in once the
    excess is taken back, which no pot can: the excess stays in the contributions, and the
    settlement returns it.
    """
    record, notes = hand.record, hand.facts.setdefault("notes", [])
    paid = record.paid_from_pots()
    for action in [a for a in record.actions if a.kind == ActionKind.UNCALLED_RETURN]:
        excess = action.amount or 0
        if paid <= sum(hand.tracker.seats().values()) or action.seat is None:
            break
        record.actions.remove(action)
        hand.tracker.add(action.seat, excess)
        notes[:] = [n for n in notes if not n.startswith(f"unmatched bet {excess} of seat {action.seat} ")]
        notes.append(f"unmatched bet {excess} of seat {action.seat} paid back in the collected lines "
                     "(888 prints no uncalled-bet line)")
    for number, action in enumerate(record.actions):
        action.seq = number


def _what_was_paid(hand: Hand) -> None:
    """The notes of the unmatched bets, then what the collected lines leave unpaid."""
    record = hand.record
    record.notes.extend(hand.facts.get("notes", []))
    put_in, paid = record.pot_total, record.paid_from_pots()
    if not record.payouts and put_in:
        record.notes.append(f"no collected line: the history does not say who was paid the {put_in} put in")
    elif record.is_tournament and paid != put_in:
        record.notes.append(f"tournament hand (no rake) pays {paid} of the {put_in} put in: "
                            f"the collected lines are {put_in - paid} short")


DIALECT = Dialect(
    platform=Platform.POKER888,
    format=Format.POKER888,
    version="5",
    hand_start=_HAND_START,
    head=_HAND_START,  # ``sniff`` and ``split`` are the parser's own (below)
    first=re.compile(r"^(?:#Game No : (?P<id>\d+)\s*$)?"),
    not_first="",  # ``first`` matches any line: ``_header`` says what is missing
    header=_header,
    seat=kind("seat", r"^Seat \d+: ", _seat),
    seatless=QuarantineReason.TRUNCATED,  # a hand cut off after its header
    body=(
        kind("header", r"", read_by_header),
        kind("street", r"^\*\* (?P<street>Dealing down cards|Dealing flop|Dealing turn|Dealing river|Summary) \*\*"
                       r"(?P<rest>.*)$", _street),
        kind("button", r"^Seat (?P<seat>\d+) is the button$", button),
        kind("players", r"^Total number of players", skip),
        kind("half", r"^\((?P<half>Hi|Lo): [^)]*\)$", _half_mark),
        kind("dealt", r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$", _dealt_to),
    ),
    players=(
        kind("collected", rf"^collected \[ ?{_AMT} ?\]$", _collected),
        kind("shows", r"^(?P<verb>shows|mucks) \[(?P<cards>[^\]]*)\]", _shows),
        kind("dead and live", rf"^posts {_POSTS} \[{_AMT} \+ (?P<live>[^\]\s](?:[^\]]*[^\]\s])?)\]$", _dead_and_live),
        kind("small blind", rf"^posts small blind \[{_AMT}\]$", replace(SMALL_BLIND, sets=None)),
        kind("big blind", rf"^posts big blind \[{_AMT}\]$", replace(BIG_BLIND, sets=None, later=ActionKind.POST_BLIND)),
        kind("ante", rf"^posts ante \[{_AMT}\]$", ANTE),
        kind("dead blind", rf"^posts dead (?:small |big )?blind \[{_AMT}\]$", DEAD_BLIND),
        kind("straddle", rf"^posts straddle \[{_AMT}\]$", BLIND),
        kind("fold", r"^folds$", fold_once),
        kind("check", r"^checks$", CHECK),
        kind("call", rf"^calls \[{_AMT}\]$", CALL),
        kind("bet", rf"^bets \[{_AMT}\]$", BET),
        kind("raise", rf"^(?:raises|(?P<allin>is all-In|all-In|is all-in)) \[{_AMT}\]$", RAISE_BY),
    ),
    quiet=_SEAT_NO_MONEY,
    after_name=re.compile(r"[: ]*"),
    streets=_STREETS,
    money=_SignPlaced(),  # type: ignore[arg-type]  # a NumberConvention's reader
    cards=cards,
    rake=Rake(printed=False, absent_note="rake not printed"),
    first_action_opens=False,  # ``** Dealing down cards **`` opens the betting
    all_in_when_stack_spent=True,
    before_returns=(_summary_printed, _pay_collected, _return_unmatched_ante, _keep_excess_paid_in_collected),
    checks=(_what_was_paid,),
    wording=Wording(unexpected=_unexpected, bad_amount="line {number} {verbatim!r}: {error}"),
)


@dataclass(frozen=True)
class _Skin:
    """A site that writes 888's dialect under a banner of its own (an operator of its own,
    so its hands carry its own platform)."""

    platform: Platform
    signless: NumberConvention = DOT  # how it writes an amount without a currency sign
    letters: _LocalLetters | None = None  # the one client whose suit letters its every hand uses


#: the banners of other sites (888's own, Pacific, Cassava and LuckyAce, are ``888poker``)
_SKINS = {
    **{f"WSOP.com-{state}": _Skin(Platform.WSOP_COM) for state in ("NJ", "NV", "PA")},
    "Delawarepark.com": _Skin(Platform.DELAWAREPARK),
    # play chips with a decimal comma and spaces between thousands: ``( 1 057,50 )``
    "TowerTorneosPoker": _Skin(Platform.TOWERTORNEOS, COMMA, _SPANISH),
}
_BANNER_SITE = re.compile(r"^\ufeff?\*{5} (?P<site>" + _SITE + r")[^*\n]* Hand History for Game ", re.M)


class Poker888Parser(DialectParser):
    """888's dialect: a hand starts at ``#Game No`` or, when that line is missing, at its
    banner; a skin's banner gives the hand its platform and number convention; a hand whose
    suits are letters of a language is read in its client's letters."""

    def __init__(self, dialect: Dialect):
        super().__init__(dialect)
        self.skins: dict[str, tuple[Dialect, _LocalLetters | None]] = {
            site: (replace(dialect, platform=skin.platform, money=_SignPlaced(skin.signless)), skin.letters)  # type: ignore[arg-type]
            for site, skin in _SKINS.items()}

    def parse(self, hand_text: str) -> ParsedHand:
        banner = _BANNER_SITE.search(hand_text)
        dialect, client = self.skins.get(banner["site"], (self.dialect, None)) if banner else (self.dialect, None)
        letters = _hand_letters(hand_text) if client is None else _hand_letters(hand_text, (client,), english=False)
        if letters is not None:
            read = partial(_unreadable_cards, letters) if isinstance(letters, str) else letters.cards
            dialect = replace(dialect, cards=read)
        return Hand(dialect, hand_text).read()

    def sniff(self, head: str) -> bool:
        return bool(_BANNER.search(head.replace("\r", ""), 0) or re.search(
            r"^\*{5} " + _SITE + r"[^*\n]* Hand History for Game \d+ \*{5}", head, re.M
        ))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """Hands start at ``#Game No`` or, when that line is missing, at the banner."""
        starts: list[int] = []
        for m in _HAND_START.finditer(text):
            if starts and m.group(0).lstrip("\ufeff").startswith("*") and _only_game_no(text[starts[-1]:m.start()]):
                continue
            starts.append(m.start())
        return cut_at(text, starts)


def _only_game_no(chunk: str) -> bool:
    """True when ``chunk`` holds nothing but a ``#Game No : N`` line (and blanks)."""
    lines = [line for line in hand_lines(chunk) if line.strip()]
    return len(lines) == 1 and bool(_GAME_NO.match(lines[0]))


PARSER = Poker888Parser(DIALECT)
