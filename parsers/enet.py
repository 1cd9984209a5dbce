"""Enet (Euro-network) hand histories: a PokerStars-like text with decimal commas.

A hand reads::

    Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6
    Table 'Romania 1 - Pot Limit' 9-max Seat #1 is the button
    Seat 2: cik (€58,14 in chips)
    tiza: posts small blind €0,25
    *** HOLECARDS ***
    Hero: raises €2,75
    Rake: €3,61
    *** FLOP *** [Td4h7d]
    *** SHOWDOWN ***
    cik: shows [4dQsQh3h] (A Pair, Queens)
    Player2: collected (€56,64) from pot
    *** SUMMARY ***
    Total pot €2,75 | Rake €1,39
    Seat 5: Player2  showed [Kh3sThKs] and won (€56,64) with Three of a kind, Kings

Choices, checked on the corpus hand: amounts use a decimal comma (``€58,14``); every
action amount is what it added (``raises €11,75`` after a 0,50 blind makes 12,25, which
``cik: calls €12,25`` matches; ``goes all-in`` adds the rest of the stack). ``Rake:`` lines
during the hand are running adjustments (one is negative) that sum to the summary's
``Rake``; the summary's figure is the hand's rake. The limit is only in the table name
(``- Pot Limit``). The header's time has no zone (``start_time_utc`` empty). The
``*** SUMMARY ***`` section closes a hand; without it the hand is ``truncated``.

Two shapes seen in real files print money they do not state (both in 2012 test files of
FPDB, "post.dead" and "accounting.issue"): a post without its amount (``Player4: posts big
blind``), and a pay line without the colon (``Hero collected (€0,20) from pot``) right after
``Uncalled bet (€0,20) returned to Hero``, restating that return while the pot is paid only
in the summary. Both lines are known, and such a hand is quarantined saying what is missing:
an unpriced post's size would follow from the blinds only if the summary's total confirmed
it, and in the one such hand it does not (two unpriced posts, a big and a small blind of
€0,10 and €0,05, where the total leaves €0,05 for both).

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re

from parsers.base import card
from parsers.engine import (
    CURRENCY_SIGNS, Act, Dialect, DialectParser, Hand, Money, Streets, Wording, dealt_to_seated, kind, must_be_seated,
    seated, shows_at_showdown, take_seat,
)
from rules.money import COMMA, format_minor
from rules.games import SPLIT_GAMES
from rules.records import HandParseError, ParsedHand
from rules.vocab import ActionKind, Format, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.game_names import games
from parsers.headers import Header, table_line

_HAND_START = re.compile(r"^\ufeff*Game #\d+: ", re.M)
_HEADER = re.compile(
    r"^Game #(?P<id>\d+): (?:Tournament #(?P<tour>\d+),? .*?)?(?P<game>Omaha Hi/Lo|Omaha Hi-Lo|Omaha|Hold'em)"
    r" \((?P<sym>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)\) - (?P<time>\d\d?:\d\d:\d\d) "
    r"(?P<date>\d\d?\.\d\d?\.\d{4})(?: - .*)?$"
)
_TABLE = re.compile(r"^Table '(?P<table>.+?)' (?:(?P<max>\d+)-max )?(?:\(Play Money\) )?"
                    r"(?:Seat #(?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \([$€£]?(?P<stack>[\d.,]+) in chips\)(?: .*)?$")
_POSTS = r"posts (?P<what>small blind|big blind|the ante|small & big blinds) [$€£]?(?P<amt>[\d.,]+)\s*$"
_UNPRICED_POST = r"^posts (?P<what>small blind|big blind)\s*$"
# ``Hero collected (€0,20) from pot`` (no colon after the name): the return just printed, restated
_RESTATED_RETURN = r"^(?P<name>.+?)(?<!:) collected \([$€£]?(?P<amt>[\d.,]+)\) from pot\s*$"
_COLLECTED = (r"collected \([$€£]?(?P<amt>[\d.,]+)\) from "
              r"(?:(?P<main>(?:main )?pot)|side pot(?: #?(?P<side>\d+))?)\s*$")
_MARK = r"^\*\*\* (?P<mark>HOLECARDS|SHOWDOWN|SUMMARY) \*\*\*\s*$"
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) (?P<roles>(?:\((?:dealer|small blind|big blind)\))*)\s*"
                           r"(?P<rest>.*)$")
_GAMES = games("Omaha", "Omaha Hi/Lo", "Omaha Hi-Lo", "Hold'em")
_LIMITS = (("Pot Limit", Limit.POT), ("No Limit", Limit.NO), ("Limit", Limit.FIXED))
_HEADER_FIELDS = Header(_GAMES, date_format="%d.%m.%Y %H:%M:%S")
_POST = {"small blind": Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, forced=True),
         "big blind": Act(ActionKind.POST_BIG_BLIND, Money.ADDS, forced=True, later=ActionKind.POST_BLIND),
         "the ante": Act(ActionKind.POST_ANTE, Money.DEAD, forced=True)}
_VERBS = {"calls": ActionKind.CALL, "bets": ActionKind.BET, "raises": ActionKind.RAISE}


def concatenated_cards(text: str) -> list[str | None]:
    """``Td4h7d`` (no separators) to cards.

    >>> concatenated_cards("Td4h7d")
    ['Td', '4h', '7d']
    """
    t = text.replace(" ", "").replace("10", "T")
    if len(t) % 2:
        raise HandParseError(QuarantineReason.BAD_CARDS, f"not a run of cards: {text!r}")
    return [card(t[i:i + 2]) for i in range(0, len(t), 2)]


def _header(hand: Hand, h: re.Match[str]) -> ParsedHand:
    """Game, stakes (chips in a tournament or play) and the time, printed without a zone."""
    is_tournament, real = h["tour"] is not None, bool(h["sym"])
    if is_tournament or not real:
        hand.scale = 1 if all(re.fullmatch(r"\d+", h[k]) for k in ("sb", "bb")) else 100
    hand.street = Street.PREFLOP  # betting before the first board line is pre-flop, marked or not
    return hand.new_record(
        **_HEADER_FIELDS.fields(hand, h), limit=None, is_tournament=is_tournament, tournament_id=h["tour"],
        currency=CURRENCY_SIGNS.get(h["sym"]) if real and not is_tournament else None,
        is_play_money=not real and not is_tournament, start_time_raw=f"{h['time']} {h['date']}",
        notes=["time zone not printed: start_time_utc left empty"],
    )


def _mark(hand: Hand, m: re.Match[str]) -> None:
    """``*** HOLECARDS ***``, ``*** SHOWDOWN ***``, ``*** SUMMARY ***``: a section, even after the summary."""
    hand.facts["section"] = m["mark"]
    hand.in_summary = m["mark"] == "SUMMARY"


def _table(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Table 'Romania 1 - Pot Limit' 9-max Seat #1 is the button``: the limit is only in the name."""
    if "section" in hand.facts:
        return False  # only before the first section
    table_line(hand, m)
    hand.record.limit = next((limit for words, limit in _LIMITS if m["table"].endswith("- " + words)), None)
    return None

def _running_rake(hand: Hand, m: re.Match[str]) -> None:
    hand.facts.setdefault("running rake", []).append(hand.money(m["amt"]))


def _board(hand: Hand, m: re.Match[str]) -> None:
    """``*** TURN *** [Td4h7d2c]``: the board so far, which must extend the last."""
    new = hand.cards(m["cards"])
    if new[: len(hand.board)] != hand.board:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"board changes between streets: {hand.line.text!r}")
    hand.enter_street(m["street"], None, None)
    hand.board = new  # type: ignore[assignment]


def _uncalled(hand: Hand, m: re.Match[str]) -> None:
    seat, value = seated(hand, m["name"]), hand.money(m["amt"])
    hand.facts["last return"] = (seat.seat, value)
    hand.tracker.returned(seat.seat, value)
    hand.add_action(hand.street, seat.seat, ActionKind.UNCALLED_RETURN, value)
    hand.pay(seat, value, pot=None, half=Half.WHOLE, source=PayoutSource.UNCALLED, line=hand.line.text)


def _unpriced_post(hand: Hand, m: re.Match[str]) -> None:
    """``Player4: posts big blind`` with no amount: no money moves; the hand is quarantined
    (``_money_not_printed``) unless it can say what was put in."""
    blind = hand.record.small_blind if m["what"] == "small blind" else hand.record.big_blind
    hand.facts.setdefault("unpriced posts", []).append((hand.line.text, blind or 0))  # type: ignore[union-attr]


def _restated_return(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Hero collected (€0,20) from pot`` right after the return of €0,20 to Hero: no money
    of its own (known only there)."""
    seat = hand.by_name.get(m["name"])
    if seat is None or hand.previous != "uncalled":
        return False
    if hand.facts.get("last return") != (seat.seat, hand.money(m["amt"])):
        return False
    hand.facts["restated return"] = hand.line.text  # type: ignore[union-attr]
    return None


def _money_not_printed(hand: Hand) -> None:
    """A hand whose money the history does not state is quarantined, saying what is missing."""
    record, unpriced = hand.record, hand.facts.get("unpriced posts", [])
    if unpriced:
        put_in = sum(hand.tracker.contributed(number) for number in hand.seats)
        lines = ", ".join(repr(text) for text, _ in unpriced)
        blinds = sum(blind for _, blind in unpriced)
        total = "no Total pot" if record.total_pot_printed is None else (
            f"the summary's Total pot {_shown(hand, record.total_pot_printed)} with Rake {_shown(hand, record.rake)} "
            f"leaves {_shown(hand, record.total_pot_printed + (record.rake or 0) - put_in)} for them")
        raise hand.fail(QuarantineReason.BAD_AMOUNT, f"hand {hand.hand_id}: {len(unpriced)} post(s) print no amount "
                        f"({lines}); {total}, where their blinds make {_shown(hand, blinds)}: what was put in "
                        "is not known")
    if "restated return" in hand.facts and not any(p.source == PayoutSource.POT for p in record.payouts):
        raise hand.fail(QuarantineReason.INCONSISTENT, f"hand {hand.hand_id}: no line pays the pot: "
                        f"{hand.facts['restated return']!r} restates the uncalled bet just returned, and the pot "
                        "is paid only in the summary")


def _shown(hand: Hand, value: int | None) -> str:
    return "none" if value is None else format_minor(value, hand.scale).replace(".", ",")


def _post(hand: Hand, m: re.Match[str]) -> None:
    """Blinds and antes; ``small & big blinds`` is the small blind dead and the rest live."""
    what, seat = m["what"], hand.player
    if what == "small & big blinds":
        value, small = hand.money(m["amt"]), hand.record.small_blind or 0
        hand.tracker.dead(seat.seat, small)
        hand.tracker.add(seat.seat, value - small)
        hand.add_action(Street.PREDEAL, seat.seat, ActionKind.POST_BLIND, value)
        return
    _POST[what](hand, m)
    if what == "the ante":
        hand.record.ante = hand.money(m["amt"])


def _collected(hand: Hand, m: re.Match[str]) -> None:
    """``collected (€56,64) from pot``: ``main pot`` is pot 0, ``side pot #n`` pot n; ``pot``
    and an unnumbered side pot name none."""
    main, side = m["main"], m["side"]
    pot = 0 if main and main != "pot" else (int(side) if side else None)
    half = Half.UNLABELLED if hand.record.game in SPLIT_GAMES else Half.WHOLE
    hand.pay(hand.player, hand.money(m["amt"]), pot=pot, half=half, line=hand.line.text)  # quoted stripped


def _act(hand: Hand, m: re.Match[str]) -> None:
    """Every amount is what the action adds; ``goes all-in`` is a call, bet or raise by what
    it does to the street's bet."""
    seat, verb, raw = hand.player, m["verb"], m["amt"]
    if verb in ("folds", "checks"):
        if verb == "folds":
            seat.folded_street = hand.street
        hand.add_action(hand.street, seat.seat, ActionKind.FOLD if verb == "folds" else ActionKind.CHECK)
        return
    if raw is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"{verb} without an amount: {hand.line.text!r}")
    value, top = hand.money(raw), hand.tracker.max_street_bet()
    hand.tracker.add(seat.seat, value)
    if verb != "goes all-in":
        hand.add_action(hand.street, seat.seat, _VERBS[verb], value)
        return
    seat.all_in = True
    after = hand.tracker.street_bet(seat.seat)
    kind_ = ActionKind.CALL if after <= top else (ActionKind.RAISE if top else ActionKind.BET)
    hand.add_action(hand.street, seat.seat, kind_, value, True)


def _total(hand: Hand, m: re.Match[str]) -> None:
    hand.record.total_pot_printed = hand.money(m["total"])
    hand.record.rake, hand.record.rake_source = hand.money(m["rake"]), RakeSource.PRINTED


def _summary_board(hand: Hand, m: re.Match[str]) -> None:
    """``Board [Td4h7d2cKs]``: the board the street lines dealt, read (its cards must be cards)."""
    hand.cards(m["cards"])


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 5: Player2  showed [Kh3sThKs] and won (€56,64) ...``: the dealer and the cards."""
    record = hand.record
    if "(dealer)" in m["roles"] and record.button_seat not in (None, int(m["seat"])):
        record.notes.append(f"the summary marks seat {m['seat']} as dealer; the header says seat "
                            f"#{record.button_seat} is the button")
    shown = re.search(r"(?:showed|mucked) \[([^\]]*)\]", m["rest"])
    seat = hand.by_name.get(m["name"].strip())
    if seat is not None and shown:
        hand.dealt[seat.seat] = hand.cards(shown[1])


def _summary_reached(hand: Hand) -> None:
    if not hand.in_summary:
        last = next(line.text for line in reversed(hand.lines) if line.text)
        raise hand.fail(QuarantineReason.TRUNCATED, f"hand {hand.hand_id} has no *** SUMMARY ***: cut off after {last!r}")


def _limit_and_rake(hand: Hand) -> None:
    """The limit the table's name gave; the in-hand ``Rake:`` lines against the summary's."""
    record, running = hand.record, hand.facts.get("running rake", [])
    if record.limit is None:
        record.notes.append("limit not printed (neither header nor table name)")
    if record.rake is None:
        if running:
            record.rake, record.rake_source = sum(running), RakeSource.PRINTED
        else:
            record.rake_source = RakeSource.ABSENT
            record.notes.append("rake not printed")
    elif running and sum(running) != record.rake:
        record.notes.append(f"in-hand Rake: lines sum to {sum(running)}, the summary says {record.rake}")
    if any(r < 0 for r in running):
        record.notes.append(f"in-hand Rake: lines {running} include a negative adjustment")


def _unexpected(hand: Hand) -> str:
    return f"{'summary line' if hand.in_summary else 'line'} not understood: {hand.line.text!r}"


DIALECT = Dialect(
    platform=Platform.ENET,
    format=Format.ENET,
    version="3",
    hand_start=_HAND_START,
    head=_HEADER,
    first=_HEADER,
    not_first="not an Enet header",
    header=_header,
    strip_lines=True,
    money=COMMA,
    cards=concatenated_cards,
    seat=kind("seat", _SEAT, take_seat),
    body=(
        kind("mark", _MARK, _mark),
        kind("table", _TABLE, _table),
        kind("dealt", r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$", dealt_to_seated),
        kind("running rake", r"^Rake: [$€£]?(?P<amt>-?[\d.,]+)\s*$", _running_rake),
        kind("board", r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]\s*$", _board),
        kind("uncalled", r"^Uncalled bet \([$€£]?(?P<amt>[\d.,]+)\) returned to (?P<name>.+?)\s*$", _uncalled),
        kind("restated return", _RESTATED_RETURN, _restated_return),
    ),
    players=(
        kind("post", "^" + _POSTS, _post),
        kind("unpriced post", _UNPRICED_POST, _unpriced_post),
        kind("collected", "^" + _COLLECTED, _collected),
        kind("action", r"^(?P<verb>folds|checks|calls|bets|raises|goes all-in)(?: [$€£]?(?P<amt>\S+))?\s*$", _act),
        kind("shows", r"^(?P<verb>shows|mucks|mucked)(?: \[(?P<cards>[^\]]*)\])?.*$", shows_at_showdown),
    ),
    unseated=(kind("unseated post", rf"^(?P<name>.+?): {_POSTS}", must_be_seated),
              kind("unseated pay", rf"^(?P<name>.+?): {_COLLECTED}", must_be_seated)),
    summary=(
        kind("mark", _MARK, _mark),
        kind("total", r"^Total pot [$€£]?(?P<total>[\d.,]+)(?: .*?)? \| Rake [$€£]?(?P<rake>-?[\d.,]+)\s*$", _total),
        kind("board", r"^Board \[(?P<cards>[^\]]*)\]\s*$", _summary_board),
        kind("summary seat", _SUMMARY_SEAT, _summary_seat),
    ),
    name_follows=re.compile(r"(?=: )"),
    after_name=re.compile(r": "),
    streets=Streets(board={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}),
    first_action_opens=False,
    before_returns=(_summary_reached, _money_not_printed),
    checks=(_limit_and_rake,),
    first_action_seq=1,
    wording=Wording(unexpected=_unexpected, bad_amount="hand {hand_id}: {error}",
                    total_pot="summary 'Total pot' {printed} but {total} was put in",
                    unbalanced="history does not add up: paid {paid} + rake {rake} = {paid_and_rake}, "
                               "but {put_in} was put in ({unaccounted} unaccounted for)"),
)


class _EnetParser(DialectParser):
    def sniff(self, head: str) -> bool:
        first = head.lstrip("\ufeff \r\n").split("\n", 1)[0]  # the file's first line is a hand's header
        return bool(_HEADER.match(first.rstrip()))


PARSER = _EnetParser(DIALECT)
