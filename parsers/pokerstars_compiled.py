"""PokerStars' dialect read a whole chunk at a time in C: the fast path of ingest when the
optional extension ``parsers._pokerstars_c`` is built (see ``parsers.registry.reader_path``).

It supersedes ``parsers.pokerstars_fast`` (the polars reader, which stays the path when
the extension is not built) and takes exactly what that reader takes: the ordinary hands,
each line kind in one strict shape; every other hand goes back, whole, to
``parsers.pokerstars``, the reference. The extension reads the bytes hand by hand
without the GIL, so chunks read in threads use both cores, and computes in the same pass
what ingest would otherwise compute per hand in Python: each hand's ``raw_sha256`` and
its ``content_fingerprint`` (``audit.tables.content_fingerprints``' definition).

Three things are read by the reference's own Python functions, once per distinct text of
a chunk, between the extension's two passes: the game-and-stakes text of the header
(``pokerstars.game_info``), the table line (``read_table_line``) and the clock's date and
UTC hour (``iso_date``, ``to_utc``).

The result is a ``parsers.columnar_chunk.FastChunk`` whose ``arrow`` holds the four tables in
the lake's types (``audit.compiled_tables`` adds the file's columns); its polars frames
are made from them when asked for (the tests compare them with the polars reader's).
"""

from __future__ import annotations

from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa

from parsers import _pokerstars_c as _c
from parsers.base import MAX_LINE_BYTES, ColumnarReader
from parsers.columnar_chunk import ACTION_KINDS, STREET_NAMES, FastChunk
from parsers.pokerstars import (COLUMNAR_CUT, HAND_START, INFO_FRAGMENTS, SEAT_STATUS, game_info, iso_date,
                                indented_chunk, localised_chunk, prefix_is_a_hand, read_table_line, to_utc)
from rules.games import DRAW_GAMES, HILO_GAMES, STUD_GAMES
from rules.vocab import Half, Limit, PayoutSource, Platform, RakeSource

if TYPE_CHECKING:  # polars only for the frames, made when asked for (ingest never asks)
    import polars as pl

# the extension keeps its own copies of the lines the reference skips: they must be these
assert _c._check_constants(INFO_FRAGMENTS, SEAT_STATUS) and getattr(_c, "SCREENS_CHUNKS", False), \
    "parsers._pokerstars_c is out of date: rebuild it"

_STREETS = pa.array(STREET_NAMES, pa.string())
_KINDS = pa.array(ACTION_KINDS, pa.string())
_HALVES = pa.array([str(Half.UNLABELLED), str(Half.WHOLE)], pa.string())
_SOURCES = pa.array([str(PayoutSource.POT), str(PayoutSource.UNCALLED)], pa.string())
_SLOT = _c.MAX_CARDS_PER_SLOT
_CACHE_LIMIT = 10_000


class CompiledChunk(FastChunk):
    """A ``FastChunk`` whose frames are made from ``arrow`` on first use."""

    def __init__(self, data: bytes, starts: list[int], handled: list[bool], arrow: dict[str, pa.Table],
                 sent_back: dict[str, int]) -> None:
        self.data, self.starts, self.handled, self.arrow, self.sent_back = data, starts, handled, arrow, sent_back

    def _frame(self, name: str) -> pl.DataFrame:
        import polars as pl

        table = self.arrow[name]
        if name == "hands":  # the polars reader's shape: one board or null, no file columns
            boards = table.column("boards").combine_chunks()
            lengths = np.diff(boards.offsets.to_numpy())
            at = np.cumsum(lengths) - 1
            board = boards.flatten().take(pa.array(at, pa.int64(), mask=lengths == 0))
            table = table.drop_columns(["boards", "raw_sha256", "content_fingerprint"]).append_column("board", board)
        return pl.from_arrow(table)

    @cached_property
    def hands(self) -> pl.DataFrame:
        return self._frame("hands")

    @cached_property
    def seats(self) -> pl.DataFrame:
        return self._frame("seats")

    @cached_property
    def actions(self) -> pl.DataFrame:
        return self._frame("actions")

    @cached_property
    def payouts(self) -> pl.DataFrame:
        return self._frame("payouts")


def read_chunk(chunk: str | bytes) -> FastChunk | None:
    """Read a chunk of PokerStars text (hands cut at their headers), or None when the
    chunk holds characters this path does not take (it then goes the reference way)."""
    data = chunk.encode("utf-8") if isinstance(chunk, str) else chunk
    if indented_chunk(data):  # every line indented: the reference reader takes the space off
        return None
    if localised_chunk(data):  # a localised client's words: the reference reader's to translate
        return None
    scanner = _c.Scanner(data, MAX_LINE_BYTES)  # control characters and long lines: the reference's
    if not scanner.ok:
        return None
    # a hand number in other digits (Python's \d) starts a hand for the reference: so here
    extra = [line for line, text in scanner.maybe_starts() if HAND_START.match(text.decode("utf-8"))]
    offsets = scanner.cut(extra)
    games, tables, clocks = scanner.keys()
    game_rows = [_game(rest) for rest in games]
    table_rows = [_table(line) for line in tables]
    clock_rows = [_clock(day_hour, zone) for day_hour, zone in clocks]
    names = [row["game"].encode() if row else b"" for row in game_rows]
    out = scanner.read(
        [row is not None for row in game_rows], [row["scale"] if row else 0 for row in game_rows],
        [bool(row and row["hilo"]) for row in game_rows], [bool(row and row["blinds"]) for row in game_rows],
        [row["sb"] if row else 0 for row in game_rows], [row["bb"] if row else 0 for row in game_rows],
        b"".join(names), np.cumsum([len(n) for n in names], dtype=np.int64),
        [row is not None for row in table_rows], [row is not None for row in clock_rows])

    before = offsets[0] if offsets else len(data)
    pseudo = prefix_is_a_hand(data[:before])  # text before the first header is a hand of its own
    shift = 1 if pseudo else 0
    reasons = out["reason"]
    handled = [False] * shift + (reasons == 0).tolist()
    sent_back: dict[str, int] = {}
    for code, count in zip(*np.unique(reasons[reasons > 0], return_counts=True)):
        sent_back[_c.REASONS[code]] = int(count)
    lookups = _Lookups(scanner, game_rows, table_rows, clock_rows)
    arrow = _tables(data, out, lookups, shift)
    return CompiledChunk(data, ([0] if pseudo else []) + offsets + [len(data)], handled, arrow, sent_back)


# ------------------------------------------------------------------ what the reference reads once per text


_GAMES: dict[bytes, dict | None] = {}
_TABLES: dict[bytes, tuple | None] = {}
_CLOCKS: dict[tuple[bytes, bytes], tuple | None] = {}


def _remember(cache: dict, key, value):
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _game(rest: bytes) -> dict | None:
    """The reference's reading of a header's game-and-stakes text, or None when this path
    does not take it (stud, draw, mixed games, Chico tournaments, rupees written ``Rs.``)."""
    if rest in _GAMES:
        return _GAMES[rest]
    try:
        info = game_info(rest.decode("utf-8").strip(), "0")
    except Exception:  # the reference quarantines it, saying why
        return _remember(_GAMES, rest, None)
    game, tid, stakes = info["game"], info["tournament_id"], info["stake_values"]
    if (game in STUD_GAMES or game in DRAW_GAMES or info["mixed"] is not None or (tid is not None and len(tid) > 12)
            or "Rs. " in info["stakes"] or info["scale"] not in (1, 100)):
        return _remember(_GAMES, rest, None)
    blinds = info["limit"] in (Limit.NO, Limit.POT) and len(stakes) >= 2
    return _remember(_GAMES, rest, {
        "game": str(game), "hilo": game in HILO_GAMES, "limit": str(info["limit"]) if info["limit"] else None,
        "tournament_id": tid, "currency": info["currency"], "scale": info["scale"],
        "play_money": info["play_money"], "blinds": blinds,
        "sb": stakes[0] if blinds else 0, "bb": stakes[1] if blinds else 0,
    })


def _table(line: bytes) -> tuple | None:
    if line not in _TABLES:
        _remember(_TABLES, line, read_table_line(line.decode("utf-8")))
    return _TABLES[line]


def _clock(day_hour: bytes, zone: bytes) -> tuple | None:
    """``(hand_date, epoch seconds of the UTC hour or None)`` of a printed day and hour in
    a zone; None where the zone's offset is not whole hours (the polars reader's rule)."""
    key = (day_hour, zone)
    if key not in _CLOCKS:
        day, hour = day_hour.decode("ascii").split(" ")
        stamp = f"{day} {hour}:00:00"
        utc = to_utc(stamp, zone.decode("ascii") or None)
        if utc is not None and not utc.endswith(":00:00Z"):
            _remember(_CLOCKS, key, None)
        else:
            epoch = None if utc is None else int(datetime.fromisoformat(utc.replace("Z", "+00:00")).timestamp())
            _remember(_CLOCKS, key, (iso_date(stamp), epoch))
    return _CLOCKS[key]


class _Lookups:
    """Per hand read, the values looked up once per distinct text."""

    def __init__(self, scanner, game_rows: list, table_rows: list, clock_rows: list) -> None:
        self.game_rows, self.table_rows, self.clock_rows = game_rows, table_rows, clock_rows

    def game_column(self, name: str, type_: pa.DataType) -> pa.Array:
        return pa.array([row[name] if row else None for row in self.game_rows], type_)

    def table_column(self, at: int, type_: pa.DataType) -> pa.Array:
        return pa.array([row[at] if row else None for row in self.table_rows], type_)

    def clock_column(self, at: int, type_: pa.DataType) -> pa.Array:
        return pa.array([row[at] if row else None for row in self.clock_rows], type_)


# ------------------------------------------------------------------ Arrow tables


def _strings(offsets_and_bytes: tuple) -> pa.Array:
    offsets, text = offsets_and_bytes
    return pa.StringArray.from_buffers(len(offsets) - 1, pa.py_buffer(offsets), pa.py_buffer(text))


def _nullable(values: np.ndarray, type_: pa.DataType) -> pa.Array:
    """``values`` with -1 as null."""
    return pa.array(values, type_, mask=values < 0)


def _card_lists(cards: np.ndarray, counts: np.ndarray) -> pa.Array:
    list_offsets, valid, card_offsets, text = _c.card_lists(cards, counts)
    child = pa.StringArray.from_buffers(len(card_offsets) - 1, pa.py_buffer(card_offsets), pa.py_buffer(text))
    return pa.ListArray.from_arrays(pa.array(list_offsets, pa.int32()), child, mask=pa.array(~valid))


def _labels(codes: np.ndarray, names: pa.Array) -> pa.Array:
    return names.take(pa.array(codes, pa.int32(), mask=codes < 0))


def _tables(data: bytes, out: dict, look: _Lookups, shift: int) -> dict[str, pa.Table]:
    hand_index = (out["h_k"] + shift).astype(np.int32)
    return {"hands": _hand_table(data, out, look, hand_index), "seats": _seat_table(data, out, hand_index),
            "actions": _action_table(out, hand_index), "payouts": _payout_table(data, out, hand_index)}


def _hand_table(data: bytes, out: dict, look: _Lookups, hand_index: np.ndarray) -> pa.Table:
    """One row a hand: the header's facts (looked up by the scanner's game, table and
    clock ids), then the money the scanner added up; every hand read here adds up."""
    k = out["h_k"]
    n = len(k)
    game = pa.array(_scanner_ids(out, "game", k), pa.int32())
    table = pa.array(_scanner_ids(out, "table", k), pa.int32())
    clock = pa.array(_scanner_ids(out, "clock", k), pa.int32())
    epoch = look.clock_column(1, pa.int64()).take(clock).to_numpy(zero_copy_only=False)
    has_time = ~np.isnan(epoch) if epoch.dtype.kind == "f" else np.ones(n, bool)
    seconds = np.where(has_time, np.nan_to_num(epoch), 0).astype(np.int64) + out["mmss"][k]
    board = _card_lists(out["h_board"], np.where(out["h_board_n"] > 0, out["h_board_n"], -1).astype(np.int8))
    present = np.asarray(board.is_valid())
    boards = pa.ListArray.from_arrays(pa.array(np.concatenate([[0], np.cumsum(present)]).astype(np.int32)),
                                      board.filter(pa.array(present)))
    pots = pa.ListArray.from_arrays(pa.array(np.concatenate([[0], out["h_pots_end"]]).astype(np.int32)),
                                    pa.array(out["pots"], pa.int64()))
    false, zero = pa.array(np.zeros(n, bool)), pa.array(np.zeros(n, np.int64))
    return pa.table({
        "hand": hand_index,
        "hand_key": _strings(_c.gather(data, out["hid_a"][k], out["hid_n"][k], f"{Platform.POKERSTARS}:".encode())),
        "hand_id": _strings(_c.gather(data, out["hid_a"][k], out["hid_n"][k])),
        "platform": pa.array([str(Platform.POKERSTARS)] * n, pa.string()),
        "hand_date": look.clock_column(0, pa.string()).take(clock),
        "format": pa.array(["pokerstars"] * n, pa.string()),
        "game": look.game_column("game", pa.string()).take(game),
        "limit": look.game_column("limit", pa.string()).take(game),
        "is_tournament": pa.array([r is not None and r["tournament_id"] is not None for r in look.game_rows],
                                  pa.bool_()).take(game),
        "tournament_id": look.game_column("tournament_id", pa.string()).take(game),
        "is_play_money": look.game_column("play_money", pa.bool_()).take(game),
        "currency": look.game_column("currency", pa.string()).take(game),
        "amount_scale": look.game_column("scale", pa.int64()).take(game),
        "small_blind": _nullable(out["h_sb"], pa.int64()),
        "big_blind": _nullable(out["h_bb"], pa.int64()),
        "ante": _nullable(out["h_ante"], pa.int64()),
        "bring_in": pa.nulls(n, pa.int64()),
        "button_seat": look.table_column(1, pa.int32()).take(table),
        "max_seats": look.table_column(2, pa.int32()).take(table),
        "table_name": look.table_column(0, pa.string()).take(table),
        "start_time_utc": pa.array(seconds, pa.timestamp("s", tz="UTC"), mask=~has_time),
        "start_time_raw": _strings(_c.gather(data, out["raw_a"][k], out["raw_n"][k])),
        "boards": boards,
        "runs": pa.array(np.ones(n, np.int32)),
        "pot_total": pa.array(out["h_pot_total"]),
        "total_pot_printed": pa.array(out["h_total"]),
        "pots_printed": pots,
        "pots_printed_net": pa.array(out["h_net"].astype(bool)),
        "rake": pa.array(out["h_rake"]),
        "fees": zero,
        "fee_detail": pa.nulls(n),
        "rake_source": pa.array([str(RakeSource.PRINTED)] * n, pa.string()),
        "house_retained": zero,
        "per_seat_only": false,
        "reconciled": pa.array(np.ones(n, bool)),  # every hand read here adds up
        "notes": pa.nulls(n, pa.list_(pa.string())),
        "contradictions": pa.nulls(n),
        "raw_sha256": _strings(_c.hex_digests(out["h_sha"], 32)),
        "content_fingerprint": _strings(_c.hex_digests(out["h_fp"], 12)),
    })


def _seat_table(data: bytes, out: dict, hand_index: np.ndarray) -> pa.Table:
    s = len(out["s_owner"])
    return pa.table({
        "hand": hand_index[out["s_owner"]],
        "seat": out["s_seat"],
        "player": _strings(_c.gather(data, out["s_name_a"], out["s_name_n"])),
        "stack": out["s_stack"],
        "cards": _card_lists(out["s_cards"], out["s_cards_n"]),
        "upcards": pa.nulls(s, pa.list_(pa.string())),
        "dealt_in": out["s_dealt"].astype(bool),
        "folded_street": _labels(out["s_fold"], _STREETS),
        "showed": out["s_showed"].astype(bool),
        "mucked": out["s_mucked"].astype(bool),
        "all_in": out["s_allin"].astype(bool),
        "cashed_out": np.zeros(s, bool),
        "contributed": out["s_total"],
        "run_cards": pa.nulls(s, pa.list_(pa.list_(pa.string()))),
    })


def _action_table(out: dict, hand_index: np.ndarray) -> pa.Table:
    return pa.table({
        "hand": hand_index[out["a_owner"]],
        "seq": out["a_seq"],
        "street": _labels(out["a_street"], _STREETS),
        "seat": out["a_seat"],
        "kind": _labels(out["a_kind"], _KINDS),
        "amount": _nullable(out["a_amount"], pa.int64()),
        "all_in": out["a_allin"].astype(bool),
        "cards_changed": pa.nulls(len(out["a_owner"]), pa.int32()),
    })


def _payout_table(data: bytes, out: dict, hand_index: np.ndarray) -> pa.Table:
    return pa.table({
        "hand": hand_index[out["p_owner"]],
        "seat": out["p_seat"],
        "amount": out["p_amount"],
        "pot": _nullable(out["p_pot"], pa.int32()),
        "run": pa.nulls(len(out["p_owner"]), pa.int32()),
        "half": _labels(out["p_half"], _HALVES),
        "source": _labels(out["p_source"], _SOURCES),
        "line": _strings(_c.gather(data, out["p_line_a"], out["p_line_n"])),
    })


def _scanner_ids(out: dict, name: str, k: np.ndarray) -> np.ndarray:
    return out[f"{name}_id"][k]


READER = ColumnarReader(cut=COLUMNAR_CUT, read=read_chunk, screens=True)
