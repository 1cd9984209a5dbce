"""One engine for every line-by-line hand history: a dialect is data, the engine reads it.

Every text format hhaudit reads says the same things in its own words: who sits where
with what, who posts, bets, raises or folds, which cards fall on which street, what was
returned, who won which pot, what the house took. This module owns all of that once: a
hand builder (:class:`Hand`) and the line state machine that drives it. A platform is a
:class:`Dialect`, a frozen declaration of how it writes those things, plus a few small
named functions (hooks) for the quirks no other platform shares. ``parsers/ongame.py`` is
the worked example: read it beside this guide.

What the engine guarantees
==========================
* **Every line is accounted for.** Each line of a hand is consumed by a line kind of the
  dialect, skipped on purpose (a kind whose effect is :func:`skip`, the ``quiet`` lines
  after a seated name, ``chat``, ``unseated`` table traffic) or it quarantines the hand as
  ``parse_error`` with ``unexpected line N: '<line>'`` (``unexpected summary line N`` in
  the summary). ``N`` counts the hand's lines from 1, blank ones included, so an
  investigator finds it in the file. A money line nobody declared is never lost unread.
  Blank lines carry nothing and are passed over; text beside a line's bracketed cards
  makes the line unknown. The seat lines are read first (up to ``seats_end``, else the
  first run of them); a seat or name listed twice with different partners is
  ``inconsistent``.
* **One bet tracker.** Every verb goes through :class:`parsers.base.BetTracker`: a live
  post or a call adds to the seat's bet this street, a raise *to* sets it, an ante or dead
  blind goes to the pot off the bet, a printed return takes money back; where the dialect
  prints no return (``returns_unmatched``) the largest contribution's part nobody matched
  is returned at the end, as an ``uncalled_return`` action and a note (where the platform
  pays it back inside the seat's pay line, ``unmatched_in_pay_line``, it is split off that
  line as an uncalled payout). ``contributed`` is
  derived from it the same way for every platform.
* **Names.** A line belongs to a seated player when it starts with that player's name
  (longest name first, so ``Bob Smith`` is never read as ``Bob``) followed by what
  ``name_follows`` allows; names may hold spaces, colons and brackets. The ``body``
  kinds are tried first, unless the dialect reads ``players_first`` (PokerStars: a
  seated name's line is the player's whatever it says).
* **Streets and boards.** A street line moves the hand to the street the dialect's
  :class:`Streets` table names for the game's family (board, stud or draw; the facts
  come from ``rules.games``) and, except for the first betting street and the showdown,
  opens a new betting round. Board cards accumulate per run (``run`` group: run it twice);
  stud cards dealt face up become ``upcards`` (third card on 3rd street, every card on
  4th to 6th, none on 7th). The first voluntary action of a hand still on ``predeal``
  opens its first betting street (unless the dialect says its streets are always
  printed: ``first_action_opens=False``); a draw line on ``predraw`` opens the first draw.
* **Money and cards** are read with the dialect's ``rules.money`` convention at the hand's
  scale and with ``rules.cards`` (a bad amount is ``bad_amount`` naming the line, a bad
  card ``bad_cards``). No dialect declares split-game, stud or card tables of its own.
* **Pay lines and the summary.** Pay lines become ``PayoutRecord``s with their pot (0
  main, N side pot N), run and half (``high``/``low`` when labelled; unlabelled in a game
  whose pot can be split means ``unlabelled`` unless the dialect ``labels_halves``). A
  summary's per-seat statements are checked against them: amounts won
  (``ParsedHand.contradicts_summary``, or the payouts themselves where no pay line paid
  and ``summary_pays``), nets (``summary_nets``) and closing stacks, each difference
  recorded, never silently reconciled.
* **The end of a hand** checks what the dialect requires (an end line, a line kind, a
  payout), applies its :class:`Rake` rule and notes when the history does not add up.

How to declare a dialect
========================
Write the module docstring first: how the platform writes a hand, every choice made
where files were ambiguous (it is the record reviewers and investigators read). Then:

1. The patterns, each a ``kind(name, regex, effect)`` (:class:`LineKind`) in one of the
   dialect's tuples, tried in order:

   * ``body``: lines that do not start with a player's name (streets, boards, dealt
     cards, button, returns, pot and rake lines, header lines to skip);
   * ``players``: what may follow a seated player's name (the verbs and pay lines),
     matched against the rest of the line after the name and ``after_name``;
   * ``summary``: the lines allowed once an :func:`enter_summary` kind has matched;
   * ``unseated``: lines naming nobody seated that carry nothing (observers' chat,
     a newcomer sitting down), tried only when no seated name starts the line;
   * ``quiet`` (one regex, after a name) and ``chat`` (one regex, on the text right
     after the name, separator included) are skipped on purpose.

2. The effects. Named groups carry the values: ``amt`` (an amount), ``allin``, ``cards``,
   ``name`` (exactly a seated name) or ``who`` (text that starts with one), ``seat``,
   ``stack``, ``out`` (the seat sits out), ``street``, ``run``, ``changed`` (cards drawn),
   ``hl`` (``high``/``low``), ``main``, ``side`` (a side pot's number), ``sidepot`` (a side
   pot named without one: the first). A group written ``amt_2``, ``side_2`` is another
   spelling of the same value in an alternative of the pattern. Standard effects:
   :func:`skip`, :func:`button`, :func:`street`, :func:`dealt`, :func:`pays`,
   :func:`pot_won_by`, :func:`rake`, :func:`enter_summary`, :func:`take_seat`,
   :class:`Returned`, :class:`Note`, and :class:`Act` for every verb (module constants such
   as ``CALL``, ``RAISE_TO``, ``ANTE``; ``dataclasses.replace`` one where a platform
   differs, e.g. ``replace(BIG_BLIND, later=ActionKind.POST_BLIND)``).

3. The header: ``first`` matches the hand's first ``header_lines`` lines joined by
   newlines (group ``id``); ``header(hand, match)`` returns ``hand.new_record(...)`` with
   the game, limit, stakes, currency and time. Set ``hand.scale`` before reading amounts.
   The groups a :class:`parsers.headers.Header` knows (``game``, ``limit``, ``sb``, ``bb``,
   ``tid``, ``table``, ``date``...) are read by it: ``hand.new_record(**HEADER.fields(hand, m), ...)``.

4. The data: ``money`` (a ``rules.money`` convention), ``streets``, ``rake``, ``seat`` and
   ``seats_end``, ``complete``/``truncated``, the summary flags, ``version``, and
   ``wording`` (:class:`Wording`: how errors and the engine's notes are phrased).

How to add a line
=================
Add one ``kind(...)`` to the right tuple with a standard effect, and a test hand in the
platform's format that has the line and asserts what it did (and, for a skipped line,
that the hand's money is unchanged). Most new lines are exactly that one line.

How to add a hook
=================
A quirk only one platform has is a module-level function of that dialect's module, named
for what it handles (``_unnumbered_side_pots``, not ``_fix2``), with a docstring naming
the hand or file that showed it. An effect hook takes ``(hand, match)`` and may return
``False`` to decline the line (the next kinds are tried, and the line fails if none
takes it); a finishing hook takes ``(hand)`` and goes in ``before_returns`` (it sees what
each seat put in before any unmatched bet is returned) or ``checks`` (after everything
is built, before the engine's own end-of-hand notes). A line that names its seat after
what it does (Entraction's ``Small Blind:  NAME  (0.25)``) records the verb with
``hand.act(VERB, match, seat)``; a line that takes an action number but records no
action (PokerStars numbers every player line) calls ``hand.number_unrecorded()``. State a hook keeps between lines
lives in ``hand.facts``; ``hand.previous`` names the kind of the line before; a hook that
sets ``hand.continuation`` to a pattern lets the very next line (only) continue its line
when it matches (Everleaf's wrapped hand descriptions). A kind may be ``once`` (only the
first such line) or ``on`` some streets only. Hooks use :class:`Hand`'s methods and the
tracker's public ones, never their internals.

The parser
==========
``PARSER = DialectParser(DIALECT)``: ``sniff`` (``head`` against the file's first
characters), ``split`` (at ``hand_start``) and ``parse``; its ``version`` (the dialect's)
is recorded in the lake as ``parser_version``. Bump it whenever what the parser emits
for some input changes, and say what changed in ``docs/parser-versions.md``.

How to migrate a hand-written parser
====================================
1. Keep the module docstring; add a last paragraph saying that the module is on the
   engine (its versions are in ``docs/parser-versions.md``). Keep the patterns and tables that are the platform's data;
   delete what the engine owns (the reader class, the line loop, the action dispatch,
   name matching, the tracker calls, the end-of-hand bookkeeping) and any table of split,
   stud or draw games (``rules.games`` has them) or of currency signs (``CURRENCY_SIGNS``).
2. Sort each line the old loop tested into ``body``, ``players``, ``summary``,
   ``unseated``, ``quiet`` or ``chat``, **in the old order**: the first kind that matches
   takes the line. What the old code did after the loop becomes the dialect's flags
   (``returns_unmatched``, ``summary_nets``, ``requires_payout``...) or a hook.
3. Reproduce, do not fix: the lake must not change. Where the old parser differs from the
   engine's default, declare it (``first_action_seq=1``: the old parsers numbered actions
   from 1, the schema says 0; ``replace(ANTE, sets=None)``; ``later=``; the old parser's
   phrasing of errors and notes as a :class:`Wording`). Bugs seen while
   migrating go to the report, fixed afterwards with a test hand and a version bump.
4. Check: the module's ``tests/test_parser_*.py`` pass unchanged; ``/work/tools/compare.sh``
   prints IDENTICAL; ``python -m tests.migration_diff MODULE CORPUS_DIR`` lists how the old
   and new parser differ on edited hands: each kind must be one this guide names (the
   engine's wording of an error, its stricter reading of text beside cards or after a
   street line, the rules above for ``predeal`` and ``predraw``, the seat lines read first
   as one run, so that a seat line out of it is unknown and a player's line before it is
   read; a seat or name seated twice; an empty hand truncated; seats in seat order; lines
   cut at ``\n`` only, so a lone ``\r`` stays inside its line) or be fixed. One commit
   per module; no function over about 100 lines.

What the engine does not know yet (declare it in a hook, or extend the engine with its
own test in ``tests/test_engine.py``): several boards dealt as one game (two-board games
are games in ``rules.games``, but no migrated dialect reads one), cash-outs, bounties
beyond a note, and fees other than rake.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from rules.cards import CardError, read_card
from rules.games import game_spec
from rules.money import DOT, AmountError, NumberConvention
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord
from rules.vocab import ActionKind, Format, Half, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import BetTracker, TextParser, hand_text_lines, infer_rake, unprinted_uncalled_note

Effect = Callable[["Hand", re.Match[str]], Any]
"""What a matched line does to the hand; returning ``False`` declines the line."""
Hook = Callable[["Hand"], None]
"""A finishing step of one dialect."""

#: currency signs as the platforms print them
CURRENCY_SIGNS: Mapping[str, str] = {"$": "USD", "€": "EUR", "£": "GBP"}


def chip_scale(*printed: str) -> int:
    """Minor units per printed chip: 1 when the amounts (the stakes) print no decimals,
    else 100 (play chips and some tournaments print cents).

    >>> chip_scale("50", "100"), chip_scale("0.05", "0.10")
    (1, 100)
    """
    return 1 if "." not in "".join(printed) else 100


_STUD_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)


def stud_street(cards: int) -> Street | None:
    """The stud street that deals a seat its ``cards``-th card (3rd street deals three,
    each later street one), or None: for a dialect whose deal tells the street.

    >>> stud_street(3).value, stud_street(7).value, stud_street(2), stud_street(8)
    ('third', 'seventh', None, None)
    """
    return _STUD_STREETS[cards - 3] if 3 <= cards <= len(_STUD_STREETS) + 2 else None


# --- declarations -------------------------------------------------------------------------

@dataclass(frozen=True)
class LineKind:
    """One kind of line: its ``pattern`` (matched at the line's start) and its ``effect``.

    ``once``: only the first such line of a hand is of this kind. ``on``: only on these
    streets (a low hand's description wrapped onto its own line, at the showdown).
    """

    name: str
    pattern: re.Pattern[str]
    effect: Effect
    once: bool = False
    on: frozenset[Street] | None = None


def kind(name: str, pattern: str | re.Pattern[str], effect: Effect, *, once: bool = False,
         on: tuple[Street, ...] | None = None) -> LineKind:
    """A :class:`LineKind`, compiling ``pattern``."""
    return LineKind(name, re.compile(pattern), effect, once, frozenset(on) if on else None)


# --- which kinds a line can be, by its first character ------------------------------------

# A kind's pattern can only match a text that starts with one of its pattern's possible
# first characters: ``take`` tries only those kinds (in their order), where trying every
# kind's pattern on every line cost most of a line's time. ``None``: any character (or the
# empty text) may start a match, as far as this reading of the pattern can tell.
try:
    from re import _constants as _sre
    from re import _parser as _sre_parse
except ImportError:  # another Python's internals: every kind is tried for every line
    _sre = _sre_parse = None  # type: ignore[assignment]

_MAX_FIRST_CHARS = 512  # a class wider than this is taken as any character


def _first_chars(items: Any) -> tuple[frozenset[str] | None, bool]:
    """The characters a parsed pattern's match can start with (None: any), and whether it
    can match the empty text (then what follows it may start the match too)."""
    found: set[str] = set()
    for op, arg in items:
        if op == _sre.AT:  # ^, $, \b: no character
            continue
        if op == _sre.LITERAL:
            found.add(chr(arg))
            return frozenset(found), False
        if op == _sre.IN:
            chars = _class_chars(arg)
            if chars is None:
                return None, False
            return frozenset(found | chars), False
        if op == _sre.SUBPATTERN:
            _, add_flags, _, sub = arg
            if add_flags & re.IGNORECASE:
                return None, False
            first, empty = _first_chars(sub)
        elif op == _sre.BRANCH:
            first, empty = frozenset(), False
            for alternative in arg[1]:
                one, one_empty = _first_chars(alternative)
                first = None if first is None or one is None else first | one
                empty = empty or one_empty
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            low, _, sub = arg
            first, empty = _first_chars(sub)
            empty = empty or low == 0
        else:  # lookarounds, back references, any character, categories...
            return None, False
        if first is None:
            return None, False
        found |= first
        if not empty:
            return frozenset(found), False
    return frozenset(found), True


def _class_chars(items: Any) -> set[str] | None:
    """The characters of a ``[...]`` class, or None (negated, categories, wide ranges)."""
    chars: set[str] = set()
    for op, arg in items:
        if op == _sre.LITERAL:
            chars.add(chr(arg))
        elif op == _sre.RANGE and arg[1] - arg[0] < _MAX_FIRST_CHARS:
            chars.update(chr(c) for c in range(arg[0], arg[1] + 1))
        else:
            return None
    return chars


def pattern_first_chars(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """The characters a text must start with for ``pattern.match`` to match it, or None
    when any text (the empty one included) may match.

    >>> sorted(pattern_first_chars(re.compile(r"^(?:calls|bets) \\d")))
    ['b', 'c']
    >>> pattern_first_chars(re.compile(r"^(?=.* collected )")) is None
    True
    >>> sorted(pattern_first_chars(re.compile(r"x?y"))), pattern_first_chars(re.compile(r"(?i)a"))
    (['x', 'y'], None)
    """
    if _sre_parse is None or not isinstance(pattern.pattern, str) or pattern.flags & re.IGNORECASE:
        return None
    try:
        first, empty = _first_chars(_sre_parse.parse(pattern.pattern, pattern.flags))
    except Exception:  # a construct this reading does not know: try the kind on every line
        return None
    return None if empty else first


@dataclass(frozen=True)
class _Dispatch:
    """The kinds of one tuple that may take a text starting with each character, in order."""

    every: tuple[LineKind, ...]  # for the empty text
    anything: tuple[LineKind, ...]  # for a first character no pattern names
    by_char: Mapping[str, tuple[LineKind, ...]]


#: each kinds tuple's table by the tuple's id (the table keeps the tuple, so the id stays its own)
_DISPATCH: dict[int, _Dispatch] = {}


def _dispatch(kinds: tuple[LineKind, ...]) -> _Dispatch:
    """The dispatch table of ``kinds``, made and kept (``take`` looks it up in ``_DISPATCH``)."""
    firsts = [pattern_first_chars(k.pattern) for k in kinds]
    chars = set().union(*(f for f in firsts if f is not None))
    by_char = {c: tuple(k for k, f in zip(kinds, firsts, strict=True) if f is None or c in f) for c in chars}
    table = _Dispatch(kinds, tuple(k for k, f in zip(kinds, firsts, strict=True) if f is None), by_char)
    _DISPATCH[id(kinds)] = table
    return table


OPEN = "open"
"""A street-table target: the game's first betting street (pre-flop, 3rd street or the
betting before the first draw)."""

_OPENING = {"board": Street.PREFLOP, "stud": Street.THIRD, "draw": Street.PREDRAW}


@dataclass(frozen=True)
class Streets:
    """The street names a dialect prints, lower case, per game family, to ``Street`` or
    :data:`OPEN`. A name missing for the hand's family fails the hand."""

    board: Mapping[str, Street | str] = field(default_factory=dict)
    stud: Mapping[str, Street | str] = field(default_factory=dict)
    draw: Mapping[str, Street | str] = field(default_factory=dict)

    def target(self, family: str, name: str) -> Street | str | None:
        table: Mapping[str, Street | str] = getattr(self, family)
        return table.get(name.strip().lower())


@dataclass(frozen=True)
class Rake:
    """How a platform prints its rake.

    ``printed``: a rake line is expected; when none came, ``rake`` is ``missing`` (None:
    unknown) and ``missing_note`` says so. Not ``printed``: the platform never prints it,
    so every hand's ``rake`` is None with ``rake_source`` ``absent`` and ``absent_note``.
    ``inferred`` (a note: ``{put_in}``, ``{paid}``, ``{rake}``): where no rake line came,
    the rake is everything put in less everything paid from the pots (``rake_source``
    ``inferred``); when more was paid than put in it stays unknown (``absent``), noted
    ``overpaid`` (``{put_in}``, ``{paid}``), and the hand is reconciled as one without rake.
    ``tournament`` (a note): a tournament hand's rake is 0 (``inferred``) instead, where the
    platform rakes no tournament pot and prints no rake line.
    """

    printed: bool = True
    missing: int | None = None
    missing_note: str = ""
    absent_note: str = ""
    inferred: str | None = None
    overpaid: str = ""
    tournament: str | None = None


@dataclass(frozen=True)
class Wording:
    """How a dialect words the errors and notes the engine writes; the defaults are the
    engine's own. A parser migrated onto the engine declares the wording it had, so that
    the quarantine and notes of the files it already read stay as they were.

    Each is a ``str.format`` template. ``hand``: every error message (``{message}``) once
    the hand's id (``{hand_id}``) is known. ``unexpected``: a line no kind took, with
    ``{where}`` (``line`` or ``summary line``), ``{number}``, ``{text}`` (as matched) and
    ``{verbatim}`` (as printed); or a function of the :class:`Hand` giving the message.
    ``bad_amount``: ``{error}``, ``{hand_id}`` and the same line fields. ``total_pot``: the
    printed total (``{printed}``) is not what the seats put in (``{total}``); None: the
    platform's total is not what was put in (it leaves the rake or an unprinted return in),
    or the dialect says it its own way, so it is not compared. ``unbalanced``: the history
    does not add up (``{put_in}``, ``{paid}``, ``{rake}``, ``{fees}``, ``{paid_and_rake}``
    and ``{unaccounted}``, what the two leave of what was put in), or a function of the
    :class:`Hand` giving the note; None: the engine's sentence; an empty string: no note (a
    parser whose notes never said so, e.g. partypoker's).
    """

    hand: str = "{message}"
    unexpected: str | Callable[[Hand], str] = "unexpected {where} {number}: {text!r}"
    bad_amount: str = "{error} in line {text!r}"
    total_pot: str | None = "printed total pot {printed} differs from the {total} the seats put in"
    unbalanced: str | Callable[[Hand], str] | None = None


@dataclass(frozen=True)
class PaidInside:
    """The platform pays an unprinted return back inside the seat's pay line (``Hero wins
    €1.10`` holds the 0.85 nobody called): with ``returns_unmatched``, the return is split
    off the first of that seat's pot payouts that holds it, as an uncalled payout of the
    same line placed before it, and noted with ``note`` (``{seat}``, ``{amount}``,
    ``{line}``); with no such payout nothing is returned. A seat alone in putting money in
    (the others posted nothing) gets all of it back.

    ``keep_empty``: a pay line left paying nothing stays as a payout of 0 (else it goes).
    ``not_after_printed``: a seat whose return was printed gets no other.
    """

    note: str
    keep_empty: bool = False
    not_after_printed: bool = False


@dataclass(frozen=True)
class Require:
    """A line kind a complete hand has; without one the hand fails with ``reason``."""

    kind: str
    reason: QuarantineReason
    message: str


class Money(Enum):
    """What a verb's amount does to the seat's bet."""

    NONE = "none"      # no money moves
    ADDS = "adds"      # the amount is added (``calls $2``, ``raises $2 to $4`` read as 2)
    TO = "to"          # the seat's bet this street becomes the amount (``raises to $4``)
    DEAD = "dead"      # into the pot, off the seat's bet (antes, dead blinds)
    BLINDS = "blinds"  # small and big blind at once: the big blind's worth live, the rest dead


@dataclass(frozen=True)
class Act:
    """The effect of one verb: the action it records and what its amount does.

    ``forced``: recorded on ``predeal`` whatever street the hand is on (blinds, antes).
    ``sets``: the ``ParsedHand`` field (``small_blind``, ``big_blind``, ``ante``,
    ``bring_in``) the first such line fills. ``later``: what a second line of this kind
    in one hand is instead (a second big blind is a new player's post).
    """

    kind: ActionKind
    money: Money = Money.NONE
    forced: bool = False
    sets: str | None = None
    later: ActionKind | None = None

    def __call__(self, hand: Hand, m: re.Match[str]) -> None:
        hand.act(self, m)


SMALL_BLIND = Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, forced=True, sets="small_blind")
BIG_BLIND = Act(ActionKind.POST_BIG_BLIND, Money.ADDS, forced=True, sets="big_blind")
BLIND = Act(ActionKind.POST_BLIND, Money.ADDS, forced=True)
BOTH_BLINDS = Act(ActionKind.POST_BLIND, Money.BLINDS, forced=True)
DEAD_BLIND = Act(ActionKind.POST_DEAD, Money.DEAD, forced=True)
ANTE = Act(ActionKind.POST_ANTE, Money.DEAD, forced=True, sets="ante")
BRING_IN = Act(ActionKind.BRING_IN, Money.ADDS, sets="bring_in")
COMPLETE = Act(ActionKind.COMPLETE, Money.TO)
CALL = Act(ActionKind.CALL, Money.ADDS)
BET = Act(ActionKind.BET, Money.ADDS)
RAISE_BY = Act(ActionKind.RAISE, Money.ADDS)
RAISE_TO = Act(ActionKind.RAISE, Money.TO)
CHECK = Act(ActionKind.CHECK)
FOLD = Act(ActionKind.FOLD)
SHOW = Act(ActionKind.SHOW)
MUCK = Act(ActionKind.MUCK)
DISCARD = Act(ActionKind.DISCARD)
STAND_PAT = Act(ActionKind.STAND_PAT)

# A hand still on ``predeal`` moves to its first betting street when one of these is
# made: they are choices of a seat dealt in, never forced posts.
_OPENS_BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
                            ActionKind.COMPLETE, ActionKind.BRING_IN, ActionKind.DISCARD, ActionKind.STAND_PAT})
_DRAW_ACTIONS = frozenset({ActionKind.DISCARD, ActionKind.STAND_PAT})

# Card texts meaning a card face down: X, ??, [] and so on, and OnGame's dash.
_FACE_DOWN = frozenset({"X", "XX", "??", "?", "[]", "**", "-"})
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_BEFORE_CARDS = re.compile(r":?\s*(?:\[|$)")  # after a name in a deal line: the cards


def read_cards(text: str) -> list[str | None]:
    """Cards separated by spaces or commas; face-down placeholders are None.

    >>> read_cards("Ac, 3d X"), read_cards("-, -, Kh")
    (['Ac', '3d', None], [None, None, 'Kh'])
    """
    out: list[str | None] = []
    for token in text.replace(",", " ").split():
        if token.upper() in _FACE_DOWN:
            out.append(None)
            continue
        try:
            out.append(read_card(token))
        except CardError as exc:
            raise HandParseError(QuarantineReason.BAD_CARDS, str(exc)) from None
    return out


@dataclass(frozen=True)
class Dialect:
    """How one platform writes a hand (see the module's guide for each part)."""

    platform: Platform
    format: Format
    version: str
    hand_start: re.Pattern[str]  # matches at the first character of every hand
    head: re.Pattern[str]  # matches the start of a file (after BOMs and blank space)
    first: re.Pattern[str]  # the first ``header_lines`` lines joined by newlines; group ``id``
    not_first: str  # the start of the error when ``first`` does not match
    header: Callable[[Hand, re.Match[str]], ParsedHand]
    seat: LineKind
    body: tuple[LineKind, ...]
    players: tuple[LineKind, ...]
    streets: Streets
    summary: tuple[LineKind, ...] = ()
    unseated: tuple[LineKind, ...] = ()
    quiet: re.Pattern[str] | None = None
    chat: re.Pattern[str] | None = None
    money: NumberConvention = DOT
    amount_text: Callable[[str], str] | None = None  # cleans an amount's text before it is read
    cards: Callable[[str], list[str | None]] = read_cards  # reads the text of one bracket
    rake: Rake = Rake()
    header_lines: int = 1
    strip_lines: bool = False  # lines lose leading as well as trailing space
    quotes_trailing_space: bool = False  # pay records and errors quote a line with its trailing space
    preamble: re.Pattern[str] | None = None  # a client's notice before a file's first hand, joined to it: passed over
    complete: re.Pattern[str] | None = None  # some line of a complete hand matches it...
    truncated: str = ""  # ...else the hand is truncated, with this message
    seats_end: re.Pattern[str] | None = None  # seat lines are read up to this line (None: the first run)
    # a hand with no seat lines fails with this reason (None: it is read on, and the
    # dialect's own checks say what it lacks: Entraction's hand cut off before its seats)
    seatless: QuarantineReason | None = QuarantineReason.PARSE_ERROR
    name_follows: re.Pattern[str] = re.compile(r"(?=[ :]|$)")
    # a line that starts with a seated name (and what ``name_follows`` allows) is that
    # player's, whatever it says, before any ``body`` kind is tried (PokerStars'
    # ``**HCL59**: calls 5`` is no street line)
    players_first: bool = False
    after_name: re.Pattern[str] = re.compile(r"\s*")
    returns_unmatched: bool = False  # no return line is printed: the engine computes it
    unmatched_in_pay_line: PaidInside | None = None  # ...and it is paid back inside a pay line
    first_action_opens: bool = True  # the first voluntary action of a hand still on predeal opens its first street
    all_in_when_stack_spent: bool = False  # no all-in marker: a seat that put in its stack is all in
    labels_halves: bool = False  # an unlabelled pay line is the whole pot, even in split games
    board_repeats: bool = False  # street lines may repeat the board so far before the new cards
    summary_won: bool = False  # a summary states what each seat won, checked against the pay lines
    summary_pays: bool = False  # where no pay line paid, the summary's amounts are the payouts
    summary_nets: bool = False  # the summary states each seat's net (unprinted: 0)
    pay_lines: str = "pay lines"  # how the contradictions name the pay lines
    pots_add_up: str | None = None  # note when the printed pots do not add up ({pots}, {total})
    notes_unbalanced: bool = True  # note a hand that does not add up (False: the dialect's hooks say what they found)
    requires: tuple[Require, ...] = ()
    requires_payout: tuple[QuarantineReason, str] | None = None
    first_action_seq: int = 0
    before_returns: tuple[Hook, ...] = ()
    checks: tuple[Hook, ...] = ()
    wording: Wording = Wording()


# --- the hand being read ------------------------------------------------------------------

class Line(NamedTuple):
    """One line of a hand: its ``number`` (from 1), ``text`` as matched (stripped as the
    dialect says) and ``verbatim`` (only trailing space dropped, unless the dialect
    ``quotes_trailing_space``), which pay records quote. (A named tuple: a hand makes one
    per line, and a tuple is made in C, a frozen dataclass through ``__setattr__``.)"""

    number: int
    text: str
    verbatim: str


def _names_by_first_char(names: list[str]) -> dict[str, list[str]] | None:
    """``names`` (longest first) grouped by first character, in the same order: only those
    can start a text with that character. None when a name is empty (it starts every text).

    >>> _names_by_first_char(["Bob Smith", "Ann", "Bob"])
    {'B': ['Bob Smith', 'Bob'], 'A': ['Ann']}
    """
    by_char: dict[str, list[str]] = {}
    for name in names:
        if not name:
            return None
        by_char.setdefault(name[0], []).append(name)
    return by_char


class Hand:
    """One hand as its lines are read: the record, seats, bets, cards and summary statements.

    Effects and hooks use its methods; ``record`` is the ``ParsedHand`` being built,
    ``line`` the line being read and ``player`` the seat it starts with (player lines).
    """

    def __init__(self, dialect: Dialect, hand_text: str):
        self.dialect = dialect
        self.text = hand_text  # as given: for a hook that quotes it as the platform's old reader cut it
        raws = hand_text_lines(hand_text)
        stripped = [raw.rstrip() for raw in raws]
        texts = [raw.strip() for raw in raws] if dialect.strip_lines else stripped
        lines = list(map(Line, range(1, len(raws) + 1), texts, raws if dialect.quotes_trailing_space else stripped))
        preamble = dialect.preamble
        while lines and (not lines[0].text or (preamble is not None and preamble.match(lines[0].text))):
            lines.pop(0)
        self.lines = lines
        self.hand_id: str | None = None
        self.scale = 100
        self.record: ParsedHand = None  # type: ignore[assignment]  # set by ``read`` from the header
        self.family = "board"
        self.opening = Street.PREFLOP  # the first betting round (five-card stud: second street)
        self.stud_down = 2  # cards dealt face down on the first stud street
        self.line: Line | None = None
        self.player: SeatRecord | None = None
        self.seats: dict[int, SeatRecord] = {}
        self.by_name: dict[str, SeatRecord] = {}
        self._names: list[str] | None = None
        self._names_by_char: dict[str, list[str]] | None = None  # the same names by their first character
        self.tracker = BetTracker()
        self.street = Street.PREDEAL
        self.board: list[str] = []
        self.run_boards: dict[int, list[str]] = {}
        self.dealt: dict[int, list[str | None]] = {}
        self.shown: dict[int, list[str | None]] = {}
        self.revealed: dict[int, list[str | None]] = {}
        self.pots: list[int] = []
        self.summary_paid: list[PayoutRecord] = []
        self.nets: dict[int, int] = {}
        self.closing: dict[int, int] = {}
        self.in_summary = False
        self.summary_run: int | None = None
        self.previous: str | None = None  # the kind of the line before this one
        self.seen: set[str] = set()  # every kind consumed so far
        self.unrecorded = 0  # action numbers taken by lines that record no action
        self.continuation: re.Pattern[str] | None = None  # what the next line may be, wrapped
        self.facts: dict[str, Any] = {}  # state of the dialect's own hooks
        # how this hand's amounts are written: the dialect's, unless its header hook finds
        # the hand's own (Cake's clients write the decimal mark either way)
        self.convention: NumberConvention = dialect.money

    # --- errors, amounts, cards ---------------------------------------------------------
    def fail(self, reason: QuarantineReason, message: str) -> HandParseError:
        """The error that quarantines this hand (raise it), worded as the dialect says."""
        if self.hand_id:
            message = self.dialect.wording.hand.format(hand_id=self.hand_id, message=message)
        return HandParseError(reason, message, self.hand_id)

    def line_fields(self, text: str | None = None) -> dict[str, Any]:
        """The fields a :class:`Wording` template may name about the line being read
        (``text``: another text standing for it, as a header hook may pass)."""
        line = self.line
        return {"where": "summary line" if self.in_summary else "line", "number": line.number if line else 0,
                "text": text if text is not None else line.text if line else "",
                "verbatim": text if text is not None else line.verbatim if line else ""}

    def unexpected(self) -> HandParseError:
        wording = self.dialect.wording.unexpected
        message = wording(self) if callable(wording) else wording.format(**self.line_fields())
        return self.fail(QuarantineReason.PARSE_ERROR, message)

    def money(self, text: str, line: str | None = None) -> int:
        """A printed amount in minor units; a bad one quarantines the hand, naming the line."""
        if self.dialect.amount_text is not None:
            text = self.dialect.amount_text(text)
        try:
            return self.convention.to_minor(text, self.scale)
        except AmountError as exc:
            message = self.dialect.wording.bad_amount.format(error=exc, hand_id=self.hand_id, **self.line_fields(line))
            raise self.fail(QuarantineReason.BAD_AMOUNT, message) from None

    def card_groups(self, text: str) -> list[list[str | None]]:
        """The cards of each bracket in ``text`` (the whole text when it has none); any
        other text beside the brackets makes the line one the dialect does not know."""
        parts = [text]
        if "[" in text:
            parts = _BRACKETS.findall(text)
            if _BRACKETS.sub("", text).strip(" ,"):
                raise self.unexpected()
        try:
            return [self.dialect.cards(part) for part in parts]
        except HandParseError as exc:
            raise self.fail(exc.reason, exc.message) from None

    def cards(self, text: str) -> list[str | None]:
        return [c for group in self.card_groups(text) for c in group]

    # --- the record and the seats --------------------------------------------------------
    def new_record(self, **fields: Any) -> ParsedHand:
        """The hand's ``ParsedHand``, for the header hook: the id, platform, format, scale
        and the rake rule are filled in here."""
        d = self.dialect
        record = ParsedHand(hand_id=self.hand_id or "", platform=d.platform, format=d.format,
                            amount_scale=self.scale, **fields)
        if not d.rake.printed:
            record.rake, record.rake_source = None, RakeSource.ABSENT
            record.notes.insert(0, d.rake.absent_note)
        return record

    def header_line(self, prefix: str, first: int = 1, last: int = 6) -> Line | None:
        """The first of the hand's lines ``first`` to ``last`` (0: the first line) that
        starts with ``prefix``."""
        return next((line for line in self.lines[first:last] if line.text.startswith(prefix)), None)

    def add_seat(self, seat: SeatRecord) -> SeatRecord:
        """Seat a player. Two players in one seat, or one name in two seats, make the hand
        inconsistent (whose lines would be whose?); a seat line printed twice is read once."""
        same_seat, same_name = self.seats.get(seat.seat), self.by_name.get(seat.player)
        if same_seat is not same_name:
            raise self.fail(QuarantineReason.INCONSISTENT,
                            f"seat {seat.seat} ({seat.player}) is seated twice, line {self.line.number}: {self.line.text!r}")
        self.seats[seat.seat] = seat
        self.by_name[seat.player] = seat
        self._names = None
        return seat

    def split_name(self, text: str, follows: re.Pattern[str] | None = None) -> tuple[SeatRecord, str] | None:
        """``(seat, text after the name)`` when ``text`` starts with a seated name followed
        by what ``follows`` allows (by default the dialect's ``name_follows``)."""
        if self._names is None:
            self._names = sorted(self.by_name, key=len, reverse=True)
            self._names_by_char = _names_by_first_char(self._names)
        follows = follows or self.dialect.name_follows
        for name in self._names_by_char.get(text[:1], ()) if self._names_by_char is not None else self._names:
            if text.startswith(name) and follows.match(text, len(name)):
                return self.by_name[name], text[len(name):]
        return None

    def seat_named(self, name: str, what: str) -> SeatRecord:
        seat = self.by_name.get(name)
        if seat is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"{what}, line {self.line.number}: {self.line.text!r}")
        return seat

    # --- actions ------------------------------------------------------------------------
    def add_action(self, street: Street, seat: int | None, kind: ActionKind, amount: int | None = None,
                   all_in: bool = False, changed: int | None = None) -> ActionRecord:
        actions = self.record.actions
        seq = self.dialect.first_action_seq + len(actions) + self.unrecorded
        record = ActionRecord(seq, street, seat, kind, amount, all_in, changed)
        actions.append(record)
        return record

    def number_unrecorded(self) -> None:
        """The line takes an action number but records no action: a platform that numbers
        every player line (PokerStars' ``doesn't show hand``) leaves that number unused."""
        self.unrecorded += 1

    def act(self, verb: Act, m: re.Match[str], seat: SeatRecord | None = None) -> None:
        """Record a verb of the current player (see :class:`Act`), or of ``seat``: a line
        that names its seat after what it does (``Small Blind:  NAME  (0.25)``)."""
        seat = self.player if seat is None else seat
        g = m.groupdict()
        text = group(m, "amt")
        amount = self.money(text) if text else None
        all_in = bool(g.get("allin"))
        kind = verb.kind
        later = verb.later is not None and any(a.kind == kind for a in self.record.actions)
        if later:
            kind = verb.later  # type: ignore[assignment]
        if all_in:
            seat.all_in = True
        opens = self.dialect.first_action_opens and not verb.forced and kind in _OPENS_BETTING
        if opens and self.street == Street.PREDEAL:
            self.street = self.opening
        if kind in _DRAW_ACTIONS:
            self.draw_line()
        on = Street.PREDEAL if verb.forced else self.street
        if verb.money is Money.BLINDS:
            self.both_blinds(seat, amount, on)
            return
        added = self.bet(seat, verb.money, amount, dead_blind=kind == ActionKind.POST_DEAD)
        if verb.sets and not later and not getattr(self.record, verb.sets):
            setattr(self.record, verb.sets, amount)
        if kind == ActionKind.FOLD:
            seat.folded_street = self.street
        elif kind in (ActionKind.SHOW, ActionKind.MUCK):
            if kind == ActionKind.SHOW:
                seat.showed = True
            else:
                seat.mucked = True
            if g.get("cards") is not None:
                self.shown[seat.seat] = self.cards(m["cards"])
        changed = 0 if kind == ActionKind.STAND_PAT else int(m["changed"]) if g.get("changed") else None
        self.add_action(on, seat.seat, kind, added, all_in, changed)

    def bet(self, seat: SeatRecord, money: Money, amount: int | None, *, dead_blind: bool = False) -> int | None:
        """Move ``amount`` as ``money`` says; returns what the seat added."""
        if money is Money.ADDS:
            self.tracker.add(seat.seat, amount)
        elif money is Money.DEAD:
            self.tracker.dead(seat.seat, amount, blind=dead_blind)
        elif money is Money.TO:
            try:
                return self.tracker.raise_to(seat.seat, amount)
            except HandParseError as exc:
                raise self.fail(exc.reason, f"{exc.message}, line {self.line.number}: {self.line.text!r}") from None
        return amount

    def both_blinds(self, seat: SeatRecord, amount: int, on: Street) -> None:
        """Small and big blind posted at once: the big blind's worth is live, the rest dead."""
        live = min(amount, self.record.big_blind or amount)
        self.tracker.add(seat.seat, live)
        self.add_action(on, seat.seat, ActionKind.POST_BLIND, live)
        if amount > live:
            self.tracker.dead(seat.seat, amount - live, blind=True)
            self.add_action(on, seat.seat, ActionKind.POST_DEAD, amount - live)

    def draw_line(self) -> None:
        """A draw is only dealt in a draw game; one on ``predraw`` opens the first draw
        (some files print no line for it)."""
        if self.family != "draw":
            raise self.fail(QuarantineReason.INCONSISTENT, f"a draw in a {self.record.game} hand: {self.line.text!r}")
        if self.street == Street.PREDRAW:
            self.street = Street.DRAW1
            self.tracker.new_street()

    def return_bet(self, seat: SeatRecord, amount: int, *, paid: bool) -> None:
        """A printed uncalled-bet return (``paid``: also listed among the payouts)."""
        self.tracker.returned(seat.seat, amount)
        self.add_action(self.street, seat.seat, ActionKind.UNCALLED_RETURN, amount)
        if paid:
            self.pay(seat, amount, pot=None, half=Half.WHOLE, source=PayoutSource.UNCALLED)

    def return_unmatched(self) -> None:
        """Return the largest contribution's part nobody matched (the platform prints no return)."""
        inside = self.dialect.unmatched_in_pay_line
        returned = self.tracker.unmatched(lone=inside is not None and len(self.seats) > 1)
        if not returned:
            return
        seat, amount = returned
        note = unprinted_uncalled_note(seat, amount)
        if inside is not None:
            if inside.not_after_printed and any(a.seat == seat and a.kind == ActionKind.UNCALLED_RETURN
                                                for a in self.record.actions):
                return
            line = self.split_off_pay_line(seat, amount, keep_empty=inside.keep_empty)
            if line is None:
                return
            note = inside.note.format(seat=seat, amount=amount, line=line)
        self.tracker.returned(seat, amount)
        self.add_action(self.street, seat, ActionKind.UNCALLED_RETURN, amount)
        self.record.notes.append(note)

    def split_off_pay_line(self, seat: int, amount: int, *, keep_empty: bool = False) -> str | None:
        """Take ``amount`` out of the first pot payout of ``seat`` that holds it, as an
        uncalled payout of the same line placed before it (a line left paying nothing is
        dropped); the line, or None when no payout holds it."""
        payouts = self.record.payouts
        index = next((i for i, p in enumerate(payouts)
                      if p.seat == seat and p.source == PayoutSource.POT and p.amount >= amount), None)
        if index is None:
            return None
        paid = payouts[index]
        paid.amount -= amount
        if not paid.amount and not keep_empty:
            del payouts[index]
        payouts.insert(index, PayoutRecord(seat, amount, None, None, Half.WHOLE, PayoutSource.UNCALLED, paid.line))
        return paid.line

    # --- streets and cards --------------------------------------------------------------
    def enter_street(self, name: str, cards_text: str | None, run: int | None) -> None:
        target = self.dialect.streets.target(self.family, name)
        if target is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown section line {self.line.number}: {self.line.text!r}")
        opening = self.opening
        street = opening if target == OPEN else target
        if street not in (opening, Street.SHOWDOWN):
            self.tracker.new_street()
        self.street = street  # type: ignore[assignment]
        if cards_text and cards_text.strip() and self.family != "stud":
            new = self.cards(cards_text)
            if any(c is None for c in new):
                raise self.fail(QuarantineReason.BAD_CARDS, f"face-down card on the board: {self.line.text!r}")
            if run is None:
                self.board = self.next_board(self.board, new)  # type: ignore[arg-type]
            else:
                self.run_boards[run] = self.next_board(self.run_boards.get(run, list(self.board)), new)  # type: ignore[arg-type]

    def next_board(self, board: list[str], new: list[str]) -> list[str]:
        """The board after a street line's cards (which may repeat the board first)."""
        if self.dialect.board_repeats and new[: len(board)] == board:
            return list(new)
        return board + new

    def deal(self, seat: SeatRecord, text: str) -> None:
        """Cards dealt to ``seat`` as a line prints them (stud: by street, face up or down)."""
        groups = self.card_groups(text)
        if self.family == "stud":
            self.deal_stud(seat, groups)
        else:
            self.dealt[seat.seat] = [c for g in groups for c in g]

    def deal_stud(self, seat: SeatRecord, groups: list[list[str | None]]) -> None:
        """3rd street deals ``[down down up]`` (or ``[down down] [up]``, or only ``[up]``
        to others; five-card stud's 2nd street one down and one up); later streets print ``[cards so far] [new]`` or ``[new]``; the 7th
        card is dealt face down."""
        held = self.dealt.setdefault(seat.seat, [])
        if not groups:
            return
        new = groups[-1]
        down = self.stud_down
        if self.street in (Street.PREDEAL, self.opening):
            if len(groups) == 2 and len(groups[0]) == down:
                held[:] = groups[0] + new
            elif len(new) == 1:
                held[:] = [None] * down + new
            else:
                held[:] = [c for g in groups for c in g]
            if held[down : down + 1] and held[down] is not None:
                seat.upcards = [held[down]]
            return
        earlier = [c for g in groups[:-1] for c in g]
        if len(earlier) == len(held) and all(h is None or h == e for h, e in zip(held, earlier)):
            held[:] = earlier
        held.extend(new)
        if self.street != Street.SEVENTH:
            seat.upcards.extend(c for c in new if c is not None)

    def reveal(self, seat: SeatRecord, text: str, *, showed: bool = False) -> None:
        """Cards a summary says ``seat`` held (``showed``: it showed them)."""
        self.revealed[seat.seat] = self.cards(text)
        if showed:
            seat.showed = True

    # --- payouts and summary statements -------------------------------------------------
    def half(self, label: str | None, *, labelled: bool | None = None) -> Half:
        """The half a pay line pays: ``high``/``low`` as printed; unlabelled, the whole pot,
        unless the game's pot can be split and the platform does not label its halves."""
        if label:
            return Half.HIGH if label.lower() == "high" else Half.LOW
        labels = self.dialect.labels_halves if labelled is None else labelled
        return Half.UNLABELLED if not labels and game_spec(self.record.game).split else Half.WHOLE

    def pay(self, seat: SeatRecord, amount: int, *, pot: int | None = 0, run: int | None = None,
            half: Half | None = None, source: PayoutSource = PayoutSource.POT, line: str | None = None) -> PayoutRecord:
        record = PayoutRecord(seat.seat, amount, pot, run, half or self.half(None), source,
                              self.line.verbatim if line is None else line)
        self.record.payouts.append(record)
        return record

    def pay_terms(self, m: re.Match[str]) -> tuple[int, int | None, int | None, Half]:
        """``(amount, pot, run, half)`` of a pay line's match (see the group names)."""
        g = m.groupdict()
        side = group(m, "side")
        run = int(g["run"]) if g.get("run") else None
        if side is not None:
            pot: int | None = int(side)
        elif g.get("sidepot"):
            pot = 1
        elif g.get("main"):
            pot = 0
        else:
            pot = None if run is not None else 0
        return self.money(group(m, "amt")), pot, run, self.half(g.get("hl"))

    def summary_won(self, seat: SeatRecord, amount: int, line: str, *, pot: int | None = None,
                    run: int | None = None, half: Half | None = None) -> None:
        """What the summary says ``seat`` won (checked against the pay lines at the end)."""
        self.summary_paid.append(PayoutRecord(seat.seat, amount, pot, run, half or self.half(None),
                                              PayoutSource.POT, line))

    # --- reading ------------------------------------------------------------------------
    def read(self) -> ParsedHand:
        d = self.dialect
        if not self.lines:
            raise self.fail(QuarantineReason.TRUNCATED, "empty hand text")
        self.line = self.lines[0]
        m = d.first.match("\n".join(line.text for line in self.lines[: d.header_lines]))
        if not m:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"{d.not_first}: {self.lines[0].text[:120]!r}")
        self.hand_id = m["id"]
        if d.complete is not None and not any(d.complete.match(line.text) for line in self.lines):
            raise self.fail(QuarantineReason.TRUNCATED, d.truncated)
        self.record = d.header(self, m)
        self.scale = self.record.amount_scale
        spec = game_spec(self.record.game)
        self.family = "stud" if spec.stud else "draw" if spec.draw else "board"
        # five-card stud opens on 2nd street with one card down; seven-card stud on 3rd with two
        five_card_stud = spec.stud and spec.hole_cards == 5
        self.opening = Street.SECOND if five_card_stud else _OPENING[self.family]
        self.stud_down = 1 if five_card_stud else 2
        body = self.lines[d.header_lines:]
        seat_lines = self.read_seats(body)
        for line in body:
            if line.number in seat_lines:
                self.previous = "seat"
            else:
                self.read_line(line)
        self.line = None
        return self.finish()

    def read_seats(self, body: list[Line]) -> set[int]:
        """Read the seat lines (up to ``seats_end``, else the first run of them)."""
        d = self.dialect
        numbers: set[int] = set()
        for line in body:
            if not line.text:  # a copy saved with every line doubled still lists its seats in one run
                continue
            if d.seats_end is not None and d.seats_end.match(line.text):
                break
            self.line = line
            m = d.seat.pattern.match(line.text)
            if m:
                d.seat.effect(self, m)
                numbers.add(line.number)
            elif d.seats_end is None and numbers:
                break
        if not self.seats and d.seatless is not None:
            raise self.fail(d.seatless, "no seat lines in the hand")
        return numbers

    def read_line(self, line: Line) -> None:
        self.line = line
        wrapped, self.continuation = self.continuation, None
        if wrapped is not None and wrapped.match(line.text):
            self.previous = "continuation"
            return
        if not line.text:
            self.previous = None
            return
        d = self.dialect
        hit = self.split_name(line.text) if d.players_first and not self.in_summary else None
        if hit is not None:
            taken = self.read_player(*hit)
        else:
            taken = self.take(d.summary if self.in_summary else d.body, line.text)
        if taken is None and not self.in_summary and hit is None:
            hit = None if d.players_first else self.split_name(line.text)
            if hit is not None:
                taken = self.read_player(*hit)
            else:
                taken = self.take(d.unseated, line.text)
        if taken is None:
            raise self.unexpected()
        self.previous = taken

    def take(self, kinds: tuple[LineKind, ...], text: str) -> str | None:
        """The name of the first kind that takes ``text`` (running its effect), or None."""
        table = _DISPATCH.get(id(kinds))
        if table is None or table.every is not kinds:
            table = _dispatch(kinds)
        for k in table.by_char.get(text[0], table.anything) if text else kinds:
            if (k.once and k.name in self.seen) or (k.on is not None and self.street not in k.on):
                continue
            m = k.pattern.match(text)
            if m and k.effect(self, m) is not False:
                self.seen.add(k.name)
                return k.name
        return None

    def read_player(self, seat: SeatRecord, tail: str) -> str | None:
        d = self.dialect
        after = d.after_name.match(tail)
        rest = tail[after.end():] if after else tail
        self.player = seat
        try:
            taken = self.take(d.players, rest)
        finally:
            self.player = None
        if taken is None and ((d.quiet and d.quiet.match(rest)) or (d.chat and d.chat.match(tail))):
            taken = "quiet"
        return taken

    # --- the end of the hand ------------------------------------------------------------
    def finish(self) -> ParsedHand:
        d, record = self.dialect, self.record
        if d.requires_payout and not record.payouts:
            raise self.fail(*d.requires_payout)
        for need in d.requires:
            if need.kind not in self.seen:
                raise self.fail(need.reason, need.message)
        for hook in d.before_returns:
            hook(self)
        if d.all_in_when_stack_spent:
            for seat in self.seats.values():
                if seat.stack is not None and self.tracker.contributed(seat.seat) >= seat.stack > 0:
                    seat.all_in = True
        if d.returns_unmatched:
            self.return_unmatched()
        for number, seat in self.seats.items():
            seat.contributed = self.tracker.contributed(number)
            seat.cards = list(self.revealed.get(number) or self.shown.get(number) or self.dealt.get(number) or [])
        if self.run_boards:
            record.boards = [self.run_boards[r] for r in sorted(self.run_boards)]
        elif self.board:
            record.boards = [self.board]
        if self.pots:
            record.pots_printed = list(self.pots)
        record.seats = [self.seats[s] for s in sorted(self.seats)]
        self.check_summary()
        for hook in d.checks:
            hook(self)
        self.check_totals()
        return record

    def check_summary(self) -> None:
        """The summary's statements against the pay lines and the bets."""
        d, record = self.dialect, self.record
        if d.summary_won and self.in_summary:
            if d.summary_pays and not any(p.source == PayoutSource.POT for p in record.payouts):
                single_pot = len(record.pots_printed or ()) <= 1
                for paid in self.summary_paid:
                    if paid.pot is None and paid.run is None and single_pot:
                        paid.pot = 0
                record.payouts.extend(self.summary_paid)
                if self.summary_paid:
                    record.notes.append("no pay line in the action section: payouts taken from the summary")
            else:
                stated: dict[int, int] = {}
                for p in self.summary_paid:
                    stated[p.seat] = stated.get(p.seat, 0) + p.amount
                record.contradicts_summary(stated, d.pay_lines)
        paid = record.pot_paid_by_seat()
        for seat in record.seats:
            won = paid.get(seat.seat, 0)
            if d.summary_nets and won - seat.contributed != self.nets.get(seat.seat, 0):
                record.notes.append(f"seat {seat.seat}: summary net {self.nets.get(seat.seat, 0)} but the lines give "
                                    f"{won - seat.contributed} (won {won}, put in {seat.contributed})")
            if seat.seat in self.closing and seat.stack is not None:
                expected = seat.stack - seat.contributed + won
                if self.closing[seat.seat] != expected:
                    record.notes.append(f"seat {seat.seat}: closing stack {self.closing[seat.seat]} "
                                        f"but the lines give {expected}")

    def check_totals(self) -> None:
        """Printed pots and totals against what was put in; the rake rule; conservation."""
        d, record = self.dialect, self.record
        inferred = d.rake.inferred is not None and record.rake is None
        if inferred:
            self.infer_rake()
        if d.pots_add_up and record.pots_printed and sum(record.pots_printed) != record.pot_total:
            record.notes.append(d.pots_add_up.format(pots=record.pots_printed, total=record.pot_total))
        if (d.wording.total_pot is not None and record.total_pot_printed is not None
                and record.total_pot_printed != record.pot_total):
            record.notes.append(d.wording.total_pot.format(printed=record.total_pot_printed, total=record.pot_total))
        missing = d.rake.printed and record.rake is None and not inferred
        if missing:
            record.rake = d.rake.missing
            if d.rake.missing_note:
                record.notes.append(d.rake.missing_note)
        if missing and record.rake is None:
            return  # nothing to reconcile against
        if d.notes_unbalanced and not record.reconciles():
            put_in, paid = record.pot_total, record.paid_from_pots()
            unbalanced = d.wording.unbalanced
            if unbalanced is not None:
                if callable(unbalanced):
                    record.notes.append(unbalanced(self))
                elif unbalanced:
                    rake = record.rake or 0
                    record.notes.append(unbalanced.format(
                        put_in=put_in, paid=paid, rake=record.rake, fees=record.fees, paid_and_rake=paid + rake,
                        unaccounted=put_in - paid - rake))
                return
            said = f"history does not add up: put in {put_in}, paid {paid}"
            record.notes.append(f"{said} (more than was put in)" if record.rake is None else f"{said}, rake {record.rake}")

    def infer_rake(self) -> None:
        """No rake line came: the rake is what was put in less what the pots paid (see :class:`Rake`)."""
        rake = self.dialect.rake
        infer_rake(self.record, self.record.notes, inferred=str(rake.inferred), overpaid=rake.overpaid,
                   tournament=rake.tournament)


def group(m: re.Match[str], name: str) -> str | None:
    """The group ``name`` of ``m``, or the first of its alternative spellings
    (``name_2``, ``name_3``, ...) that matched.

    >>> group(re.match(r"(?P<amt>x)?(?P<amt_2>y)", "y"), "amt"), group(re.match(r"(?P<amt>x)", "x"), "side")
    ('y', None)
    """
    spellings = _spellings(m.re, name)
    if len(spellings) == 1:  # the common case: one group of that name
        return m.group(spellings[0])
    for key in spellings:
        value = m.group(key)
        if value is not None:
            return value
    return None


def spells(m: re.Match[str], name: str) -> bool:
    """Whether the pattern of ``m`` has a group ``name`` (or an alternative spelling of it).

    >>> spells(re.match(r"(?P<amt_2>y)", "y"), "amt"), spells(re.match(r"(?P<amt>x)", "x"), "side")
    (True, False)
    """
    return bool(_spellings(m.re, name))


_SPELLINGS: dict[tuple[re.Pattern[str], str], tuple[str, ...]] = {}


def _spellings(pattern: re.Pattern[str], name: str) -> tuple[str, ...]:
    """The groups of ``pattern`` spelling ``name`` (``name``, ``name_2``, ...), in the pattern's order."""
    known = _SPELLINGS.get((pattern, name))
    if known is None:
        if len(_SPELLINGS) > 4096:  # patterns made on the fly: keep the cache bounded
            _SPELLINGS.clear()
        known = _SPELLINGS[(pattern, name)] = tuple(
            key for key in pattern.groupindex
            if key == name or (key.startswith(name + "_") and key[len(name) + 1:].isdigit()))
    return known


# --- the standard effects -----------------------------------------------------------------

def starred_section(label: str) -> str:
    """A pattern for ``*** LABEL ***`` in any case (what follows the stars is the kind's to read).

    >>> bool(re.match(starred_section("HOLE CARDS"), "*** Hole Cards ***"))
    True
    """
    return rf"(?i)^\*\*\* \s*{label}\s* \*\*\*"


def unknown_street_line(hand: Hand, m: re.Match[str]) -> None:
    """A street line no kind knows fails the hand, quoting it as printed."""
    line = hand.line
    raise hand.fail(QuarantineReason.PARSE_ERROR,
                    f"unknown street line {line and line.number}: {line and line.verbatim!r}")


def skip(hand: Hand, m: re.Match[str]) -> None:
    """A line known to carry no money and no cards (or read by the header already)."""


def take_seat(hand: Hand, m: re.Match[str]) -> None:
    """A seat line: groups ``seat``, ``name``, ``stack``; ``out`` when it sits out."""
    seat = SeatRecord(seat=int(m["seat"]), player=m["name"], stack=hand.money(m["stack"]))
    if m.groupdict().get("out"):
        seat.dealt_in = False
    hand.add_seat(seat)


def button(hand: Hand, m: re.Match[str]) -> None:
    """The button's seat: group ``seat``."""
    hand.record.button_seat = int(m["seat"])


def street(hand: Hand, m: re.Match[str]) -> None:
    """A street line: groups ``street`` (looked up in the dialect's ``streets``), ``cards``
    (board cards), ``run`` (the run of a board dealt twice)."""
    g = m.groupdict()
    hand.enter_street(m["street"], g.get("cards"), int(g["run"]) if g.get("run") else None)


def dealt(hand: Hand, m: re.Match[str]) -> None:
    """Cards dealt to a seat: ``name`` and ``cards``, or ``who`` (a seated name, then the
    cards in brackets)."""
    g = m.groupdict()
    if g.get("name") is not None:
        seat, text = hand.by_name.get(m["name"]), m["cards"]
    else:
        hit = hand.split_name(m["who"], _BEFORE_CARDS)
        seat, text = (hit[0], hit[1]) if hit else (None, "")
    if seat is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR,
                        f"cards dealt to an unseated player, line {hand.line.number}: {hand.line.text!r}")
    hand.deal(seat, text)


def dealt_after_name(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [Ac 7c]`` where ``who`` is a seated name and then the cards in
    brackets, whatever stands between (dialects whose names may hold spaces and brackets);
    a line that names no seat or gives no cards fails the hand."""
    line, hit = hand.line, hand.split_name(m["who"])
    cards = _BRACKETS.search(hit[1]) if hit else None
    if line is None or hit is None or not cards:
        raise hand.fail(QuarantineReason.PARSE_ERROR,
                        f"cards dealt to no seat, line {line and line.number}: {line and line.verbatim!r}")
    hand.dealt[hit[0].seat] = hand.cards(cards[1])


def summary_board(hand: Hand, m: re.Match[str]) -> None:
    """A summary line ``Board [2h 6d Ks]``: its cards in brackets are the board (for
    dialects whose street lines may not deal all of it); a line without brackets says nothing."""
    if hand.line is not None and (found := _BRACKETS.search(hand.line.text)):
        hand.board = [c for c in hand.cards(found[1]) if c is not None]


def adds_unnamed(hand: Hand, m: re.Match[str]) -> None:
    """The current player adds ``amt`` by a verb the line does not name (``All-in $190``):
    a call when it tops no bet of the street, else a bet (nobody had bet) or a raise."""
    before = hand.tracker.max_street_bet()
    after = hand.tracker.street_bet(hand.player.seat) + hand.money(m["amt"])
    hand.act(CALL if after <= before else RAISE_BY if before else BET, m)


def cash_out(hand: Hand, m: re.Match[str]) -> None:
    """The current player takes the house's all-in cash-out (``Chooses to EV Cashout``):
    recorded as such, its pot payouts stay as printed."""
    hand.player.cashed_out = True
    hand.add_action(hand.street, hand.player.seat, ActionKind.CASH_OUT)


def seated(hand: Hand, name: str, message: str = "{name!r} is not seated: {line!r}",
           reason: QuarantineReason = QuarantineReason.INCONSISTENT) -> SeatRecord:
    """The seat of a name a line gives, which must be seated: a post, deal or pay line of
    nobody seated means the hand does not hold together (``inconsistent``, quoting the line).
    ``message`` (of ``{name}``, the line's ``{line}`` text and ``{number}``) and ``reason``:
    how a dialect words it."""
    seat = hand.by_name.get(name)
    if seat is None:
        line = hand.line
        raise hand.fail(reason, message.format(name=name, line=line and line.text, number=line and line.number))
    return seat


def must_be_seated(hand: Hand, m: re.Match[str]) -> None:
    """A line that carries nothing else but whose ``name`` must be seated (:func:`seated`)."""
    seated(hand, m["name"])


def returned_where_last_bet(hand: Hand, m: re.Match[str]) -> None:
    """A return printed for the current player (``amt``), recorded on the street the seat
    last bet (``hand.facts['last bet']``, which the dialect's betting hooks keep) rather
    than the street the line is printed on, and paid back as ``uncalled``."""
    seat, amount = hand.player, hand.money(m["amt"])
    hand.tracker.returned(seat.seat, amount)
    hand.add_action(hand.facts.get("last bet", {}).get(seat.seat, hand.street), seat.seat, ActionKind.UNCALLED_RETURN,
                    amount)
    hand.pay(seat, amount, pot=None, half=Half.WHOLE, source=PayoutSource.UNCALLED)


def dealt_to_seated(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [cards]`` where ``name`` must be seated (:func:`seated`): the cards
    are the seat's dealt cards."""
    hand.dealt[seated(hand, m["name"]).seat] = hand.cards(m["cards"])


def shows_at_showdown(hand: Hand, m: re.Match[str]) -> None:
    """The current player's ``verb`` (``shows``, else a muck) with its ``cards`` if
    printed, recorded on the showdown whatever street the line is printed on (dialects
    whose show lines stand after the last betting street, or in the summary)."""
    seat = hand.player
    if m["cards"]:
        hand.dealt[seat.seat] = hand.cards(m["cards"])
    shows = m["verb"] == "shows"
    seat.showed, seat.mucked = seat.showed or shows, seat.mucked or not shows
    hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.SHOW if shows else ActionKind.MUCK)


def fold_once(hand: Hand, m: re.Match[str]) -> None:
    """A seat folds once: a second fold line leaves the street it folded on."""
    folded = hand.player.folded_street
    FOLD(hand, m)
    if folded is not None:
        hand.player.folded_street = folded


def pays(hand: Hand, m: re.Match[str]) -> PayoutRecord:
    """A pay line of the current player: groups ``amt``, ``main``/``side``/``sidepot``,
    ``run``, ``hl``."""
    amount, pot, run, half = hand.pay_terms(m)
    return hand.pay(hand.player, amount, pot=pot, run=run, half=half)


def pot_won_by(hand: Hand, m: re.Match[str]) -> None:
    """``Main pot: $520 won by A ($259.50), B ($259.50)``: groups ``amt`` (the pot, printed),
    ``side`` (its number; none: the main pot) and ``winners`` (``NAME (amount)``, each one
    share; ``NAME (125 High)``: the share is that half, as later OnGame tournament files print it)."""
    pot = int(m["side"]) if m["side"] else 0
    hand.pots.append(hand.money(m["amt"]))
    rest = m["winners"]
    while rest:
        hit = next((name for name in sorted(hand.by_name, key=len, reverse=True) if rest.startswith(name + " (")), None)
        if hit is None:
            raise hand.fail(QuarantineReason.PARSE_ERROR, f"winner is not a seated player in {hand.line.text!r}")
        close = rest.find(")", len(hit))
        if close < 0:
            raise hand.fail(QuarantineReason.PARSE_ERROR, f"cannot read winners in {hand.line.text!r}")
        amount, _, label = rest[len(hit) + 2:close].partition(" ")
        if label and label not in ("High", "Low"):
            raise hand.fail(QuarantineReason.PARSE_ERROR, f"cannot read winners in {m.group(0)!r}")
        hand.pay(hand.by_name[hit], hand.money(amount), pot=pot, half=hand.half(label) if label else None)
        rest = rest[close + 1:]
        if rest.startswith(", "):
            rest = rest[2:]
        elif rest.strip():
            raise hand.fail(QuarantineReason.PARSE_ERROR, f"cannot read winners in {hand.line.text!r}")
        else:
            rest = ""


def rake(hand: Hand, m: re.Match[str]) -> None:
    """A rake line: group ``amt`` (several lines add up)."""
    hand.record.rake = (hand.record.rake or 0) + hand.money(m["amt"])


def enter_summary(hand: Hand, m: re.Match[str]) -> None:
    """The summary starts (``run``: the summary of one run of a board dealt twice)."""
    hand.in_summary = True
    run = m.groupdict().get("run")
    hand.summary_run = int(run) if run else None


@dataclass(frozen=True)
class Returned:
    """A printed uncalled-bet return: groups ``name`` (or, on a player line, the line's
    player) and ``amt``. ``paid``: the platform's return is also listed among the payouts
    (source ``uncalled``)."""

    paid: bool = False

    def __call__(self, hand: Hand, m: re.Match[str]) -> None:
        if "name" not in m.groupdict() and hand.player is not None:
            seat = hand.player
        else:
            seat = hand.seat_named(m["name"], "uncalled bet returned to an unseated player")
        hand.return_bet(seat, hand.money(m["amt"]), paid=self.paid)


@dataclass(frozen=True)
class Note:
    """A line that moves no pot money but that an auditor should know of: ``message``
    (``{line!r}`` is the line) goes to the hand's notes."""

    message: str

    def __call__(self, hand: Hand, m: re.Match[str]) -> None:
        hand.record.notes.append(self.message.format(line=hand.line.text))


@dataclass(frozen=True)
class Unexpected:
    """A :class:`Wording` ``unexpected`` that says what kind of line a line no kind took
    looks like: in the summary, starting with a seated name (an action), holding one of the
    dialect's ``money_words`` (a money line), or none of these (the wording of the readers
    partypoker, GGPoker and Winamax had before the engine)."""

    money_words: re.Pattern[str]

    def __call__(self, hand: Hand) -> str:
        line = hand.line
        assert line is not None  # a line no kind took is being read
        what = ("summary line" if hand.in_summary else "action" if hand.split_name(line.text)
                else "money line" if self.money_words.search(line.text) else "line")
        return f"line {line.number} {line.text!r}: unexpected {what}"


# --- the standard checks ------------------------------------------------------------------

def idle_seats_sat_out(hand: Hand) -> None:
    """A listed seat that never acted, put nothing in and was dealt no cards sat the hand
    out: every seat dealt in acts before a hand can end (a big blind that need not act has
    posted), and counted as still in, such a seat would make an uncontested pot a showdown.
    For dialects that list waiting or sitting-out players among the seats unmarked."""
    acted = {a.seat for a in hand.record.actions}
    for seat in hand.record.seats:
        if seat.seat not in acted and not seat.contributed and not seat.cards:
            seat.dealt_in = False


class DialectParser(TextParser):
    """The ``Parser`` of a :class:`Dialect`. Stateless and picklable."""

    def __init__(self, dialect: Dialect):
        self.dialect = dialect
        self.format = dialect.format
        self.version = dialect.version
        self.hand_start = dialect.hand_start
        self.head_pattern = dialect.head

    def parse(self, hand_text: str) -> ParsedHand:
        return Hand(self.dialect, hand_text).read()


__all__ = [
    "ANTE", "BET", "BIG_BLIND", "BLIND", "BOTH_BLINDS", "BRING_IN", "CALL", "CHECK", "COMPLETE", "CURRENCY_SIGNS",
    "DEAD_BLIND", "DISCARD", "FOLD", "MUCK", "OPEN", "RAISE_BY", "RAISE_TO", "SHOW", "SMALL_BLIND", "STAND_PAT", "Act",
    "Dialect", "DialectParser", "Hand", "Line", "LineKind", "Money", "Note", "PaidInside", "Rake", "Require",
    "Returned", "Streets", "Unexpected", "Wording", "adds_unnamed", "button", "cash_out", "chip_scale", "dealt",
    "dealt_after_name", "enter_summary", "group", "spells", "idle_seats_sat_out", "kind", "pays", "pot_won_by", "rake",
    "read_cards", "skip", "starred_section", "street", "stud_street", "summary_board", "take_seat",
    "unknown_street_line",
]
