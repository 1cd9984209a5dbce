"""Boss Media hand histories: one ``<HISTORY>`` XML element per hand.

Files hold ``<HISTORY ID=".." GAME="GAME_OMAHL" LIMIT="PL" TABLECURRENCY="CAD"
STAKES="0.05/0.10" DATE="<epoch>">`` elements, either bare (``.txt``) or inside
``<?xml ...?><ROOT>`` (``.xml`` and older ``.txt`` exports). Each element is complete: no
file-level header is carried; ``split`` keeps the ``<?xml?>``/``<ROOT>`` preamble inside
the first hand's span so it is not a hand, and ``parse`` reads only the element.

Cards are indices (``<CARD LINK="17">``, ``b`` face down). The map is
``suit = "dchs"[i // 13]``, ``rank = "A23456789TJQK"[i % 13]``, derived from files where the
cards are also given another way:

* ``BossMedia/Omaha/PLO-EUR-0.05-0.10-Date-unknown.Sample.txt`` with its FPDB sidecar
  ``.hp``: Hero's LINKs 25, 24, 2, 27 are stored there as Kc, Qc, 3d, 2h; that hand's winner
  ``20 49 30 28`` (8c Js 5h 3h) on board ``48 22 21 51 6`` (Ts Tc 9c Ks 7d) is described
  ``STR_G_WIN_STRAIGHT STR_G_CARD_JACK``: J-T-9-8-7, which no other reading gives.
* ``LO8-EUR-0.05-0.10-201207.xml``: ``WINCARDS="51 38 12 43 4"`` is a full house (Ks Kh
  Kd 5s 5d) and ``"51 38 12 0 10"`` three kings (with Ad Jd), as the ``HAND`` texts say.
* ``GameTypeTests__PotLimitOmahaHiLo.txt``: ``HANDEXT=" 8,7,5,2,A"`` from 13 19 17 12 (Ac 7c
  5c Kd) on 9 0 33 1 34 (Td Ad 8h 2d 9h): 7c 5c with 8h 2d Ad.

Amounts: ``BET`` adds its value. ``CALL`` brings the seat level with the bet: in files up
to 2012 its value is the seat's street total (SB ``CALL 0.35`` after a raise to 0.35
makes the flop ``POT`` 0.80), from 2014 on the amount added (``CALL 11.87`` after 2.50 to
14.37); the added amount is taken as the difference to the bet and the printed value must
be one of the two. ``RAISE`` is read as the street total (raise to) unless that would
take back chips, ``ALLIN`` must equal the rest of the stack (added or total).
``HAND_DSB`` is a dead small blind, and so is a second ``HAND_SB`` (a seat coming in: its
raise to 32.50 over a 10 big blind leaves a 30 pot only with its 5 dead). A blind's
``VALUE`` is its nominal size: a seat with less posts all it has, all in, and calling
still takes the whole big blind (the next board's ``POT`` counts so). ``HAND_ANTE`` posts
an ante; 2011 tournament files list none, yet their showdown ``POT`` and ``WIN`` include
them, and each ``AMOUNT`` is the seat's stack after its ante (an ``ALLIN`` is for the
``AMOUNT``, and only so do the pots add up): the ante is read from the surplus of the
``POT`` over the actions, one from each seat dealt in, and posted before the first action
(``post_unlisted_antes``). An uncalled last bet is not printed as returned: it is absent
from the showdown ``POT`` and from ``WIN``; it is recorded as an ``uncalled_return``
action (with a note). So is, in a walk, the big blind's part over the small blind (every
walk's ``POT`` is twice the small blind). Showdown ``POT`` is after ``RAKE``.

Five-card draw (``GAME_FCD``): the ``HAND_BOARD`` that opens the draw has no ``VALUE`` and
no cards; each seat's ``<ACTION TYPE="CHANGECARD" COUNT="n">`` changes n cards and lists
the hand after the draw (card backs for another player's: the showdown shows it). The
betting before it is ``predraw``, the draw and the betting after it ``draw1``.

Results: ``WINTYPE_HI``/``WINTYPE_LO`` label the half; ``WINTYPE_HILO`` pays both halves
of the pot to one seat (``whole``); no ``WINTYPE`` (older files) is ``whole`` in high-only
games and ``unlabelled`` in Hi/Lo. ``pot`` is 0 when the showdown prints only a main pot.
``DATE`` is a Unix time (UTC).

Every element and attribute of a hand is one the parser knows (``_KNOWN_ELEMENTS`` lists
them, with those it skips on purpose: the viewer's own totals on ``<HISTORY>``, the
running pots on board actions, hand descriptions); any other, and any seat ``STATE`` but
``STATE_PLAYING``, ``STATE_SITOUT``, ``STATE_RESERVED`` (a seat held for someone away: not
dealt in) and ``STATE_EMPTY``, fails the hand. A seat sitting out may carry the blind it
missed (``BLINDSTATE="MB"`` big, ``"MS"`` small): no money in the hand; any other value,
or one on a seat in the hand, fails it.

The module reads through the shared XML reader (``parsers.xml_dialect``): the dialect
below (allow-list, action table) is its data, ``_Hand`` its quirks.

Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from parsers.base import XML_PROLOGUE, utc_from_epoch
from parsers.engine import CHECK, FOLD, Act, Money
from parsers.xml_dialect import XmlDialect, XmlHand, XmlParser, XmlWording, allow_list
from rules.games import DRAW_GAMES
from rules.money import format_minor
from rules.records import ActionRecord, HandParseError, ParsedHand, SeatRecord
from rules.vocab import (
    ActionKind,
    Format,
    Game,
    Half,
    Limit,
    Platform,
    QuarantineReason,
    RakeSource,
    Street,
)

_GAMES = {
    "GAME_OMA": Game.OMAHA,
    "GAME_OMATU": Game.OMAHA,
    "GAME_OMAHL": Game.OMAHA_HILO,
    "GAME_THM": Game.HOLDEM,
    "GAME_FCD": Game.DRAW5,  # five-card draw ("Table FCD ..."): one draw, CHANGECARD
}
_LIMITS = {"PL": Limit.POT, "NL": Limit.NO, "FL": Limit.FIXED}
_BOARDS = {"BOARD_FLOP": Street.FLOP, "BOARD_TURN": Street.TURN, "BOARD_RIVER": Street.RIVER}
# A draw game's HAND_BOARD has no VALUE and no cards: it opens the next draw.
_DRAWS = (Street.PREDRAW, Street.DRAW1, Street.DRAW2, Street.DRAW3)
# A blind's KIND: whether it is live (counts toward the seat's bet) and what it posts; a
# second big blind in a hand is a seat's own post.
_BLINDS = {
    "HAND_SB": (True, ActionKind.POST_SMALL_BLIND),
    "HAND_BB": (True, ActionKind.POST_BIG_BLIND),
    "HAND_DSB": (False, ActionKind.POST_DEAD),
    "HAND_AB": (True, ActionKind.POST_BLIND),
}
_WINTYPES = {"WINTYPE_HI": Half.HIGH, "WINTYPE_LO": Half.LOW, "WINTYPE_HILO": Half.WHOLE}
# The actions that move no money, or only as their table says (the others: ``_Hand.read_seat_action``).
_ACTIONS = {"ACTION_FOLD": FOLD, "ACTION_CHECK": CHECK, "HAND_ANTE": Act(ActionKind.POST_ANTE, Money.DEAD, forced=True)}
_WAGERS = ("ACTION_CALL", "ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN")
# Every element and attribute a hand may hold, by tag: (attributes, child elements). Any
# other fails the hand, so that nothing that might move money is passed over unread.
# Known and not read: the viewer's own totals on <HISTORY> (BET, POT, WIN, LOSS), the
# running pot and rake on each board <ACTION> (POT, RAKE, MAINPOT, LEFTPOT, RIGHTPOT: the
# showdown prints the final ones), the showdown's NAME and STARTING (who shows first),
# a result's HAND, HANDEXT and WINCARDS (descriptions of the hand), session and times.
_KNOWN_ELEMENTS = allow_list(
    {
        "HISTORY": (
            "ID SESSION TABLE GAME GAMETYPE GAMEKIND TABLECURRENCY LIMIT STAKES DATE TABLETOURNEYID BET POT WIN LOSS "
            "ENDTIME",
            "PLAYER ACTION SHOWDOWN",
        ),
        "PLAYER": ("NAME SEAT AMOUNT STATE DEALER BLINDSTATE", ""),
        "ACTION": ("TYPE PLAYER KIND VALUE POT RAKE MAINPOT LEFTPOT RIGHTPOT COUNT", "CARD"),
        "CARD": ("LINK", ""),
        "SHOWDOWN": ("NAME POT RAKE MAINPOT LEFTPOT RIGHTPOT STARTING", "RESULT"),
        "RESULT": ("WINTYPE PLAYER WIN HAND WINCARDS HANDEXT", "CARD"),
    }
)
# A seat's STATE: in the hand, sitting out, or no player (an empty seat, or one held for a
# player who is not at the table).
_PLAYING_STATES = {"STATE_PLAYING"}
_IDLE_STATES = {"STATE_SITOUT", "STATE_RESERVED"}
_EMPTY_STATES = {"STATE_EMPTY"}
# The blind a seat sitting out has missed (big, small) and owes when it comes back: no
# money in this hand. Only a seat sitting out carries one.
_MISSED_BLINDS = {"MB", "MS"}
_RANKS = "A23456789TJQK"
_SUITS = "dchs"


def link_card(link: str) -> str | None:
    """One ``LINK`` index to a card; ``b`` (a card back) is None.

    >>> link_card("25"), link_card("0"), link_card("51"), link_card("b")
    ('Kc', 'Ad', 'Ks', None)
    """
    if link == "b":
        return None
    if not link.isdigit() or int(link) > 51:
        raise HandParseError(QuarantineReason.BAD_CARDS, f"card LINK {link!r} is not 0-51 or 'b'")
    i = int(link)
    return _RANKS[i % 13] + _SUITS[i // 13]


def _parse(text: str) -> ParsedHand:
    root, _, hand = _Hand.element(DIALECT, text)
    game = _GAMES.get(root.get("GAME", ""))
    if game is None:  # before the elements: another game's elements are its own, not unknown
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"GAME {root.get('GAME')!r} not supported")
    hand.check(root)
    hand.record = _header(hand, root, game)
    hand.read_players(root)
    hand.read_actions(root)
    return hand.record


def _header(hand: XmlHand, root: Element, game: Game) -> ParsedHand:
    """The hand as its ``<HISTORY>`` attributes describe it: game, stakes, money, time."""
    is_tournament = root.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
    real = root.get("GAMETYPE", "GAMETYPE_REAL") == "GAMETYPE_REAL"
    stakes = (root.get("STAKES") or "").split("/")
    if len(stakes) != 2:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"STAKES {root.get('STAKES')!r} is not 'sb/bb'")
    if is_tournament or not real:
        hand.scale = 1 if all(re.fullmatch(r"\d+", s) for s in stakes) else 100
    epoch = root.get("DATE", "")
    utc = utc_from_epoch(epoch)
    return hand.new_record(
        game=game,
        limit=_LIMITS.get(root.get("LIMIT", "")),
        is_tournament=is_tournament,
        currency=root.get("TABLECURRENCY") if real and not is_tournament else None,
        tournament_id=(root.get("TABLETOURNEYID") or None) if is_tournament else None,
        is_play_money=not real,
        table_name=root.get("TABLE"),
        start_time_raw=epoch or None,
        start_time_utc=utc,
        hand_date=utc[:10] if utc else None,
        small_blind=hand.amount(stakes[0], root),
        big_blind=hand.amount(stakes[1], root),
    )


class _Hand(XmlHand):
    """One ``<HISTORY>``: its seats by player name (as actions name them), and where its
    betting stands as its ``ACTION`` elements are read in order."""

    def __init__(self, dialect: XmlDialect, hand_id: str | None = None):
        super().__init__(dialect, hand_id)
        self.short_big_blind = 0  # the nominal big blind a seat posted all in for less
        self.small_blind_posted = False
        self.big_blind_posted = False
        self.dealt: set[str] = set()  # players dealt cards
        self.last_aggressor: int | None = None  # the seat whose bet or raise this street others answer
        self.opening = Street.PREFLOP  # the first betting round (pre-flop, or before the first draw)

    def read_cards(self, el: Element) -> list[str | None]:
        return self.cards(lambda: [link_card(c.get("LINK", "")) for c in el.findall("CARD")])

    def remaining(self, seat: SeatRecord) -> int:
        return (seat.stack or 0) - self.tracker.contributed(seat.seat)

    def read_players(self, root: Element) -> None:
        for p in root.findall("PLAYER"):
            state = p.get("STATE", "STATE_PLAYING")
            if state not in _PLAYING_STATES | _IDLE_STATES | _EMPTY_STATES:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"seat STATE {state!r} not known: {p.attrib}")
            if state in _EMPTY_STATES:
                continue
            missed = p.get("BLINDSTATE")
            if missed is not None and (missed not in _MISSED_BLINDS or state != "STATE_SITOUT"):
                raise self.fail(
                    QuarantineReason.PARSE_ERROR, f"seat BLINDSTATE {missed!r} not known for {state}: {p.attrib}"
                )
            seat_number = int(p.get("SEAT"))  # type: ignore[arg-type]  # a PLAYER without one fails, as it did
            seat = SeatRecord(seat=seat_number, player=p.get("NAME", ""), stack=self.amount(p.get("AMOUNT"), p))
            if state in _IDLE_STATES:
                seat.dealt_in = False
            if p.get("DEALER") == "Y":
                self.record.button_seat = seat.seat
            self.seat(seat, seat.player)
        self.record.seats = sorted(self.seats.values(), key=lambda s: s.seat)

    def read_actions(self, root: Element) -> None:
        hand = self.record
        is_draw = hand.game in DRAW_GAMES
        self.opening = self.street = Street.PREDRAW if is_draw else Street.PREFLOP
        showdown = root.find("SHOWDOWN")
        if showdown is None:
            raise self.fail(QuarantineReason.TRUNCATED, "no <SHOWDOWN>: the hand has no result")
        for el in root.findall("ACTION"):
            kind = el.get("TYPE", "")
            if kind == "HAND_BOARD":
                self.next_street(el, is_draw)
            else:
                self.read_seat_action(el, kind, is_draw)
        self.close_street()
        hand.boards = [self.board] if self.board else []
        for seat in hand.seats:
            if seat.player not in self.dealt and seat.dealt_in and self.dealt:
                seat.dealt_in = False
        self.contributions()
        self.read_showdown(showdown)

    def next_street(self, el: Element, is_draw: bool) -> None:
        """A ``HAND_BOARD``: the next draw, or the flop, turn or river's cards."""
        if is_draw:
            if el.get("VALUE") or el.find("CARD") is not None or self.street == _DRAWS[-1]:
                raise self.fail(QuarantineReason.INCONSISTENT, f"board {el.attrib} in a draw game after {self.street}")
            self.street = _DRAWS[_DRAWS.index(self.street) + 1]
        else:
            value = el.get("VALUE", "")
            if value not in _BOARDS:
                raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"board {value!r} not known: {el.attrib}")
            cards = self.read_cards(el)
            if None in cards or cards[: len(self.board)] != self.board:
                raise self.fail(QuarantineReason.INCONSISTENT, f"board {cards} does not extend {self.board}")
            self.board = [c for c in cards if c]
            self.street = _BOARDS[value]
        self.close_street()
        self.tracker.new_street()
        self.last_aggressor = None

    def seat_of(self, el: Element) -> SeatRecord:
        name = el.get("PLAYER")
        if name not in self.seats:
            raise self.fail(QuarantineReason.INCONSISTENT, f"{name!r} is not seated: {el.attrib}")
        return self.seats[name]

    def read_seat_action(self, el: Element, kind: str, is_draw: bool) -> None:
        """One seat's ``ACTION``: its cards dealt or drawn, a forced bet, a fold, check or wager."""
        seat = self.seat_of(el)
        if kind == "HAND_DEAL":
            seat.cards = self.read_cards(el)
            self.dealt.add(seat.player)
        elif kind == "CHANGECARD" and is_draw:
            self.change_cards(el, seat)
        elif kind == "HAND_BLINDS":
            self.post_blind(el, seat)
        elif kind in _ACTIONS:
            value = self.amount(el.get("VALUE"), el) if _ACTIONS[kind].money is Money.DEAD else None
            self.act(_ACTIONS[kind], seat, value)
            if value is not None:
                self.record.ante = value
        elif kind in _WAGERS:
            self.wager(el, kind, seat)
        else:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"action TYPE {kind!r} not known: {el.attrib}")

    def wager(self, el: Element, kind: str, seat: SeatRecord) -> None:
        """A call, bet, raise or all-in: VALUE is what it adds or the seat's street total."""
        tracker, remaining = self.tracker, self.remaining
        value = self.amount(el.get("VALUE"), el)
        have = tracker.street_bet(seat.seat)
        top = tracker.max_street_bet()
        if self.street == self.opening:  # a big blind all in for less: calling still takes the whole blind
            top = max(top, self.short_big_blind)
        if kind == "ACTION_CALL":
            added = min(top - have, remaining(seat))
            if value not in (added, have + added):
                raise self.fail(
                    QuarantineReason.INCONSISTENT,
                    f"{seat.player} calls {value} but the bet to call is {top} with {have} in: {el.attrib}",
                )
            tracker.add(seat.seat, added)
            self.add_action(seat.seat, ActionKind.CALL, added, all_in=remaining(seat) == 0)
            if remaining(seat) == 0:
                seat.all_in = True
            return
        if kind == "ACTION_BET":
            added = value
        elif kind == "ACTION_RAISE":
            added = value - have if value > have else value
        else:
            added = remaining(seat)
            if value not in (added, have + added):
                raise self.fail(
                    QuarantineReason.INCONSISTENT,
                    f"{seat.player} all-in for {value} but has {added} behind and {have} in: {el.attrib}",
                )
            seat.all_in = True
        if added > remaining(seat):
            raise self.fail(
                QuarantineReason.INCONSISTENT,
                f"{seat.player} puts in {added} with {remaining(seat)} behind: {el.attrib}",
            )
        tracker.add(seat.seat, added)
        after = tracker.street_bet(seat.seat)
        action = ActionKind.CALL if after <= top else (ActionKind.RAISE if top else ActionKind.BET)
        if after > top:
            self.last_aggressor = seat.seat
        self.add_action(seat.seat, action, added, all_in=kind == "ACTION_ALLIN")

    def change_cards(self, el: Element, seat: SeatRecord) -> None:
        """A draw: ``COUNT`` cards exchanged, and the seat's hand after it (card backs
        for another player's, whose cards the showdown may show)."""
        count, held = el.get("COUNT", ""), len(seat.cards or ())
        if not count.isdigit() or int(count) > held:
            raise self.fail(
                QuarantineReason.PARSE_ERROR, f"CHANGECARD COUNT {count!r} for a hand of {held}: {el.attrib}"
            )
        cards = self.read_cards(el)
        if len(cards) != held:
            raise self.fail(QuarantineReason.INCONSISTENT, f"{seat.player} draws to {len(cards)} cards, holding {held}")
        if None not in cards:
            seat.cards = cards
        kind = ActionKind.STAND_PAT if int(count) == 0 else ActionKind.DISCARD
        self.add_action(seat.seat, kind, None, changed=int(count))

    def post_blind(self, el: Element, seat: SeatRecord) -> None:
        """A ``HAND_BLINDS`` post. Its VALUE is the blind's nominal size: a seat with less
        posts all it has and is all in (the next board's POT counts only that), and calling
        a big blind posted so still takes the whole blind."""
        value = nominal = self.amount(el.get("VALUE"), el)
        behind = (seat.stack or 0) - self.tracker.contributed(seat.seat)
        all_in = seat.stack is not None and 0 < behind < value
        if all_in:
            self.record.notes.append(
                f"seat {seat.seat} posts a {format_minor(value, self.scale)} blind with "
                f"{format_minor(behind, self.scale)}: all in for that"
            )
            value, seat.all_in = behind, True
        blind = el.get("KIND", "")
        if blind not in _BLINDS:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"blind KIND {blind!r} not known: {el.attrib}")
        if all_in and blind == "HAND_BB":
            self.short_big_blind = nominal
        if blind == "HAND_SB" and self.small_blind_posted:
            blind = "HAND_DSB"  # a second small blind (a seat coming in) is dead: the pot counts it, its bet does not
        live, kind = _BLINDS[blind]
        if blind == "HAND_BB" and self.big_blind_posted:
            kind = ActionKind.POST_BLIND
        (self.tracker.add if live else self.tracker.dead)(seat.seat, value)
        self.add_action(seat.seat, kind, value, all_in, on=Street.PREDEAL)
        self.small_blind_posted = self.small_blind_posted or blind == "HAND_SB"
        self.big_blind_posted = self.big_blind_posted or blind == "HAND_BB"

    def close_street(self) -> None:
        """The part of the last bet nobody matched goes back (Boss prints no return): the
        last bet or raise's, or, in a walk, the big blind's over the small blind (every
        walk's showdown POT is twice the small blind)."""
        tracker, last_aggressor = self.tracker, self.last_aggressor
        if last_aggressor is None:
            bets = sorted(((tracker.street_bet(s), s) for s in tracker.seats()), reverse=True)
            if not bets or (len(bets) > 1 and bets[0][0] == bets[1][0]):
                return
            last_aggressor = bets[0][1]
        others = [tracker.street_bet(s) for s in tracker.seats() if s != last_aggressor]
        excess = tracker.street_bet(last_aggressor) - max(others, default=0)
        if excess > 0:
            tracker.returned(last_aggressor, excess)
            self.add_action(last_aggressor, ActionKind.UNCALLED_RETURN, excess)
            self.record.notes.append(
                f"seat {last_aggressor}: uncalled {excess} returned (not printed; absent from the showdown POT)"
            )

    def post_unlisted_antes(self) -> None:
        """The antes of a tournament hand that lists none (2011 files), read from its POT.

        The showdown POT and WINs include them, and each seat's AMOUNT is its stack after
        its ante (an ALLIN is for the AMOUNT, and the pots then add up): the POT holds
        exactly one ante from each seat dealt in beyond what the actions put in (a whole
        number of chips, as the blinds are). Each is posted before the first action; a
        surplus that is no such ante, or a seat that may have paid only part of one,
        quarantines the hand.
        """
        hand = self.record
        if not hand.is_tournament or hand.rake is None or any(a.kind == ActionKind.POST_ANTE for a in hand.actions):
            return
        surplus = (hand.total_pot_printed or 0) + hand.rake - hand.pot_total
        dealt = [s for s in hand.seats if s.dealt_in]
        if surplus <= 0 or not dealt:
            return
        held = f"the showdown POT holds {format_minor(surplus, self.scale)} more than the actions put in"
        for seat in dealt:  # a seat that may have paid only part of its ante leaves the antes unknown
            if not seat.stack or seat.contributed > seat.stack:
                stack, put_in = format_minor(seat.stack or 0, self.scale), format_minor(seat.contributed, self.scale)
                raise self.fail(
                    QuarantineReason.INCONSISTENT,
                    f"{held} (antes the hand does not list), but seat {seat.seat} is dealt in with an AMOUNT of "
                    f"{stack} and puts in {put_in}: its ante cannot be told",
                )
        ante, odd = divmod(surplus, len(dealt))
        whole_chips = all(b is not None and b % self.scale == 0 for b in (hand.small_blind, hand.big_blind))
        if odd or (whole_chips and ante % self.scale):  # whole-chip blinds take a whole-chip ante
            raise self.fail(
                QuarantineReason.INCONSISTENT,
                f"{held}, which is no one ante from each of the {len(dealt)} seats dealt in (the hand lists no ante)",
            )
        antes = [ActionRecord(0, Street.PREDEAL, s.seat, ActionKind.POST_ANTE, ante) for s in dealt]
        hand.actions[:0] = antes
        for seq, action in enumerate(hand.actions, start=1):
            action.seq = seq
        for seat in dealt:
            seat.contributed += ante
            seat.stack = (seat.stack or 0) + ante  # the stack before the ante
        hand.ante = ante
        hand.notes.append(
            f"antes not listed: {ante} from each of the {len(dealt)} seats dealt in, read from the "
            "showdown POT (each AMOUNT is the stack after its ante)"
        )

    def read_showdown(self, showdown: Element) -> None:
        hand, seats = self.record, self.seats
        net_pot = self.amount(showdown.get("POT"), showdown)
        rake = showdown.get("RAKE")
        if rake is not None and rake != "":
            hand.rake, hand.rake_source = self.amount(rake, showdown), RakeSource.PRINTED
        else:
            hand.rake, hand.rake_source = None, RakeSource.ABSENT
            hand.notes.append("rake not printed")
        side = [showdown.get(k) for k in ("LEFTPOT", "RIGHTPOT")]
        if showdown.get("MAINPOT"):
            hand.pots_printed = [self.amount(showdown.get("MAINPOT"), showdown)] + [
                self.amount(v, showdown) for v in side if v
            ]
            hand.pots_printed_net = True
        hand.total_pot_printed = net_pot
        single_pot = bool(showdown.get("MAINPOT")) and not any(side)
        if single_pot is False and any(side):
            hand.notes.append("side pots printed (LEFTPOT/RIGHTPOT): results do not say which pot they pay")
        for r in showdown.findall("RESULT"):
            seat = seats.get(r.get("PLAYER", ""))
            if seat is None:
                raise self.fail(QuarantineReason.INCONSISTENT, f"result for a player not seated: {r.attrib}")
            shown = self.read_cards(r)
            if shown and None not in shown:
                seat.cards = shown
                seat.showed = True
            if "STR_G_FOLD" in r.get("HAND", "") and seat.folded_street is None and seat.dealt_in:
                seat.mucked = True
            win = self.amount(r.get("WIN"), r)
            if win == 0:
                continue
            wintype = r.get("WINTYPE")
            if wintype is None:
                half = self.unlabelled()
            elif wintype in _WINTYPES:
                half = _WINTYPES[wintype]
            else:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"WINTYPE {wintype!r} not known: {r.attrib}")
            line = "<RESULT " + " ".join(f'{k}="{v}"' for k, v in r.attrib.items()) + ">"
            self.pay(seat.seat, win, 0 if single_pot else None, half, line)
        self.post_unlisted_antes()
        gross = hand.pot_total
        if hand.rake is not None and net_pot + hand.rake != gross:
            hand.notes.append(f"showdown POT {net_pot} + RAKE {hand.rake} != {gross} put in by the actions")


DIALECT = XmlDialect(
    platform=Platform.BOSSMEDIA,
    format=Format.BOSSMEDIA_XML,
    version="1",
    root="HISTORY",
    id_attribute="ID",
    elements=_KNOWN_ELEMENTS,
    sniff=re.compile(r"<HISTORY ID=\"\d+\" SESSION=\"[^\"]*\" TABLE=\"[^\"]*\" GAME=\"GAME_"),
    hand_start=re.compile(r"^\ufeff*<HISTORY\b", re.M),
    chatter=re.compile(rf"^(?:{XML_PROLOGUE}|\s|\ufeff|<\?xml[^>]*\?>|</?ROOT>)*$", re.S),
    wording=XmlWording(blank_is_missing=True),
)
PARSER = XmlParser(DIALECT, _parse)
