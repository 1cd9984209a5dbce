"""PokerStars' dialect read a whole chunk at a time, in columns: the fast path of ingest.

``parsers.pokerstars`` reads one hand at a time, line by line, in Python: about 65 µs a
hand. A day's histories hold millions of hands, so this module reads a chunk of many
thousand hands at once: polars' vectorised string kernels classify every line and cut
out its fields, each line kind in one pass over just the lines of that kind, and numpy
does the bookkeeping per seat and per hand (what each seat put in, a raise's increment
over the seat's bet, the last cards a seat showed) on integer arrays.

It reads only what it can read *exactly as the reference parser does*, and nothing
else: each line kind is accepted by a strict pattern, and a hand with any line, amount
or situation outside them (a chat line, a run-it-twice board, a summary that contradicts
the pay lines, a cash-out, a stud or draw game, a mixed game, an unprinted rake, ...) is
handed back, whole, to ``parsers.pokerstars`` — which also quarantines it when it is
broken. The two paths must give the same lake row for row;
``tests/test_pokerstars_fast.py`` compares them on every PokerStars hand in the corpus
and on generated hands full of awkward names, side pots and all-ins.

So a hand read here is, by construction, an ordinary one: its history adds up
(``reconciled``), and it has no notes and no contradictions (hands with those go the
reference way, which writes them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np
import polars as pl

from rules.vocab import Half, Limit, PayoutSource, Platform, RakeSource
from rules.records import HandParseError
from parsers.base import ColumnarReader
from parsers.columnar_chunk import ACTION_KINDS as _ACTION_KINDS
from parsers.columnar_chunk import STREET_NAMES as _STREET_NAMES
from parsers.columnar_chunk import FastChunk
from parsers.pokerstars import (COLUMNAR_CUT, INFO_FRAGMENTS, KINDS, SITES, SEAT_STATUS, game_info, iso_date,
                                indented_chunk, localised_chunk, prefix_is_a_hand, read_table_line, to_utc)
from rules.games import DRAW_GAMES, HILO_GAMES, STUD_GAMES

# Rust regular expressions: [0-9], not \d (which is any Unicode digit there)...
_CARD = r"[2-9TJQKA][cdhs]"
_CARDS = rf"{_CARD}(?: {_CARD})*"
# ...except where a line must start a hand exactly when ``pokerstars.HAND_START`` says so:
# Python's \d is any Unicode digit too
_HAND_START = (r"^(?:" + "|".join(map(re.escape, SITES)) + ")(?: " + "| ".join(KINDS) + ")?"
               r" (?:Game|Hand|GAME|HAND) #\d+:")
_STAMP = r"[0-9]{4}/[0-9]{1,2}/[0-9]{1,2} [0-9]{1,2}:[0-9]{2}:[0-9]{2}"
_HEADER = (rf"^PokerStars(?: Zoom)? (?:Hand|Game) #(?P<hid>[0-9]+):[ \t]+(?P<rest>.*) - (?P<stamp>{_STAMP})"
           rf"(?: (?P<zone>[A-Z]{{1,5}}))?(?: \[(?P<stamp2>{_STAMP})(?: (?P<zone2>[A-Z]{{1,5}}))?\])?$")
_CLOCK = r"^(?P<day>\S+) (?P<hour>[0-9]+):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})$"
_SEAT = r"^Seat (?P<seat>[0-9]+): (?P<player>.*) \((?P<stack>[^()]*) in chips\)(?P<tail>[^()]*)$"
_ALL_IN = " and is all-in"
_SHOWS = rf"^shows \[{_CARDS}\](?: \([^\[\]]*\))?$"
_RAISE = r"^raises (?P<by>.*?) to (?P<to>.*)$"
_DEALT = rf"^Dealt to (?P<player>.*) \[(?P<cards>{_CARDS})\]$"
_COLLECTED = r"^(?P<player>.*) collected (?P<amount>\S+) from (?P<source>pot|main pot|side pot|side pot-[0-9]+)$"
_UNCALLED = r"^Uncalled bet \((?P<amount>[^)]*)\) returned to (?P<player>.*)$"
_STREET_LINES = (  # code, exact street line
    (1, r"^\*\*\* HOLE CARDS \*\*\*$"),
    (2, rf"^\*\*\* FLOP \*\*\* \[{_CARD} {_CARD} {_CARD}\]$"),
    (3, rf"^\*\*\* TURN \*\*\* \[{_CARD} {_CARD} {_CARD}\] \[{_CARD}\]$"),
    (4, rf"^\*\*\* RIVER \*\*\* \[{_CARD} {_CARD} {_CARD} {_CARD}\] \[{_CARD}\]$"),
    (5, r"^\*\*\* SHOW DOWN \*\*\*$"),
)
_TOTAL = (r"^Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+?)\.(?P<sides>(?: Side pot(?:-[0-9]+)? \S+?\.)*))?"
          r" \| Rake (?P<rake>\S+)$")
_SIDE_PIECE = r"^(?:-(?P<index>[0-9]+))? (?P<amount>\S+)\.$"
_BOARD = rf"^Board \[(?P<cards>{_CARDS})\]$"
_SUMMARY_SEAT = r"^Seat (?P<seat>[0-9]+): (?P<body>.*)$"
_WON = r" (?:won|collected) \([^)]*\)"
_BARE_WON = r" (?:won|collected) [^(]"
_AMOUNT = r"^[0-9]+(?:\.[0-9]{1,2})?$"

# Line kinds of the part between the seats and the summary. The action kinds come first,
# in ``_ACTION_KINDS`` order, so that a kind's code indexes that list.
FOLD, CHECK, CALL, BET, RAISE, SB, BB, ANTE, SHOW, MUCK, UNCALLED = range(11)
QUIET, STREET, DEALT, COLLECTED, SKIP, BAD = 11, 12, 13, 14, 15, 16
_BETTING = [FOLD, CHECK, CALL, BET, RAISE, SB, BB, ANTE]  # these make a seat dealt in
_PAYING = [CALL, BET, SB, BB, ANTE]  # print the amount they add
_LIVE = [CALL, BET, SB, BB]  # add to the seat's bet this street (the ante is dead money)
_POSTS = [SB, BB, ANTE]  # recorded on the predeal street wherever they stand
_AMOUNT_AT = {CALL: 6, BET: 5, ANTE: 15, SB: 18, BB: 16}  # where the amount starts in the rest
_NAME_MIX = np.uint64(0x9E3779B97F4A7C15)


def read_chunk(chunk: str | bytes) -> FastChunk | None:
    """Read a chunk of PokerStars text (hands cut at their headers), or None when the
    chunk holds characters this path does not take (it then goes the reference way)."""
    data = chunk.encode("utf-8") if isinstance(chunk, str) else chunk
    if indented_chunk(data):  # every line indented: the reference reader takes the space off
        return None
    if localised_chunk(data):  # a localised client's words: the reference reader's to translate
        return None
    lines = _lines(data)
    if lines is None:
        return None
    try:
        return _Reader(data, *lines).read()
    except (_Collision, _NoHands):
        return None


def _lines(data: bytes) -> tuple[pl.Series, np.ndarray] | None:
    """Every line, as ``str.split("\\n")`` cuts them (without a CRLF's ``\\r``), and the
    byte offset of each.

    The CSV reader splits lines in parallel; a separator and quote that cannot occur make
    each line one field. A chunk with characters it would treat otherwise, or that
    Python's ``rstrip`` strips and Rust's does not, goes the reference way.
    """
    if any(ch in data for ch in (b"\x00", b"\x1c", b"\x1d", b"\x1e", b"\x1f", b"\xef\xbb\xbf")):
        return None
    newlines = data.count(b"\n")
    crs = data.count(b"\r")
    if crs != data.count(b"\r\n") or crs not in (0, newlines) or not data:
        return None  # a lone \r, or mixed line endings
    try:
        frame = pl.read_csv(data, has_header=False, separator="\x1f", quote_char=None, new_columns=["raw"],
                            infer_schema=False, eol_char="\n", raise_if_empty=False)
    except pl.exceptions.PolarsError:  # not UTF-8
        return None
    if frame.width != 1 or frame.height != newlines + (0 if data.endswith(b"\n") else 1):
        return None
    raw = frame.to_series().fill_null("")
    ending = 2 if crs else 1
    width = raw.str.len_bytes().to_numpy().astype(np.int64) + ending
    offsets = np.cumsum(width) - width
    if not data.endswith(b"\n"):
        width[-1] -= ending
    if int(offsets[-1] + width[-1]) != len(data):
        return None
    return raw, offsets


@dataclass
class _Amounts:
    """Printed amounts cut up the way ``pokerstars._amount`` reads the common shapes (one
    leading currency symbol, comma grouping dropped, digits with at most two decimals):
    what the amount is in minor units depends on the hand's unit, so the parts are kept
    apart until ``value`` knows it."""

    whole: np.ndarray  # the digits before the point
    cents: np.ndarray  # the decimals, as hundredths
    has_decimals: np.ndarray
    valid: np.ndarray  # a shape read here; anything else sends the hand back

    @classmethod
    def read(cls, texts: pl.Series) -> "_Amounts":
        plain = texts.str.replace(r"^[$€£¥₹]", "").str.replace_all(",", "", literal=True)
        parts = plain.str.split_exact(".", 1)
        whole = parts.struct.field("field_0").cast(pl.Int64, strict=False)
        decimals = parts.struct.field("field_1")
        # past 10**15 units the reference's Python integers would not fit the lake anyway
        valid = (plain.str.contains(_AMOUNT).fill_null(False).to_numpy()
                 & (whole.fill_null(-1).to_numpy() >= 0) & (whole.fill_null(0).to_numpy() < 10**15))
        return cls(whole.fill_null(0).to_numpy(), decimals.str.pad_end(2, "0").cast(pl.Int64, strict=False)
                   .fill_null(0).to_numpy(), decimals.is_not_null().to_numpy(), valid)

    def value(self, index: np.ndarray, scale: np.ndarray) -> np.ndarray:
        """Entry ``index[i]`` in minor units of ``scale[i]`` (100: cents, 1: chips), -1
        where it is no amount that unit can hold."""
        cents = scale == 100
        value = self.whole[index] * scale + np.where(cents, self.cents[index], 0)
        ok = self.valid[index] & (cents | ~self.has_decimals[index])
        return np.where(ok, value, -1)


def _amounts(texts: pl.Series, scale: np.ndarray) -> np.ndarray:
    """Printed amounts in minor units of ``scale`` (-1: not an amount read here)."""
    return _Amounts.read(texts).value(np.arange(len(texts)), scale)


def _summary_effects(bodies: pl.Series, name_lengths: np.ndarray) -> pl.DataFrame:
    """What a summary seat line says after the seat's name (``name_lengths`` characters of
    each body): ``head`` (the name) and ``e`` (the rest), and flags and texts read from it."""
    return pl.DataFrame({"b": bodies, "n": name_lengths}).select(
        head=pl.col("b").str.slice(0, pl.col("n")), e=pl.col("b").str.slice(pl.col("n"))).with_columns(
        lb=pl.col("e").str.contains("[", literal=True),
        won_key=pl.col("e").str.contains(" won (", literal=True)
        | pl.col("e").str.contains(" collected (", literal=True),
        cashed=pl.col("e").str.contains("cashed", literal=True),
        showed=pl.col("e").str.contains(" showed [", literal=True),
        mucked_cards=pl.col("e").str.contains(" mucked [", literal=True),
        mucked_any=pl.col("e").str.contains(" mucked", literal=True),
        mucked_start=pl.col("e").str.starts_with(" mucked"),
        mucked_before=pl.col("e").str.extract(r"^([^\[]*)").str.contains(" mucked", literal=True),
        # winnings stated bare ("collected $10") are read by the reference only
        odd=pl.col("e").str.contains("(pot not awarded", literal=True) | pl.col("e").str.contains("cashed out", literal=True)
        | pl.col("e").str.contains(_BARE_WON),
        keys=pl.col("e").str.count_matches(" won (", literal=True) + pl.col("e").str.count_matches(" collected (", literal=True),
        won=pl.col("e").str.extract_all(_WON),
    )


def _summed_amounts(won_texts: pl.Series, counts: np.ndarray, size: int) -> _Amounts:
    """The amounts in parentheses of each list of ``won_texts`` (``counts`` long), summed
    part by part (whole units and hundredths apart, as ``_Amounts`` keeps them)."""
    owner = np.repeat(np.arange(size), counts)
    won_amounts = _Amounts.read(won_texts.explode().drop_nulls().str.extract(r"\(([^)]*)\)$"))
    whole = np.zeros(size, np.int64)
    cents = np.zeros(size, np.int64)
    decimals = np.zeros(size, bool)
    invalid = np.zeros(size, bool)
    np.add.at(whole, owner, won_amounts.whole)
    np.add.at(cents, owner, won_amounts.cents)
    decimals[owner[won_amounts.has_decimals]] = True
    invalid[owner[~won_amounts.valid]] = True
    return _Amounts(whole, cents, decimals, ~invalid)


def _last_per(owner: np.ndarray, rows: np.ndarray, size: int) -> np.ndarray:
    """For each owner ``0..size-1``, the index (into ``rows``, ascending) of its latest
    row, or -1. Rows owned by -1 (no seat) count for no one."""
    best = np.full(size, -1, np.int64)
    known = owner >= 0
    np.maximum.at(best, owner[known], rows[known])
    where = np.full(size, -1, np.int64)
    has = best >= 0
    where[has] = np.searchsorted(rows, best[has]) if len(rows) else 0
    return where


def _any_per(owner: np.ndarray, mask: np.ndarray, size: int) -> np.ndarray:
    """For each owner ``0..size-1``, whether any row of ``mask`` is its (rows owned by -1
    count for no one)."""
    out = np.zeros(size, bool)
    out[owner[mask & (owner >= 0)]] = True
    return out


def _per_hand(values: np.ndarray) -> pl.Series:
    """A per-hand array (index 0: text before the first hand, dropped) as a column, -1 null."""
    return pl.Series(values[1:]).set(pl.Series(values[1:] < 0), None)


def _last_cards(acts: dict[str, Any], summary: dict[str, Any], n_seats: int) -> pl.Series:
    """The cards each seat showed last (a shows line, then its summary line), else those
    dealt to it; null for a seat with neither."""
    kind, seat, rows = acts["kind"], acts["seat"], acts["rows"]
    shows = np.flatnonzero(kind == SHOW)
    card_lines = summary["card_lines"]
    card_seat = np.concatenate([seat[shows], summary["seat"][card_lines]])
    card_row = np.concatenate([rows[shows], summary["line_rows"][card_lines]])
    card_lists = pl.concat([acts["show_cards"], summary["cards"]])
    keep = card_seat >= 0
    order = np.argsort(card_row[keep], kind="stable")
    card_seat, card_row = card_seat[keep][order], card_row[keep][order]
    card_lists = card_lists.filter(pl.Series(keep)).gather(order)
    last_shown = _last_per(card_seat, card_row, n_seats)
    dealt = np.flatnonzero(kind == DEALT)
    last_dealt = _last_per(seat[dealt], dealt, n_seats)
    return pl.DataFrame({
        "shown": _pick_series(card_lists, last_shown), "dealt": _pick_series(acts["dealt_cards"], last_dealt),
    }).select(pl.coalesce("shown", "dealt")).to_series()


def _pick(values: np.ndarray, index: np.ndarray, missing: int) -> np.ndarray:
    """``values[index]``, and ``missing`` where ``index`` is -1."""
    out = np.full(len(index), missing, np.int64)
    found = index >= 0
    out[found] = values[index[found]]
    return out


def _pick_series(values: pl.Series, index: np.ndarray) -> pl.Series:
    """``values[index]``, and null where ``index`` is -1."""
    if len(values) == 0:
        return _nulls(len(index), values.dtype, values.name)
    got = values.gather(np.maximum(index, 0))
    return pl.select(pl.when(pl.Series(index >= 0)).then(got)).to_series()


def _nulls(n: int, dtype: pl.DataType | type[pl.DataType], name: str = "") -> pl.Series:
    """``n`` nulls of ``dtype`` (built natively: a list of ``None`` costs ~150 ns each)."""
    return pl.repeat(None, n, dtype=dtype, eager=True).alias(name)


def _labels(codes: np.ndarray, names: list[str]) -> pl.Series:
    """The name of each code (an index into ``names``); null for -1."""
    return pl.Series(codes, dtype=pl.Int64).replace_strict(
        list(range(len(names))), names, default=None, return_dtype=pl.String)


def _within(flag: np.ndarray, first: np.ndarray) -> np.ndarray:
    """How many rows of the group so far (this one included) have ``flag``; the rows of
    a group are consecutive and ``first`` marks each group's first row."""
    running = np.cumsum(flag, dtype=np.int64)
    base = np.where(first, running - flag, 0)
    anchor = np.maximum.accumulate(np.where(first, np.arange(len(flag)), 0))
    return running - base[anchor]


class _NoHands(Exception):
    """The chunk holds no hand header (text a file starts with, in a test): none to read here."""


class _Collision(Exception):
    """Two different lines with the same 128-bit hash: read the chunk the reference way."""


class _Reader:
    """Reads one chunk. Lines repeat (``Hero: folds``, a summary line, a stack): the
    string work is done once per distinct line and its results handed to every line
    that reads the same, through ``uid`` (each line's distinct-line number)."""

    def __init__(self, data: bytes, raw: pl.Series, offsets: np.ndarray) -> None:
        self.data = data
        self.raw = raw
        self.offsets = offsets
        self.sent_back: dict[str, int] = {}
        first = raw.hash(seed=0).to_numpy()
        second = raw.hash(seed=1).to_numpy()
        order = pl.Series(first).arg_sort().to_numpy()
        ordered = first[order]
        new = np.ones(len(order), bool)
        new[1:] = ordered[1:] != ordered[:-1]
        self.uid = np.empty(len(order), np.int64)
        self.uid[order] = np.cumsum(new) - 1
        representative = order[new]
        if not np.array_equal(second, second[representative][self.uid]):
            raise _Collision
        self.unique = raw.gather(representative).str.strip_chars_end()  # as ``line.rstrip()``

    def reject(self, why: str, hands: np.ndarray) -> None:
        """Send these hands the reference way; ``why`` is counted in ``sent_back``."""
        hands = np.unique(hands)
        hands = hands[~self.bad[hands]]
        if len(hands):
            self.bad[hands] = True
            self.sent_back[why] = self.sent_back.get(why, 0) + len(hands)

    def stripped(self, rows: np.ndarray) -> pl.Series:
        return self.unique.gather(self.uid[rows])

    def distinct(self, rows: np.ndarray) -> tuple[np.ndarray, pl.Series]:
        """For ``rows``: each one's index into the returned distinct lines, and those lines."""
        uids = self.uid[rows]
        present = np.zeros(len(self.unique), bool)
        present[uids] = True
        keys = np.flatnonzero(present)
        slot = np.zeros(len(self.unique), np.int64)
        slot[keys] = np.arange(len(keys))
        return slot[uids], self.unique.gather(keys)

    # ------------------------------------------------------------------ the chunk

    def read(self) -> FastChunk:
        u = self.unique
        flags = pl.DataFrame({"u": u}).select(
            start=pl.col("u").str.contains(_HAND_START),
            seat=pl.col("u").str.starts_with("Seat "),
            mark=pl.col("u").str.starts_with("*** SUMMARY ***"),
            exact_mark=pl.col("u") == "*** SUMMARY ***",
            blank=pl.col("u") == "",
        )
        start, seat_prefix, mark, exact_mark, blank = (
            flags[c].to_numpy()[self.uid] for c in ("start", "seat", "mark", "exact_mark", "blank"))
        n = len(self.raw)
        hand = np.cumsum(start, dtype=np.int64)  # 0: text before the first header
        self.n_hands = n_hands = int(hand[-1])
        self.bad = np.zeros(n_hands + 1, bool)
        self.bad[0] = True
        start_rows = np.flatnonzero(start)
        first = start | (np.arange(n) == 0)
        if not n_hands:  # no hand header at all: one hand of text, the reference's to read
            raise _NoHands
        pos = np.where(hand > 0, np.arange(n) - start_rows[np.maximum(hand - 1, 0)], -1)
        marks = _within(mark, first)
        breaks = _within((pos >= 2) & ~seat_prefix, first)
        self.reject("no summary or two", np.flatnonzero(np.bincount(hand[mark], minlength=n_hands + 1) != 1))
        self.reject("summary line", hand[mark & ~exact_mark])
        self.hand = hand

        starts = self.offsets[start_rows].tolist()
        before = starts[0] if starts else len(self.data)
        # text before the first header is a hand of its own unless blank (as split_at says)
        pseudo = prefix_is_a_hand(self.data[:before])
        shift = 0 if pseudo else 1  # hand h is the chunk's hand h - shift
        all_starts = ([0] if pseudo else []) + starts + [len(self.data)]

        heads = self._heads(start_rows)
        seats = self._seats(np.flatnonzero((hand > 0) & (pos >= 2) & (breaks == 0)))
        if len(seats["hand"]) == 0:  # no seat line in any hand: nothing to read in columns
            raise _NoHands
        acts = self._actions(np.flatnonzero((hand > 0) & (pos >= 2) & (breaks >= 1) & (marks == 0) & ~blank),
                             seats)
        summary = self._summary(np.flatnonzero((hand > 0) & (marks >= 1) & ~mark & ~blank), seats)
        hands, seat_rows, action_rows, payout_rows = self._settle(heads, seats, acts, summary)

        good = ~self.bad
        handled = [False] * (len(all_starts) - 1)
        for h in np.flatnonzero(good).tolist():
            handled[h - shift] = True

        def keep(frame: pl.DataFrame) -> pl.DataFrame:
            frame = frame.filter(pl.Series(good[frame["hand"].to_numpy()]))
            return frame.with_columns(hand=(pl.col("hand") - shift).cast(pl.Int32))

        return FastChunk(self.data, all_starts, handled, keep(hands), keep(seat_rows), keep(action_rows),
                         keep(payout_rows), self.sent_back)

    # ------------------------------------------------------------------ header, table

    def _heads(self, start_rows: np.ndarray) -> pl.DataFrame:
        """One row per hand (hand ``h`` at index ``h - 1``): header, game, clock, table."""
        hands = np.arange(1, self.n_hands + 1)
        parsed = self.stripped(start_rows).str.extract_groups(_HEADER).struct.unnest()
        self.reject("header", hands[parsed["hid"].is_null().to_numpy()])
        parsed = parsed.with_columns(
            hand=pl.Series(hands),
            rest=pl.col("rest").str.strip_chars(),
            stamp=pl.coalesce("stamp2", "stamp"),
            zone=pl.when(pl.col("stamp2").is_not_null()).then(pl.col("zone2")).otherwise(pl.col("zone")),
        ).drop("stamp2", "zone2")
        games = self._games(parsed["rest"].drop_nulls().unique().to_list())
        parsed = parsed.join(games, on="rest", how="left", maintain_order="left")
        self.reject("game", hands[~parsed["game_ok"].fill_null(False).to_numpy()])
        parsed = parsed.with_columns(clock=pl.col("stamp").str.extract_groups(_CLOCK)).unnest("clock")
        times = self._times(parsed.select("day", "hour", "zone").drop_nulls(["day"]).unique())
        parsed = parsed.join(times, on=["day", "hour", "zone"], how="left", nulls_equal=True,
                             maintain_order="left")
        self.reject("clock", hands[~parsed["time_ok"].fill_null(False).to_numpy()])
        valid_clock = (pl.col("minute") <= "59") & (pl.col("second") <= "59")
        utc_text = pl.when(valid_clock).then(pl.col("utc_hour") + pl.col("minute") + ":" + pl.col("second") + "Z")
        parsed = parsed.with_columns(
            start_time_utc=utc_text.str.strptime(pl.Datetime("us", "UTC"), "%Y-%m-%dT%H:%M:%SZ"),
            start_time_raw=pl.when(pl.col("zone").is_not_null())
            .then(pl.col("stamp") + " " + pl.col("zone")).otherwise(pl.col("stamp")),
        )
        table_rows = np.minimum(start_rows + 1, len(self.raw) - 1)
        same_hand = self.hand[table_rows] == hands
        tables = self._tables(self.stripped(table_rows))
        ok = same_hand & tables["table_ok"].to_numpy()
        self.reject("table line", hands[~ok])
        self.scale = np.zeros(self.n_hands + 1, np.int64)
        self.scale[1:] = parsed["amount_scale"].fill_null(100).to_numpy()
        return pl.concat([parsed, tables.drop("table_ok")], how="horizontal")

    @staticmethod
    def _games(rests: list[str]) -> pl.DataFrame:
        """The reference's reading of each distinct game-and-stakes text."""
        rows = []
        for rest in rests:
            try:
                info = game_info(rest, "0")
            except HandParseError:
                rows.append({"rest": rest, "game_ok": False})
                continue
            game, tid = info["game"], info["tournament_id"]
            ok = (game not in STUD_GAMES and game not in DRAW_GAMES and info["mixed"] is None
                  and not (tid is not None and len(tid) > 12))  # longer numbers are Chico's
            stakes = info["stake_values"]
            rows.append({
                "rest": rest, "game_ok": ok, "game": str(game), "hilo": game in HILO_GAMES,
                "limit": str(info["limit"]) if info["limit"] else None, "tournament_id": tid,
                "currency": info["currency"], "amount_scale": info["scale"], "is_play_money": info["play_money"],
                "stakes_are_blinds": info["limit"] in (Limit.NO, Limit.POT) and len(stakes) >= 2,
                "stake_sb": stakes[0] if len(stakes) >= 2 else None,
                "stake_bb": stakes[1] if len(stakes) >= 2 else None,
            })
        schema = {"rest": pl.String, "game_ok": pl.Boolean, "game": pl.String, "hilo": pl.Boolean,
                  "limit": pl.String, "tournament_id": pl.String, "currency": pl.String,
                  "amount_scale": pl.Int64, "is_play_money": pl.Boolean, "stakes_are_blinds": pl.Boolean,
                  "stake_sb": pl.Int64, "stake_bb": pl.Int64}
        return pl.DataFrame(rows, schema=schema)

    @staticmethod
    def _times(keys: pl.DataFrame) -> pl.DataFrame:
        """Per printed day, hour and zone: the ISO date and the UTC ``YYYY-MM-DDTHH:``
        (null when the zone is unknown), both from the reference's own functions."""
        rows = []
        for day, hour, zone in keys.iter_rows():
            iso = iso_date(f"{day} {hour}:00:00")
            utc = to_utc(f"{day} {hour}:00:00", zone)
            ok = utc is None or utc.endswith(":00:00Z")  # whole-hour offsets only
            rows.append((day, hour, zone, iso, utc[:14] if utc and ok else None, ok))
        return pl.DataFrame(rows, schema={"day": pl.String, "hour": pl.String, "zone": pl.String,
                                          "hand_date": pl.String, "utc_hour": pl.String, "time_ok": pl.Boolean},
                            orient="row")

    @staticmethod
    def _tables(lines: pl.Series) -> pl.DataFrame:
        rows = []
        for text in lines.unique().to_list():
            got = read_table_line(text)
            rows.append((text, got is not None, *(got or (None, None, None))))
        lookup = pl.DataFrame(rows, schema={"s": pl.String, "table_ok": pl.Boolean, "table_name": pl.String,
                                            "button_seat": pl.Int32, "max_seats": pl.Int32}, orient="row")
        return pl.DataFrame({"s": lines}).join(lookup, on="s", how="left", maintain_order="left").drop("s")

    # ------------------------------------------------------------------ seats

    # ------------------------------------------------------------------ seats

    def _seats(self, rows: np.ndarray) -> dict[str, Any]:
        """The seat lines: arrays with one entry per seat, and lookups by name and number."""
        index, lines = self.distinct(rows)
        got = lines.str.extract_groups(_SEAT).struct.unnest()
        hand = self.hand[rows]
        number = got["seat"].cast(pl.Int64, strict=False).fill_null(-1).to_numpy()[index]
        stack = _Amounts.read(got["stack"]).value(index, self.scale[hand])
        tail = got["tail"]
        players = got["player"].fill_null("")
        facts = pl.DataFrame({"tail": tail, "p": players}).select(
            odd=pl.col("tail").str.contains("in chips", literal=True).fill_null(True),
            fresh=(pl.col("tail").str.strip_chars() == "").fill_null(False),  # "is sitting out": not yet
            chico=pl.col("p").str.ends_with("_chico"),
            colon=pl.col("p").str.contains(": ", literal=True),
            length=pl.col("p").str.len_chars())
        self.reject("seat line", hand[(number < 0) | (number > 2**20) | (stack < 0) | facts["odd"].to_numpy()[index]])
        self.reject("chico", hand[facts["chico"].to_numpy()[index]])
        self.reject("no seat lines", np.flatnonzero(np.bincount(hand, minlength=self.n_hands + 1) == 0))
        first_hash = players.hash(seed=0).to_numpy()[index]
        second_hash = players.hash(seed=1).to_numpy()[index]
        name_keys = (hand.astype(np.uint64) * _NAME_MIX) ^ first_hash
        by_name = np.argsort(name_keys, kind="stable")
        sorted_names = name_keys[by_name]
        self.reject("seat name twice", hand[by_name[1:][sorted_names[1:] == sorted_names[:-1]]])
        number_keys = hand * 2**21 + number
        by_number = np.argsort(number_keys, kind="stable")
        sorted_numbers = number_keys[by_number]
        self.reject("seat number twice", hand[by_number[1:][sorted_numbers[1:] == sorted_numbers[:-1]]])
        return {
            "hand": hand, "number": number, "names": players.gather(index), "stack": stack,
            "fresh": facts["fresh"].to_numpy()[index], "length": facts["length"].to_numpy()[index],
            "first_hash": first_hash, "second_hash": second_hash,
            "name_keys": sorted_names, "by_name": by_name, "number_keys": sorted_numbers, "by_number": by_number,
            "colon_names": np.flatnonzero(facts["colon"].to_numpy()[index]),
        }

    @staticmethod
    def _by_name(seats: dict[str, Any], hand: np.ndarray, first_hash: np.ndarray, second_hash: np.ndarray,
                 present: np.ndarray) -> np.ndarray:
        """Index of the seat of ``hand`` with this name (by its two hashes), or -1."""
        if len(hand) == 0 or len(seats["hand"]) == 0:
            return np.full(len(hand), -1, np.int64)
        keys = (hand.astype(np.uint64) * _NAME_MIX) ^ first_hash
        sorted_keys = seats["name_keys"]
        at = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
        index = seats["by_name"][at]
        same = ((sorted_keys[at] == keys) & (seats["hand"][index] == hand) & (seats["first_hash"][index] == first_hash)
                & (seats["second_hash"][index] == second_hash) & present)
        return np.where(same, index, -1)

    @staticmethod
    def _by_number(seats: dict[str, Any], hand: np.ndarray, number: np.ndarray) -> np.ndarray:
        if len(seats["hand"]) == 0:
            return np.full(len(hand), -1, np.int64)
        keys = hand * 2**21 + number
        sorted_keys, order = seats["number_keys"], seats["by_number"]
        at = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
        return np.where((sorted_keys[at] == keys) & (number >= 0), order[at], -1)

    # ------------------------------------------------------------------ actions

    @staticmethod
    def _rest_facts(rest: pl.Series) -> dict[str, Any]:
        """What an action line says after ``name: `` (null: not an action line)."""
        all_in = rest.str.ends_with(_ALL_IN).fill_null(False).to_numpy()
        r = pl.col("r")
        tests = pl.DataFrame({"r": rest.str.strip_suffix(_ALL_IN)}).select(
            "r", fold=r == "folds", check=r == "checks", call=r.str.starts_with("calls "),
            bet=r.str.starts_with("bets "), raise_=r.str.starts_with("raises "),
            ante=r.str.starts_with("posts the ante "), sb=r.str.starts_with("posts small blind "),
            bb=r.str.starts_with("posts big blind "), show=r.str.contains(_SHOWS),
            muck=r == "mucks hand", quiet=(r == "doesn't show hand") | r.is_in(sorted(SEAT_STATUS)))
        t = {c: tests[c].fill_null(False).to_numpy() for c in tests.columns if c != "r"}
        kind = np.select(
            [t["fold"], t["check"], t["call"], t["bet"], t["raise_"], t["ante"], t["sb"], t["bb"], t["show"],
             t["muck"], t["quiet"]],
            [FOLD, CHECK, CALL, BET, RAISE, ANTE, SB, BB, SHOW, MUCK, QUIET], BAD)
        starts = np.array([_AMOUNT_AT.get(k, 0) for k in range(BAD + 1)])[kind]
        frame = pl.DataFrame({"r": tests["r"], "at": starts, "paying": np.isin(kind, _PAYING),
                              "raise": kind == RAISE, "show": kind == SHOW}).select(
            paid=pl.when(pl.col("paying")).then(pl.col("r").str.slice(pl.col("at"))),
            raised=pl.when(pl.col("raise")).then(pl.col("r")).str.extract_groups(_RAISE),
            cards=pl.when(pl.col("show")).then(pl.col("r")).str.extract(r"\[([^\]]*)\]").str.extract_all(_CARD))
        return {"kind": kind, "all_in": all_in, "paid": _Amounts.read(frame["paid"]),
                "to": _Amounts.read(frame["raised"].struct.field("to")),
                "by": _Amounts.read(frame["raised"].struct.field("by")), "cards": frame["cards"]}

    @staticmethod
    def _other_facts(lines: pl.Series) -> dict[str, Any]:
        """What a line that is no ``name: action`` says: street, cards dealt, pot paid,
        bet returned, or nothing (chat, someone joining, leaving, sitting out, timing
        out), in the reference's order of tests."""
        s = pl.col("s")
        kinds = pl.DataFrame({"s": lines}).select(
            star=s.str.starts_with("*"), dealt=s.str.starts_with("Dealt to "),
            collected=s.str.contains(" collected ", literal=True), uncalled=s.str.starts_with("Uncalled bet ("),
            chat=s.str.contains(' said, "', literal=True),
            paid_out=s.str.contains(" cashed out the hand for ", literal=True)
            | (s.str.contains(" wins ", literal=True) & (s.str.contains(" for eliminating ", literal=True)
                                                        | s.str.contains(" for splitting the elimination of ",
                                                                         literal=True))),
            info=s.str.contains("|".join(re.escape(f) for f in INFO_FRAGMENTS)),
            status=s.str.extract(r"^.+?: (.*)$", 1).is_in(sorted(SEAT_STATUS)))
        k = {c: kinds[c].fill_null(False).to_numpy() for c in kinds.columns}
        kind = np.select([k["star"], k["dealt"], k["collected"], k["uncalled"], k["chat"], k["paid_out"], k["info"],
                          k["status"]], [STREET, DEALT, COLLECTED, UNCALLED, SKIP, BAD, SKIP, SKIP], BAD)
        code = np.full(len(lines), -1, np.int64)
        for value, pattern in _STREET_LINES:
            code[pl.select(pl.when(pl.Series(kind == STREET)).then(lines).str.contains(pattern))
                 .to_series().fill_null(False).to_numpy()] = value
        frame = pl.DataFrame({"s": lines, "kind": kind, "code": code}).select(
            dealt=pl.when(pl.col("kind") == DEALT).then(s).str.extract_groups(_DEALT),
            paid=pl.when(pl.col("kind") == COLLECTED).then(s).str.extract_groups(_COLLECTED),
            back=pl.when(pl.col("kind") == UNCALLED).then(s).str.extract_groups(_UNCALLED),
            board=pl.when(pl.col("code").is_in([2, 3, 4])).then(s).str.extract_all(_CARD))
        player = frame.select(pl.coalesce(pl.col("dealt").struct.field("player"),
                                          pl.col("paid").struct.field("player"),
                                          pl.col("back").struct.field("player"))).to_series()
        source = frame["paid"].struct.field("source")
        pot = pl.select(pl.when(source.is_in(["pot", "main pot"])).then(0).when(source == "side pot").then(1)
                        .otherwise(source.str.slice(9).cast(pl.Int64, strict=False))).to_series()
        return {
            "kind": kind, "code": code, "board": frame["board"], "pot": pot.fill_null(-1).to_numpy(),
            "player": player.is_not_null().to_numpy(),
            "first_hash": player.hash(seed=0).to_numpy(), "second_hash": player.hash(seed=1).to_numpy(),
            "cards": frame["dealt"].struct.field("cards").str.extract_all(_CARD),
            "amount": _Amounts.read(pl.select(pl.coalesce(frame["paid"].struct.field("amount"),
                                                          frame["back"].struct.field("amount"))).to_series()),
        }

    def _actions(self, rows: np.ndarray, seats: dict[str, Any]) -> dict[str, Any]:
        """Every line between the seats and the summary, classified as the reference's
        dispatch does: a seated name and ``": "`` first, then street lines, ``Dealt to``,
        pay lines and returned bets."""
        hand = self.hand[rows]
        scale = self.scale[hand]
        index, lines = self.distinct(rows)
        cut = pl.DataFrame({"s": lines}).select(
            at=pl.col("s").str.find(": ", literal=True).fill_null(-1),
            ascii=pl.col("s").str.len_bytes() == pl.col("s").str.len_chars(),
            colons=pl.col("s").str.count_matches(": ", literal=True))
        at = cut["at"].to_numpy()
        prefix = pl.DataFrame({"s": lines, "at": np.maximum(at, 0), "fast": cut["ascii"].to_numpy() & (at > 0),
                               "slow": ~cut["ascii"].to_numpy() & (at > 0)}).select(
            pl.when(pl.col("fast")).then(pl.col("s").str.slice(0, pl.col("at")))
            .when(pl.col("slow")).then(pl.col("s").str.extract(r"^(.*?): ", 1))).to_series()
        seat = self._by_name(seats, hand, prefix.hash(seed=0).to_numpy()[index], prefix.hash(seed=1).to_numpy()[index],
                             (at > 0)[index])
        # each distinct line is read as an action where some hand seats its name, and as
        # another kind of line where some hand does not (nulls cost nothing)
        as_action = np.zeros(len(lines), bool)
        as_action[index[seat >= 0]] = True
        as_other = np.zeros(len(lines), bool)
        as_other[index[seat < 0]] = True
        rest = pl.DataFrame({"s": lines, "p": prefix, "a": as_action}).select(
            pl.when(pl.col("a")).then(pl.col("s").str.slice(pl.col("p").str.len_chars() + 2))).to_series()
        said = self._rest_facts(rest)
        other = self._other_facts(pl.select(pl.when(pl.Series(as_other)).then(lines)).to_series())
        n = len(rows)
        kind = np.where(seat >= 0, said["kind"][index], other["kind"][index])
        all_in = np.where(seat >= 0, said["all_in"][index], False)
        amount = np.where(seat >= 0, said["paid"].value(index, scale), other["amount"].value(index, scale))
        raised_to = said["to"].value(index, scale)
        raised_by = said["by"].value(index, scale)
        override: tuple[np.ndarray, pl.Series] | None = None  # rows read with another name, their cards
        if len(seats["colon_names"]):
            # "Mr: Pigeon: calls": where the text before the first ": " is no seated name,
            # the longest seated name followed by ": " (``_known_prefix``)
            pending = np.flatnonzero((seat < 0) & (cut["colons"].to_numpy()[index] >= 2))
            found, name_seat = self._longest_colon_names(seats, hand[pending], lines.gather(index[pending]))
            if len(found):
                rows_found = pending[found]
                seat[rows_found] = name_seat
                rest_found = pl.DataFrame({"s": lines.gather(index[rows_found]),
                                           "p": seats["names"].gather(name_seat)}).select(
                    pl.col("s").str.slice(pl.col("p").str.len_chars() + 2)).to_series()
                again = self._rest_facts(rest_found)
                kind[rows_found] = again["kind"]
                all_in[rows_found] = again["all_in"]
                local = np.arange(len(rows_found))
                amount[rows_found] = again["paid"].value(local, scale[rows_found])
                raised_to[rows_found] = again["to"].value(local, scale[rows_found])
                raised_by[rows_found] = again["by"].value(local, scale[rows_found])
                override = (rows_found, again["cards"])
        shows = np.flatnonzero(kind == SHOW)
        if override is None:
            show_cards = said["cards"].gather(index[shows])
        else:
            replaced = np.isin(shows, override[0])
            kept = said["cards"].gather(index[shows[~replaced]])
            others = override[1].gather(np.searchsorted(override[0], shows[replaced]))
            order = np.argsort(np.concatenate([shows[~replaced], shows[replaced]]), kind="stable")
            show_cards = pl.concat([kept, others]).gather(order)

        linked = np.isin(kind, [DEALT, COLLECTED, UNCALLED])
        unresolved = np.flatnonzero(linked & (seat < 0))
        u = index[unresolved]
        seat[unresolved] = self._by_name(seats, hand[unresolved], other["first_hash"][u], other["second_hash"][u],
                                         other["player"][u])
        code = np.where(kind == STREET, other["code"][index], -1)
        pot = np.where(kind == COLLECTED, other["pot"][index], -1)
        paying = np.isin(kind, _PAYING + [COLLECTED, UNCALLED])
        self.reject("dealt, pay or return line", hand[(linked & (seat < 0)) | ((kind == COLLECTED) & (pot < 0))])
        self.reject("amount", hand[(paying & (amount < 0)) | ((kind == RAISE) & ((raised_to < 0) | (raised_by < 0)))])
        self.reject("unread line", hand[(kind == BAD) | ((kind == STREET) & (code < 0))])
        street_rows = code >= 0
        values, counts = np.unique(hand[street_rows] * 8 + code[street_rows], return_counts=True)
        self.reject("street line twice", values[counts > 1] // 8)
        board_rows = np.flatnonzero(np.isin(code, [2, 3, 4]))

        first = np.concatenate([[True], hand[1:] != hand[:-1]]) if n else np.zeros(0, bool)
        anchor = np.maximum.accumulate(np.where(first | street_rows, np.arange(n), 0)) if n else code
        street_now = np.where(code[anchor] >= 0, code[anchor], 0) if n else code
        return {"rows": rows, "hand": hand, "kind": kind, "seat": seat, "amount": amount, "raised_to": raised_to,
                "all_in": all_in & (seat >= 0), "street": street_now, "segment": _within(np.isin(code, [2, 3, 4]), first),
                "seq": _within((seat >= 0) & ~linked | (kind == UNCALLED), first) - 1, "pot": pot,
                "dealt_cards": other["cards"].gather(index[kind == DEALT]), "show_cards": show_cards,
                "board": other["board"].gather(index[board_rows]), "board_rows": board_rows}

    @staticmethod
    def _longest_colon_names(seats: dict[str, Any], hand: np.ndarray, lines: pl.Series) -> tuple[np.ndarray, np.ndarray]:
        """Of these lines, which start with a seated name that holds ``": "`` followed by
        ``": "`` (positions), and the longest such seat of each."""
        if len(hand) == 0:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        colon = seats["colon_names"]
        left = pl.DataFrame({"i": np.arange(len(hand)), "hand": hand, "s": lines})
        right = pl.DataFrame({"hand": seats["hand"][colon], "seat": colon, "p": seats["names"].gather(colon)})
        best = (left.join(right, on="hand", how="inner")
                .filter(pl.col("s").str.starts_with(pl.col("p") + ": "))
                .sort(pl.col("p").str.len_chars(), descending=True)
                .group_by("i").agg(pl.col("seat").first()).sort("i"))
        return best["i"].to_numpy(), best["seat"].to_numpy()

    # ------------------------------------------------------------------ summary

    def _summary(self, rows: np.ndarray, seats: dict[str, Any]) -> dict[str, Any]:
        hand = self.hand[rows]
        index, lines = self.distinct(rows)
        kinds = pl.DataFrame({"s": lines}).select(
            seat=pl.col("s").str.starts_with("Seat "), total=pl.col("s").str.starts_with("Total pot "),
            board=pl.col("s").str.starts_with("Board ["))
        is_seat, is_total, is_board = (kinds[c].to_numpy()[index] for c in ("seat", "total", "board"))
        self.reject("summary line", hand[~(is_seat | is_total | is_board)])
        at = np.flatnonzero(is_seat)
        seat_lines = self._summary_seats(hand, index, lines, at, seats)
        totals = self._summary_totals(hand, index, lines, np.flatnonzero(is_total))
        boards = np.flatnonzero(is_board)
        board_cards = lines.gather(index[boards]).str.extract(_BOARD, 1)
        self.reject("board line", hand[boards[board_cards.is_null().to_numpy()]])
        self.reject("board line count", np.flatnonzero(np.bincount(hand[boards], minlength=self.n_hands + 1) > 1))
        return {"line_rows": rows[at], **seat_lines, **totals,
                "board_hand": hand[boards], "board": board_cards.str.extract_all(_CARD)}

    def _summary_seats(self, hand: np.ndarray, index: np.ndarray, lines: pl.Series, at: np.ndarray,
                       seats: dict[str, Any]) -> dict[str, Any]:
        """The summary's ``Seat N:`` lines (rows ``at``): whose each is, what it says the
        seat won, and whether it showed or mucked (and which cards)."""
        line_hand = hand[at]
        parts = lines.str.extract_groups(_SUMMARY_SEAT).struct.unnest()
        number = parts["seat"].cast(pl.Int64, strict=False).fill_null(-1).to_numpy()[index[at]]
        seat = self._by_number(seats, line_hand, number)
        # what follows the name depends on the line and on how long the seat's name is
        length = np.where(seat >= 0, seats["length"][np.maximum(seat, 0)], 0)
        self.reject("summary seat name", line_hand[length >= 4096])
        pair = index[at] * 4096 + np.minimum(length, 4095)
        pairs, pair_index = np.unique(pair, return_inverse=True)
        effects = _summary_effects(parts["body"].gather(pairs // 4096), pairs % 4096)
        f = {c: effects[c].fill_null(False).to_numpy() for c in ("lb", "won_key", "cashed", "showed", "mucked_cards",
                                                              "mucked_any", "mucked_start", "mucked_before", "odd")}
        skip = ~(f["lb"] | f["won_key"] | f["cashed"])
        showed = ~skip & f["showed"]
        mucked_cards = ~skip & f["mucked_cards"]
        mucked = np.where(skip, f["mucked_any"], mucked_cards | f["mucked_start"] | f["mucked_before"])
        card_text = pl.DataFrame({"e": effects["e"], "m": mucked_cards, "s": showed}).select(
            pl.when(pl.col("m")).then(pl.col("e").str.extract(r" mucked \[([^\]]*)\]"))
            .when(pl.col("s")).then(pl.col("e").str.extract(r" showed \[([^\]]*)\]"))).to_series()
        bad_cards = (showed | mucked_cards) & ~card_text.str.contains(rf"^{_CARDS}$").fill_null(False).to_numpy()
        # winnings: the amounts of every " won (...)" and " collected (...)", summed as parts
        counts = effects["won"].list.len().fill_null(0).to_numpy()
        won = _summed_amounts(effects["won"], counts, len(pairs)).value(pair_index, self.scale[line_hand])
        odd = f["odd"] | bad_cards | (effects["keys"].to_numpy() != counts)
        head = effects["head"]
        named = ((seat >= 0) & (head.hash(seed=0).to_numpy()[pair_index] == seats["first_hash"][np.maximum(seat, 0)])
                 & (head.hash(seed=1).to_numpy()[pair_index] == seats["second_hash"][np.maximum(seat, 0)]))
        self.reject("summary seat name", line_hand[~named])
        self.reject("summary seat line", line_hand[odd[pair_index] | (won < 0)])
        self.reject("summary seat twice", seats["hand"][np.bincount(seat[named], minlength=len(seats["hand"])) > 1])
        with_cards = np.flatnonzero((showed | mucked_cards)[pair_index])
        return {
            "line_hand": line_hand, "seat": seat, "named": named, "won": won,
            "showed": showed[pair_index], "mucked": mucked[pair_index],
            "cards": card_text.str.extract_all(_CARD).gather(pair_index[with_cards]), "card_lines": with_cards,
        }

    def _summary_totals(self, hand: np.ndarray, index: np.ndarray, lines: pl.Series,
                        totals: np.ndarray) -> dict[str, Any]:
        """The ``Total pot`` lines (rows ``totals``, one a hand): total, rake, and the
        pots printed (main and side pots, net of rake; else the total alone)."""
        total_hand = hand[totals]
        t = lines.gather(index[totals]).str.extract_groups(_TOTAL).struct.unnest()
        scale = self.scale[total_hand]
        total = _amounts(t["total"], scale)
        rake = _amounts(t["rake"], scale)
        has_main = t["main"].is_not_null().to_numpy()
        main = _amounts(t["main"].fill_null("0"), scale)
        self.reject("total line", total_hand[(total < 0) | (rake < 0) | (has_main & (main < 0))])
        self.reject("total line count", np.flatnonzero(np.bincount(total_hand, minlength=self.n_hands + 1) != 1))
        pieces = (pl.DataFrame({"i": np.arange(len(totals)), "sides": t["sides"].fill_null("")})
                  .filter(pl.col("sides") != "")
                  .select("i", piece=pl.col("sides").str.split(" Side pot").list.slice(1))
                  .with_columns(k=pl.int_ranges(pl.col("piece").list.len())).explode("piece", "k"))
        side = pieces["piece"].str.extract_groups(_SIDE_PIECE).struct.unnest()
        side_i = pieces["i"].to_numpy()
        side_value = _amounts(side["amount"], scale[side_i])
        side_key = np.where(side["index"].is_null().to_numpy(), pieces["k"].to_numpy() + 1,
                            side["index"].cast(pl.Int64, strict=False).fill_null(0).to_numpy())
        self.reject("side pot", total_hand[side_i[(side_value < 0) | (side_key <= 0)]])
        values, repeats = np.unique(side_i * 2**20 + side_key, return_counts=True)
        self.reject("side pot twice", total_hand[side_i[np.isin(side_i * 2**20 + side_key, values[repeats > 1])]])
        order = np.lexsort((side_key, side_i))
        side_lists = pl.DataFrame({"i": side_i[order], "v": side_value[order]}).group_by("i", maintain_order=True).agg("v")
        pots = pl.DataFrame({"i": np.arange(len(totals)), "main": main, "total": total, "has_main": has_main}).join(
            side_lists, on="i", how="left", maintain_order="left").select(
            pl.when(pl.col("has_main")).then(pl.concat_list(pl.col("main"), pl.col("v").fill_null(pl.lit([], pl.List(pl.Int64)))))
            .otherwise(pl.concat_list(pl.col("total")))).to_series()
        return {"total_hand": total_hand, "total": total, "rake": rake, "pots": pots, "net": has_main}

    # ------------------------------------------------------------------ the hand as a whole

    def _raise_increments(self, acts: dict[str, Any]) -> np.ndarray:
        """What each raise added: the total raised to less the seat's bet this street so
        far (``BetTracker.raise_to``). A seat's bet on a street is a running sum of what it
        put in and got back, which a raise resets to its total."""
        kind, seat, amount, raised_to = acts["kind"], acts["seat"], acts["amount"], acts["raised_to"]
        added = np.zeros(len(kind), np.int64)
        moving = np.flatnonzero(np.isin(kind, _LIVE + [RAISE, UNCALLED]) & (seat >= 0))
        if not (kind[moving] == RAISE).any():
            return added
        segment = acts["segment"]
        o = moving[np.lexsort((moving, segment[moving], seat[moving]))]
        new_group = np.ones(len(o), bool)
        new_group[1:] = (seat[o][1:] != seat[o][:-1]) | (segment[o][1:] != segment[o][:-1])
        is_raise = kind[o] == RAISE
        delta = np.where(kind[o] == UNCALLED, -amount[o], np.where(is_raise, 0, amount[o]))
        anchor = np.maximum.accumulate(np.where(new_group | is_raise, np.arange(len(o)), 0))
        base = np.where(is_raise[anchor], raised_to[o][anchor], 0)
        running = np.cumsum(delta)
        after = base + running - (running[anchor] - delta[anchor])
        before = np.concatenate([[0], after[:-1]])
        before[new_group] = 0
        raises = o[is_raise]
        added[raises] = raised_to[raises] - before[is_raise]
        self.reject("raise below the bet", acts["hand"][raises[added[raises] < 0]])
        return added

    def _settle(self, heads: pl.DataFrame, seats: dict[str, Any], acts: dict[str, Any],
                summary: dict[str, Any]) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, pl.DataFrame]:
        """The lake's rows of every hand, once the checks that join the action lines,
        the summary and the totals have sent back each hand that does not add up."""
        added = self._raise_increments(acts)
        per_seat = self._per_seat(seats, acts, summary, added)
        money = self._money(seats, acts, summary, per_seat["contributed"])
        board = self._board(acts, summary)
        forced = self._forced_bets(acts)
        hands = self._hand_rows(heads, summary, money, forced, board)
        return (hands, self._seat_rows(seats, per_seat), self._action_rows(seats, acts, added),
                self._payout_rows(heads, seats, acts))

    def _per_seat(self, seats: dict[str, Any], acts: dict[str, Any], summary: dict[str, Any],
                  added: np.ndarray) -> dict[str, Any]:
        """Each seat's facts from its action lines and its summary line: what it put in,
        whether it was dealt in, folded (on which street), showed, mucked, went all in."""
        n_seats = len(seats["hand"])
        kind, seat, amount = acts["kind"], acts["seat"], acts["amount"]
        moved = np.select([np.isin(kind, _PAYING), kind == RAISE, kind == UNCALLED], [amount, added, -amount], 0)
        seated = seat >= 0
        contributed = np.zeros(n_seats, np.int64)
        np.add.at(contributed, seat[seated], moved[seated])
        acted = _any_per(seat, np.isin(kind, _BETTING), n_seats)
        has_dealt = _any_per(seat, kind == DEALT, n_seats)
        all_in = _any_per(seat, acts["all_in"], n_seats)
        showed = _any_per(seat, kind == SHOW, n_seats)
        mucked = _any_per(seat, kind == MUCK, n_seats)
        folds = np.flatnonzero(kind == FOLD)
        last_fold = _last_per(seat[folds], folds, n_seats)
        fold_street = _pick(acts["street"], _pick(folds, last_fold, -1), -1)

        named = summary["named"]
        line_seat = summary["seat"][named]
        has_summary = np.zeros(n_seats, bool)
        has_summary[line_seat] = True
        showed[line_seat[summary["showed"][named]]] = True
        mucked[line_seat[summary["mucked"][named]]] = True
        dealt_in = seats["fresh"] | acted | has_dealt
        self.reject("dealt seat missing from summary", seats["hand"][dealt_in & ~has_summary])
        return {"contributed": contributed, "dealt_in": dealt_in, "fold_street": fold_street, "showed": showed,
                "mucked": mucked, "all_in": all_in, "cards": _last_cards(acts, summary, n_seats)}

    def _money(self, seats: dict[str, Any], acts: dict[str, Any], summary: dict[str, Any],
               contributed: np.ndarray) -> dict[str, np.ndarray]:
        """Per hand (index 0 unused): what went in, what was paid, the printed total and
        rake (-1 where none) and whether pots are printed net; a hand whose pay lines, summary
        and totals disagree is sent back."""
        kind, seat, amount, hand = acts["kind"], acts["seat"], acts["amount"], acts["hand"]
        seat_hand = seats["hand"]
        named = summary["named"]
        stated = np.zeros(len(seat_hand), np.int64)
        stated[summary["seat"][named]] = summary["won"][named]
        collected = np.flatnonzero(kind == COLLECTED)
        paid_seat = np.zeros(len(seat_hand), np.int64)
        to_seat = collected[seat[collected] >= 0]
        np.add.at(paid_seat, seat[to_seat], amount[to_seat])
        self.reject("summary contradicts pay lines", seat_hand[paid_seat != stated])

        n = self.n_hands + 1
        pot_total = np.zeros(n, np.int64)
        np.add.at(pot_total, seat_hand, contributed)
        paid = np.zeros(n, np.int64)
        np.add.at(paid, hand[collected], amount[collected])
        total = np.full(n, -1, np.int64)
        total[summary["total_hand"]] = summary["total"]
        rake = np.full(n, -1, np.int64)
        rake[summary["total_hand"]] = summary["rake"]
        net = np.zeros(n, bool)
        net[summary["total_hand"]] = summary["net"]
        pots_sum = np.zeros(n, np.int64)
        pots_sum[summary["total_hand"]] = summary["pots"].list.sum().to_numpy()
        self.reject("money does not add up", np.flatnonzero(
            (total != pot_total) | (paid + rake != pot_total) | (net & (pots_sum != total - rake))))
        return {"pot_total": pot_total, "paid": paid, "total": total, "rake": rake, "net": net}

    def _board(self, acts: dict[str, Any], summary: dict[str, Any]) -> pl.Series:
        """Each hand's board (index 0 unused): the summary's, which must agree with the
        last street line's."""
        n = self.n_hands + 1
        board_rows = acts["board_rows"]
        last_board = _last_per(acts["hand"][board_rows], board_rows, n)
        street_board = _pick_series(acts["board"], last_board)
        summary_board_at = np.full(n, -1, np.int64)
        summary_board_at[summary["board_hand"]] = np.arange(len(summary["board_hand"]))
        summary_board = _pick_series(summary["board"], summary_board_at)
        boards = pl.DataFrame({"street": street_board, "summary": summary_board})
        differ = boards.select((pl.col("street") != pl.col("summary")).fill_null(False)).to_series().to_numpy()
        self.reject("boards differ", np.flatnonzero(differ))
        return boards.select(pl.coalesce("summary", "street")).to_series()  # the summary's is authoritative

    def _forced_bets(self, acts: dict[str, Any]) -> dict[str, np.ndarray]:
        """Per hand: the first small and big blind posted in full, and the largest ante (-1: none)."""
        kind, hand, amount = acts["kind"], acts["hand"], acts["amount"]
        n = self.n_hands + 1
        small_blinds = np.bincount(hand[kind == SB], minlength=n)
        self.reject("a second small blind (dead)", np.flatnonzero(small_blinds > 1))
        posts = np.flatnonzero(np.isin(kind, _POSTS) & ~acts["all_in"])
        first_sb = self._first_amount(hand, posts[kind[posts] == SB], amount, n)
        first_bb = self._first_amount(hand, posts[kind[posts] == BB], amount, n)
        antes = posts[kind[posts] == ANTE]
        ante = np.full(n, -1, np.int64)
        np.maximum.at(ante, hand[antes], amount[antes])
        return {"first_sb": first_sb, "first_bb": first_bb, "ante": ante}

    @staticmethod
    def _hand_rows(heads: pl.DataFrame, summary: dict[str, Any], money: dict[str, np.ndarray],
                   forced: dict[str, np.ndarray], board: pl.Series) -> pl.DataFrame:
        pots = pl.DataFrame({"hand": summary["total_hand"], "pots_printed": summary["pots"]})
        hands = heads.with_columns(
            pot_total=pl.Series(money["pot_total"][1:]), total_pot_printed=_per_hand(money["total"]),
            rake=_per_hand(money["rake"]), pots_printed_net=pl.Series(money["net"][1:]),
            first_sb=_per_hand(forced["first_sb"]), first_bb=_per_hand(forced["first_bb"]),
            ante=_per_hand(forced["ante"]), paid=pl.Series(money["paid"][1:]), board=board[1:],
        ).join(pots, on="hand", how="left", maintain_order="left")
        return hands.select(
            "hand",
            hand_key=pl.lit(f"{Platform.POKERSTARS}:") + pl.col("hid"),
            hand_id="hid",
            platform=pl.lit(str(Platform.POKERSTARS)),
            hand_date="hand_date",
            format=pl.lit("pokerstars"),
            game="game", limit="limit",
            is_tournament=pl.col("tournament_id").is_not_null(),
            tournament_id="tournament_id", is_play_money="is_play_money", currency="currency",
            amount_scale="amount_scale",
            small_blind=pl.when(pl.col("stakes_are_blinds")).then(pl.col("stake_sb")).otherwise(pl.col("first_sb")),
            big_blind=pl.when(pl.col("stakes_are_blinds")).then(pl.col("stake_bb")).otherwise(pl.col("first_bb")),
            ante="ante",
            bring_in=pl.lit(None, pl.Int64),
            button_seat="button_seat", max_seats="max_seats", table_name="table_name",
            start_time_utc="start_time_utc", start_time_raw="start_time_raw",
            board="board",  # the hand's one board: ``boards`` is [board], or [] without one
            runs=pl.lit(1, pl.Int32),
            pot_total="pot_total", total_pot_printed="total_pot_printed",
            pots_printed="pots_printed", pots_printed_net="pots_printed_net",
            rake="rake",
            fees=pl.lit(0, pl.Int64),
            fee_detail=pl.lit(None),
            rake_source=pl.lit(str(RakeSource.PRINTED)),
            house_retained=pl.lit(0, pl.Int64),
            per_seat_only=pl.lit(False),
            reconciled=pl.col("paid") + pl.col("rake") == pl.col("pot_total"),
            notes=pl.lit(None, pl.List(pl.String)),
            contradictions=pl.lit(None),
        )

    @staticmethod
    def _seat_rows(seats: dict[str, Any], per_seat: dict[str, Any]) -> pl.DataFrame:
        n_seats = len(seats["hand"])
        return pl.DataFrame({
            "hand": seats["hand"], "seat": seats["number"].astype(np.int32), "player": seats["names"],
            "stack": seats["stack"], "cards": per_seat["cards"], "upcards": _nulls(n_seats, pl.List(pl.String)),
            "dealt_in": per_seat["dealt_in"], "folded_street": _labels(per_seat["fold_street"], _STREET_NAMES),
            "showed": per_seat["showed"], "mucked": per_seat["mucked"], "all_in": per_seat["all_in"],
            "cashed_out": np.zeros(n_seats, bool), "contributed": per_seat["contributed"],
            "run_cards": _nulls(n_seats, pl.List(pl.List(pl.String))),
        })

    @staticmethod
    def _action_rows(seats: dict[str, Any], acts: dict[str, Any], added: np.ndarray) -> pl.DataFrame:
        kind, amount = acts["kind"], acts["amount"]
        recorded = np.flatnonzero(kind <= UNCALLED)
        k = kind[recorded]
        street = np.where(np.isin(k, _POSTS), 0, acts["street"][recorded])
        action_amount = np.select([np.isin(k, _PAYING + [UNCALLED]), k == RAISE], [amount[recorded], added[recorded]], -1)
        return pl.DataFrame({
            "hand": acts["hand"][recorded], "seq": acts["seq"][recorded].astype(np.int32),
            "street": _labels(street, _STREET_NAMES),
            "seat": seats["number"][acts["seat"][recorded]].astype(np.int32),
            "kind": _labels(k, _ACTION_KINDS),
            "amount": pl.Series(action_amount).set(pl.Series(action_amount < 0), None),
            "all_in": acts["all_in"][recorded] & np.isin(k, _PAYING + [RAISE]),
            "cards_changed": _nulls(len(recorded), pl.Int32),
        })

    def _payout_rows(self, heads: pl.DataFrame, seats: dict[str, Any], acts: dict[str, Any]) -> pl.DataFrame:
        kind, hand, amount = acts["kind"], acts["hand"], acts["amount"]
        paying_rows = np.flatnonzero((kind == COLLECTED) | (kind == UNCALLED))
        is_pot = kind[paying_rows] == COLLECTED
        hilo = np.zeros(self.n_hands + 1, bool)
        hilo[1:] = heads["hilo"].fill_null(False).to_numpy()
        half = _labels(np.where(is_pot & hilo[hand[paying_rows]], 0, 1), [str(Half.UNLABELLED), str(Half.WHOLE)])
        pot = acts["pot"][paying_rows]
        return pl.DataFrame({
            "hand": hand[paying_rows], "seat": seats["number"][acts["seat"][paying_rows]].astype(np.int32),
            "amount": amount[paying_rows],
            "pot": pl.Series(pot.astype(np.int32)).set(pl.Series(~is_pot), None),
            "run": _nulls(len(paying_rows), pl.Int32),
            "half": half,
            "source": _labels(np.where(is_pot, 0, 1), [str(PayoutSource.POT), str(PayoutSource.UNCALLED)]),
            "line": self.raw.gather(acts["rows"][paying_rows]),
        })

    @staticmethod
    def _first_amount(hand: np.ndarray, rows: np.ndarray, amount: np.ndarray, n: int) -> np.ndarray:
        first = np.full(n, np.iinfo(np.int64).max, np.int64)
        np.minimum.at(first, hand[rows], rows)
        has = first < np.iinfo(np.int64).max
        out = np.full(n, -1, np.int64)
        out[has] = amount[first[has]]
        return out


READER = ColumnarReader(cut=COLUMNAR_CUT, read=read_chunk)
