"""Every table hhaudit writes, declared once.

``contracts.md`` names the tables and key columns; this module fixes their Arrow types.
The schema version is written into every Parquet file's metadata, and a test pins the
whole declaration (``tests/test_schema.py``): a change to a column means a version bump.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyarrow as pa

from rules.vocab import FileStatus

SCHEMA_VERSION = "1"
METADATA_KEY = b"hhaudit.schema_version"
#: How ``hands.content_fingerprint`` was computed: "2" is ``audit.tables.content_fingerprints``
#: (from the tables). Files without the key hold the first method's digests (of a parsed
#: hand's repr), which ingest recomputes before it compares a new copy with them.
FINGERPRINT_KEY = b"hhaudit.fingerprint"
FINGERPRINT_VERSION = "2"

_cards = pa.list_(pa.string())


@dataclass(frozen=True)
class Column:
    name: str
    type: pa.DataType
    nullable: bool
    doc: str

    def field(self) -> pa.Field:
        return pa.field(self.name, self.type, nullable=self.nullable)


@dataclass(frozen=True)
class Table:
    name: str
    doc: str
    columns: tuple[Column, ...]
    partitioned: bool  # by platform and hand_date

    @property
    def schema(self) -> pa.Schema:
        return pa.schema(
            [c.field() for c in self.columns],
            metadata={METADATA_KEY: SCHEMA_VERSION.encode(), b"hhaudit.table": self.name.encode(),
                      FINGERPRINT_KEY: FINGERPRINT_VERSION.encode()},
        )

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)


def _c(name: str, type_: pa.DataType, doc: str, nullable: bool = True) -> Column:
    return Column(name, type_, nullable, doc)


_I64, _I32, _STR, _BOOL = pa.int64(), pa.int32(), pa.string(), pa.bool_()

_PARTITION = (
    _c("platform", _STR, "operator that dealt the hand (partition key)", False),
    _c("hand_date", _STR, "YYYY-MM-DD as printed, or 'unknown' (partition key)", False),
)

FILES = Table(
    "files",
    "One row per input file, whatever it held.",
    (
        _c("source_file", _STR, "path as given; archive.zip!member inside archives", False),
        _c("size", _I64, "bytes as stored (after decompressing .gz)", False),
        _c("sha256", _STR, "of the bytes as stored", False),
        _c("encoding", _STR, "utf-8, utf-8-bom, utf-16-le-bom, cp1252, ...; null if unreadable"),
        _c("platform", _STR, "platform of the first hand, if any"),
        _c("format", _STR, "dialect the file was parsed as; null if none recognised"),
        _c("hands_found", _I64, "hands the file holds", False),
        _c("hands_parsed", _I64, "stored in hands", False),
        _c("hands_quarantined", _I64, "stored in quarantine", False),
        _c("hands_duplicate", _I64, "copies of a hand already stored", False),
        _c("status", _STR, "|".join(FileStatus), False),
        _c("message", _STR, "why the status is not ok"),
    ),
    partitioned=False,
)

HANDS = Table(
    "hands",
    "One row per distinct hand.",
    (
        _c("hand_key", _STR, "<platform>:<hand_id>, unique", False),
        _c("hand_id", _STR, "the platform's number as printed, without #", False),
        *_PARTITION,
        _c("format", _STR, "dialect parsed", False),
        _c("game", _STR, "game vocabulary", False),
        _c("limit", _STR, "fixed|pot|no|half_pot|cap"),
        _c("is_tournament", _BOOL, "tournament chips rather than money", False),
        _c("tournament_id", _STR, "as printed"),
        _c("is_play_money", _BOOL, "play-money table", False),
        _c("currency", _STR, "ISO code; null for tournament chips and play money"),
        _c("amount_scale", _I64, "minor units per printed unit: 100 for cents, 1 for chips", False),
        _c("small_blind", _I64, "minor units"),
        _c("big_blind", _I64, "minor units"),
        _c("ante", _I64, "minor units"),
        _c("bring_in", _I64, "minor units"),
        _c("button_seat", _I32, "null in stud"),
        _c("max_seats", _I32, "table size"),
        _c("table_name", _STR, "as printed"),
        _c("start_time_utc", pa.timestamp("s", tz="UTC"), "when the zone is known"),
        _c("start_time_raw", _STR, "as printed"),
        _c("boards", pa.list_(_cards), "one board per run", False),
        _c("runs", _I32, "number of runs (boards)", False),
        _c("pot_total", _I64, "everything put in, after uncalled returns", False),
        _c("total_pot_printed", _I64, "total pot as printed"),
        _c("pots_printed", pa.list_(_I64), "each pot's amount as printed, main first"),
        _c("pots_printed_net", _BOOL, "whether pots_printed are after rake"),
        _c("rake", _I64, "rake as printed (or inferred); null when unknown"),
        _c("fees", _I64, "jackpot, bingo and other fees taken before the split", False),
        _c("fee_detail", pa.map_(_STR, _I64), "fees by name"),
        _c("rake_source", _STR, "printed|inferred|absent", False),
        _c("house_retained", _I64, "pot money paid to no seat (cash-out shares)", False),
        _c("per_seat_only", _BOOL, "platform prints per-seat totals only", False),
        _c("reconciled", _BOOL, "put in = paid from pots + rake + fees + house_retained", False),
        _c("notes", _cards, "what an auditor must know about this history"),
        _c("contradictions", pa.list_(pa.struct([
            pa.field("message", _STR), pa.field("seat", _I32), pa.field("recorded", _I64),
            pa.field("stated", _I64)])),
           "where the history contradicts itself: what its pay lines record against what another part states"),
        _c("source_file", _STR, "file the stored copy came from", False),
        _c("source_offset", _I64, "byte offset of the hand's first byte in the file", False),
        _c("raw_sha256", _STR, "of the hand's original bytes", False),
        _c("content_fingerprint", _STR, "digest of the public outcome, for duplicate detection", False),
        _c("parser_version", _STR, "format:version of the parser", False),
    ),
    partitioned=True,
)

SEATS = Table(
    "seats",
    "One row per seat dealt in or seated.",
    (
        _c("hand_key", _STR, "hands.hand_key", False),
        *_PARTITION,
        _c("seat", _I32, "seat number as printed", False),
        _c("player", _STR, "name as printed", False),
        _c("stack", _I64, "starting stack, minor units"),
        _c("cards", _cards, "final known cards (null elements unknown)"),
        _c("upcards", _cards, "stud: cards dealt face up"),
        _c("dealt_in", _BOOL, "took part in the hand", False),
        _c("folded_street", _STR, "street vocabulary, null if never folded"),
        _c("showed", _BOOL, "showed at showdown", False),
        _c("mucked", _BOOL, "mucked or conceded at showdown", False),
        _c("all_in", _BOOL, "went all in", False),
        _c("cashed_out", _BOOL, "took the house's all-in cash out", False),
        _c("contributed", _I64, "put in, after uncalled returns", False),
    ),
    partitioned=True,
)

ACTIONS = Table(
    "actions",
    "Every betting, drawing and showing action in order.",
    (
        _c("hand_key", _STR, "hands.hand_key", False),
        *_PARTITION,
        _c("seq", _I32, "order within the hand, from 0", False),
        _c("street", _STR, "street vocabulary", False),
        _c("seat", _I32, "acting seat"),
        _c("kind", _STR, "action vocabulary", False),
        _c("amount", _I64, "chips added (returned, for uncalled_return)"),
        _c("all_in", _BOOL, "the action put the seat all in", False),
        _c("cards_changed", _I32, "draws: cards exchanged"),
    ),
    partitioned=True,
)

PAYOUTS = Table(
    "payouts",
    "Every amount the history says was paid to a seat.",
    (
        _c("hand_key", _STR, "hands.hand_key", False),
        *_PARTITION,
        _c("seat", _I32, "seat paid", False),
        _c("amount", _I64, "minor units", False),
        _c("pot", _I32, "0 main, 1.. side pots in creation order; null when not said"),
        _c("run", _I32, "1..; null when not said"),
        _c("half", _STR, "half vocabulary", False),
        _c("source", _STR, "payout source vocabulary", False),
        _c("line", _STR, "the history line, verbatim", False),
    ),
    partitioned=True,
)

QUARANTINE = Table(
    "quarantine",
    "Hands that could not be parsed, with everything needed to fix the parser.",
    (
        _c("source_file", _STR, "file it came from", False),
        _c("source_offset", _I64, "byte offset of the hand's first byte", False),
        _c("reason", _STR, "quarantine reason vocabulary", False),
        _c("message", _STR, "what exactly is wrong", False),
        _c("raw_text", _STR, "the hand's text as read", False),
        _c("hand_id", _STR, "if it could be read"),
        _c("format", _STR, "dialect the file was read as"),
        _c("parser_version", _STR, "parser that refused it"),
    ),
    partitioned=False,
)

TABLES: dict[str, Table] = {t.name: t for t in (FILES, HANDS, SEATS, ACTIONS, PAYOUTS, QUARANTINE)}


def describe() -> dict[str, list[list[str]]]:
    """A plain description of every table (name, type, nullability), for pinning and printing."""
    return {
        t.name: [[c.name, str(c.type), "null" if c.nullable else "not null"] for c in t.columns]
        for t in TABLES.values()
    }
