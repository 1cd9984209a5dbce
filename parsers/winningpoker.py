"""Winning Poker Network / Americas Cardroom, the text format written since about 2017.

A hand looks like::

    Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC
    St. Lucie 6-max Seat #1 is the button
    Seat 1: Hero ($200.00)
    Hero posts the small blind $10.00
    *** HOLE CARDS ***
    Hero raises $30.00 to $40.00
    *** FLOP *** [5d 4h As]
    Main pot $79.20 | Rake $0.80
    ...
    Player0 collected $199.00 from main pot
    *** SUMMARY ***
    Total pot $199.00 | Rake $0.96 | JP Fee $0.04

Tournaments start ``Game Hand #N - Tournament #M - ...`` (a named one ``Game Hand #N -
$100k GTD Tournament #M - ...``, 2022) and print chips without ``$``.
Pay lines are ``collected X from main pot`` / ``from side pot-1``; run-it-twice hands say
``from main pot 1`` / ``from main pot 2`` (the run). The lines carry no hi/lo label, so a
split-pot game's payouts are ``unlabelled``. ``Total pot`` is after rake; the parts after
it (``Rake``, ``JP Fee``, ...) are what was taken, ``JP Fee`` going to ``fees``. The
running ``Main pot $199.00 | Rake $1.00`` lines print what has been taken so far, fees
included (that hand's summary: ``Rake $0.96 | JP Fee $0.04``), per pot and run. Some
summaries print a bare ``Total pot $0.17`` (hand 784383001, whose running lines say
``Rake $0.00``): the rake is then what the last running line of each pot and run prints,
less the fees; with no running line either (a walk) it is taken as 0, inferred.

A seat coming back posts its missed blinds in one line, ``posts dead $0.07`` at
$0.02/$0.05: the small and big blind together, the big blind live (the poster of hand
784383001 then checks the big blind) and the small one dead. A ``posts dead`` of any other
amount is quarantined: which part of it is live cannot be told.

Anomalies seen in real files and reported in ``notes``: a walk pays ``won $9.00`` only in
the summary (no ``collected`` line, no uncalled line: the big blind's unmatched part is
derived and returned); the run-it-twice summary can disagree with the ``collected`` lines
(the collected lines are the pay lines).

Every line is read or known to carry no money or cards: after a seat's name
``_SEAT_NO_MONEY`` (not showing, its status at the table, chat), a tournament's seat draw
dealt before the hand, and in the summary the total, the boards and one
``_SUMMARY_KNOWN`` line per seat. Any other line, in the summary too, fails the hand with
its line number.

Read by the engine (``parsers.engine``). The walk's unprinted return is the engine's, split
off the summary's ``won`` line (``unmatched_in_pay_line``). Versions (``parser_version``)
and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Iterator

from rules.games import game_spec
from rules.money import format_minor
from rules.records import ParsedHand, PayoutRecord, SeatRecord
from rules.vocab import ActionKind, Format, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import BRACKETS, leading_lines, split_joining_chatter
from parsers.headers import Header, folded, table_line
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BRING_IN, CALL, CHECK, DEAD_BLIND, FOLD, MUCK, RAISE_BY, RAISE_TO, SHOW, SMALL_BLIND,
    Dialect, DialectParser, Hand, PaidInside, Streets, Wording, kind, seated, skip,
)
from parsers.game_names import games, limits

# What a HUD (DriveHUD) appends to each hand's first line, read off the table window's title:
# `` *** Summary: GameType: NL, TournamentId: 10354204, TournamentBuyIn: 2`` (a cash table's
# ``GameType: NL`` alone, ``TournamentSpeed: Turbo`` after the buy-in in later versions). It is
# not the platform's text: it is noted, and fills only what the hand prints nowhere else.
HUD_SUMMARY = r"(?: \*\*\* Summary: (?P<hud>GameType: \w+(?:, \w+: [^,\s]+)*))?"
_HEADER = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d+) - (?:(?:(?P<tname>[^()]*?) )?Tournament #(?P<tid>\d+) - )?"
    r"(?P<game>[^()]+?)\s*\((?P<limit>[A-Za-z -]+)\) - "
    r"(?:Level \S+ \((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\)\s*|(?P<stakes>\S+))\s*-\s*"
    r"(?P<date>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})(?: (?P<zone>[A-Z]+))?" + HUD_SUMMARY + r"\s*$"
)
# ``Seat 2: NAME will be allowed to play after the button``: a seat taken between hands, printed
# without a stack and not in the hand
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) (?:\((?P<stack>[^()]*)\)(?P<rest>.*)"
                   r"|(?P<waiting>will be allowed to play after the button)\s*)$")
_POT_LINE = (r"^(?P<kind>Main pot|Side pot\((?P<side>\d+)\))(?: (?P<run>\d+))? (?P<amt>[$\d.,]+)"
             r"(?: \| Rake (?P<rake>[$\d.,]+))?\s*$")
_COLLECTED = (r"^(?P<name>.+?) collected (?P<amt>[$\d.,]+) from (?:main pot|side pot-(?P<side>\d+))"
              r"(?: (?P<run>\d+))?\s*$")
_SUMMARY_WON = re.compile(r"^Seat (?P<seat>\d+): .*? won (?P<amount>[$\d.,]+)")
_SUMMARY_CARDS = re.compile(r"^Seat (\d+): .*?(?:showed|mucked) \[([^\]]*)\]")
# Lines known to carry no money or cards, skipped on purpose; any other line fails the
# hand. After a seat's name: a seat that does not show, its status at the table, chat.
# In the summary, besides ``Total pot``: the boards and one line per seat (folded, showed
# or mucked, won or lost; its cards and ``won`` are read, the pay lines are the record).
_SEAT_NO_MONEY = (
    r"^(?:does not show(?: cards)?\.?|is sitting out|sits out|waits for big blind|is disconnected|has returned|"
    r"has timed out|is timed out|"
    r"joins the table(?: at seat #\d+)?|leaves the table|said\b.*)$"
)
_SUMMARY_KNOWN = re.compile(
    r"^(?:Board(?: \d+)? \[[^\]]*\]|Seat \d+: .+? (?:folded on the [\w-]+(?: Street)?(?: and did not bet)?|"
    r"showed \[[^\]]*\] and (?:won [$\d.,]+|lost)(?: with .*)?|mucked(?: \[[^\]]*\].*)?|"
    r"did not show and won [$\d.,]+))$"
)
# ``Seat 6: NAME mucked``, ``Seat 2: NAME (big blind) mucked [Kd Qc] ...``: the seat gave up its cards
_SUMMARY_MUCKED = re.compile(r"^Seat (\d+): .+? mucked(?: \[[^\]]*\].*)?$")
# The client's requested export (``20170507_20170511_Sng2HH.txt``) opens each tournament with a
# ``<Game Information>`` block (its title, entry number, start, game) ended by ``<Hand History>``,
# and separates tournaments by a line of dashes: no money or cards, passed over where they stand
# (before a file's first hand, after a hand's summary).
_EXPORT_SEPARATOR = r"-{20,}"
_EXPORT_FIELD = r"(?:Title|Entry #|Begin Time|Buyin to Payout|Play Type|Game Type|Bet Limit Type): [^\r\n]*"
_EXPORT_LINE = rf"(?:{_EXPORT_SEPARATOR}|<Game Information>|<Hand History>|{_EXPORT_FIELD})"
_EXPORT_PREFIX = re.compile(rf"^(?:[\s\ufeff]|{_EXPORT_LINE})*\Z")

_GAMES = games("holdem", "hold'em", "omaha", "omaha h/l", "5card omaha", "5card omaha h/l", "5 card omaha",
               "5 card omaha h/l", "7stud", "7stud h/l", "7 stud", "7 stud h/l", "razz")
_LIMITS = limits("no limit", "pot limit", "fixed limit")
_HEADER_FIELDS = Header(_GAMES, game_key=lambda name: re.sub(r"\s+", " ", folded(name)), limits=_LIMITS,
                        limit_key=folded, date_format="%Y/%m/%d %H:%M:%S", zones={"UTC": "UTC"})
_STUD_STREETS = {"3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH,
                 "6th": Street.SIXTH, "7th": Street.SEVENTH}
_BOARD_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}

# What follows a verb: ``$0.10``, ``$30.00 to $40.00``, `` and is all-in``.
_TAIL = r"(?: (?P<amt>\S+))?(?: to \S+)?(?P<allin> and is all-in)?\s*$"
# Every verb is recorded on the street it is printed in; the header states the blinds.
_AS_PRINTED = {"forced": False, "sets": None}
_SMALL_BLIND, _BIG_BLIND = replace(SMALL_BLIND, **_AS_PRINTED), replace(BIG_BLIND, **_AS_PRINTED)
_ANTE, _DEAD = replace(ANTE, forced=False), replace(DEAD_BLIND, forced=False)
_POST, _BRING_IN = replace(BLIND, forced=False), replace(BRING_IN, forced=False)
# a "(Cap)" table's bet up to the hand's cap: like the older format's "caps (X)", X is what the seat adds
_CAPS = RAISE_BY


def hud_summary(text: str | None) -> dict[str, str]:
    """The fields of a HUD's summary (``HUD_SUMMARY``) by name; none without one.

    >>> hud_summary("GameType: NL, TournamentId: 10354204, TournamentBuyIn: 2")
    {'GameType': 'NL', 'TournamentId': '10354204', 'TournamentBuyIn': '2'}
    >>> hud_summary(None)
    {}
    """
    return dict(part.split(": ", 1) for part in text.split(", ")) if text else {}


def hud_note(text: str | None) -> list[str]:
    """The note of a first line that ends with a HUD's summary."""
    return [f"the first line ends with a HUD's summary ({text}), read off the table window's title: "
            "not the platform's text"] if text else []


def _header(hand: Hand, m: re.Match[str]) -> ParsedHand:
    """``Hand #N - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC``; a
    tournament's ``Game Hand #N - [NAME ]Tournament #M - ... - Level L (sb/bb) - ...`` is chips."""
    is_tournament, stakes = m["tid"] is not None, m["stakes"] or ""
    play = not is_tournament and "$" not in stakes
    hand.scale = 1 if is_tournament or (play and "." not in stakes) else 100
    fields = _HEADER_FIELDS.fields(hand, m)  # a tournament's blinds are its level's
    record = hand.new_record(
        **fields, currency="USD" if not is_tournament and not play else None, is_play_money=play,
        start_time_raw=m["date"] + (f" {m['zone']}" if m["zone"] else ""),
    )
    record.notes.extend(hud_note(m["hud"]))
    if play and "." in stakes:
        record.notes.append("play money with fractional stakes: amounts in hundredths")
    if stakes and not game_spec(fields["game"]).stud:
        small, _, big = stakes.partition("/")
        record.small_blind, record.big_blind = hand.money(small), hand.money(big)
    return record


def _title(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Title 'SNG 2.0 $5.5'``, right after a Sit & Go's header: the tournament's name
    (the lake keeps none), known only there."""
    return False if hand.previous is not None or hand.seen else None


def _table(hand: Hand, m: re.Match[str]) -> bool | None:
    """``St. Lucie 6-max Seat #1 is the button`` (a cash table) or ``Table '1' 9-max ...``
    (a tournament's, quoted), right after the header or its title line (anywhere else not
    known)."""
    if hand.previous not in (None, "title") or hand.seen - {"title"}:
        return False
    table_line(hand, m)
    hand.record.table_name = (m["table"] or m["cash_table"]).strip()
    return None


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 1: Hero ($200.00)``, ``Seat 7: NAME ($7.70) is sitting out`` (or ``($7.70, sitting out)``);
    a seat waiting for the button is left out (should it act, its name is unknown and the hand fails)."""
    if m["waiting"]:
        return
    seat = SeatRecord(seat=int(m["seat"]), player=m["name"], stack=hand.money(m["stack"].split(",")[0].strip()))
    if "sitting out" in (m["rest"] + m["stack"]).lower():
        seat.dealt_in = False
    hand.add_seat(seat)


def _section(hand: Hand, m: re.Match[str]) -> None:
    """``*** HOLE CARDS ***``, ``*** FLOP 2 *** [..]`` (a run of the board dealt twice),
    ``*** 3rd STREET ***``, ``*** SHOW DOWN ***``, ``*** SUMMARY ***``."""
    label = m["label"].strip()
    word, _, run = label.partition(" ")
    if label == "SUMMARY":
        hand.in_summary = True
    elif label == "HOLE CARDS":
        hand.street, hand.facts["dealing"] = Street.PREFLOP, True
    elif word in _BOARD_STREETS:
        _move_to(hand, _BOARD_STREETS[word], always=True)
        cards = [c for text in BRACKETS.findall(m["rest"]) for c in hand.cards(text)]
        hand.run_boards[int(run) if run.isdigit() else 1] = [c for c in cards if c is not None]
    elif word.lower() in _STUD_STREETS and label.lower().endswith("street"):
        _move_to(hand, _STUD_STREETS[word.lower()], always=False)
    elif not (label.startswith("SHOW DOWN") or label == "RUN IT TWICE"):
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unknown street line {hand.line.number}: {hand.line.verbatim!r}")


def _move_to(hand: Hand, street: Street, *, always: bool) -> None:
    """A new betting round, unless the hand is already there (or, in stud, still being dealt)."""
    if street != hand.street and (always or hand.street != Street.PREDEAL):
        hand.tracker.new_street()
    hand.street = street


def _named(hand: Hand, name: str) -> SeatRecord:
    return seated(hand, name, "no seat for player {name!r}", QuarantineReason.PARSE_ERROR)


def _running_pot(hand: Hand, m: re.Match[str]) -> None:
    """``Main pot $199.00 | Rake $1.00``, ``Side pot(1) 2 $5.00``: per pot and run, what it
    holds and what has been taken so far (the last line of each counts)."""
    key = (int(m["side"]) if m["side"] else 0, int(m["run"]) if m["run"] else 1)
    hand.facts.setdefault("pots", {})[key] = hand.money(m["amt"])
    if m["rake"]:
        hand.facts.setdefault("running rake", {})[key] = hand.money(m["rake"])


def _uncalled(hand: Hand, m: re.Match[str]) -> None:
    """``Uncalled bet ($4.06) returned to NAME``."""
    hand.return_bet(_named(hand, m["name"]), hand.money(m["amt"]), paid=True)


def _collected(hand: Hand, m: re.Match[str]) -> None:
    """``NAME collected $199.00 from main pot`` / ``from side pot-1``, ``from main pot 2`` (the run)."""
    hand.pay(_named(hand, m["name"]), hand.money(m["amt"]), pot=int(m["side"]) if m["side"] else 0,
             run=int(m["run"]) if m["run"] else None)


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [Ac Kd]``; stud's ``Dealt to NAME [old] [new]`` (the last group is this
    street's). Before ``*** HOLE CARDS ***`` it is a tournament's seat draw for the button."""
    found = hand.split_name(hand.line.verbatim[len("Dealt to "):])  # ``Dealt to NAME `` as printed
    if found is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"dealt to unknown player: {hand.line.verbatim!r}")
    seat, groups = found[0], [hand.cards(g) for g in BRACKETS.findall(found[1])]
    if not hand.facts.get("dealing", hand.family == "stud"):
        return
    if hand.family != "stud":
        hand.dealt[seat.seat] = [c for g in groups for c in g]
    elif groups:
        _deal_stud(hand, seat, groups[-1])


def _deal_stud(hand: Hand, seat: SeatRecord, new: list[str | None]) -> None:
    held = hand.dealt.get(seat.seat, [])
    if hand.street == Street.THIRD:
        hand.dealt[seat.seat] = [None, None, new[0]] if len(new) == 1 else list(new)
        seat.upcards = [c for c in (new if len(new) == 1 else new[2:]) if c]
        return
    hand.dealt[seat.seat] = held + new
    if hand.street != Street.SEVENTH:
        seat.upcards = seat.upcards + [c for c in new if c]


def _holding(hand: Hand, seat: SeatRecord, text: str) -> None:
    """Cards a seat shows: they replace what it holds unless fewer are printed."""
    got = hand.cards(text)
    if len(got) >= len(hand.dealt.get(seat.seat, [])):
        hand.dealt[seat.seat] = got


def _posts_dead(hand: Hand, m: re.Match[str]) -> None:
    """``posts dead $0.07`` at $0.02/$0.05: both missed blinds, the big blind live and the
    small one dead; any other amount cannot be told apart."""
    record, seat, all_in = hand.record, hand.player, bool(m["allin"])
    sb, bb, value = record.small_blind, record.big_blind, hand.money(m["amt"])
    if all_in:
        seat.all_in = True
    if bb is None or value != sb + bb:
        blinds = "no blinds in the header" if bb is None else (
            f"{format_minor(sb, hand.scale)} + {format_minor(bb, hand.scale)}")
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"{hand.line.verbatim!r} is not the small and big blind "
                                                      f"together ({blinds}): which part is live is unknown")
    hand.tracker.add(seat.seat, bb)
    hand.add_action(hand.street, seat.seat, ActionKind.POST_BLIND, bb, all_in)
    hand.tracker.dead(seat.seat, sb, blind=True)
    hand.add_action(hand.street, seat.seat, ActionKind.POST_DEAD, sb, all_in)


def _shows(hand: Hand, m: re.Match[str]) -> None:
    SHOW(hand, m)
    if found := BRACKETS.search(m["rest"]):
        _holding(hand, hand.player, found[1])


def _waits(hand: Hand, m: re.Match[str]) -> None:
    """A seat that "waits for big blind" and does nothing sat the hand out."""
    hand.facts.setdefault("waiting", set()).add(hand.player.seat)


def _sits_out(hand: Hand, m: re.Match[str]) -> None:
    """A seat that "sits out" before the cards are dealt and then does nothing sat the hand
    out, as one waiting for the big blind; after the deal the line is only its status."""
    if not hand.facts.get("dealing"):
        _waits(hand, m)


def _total(hand: Hand, m: re.Match[str]) -> None:
    """``Total pot $199.00 | Rake $0.96 | JP Fee $0.04`` (after rake); a bare ``Total pot``
    takes the rake from the last running pot lines, less the fees, else 0."""
    record = hand.record
    record.total_pot_printed, record.rake, record.rake_source = hand.money(m["amt"]), 0, RakeSource.PRINTED
    rake_seen = _fees(hand, [p.strip() for p in m["parts"].split("|")], r"^(?P<name>.+?) (?P<amt>[$\d.,]+)$")
    taken = sum(hand.facts.get("running rake", {}).values())
    if not rake_seen and hand.facts.get("running rake") and taken >= record.fees:
        record.rake = taken - record.fees
        record.notes.append(f"no Rake on the Total pot line: rake {format_minor(record.rake, hand.scale)} from the "
                            "last running pot lines (what they print as Rake includes the fees)")
    elif not rake_seen:
        record.rake_source = RakeSource.INFERRED
        record.notes.append("no Rake on the Total pot line: rake taken as 0")


def _fees(hand: Hand, parts: list[str], pattern: str) -> bool:
    """The parts of a total line after the pot: ``Rake`` (True when one came) and fees, each
    added to ``fees`` and to ``fee_detail`` under its name."""
    record, rake_seen = hand.record, False
    for part in filter(None, parts):
        pm = re.match(pattern, part)
        if not pm:
            raise hand.fail(QuarantineReason.PARSE_ERROR, f"summary part {part!r}")
        value = hand.money(pm["amt"])
        if pm["name"] == "Rake":
            record.rake, rake_seen = value, True
        else:
            add_fee(record, pm["name"], value)
    return rake_seen


def add_fee(record: ParsedHand, name: str, value: int) -> None:
    """A fee printed beside the rake (``JP Fee``, ``JP fee``): ``fees``, and ``fee_detail`` by name."""
    key = re.sub(r"\W+", "_", name.strip().lower())
    record.fee_detail[key] = record.fee_detail.get(key, 0) + value
    record.fees += value


def _summary_seat(hand: Hand, m: re.Match[str]) -> bool | None:
    """A seat's summary line: what it won (checked against the pay lines), the cards it
    showed or mucked; only the known shapes (``_SUMMARY_KNOWN``)."""
    line = hand.line.verbatim
    if won := _SUMMARY_WON.match(line):
        hand.facts.setdefault("won", {}).setdefault(int(won["seat"]), []).append(
            (hand.money(won["amount"]), line))
    if (shown := _SUMMARY_CARDS.match(line)) and int(shown[1]) in hand.seats:
        _holding(hand, hand.seats[int(shown[1])], shown[2])
    if (mucked := _SUMMARY_MUCKED.match(line)) and int(mucked[1]) in hand.seats:
        hand.seats[int(mucked[1])].mucked = True
    return None if _SUMMARY_KNOWN.match(line) else False


def _export_block(hand: Hand, m: re.Match[str]) -> None:
    """``<Game Information>`` after a summary: the export's block for the next tournament opens."""
    hand.facts["export block"] = True


def _in_export_block(hand: Hand, m: re.Match[str]) -> bool | None:
    """A field of the export's block (``Title: SNG 2.0 $5.50``) or its ``<Hand History>`` end:
    known only inside the block."""
    return None if hand.facts.get("export block") else False


def _summary_pays(hand: Hand) -> None:
    """A walk pays only in the summary (``won $9.00``, no collected line): that is the pay
    line; otherwise the summary's amounts are checked against the collected lines. Seats
    waiting for the big blind (or sitting out before the deal) that did nothing were not dealt in."""
    acted = {a.seat for a in hand.record.actions}
    for number in hand.facts.get("waiting", set()) - acted:
        hand.seats[number].dealt_in = False
    _sitting_out_but_in(hand)
    if not hand.in_summary:
        raise hand.fail(QuarantineReason.TRUNCATED, "no *** SUMMARY *** (hand cut off)")
    record, won = hand.record, hand.facts.get("won", {})
    stated = {seat: sum(amount for amount, _ in lines) for seat, lines in won.items()}
    if not any(p.source == PayoutSource.POT for p in record.payouts) and won:
        for seat, amount in stated.items():  # (a seat the summary names may not be seated)
            record.payouts.append(PayoutRecord(seat, amount, 0, None, hand.half(None), PayoutSource.POT,
                                               won[seat][0][1]))
        record.notes.append("no collected line: payouts taken from the summary's 'won' lines")
    elif won:
        record.contradicts_summary(stated)


def _sitting_out_but_in(hand: Hand) -> None:
    """A tournament seat marked ``is sitting out`` is still dealt cards and blinded away:
    one that put chips in (``posts ante 15.00 and is all-in``) or showed its cards contests
    the pots its chips reached."""
    paying = {a.seat for a in hand.record.actions if a.amount and a.kind != ActionKind.UNCALLED_RETURN}
    for seat in hand.seats.values():
        if not seat.dealt_in and (seat.seat in paying or seat.showed):
            seat.dealt_in = True


def _printed_pots(hand: Hand) -> None:
    """The running pot lines' last amounts, per pot (runs added up), after rake."""
    pots = hand.facts.get("pots")
    if pots:
        by_pot: dict[int, int] = {}
        for (pot, _run), value in pots.items():
            by_pot[pot] = by_pot.get(pot, 0) + value
        hand.record.pots_printed = [by_pot[k] for k in sorted(by_pot)]
        hand.record.pots_printed_net = True


UNBALANCED = "history does not add up: seats put in {put_in}, pay lines pay {paid}, rake {rake}, fees {fees}"


def overpaid_without_rake(hand: Hand) -> None:
    """No rake known (no total line came) and more paid than put in: said, as the engine
    says a raked hand that does not add up."""
    record = hand.record
    if record.rake is None and not record.reconciles():
        record.notes.append(UNBALANCED.format(put_in=record.pot_total, paid=record.paid_from_pots(), rake=None,
                                              fees=record.fees))


DIALECT = Dialect(
    platform=Platform.WINNINGPOKER,
    format=Format.WINNINGPOKER,
    version="8",
    hand_start=re.compile(r"^\ufeff*(?:Game )?Hand #\d+ - ", re.M),
    head=_HEADER,  # the parser matches it against the file's first line (after an export's block)
    preamble=re.compile(rf"^{_EXPORT_LINE}$"),
    first=_HEADER,
    not_first="not a Winning Poker header",
    header=_header,
    seat=kind("seat", _SEAT, _seat),
    body=(
        kind("section", r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$", _section),
        kind("title", r"^Title '[^'\n]*'$", _title),
        kind("table", r"^(?:Table '(?P<table>[^']*)'|(?P<cash_table>.*?)) (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?\s*$", _table),
        kind("pot", _POT_LINE, _running_pot),
        kind("uncalled", r"^Uncalled bet \((?P<amt>[^)]+)\) returned to (?P<name>.+?)\s*$", _uncalled),
        kind("collected", _COLLECTED, _collected),
        kind("dealt", r"^Dealt to (?P<rest>.*)$", _dealt),
    ),
    players=(
        kind("small blind", rf"^posts (?:the )?small blind{_TAIL}", _SMALL_BLIND),
        kind("big blind", rf"^posts (?:the )?big blind{_TAIL}", _BIG_BLIND),
        kind("ante", rf"^posts ante{_TAIL}", _ANTE),
        kind("dead blind", rf"^posts dead (?:small )?blind{_TAIL}", _DEAD),
        kind("both blinds", rf"^posts dead{_TAIL}", _posts_dead),
        # a straddle, a blind, a bare post (a seat coming in out of turn): live, like a big blind
        kind("post", rf"^posts(?: straddle| blind)?{_TAIL}", _POST),
        kind("bring-in", rf"^brings in{_TAIL}", _BRING_IN),
        kind("bet", rf"^bets{_TAIL}", BET),
        kind("call", rf"^calls{_TAIL}", CALL),
        # ``raises $30.00 to $40.00``: the street total
        kind("raise", r"^raises(?: (?:\S+ )?to (?P<amt>\S+)| (?P<amt_2>\S+))?(?P<allin> and is all-in)?\s*$",
             RAISE_TO),
        kind("caps", rf"^caps{_TAIL}", _CAPS),
        kind("check", r"^checks(?: \S+)?(?: to \S+)?(?P<allin> and is all-in)?\s*$", CHECK),
        kind("fold", r"^folds(?: \S+)?(?: to \S+)?(?P<allin> and is all-in)?\s*$", FOLD),
        kind("show", r"^shows (?P<rest>.*)$", _shows),
        kind("muck", r"^mucks", MUCK),
        kind("waits", r"^waits for big blind$", _waits),
        kind("sits out", r"^sits out$", _sits_out),
        kind("no money", _SEAT_NO_MONEY, skip),
    ),
    summary=(
        kind("section", r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$", _section),
        kind("total", r"^Total pot (?P<amt>[$\d.,]+)(?P<parts>(?: \| [^|]+)*)\s*$", _total),
        kind("export separator", rf"^{_EXPORT_SEPARATOR}$", skip),
        kind("export block", r"^<Game Information>$", _export_block),
        kind("export field", rf"^(?:{_EXPORT_FIELD}|<Hand History>)$", _in_export_block),
        kind("summary seat", r"^", _summary_seat),
    ),
    streets=Streets(),  # ``_section`` moves the streets
    name_follows=re.compile(r"(?= )"),
    after_name=re.compile(r" "),
    first_action_opens=False,
    returns_unmatched=True,
    unmatched_in_pay_line=PaidInside("seat {seat}'s unmatched {amount} is not printed as returned; it is part of "
                                     "the pay line {line!r} and recorded as an uncalled return",
                                     keep_empty=True, not_after_printed=True),
    quotes_trailing_space=True,
    before_returns=(_summary_pays,),
    checks=(_printed_pots, overpaid_without_rake),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {number}: {verbatim!r}",
                    bad_amount="{error}", total_pot=None, unbalanced=UNBALANCED),
    first_action_seq=1,
)


class FirstLineParser(DialectParser):
    """A dialect recognised by its file's first line alone (after BOMs and blank space)."""

    def sniff(self, head: str) -> bool:
        return bool(self.dialect.head.match(leading_lines(head, 1)[0]))


class WinningPokerParser(FirstLineParser):
    """The first line is a hand's header, or the export's block stands before it (joined to the first hand)."""

    def sniff(self, head: str) -> bool:
        start = self.hand_start.search(head)
        return start is not None and bool(_EXPORT_PREFIX.match(head[: start.start()])) and super().sniff(
            head[start.start():])

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_joining_chatter(self.hand_start, _EXPORT_PREFIX, text)


PARSER = WinningPokerParser(DIALECT)
