"""Every table hhaudit writes, declared once.

``contracts.md`` names the tables and key columns; this module fixes their Arrow types:
the lake's tables (``TABLES``), the audit's outputs ``findings.parquet`` and
``hands.parquet`` (``OUTPUTS``) and the keys of a hand's explanation (``EXPLANATION``,
``OUT/explanations.jsonl`` and ``hhaudit explain --json``). The schema version is written
into every lake file's metadata, and a test pins the lake's declaration
(``tests/test_schema.py``): a change to a column means a version bump.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyarrow as pa

from rules.vocab import FileStatus

if TYPE_CHECKING:
    import polars as pl

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

    @functools.cached_property
    def schema(self) -> pa.Schema:  # made once: Arrow schemas are immutable, and asked for per chunk
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
        _c("limit", _STR, "fixed|pot|no|half_pot|cap|pot_then_no"),
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
        _c("run_cards", pa.list_(_cards), "draw run more than once: each run's final hand, run 1 first "
                                          "(null: cards is the hand on every run)"),
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

# ----------------------------------------------------------------------------- outputs
# seat, pot and run are 32-bit as in the lake's seats and payouts tables they come from;
# money and scales are 64-bit everywhere.

FINDINGS = Table(
    "findings.parquet",
    "One row per difference the audit found (audit.payout_differences says when each kind applies).",
    (
        _c("hand_key", _STR, "hands.hand_key", False),
        _c("hand_id", _STR, "hands.hand_id", False),
        _c("platform", _STR, "hands.platform", False),
        _c("game", _STR, "hands.game", False),
        _c("seat", _I32, "seat the difference is about; null for the whole hand"),
        _c("player", _STR, "that seat's player"),
        _c("pot", _I32, "0 main, 1.. side pots; null when the platform does not label pots"),
        _c("run", _I32, "1..; null when not compared per run"),
        _c("half", _STR, "half vocabulary; null when not compared per half"),
        _c("recorded", _I64, "what the history says (minor units)", False),
        _c("expected", _I64, "what the rules say (minor units)", False),
        _c("delta", _I64, "recorded - expected", False),
        _c("amount_scale", _I64, "hands.amount_scale", False),
        _c("currency", _STR, "hands.currency"),
        _c("kind", _STR, "finding kind vocabulary", False),
        _c("detail", _STR, "the difference in words", False),
        _c("accepted", _BOOL, "listed in the --accept file", False),
        _c("accept_reason", _STR, "the accept file's reason"),
    ),
    partitioned=False,
)

VERDICTS = Table(
    "hands.parquet",
    "One verdict per audited hand.",
    (
        _c("hand_key", _STR, "hands.hand_key", False),
        _c("hand_id", _STR, "hands.hand_id", False),
        _c("platform", _STR, "hands.platform", False),
        _c("game", _STR, "hands.game", False),
        _c("verdict", _STR, "verdict vocabulary", False),
        _c("reason", _STR, "why, when unverifiable or relative_only"),
        _c("policy", _STR, "the odd-chip profile the hand was audited under", False),
        _c("currency", _STR, "hands.currency"),
        _c("amount_scale", _I64, "hands.amount_scale", False),
        _c("is_tournament", _BOOL, "hands.is_tournament", False),
    ),
    partitioned=False,
)

OUTPUTS: dict[str, Table] = {t.name: t for t in (FINDINGS, VERDICTS)}


@dataclass(frozen=True)
class Key:
    """One key of a JSON object hhaudit writes; ``settled_only``: present only where a
    showdown was settled (not for an uncontested or unverifiable hand)."""

    name: str
    doc: str
    settled_only: bool = False


#: The explanation of one hand (``audit.explanation``; ``reports.explain`` renders it):
#: the settlement ``hhaudit settle`` gives for the hand's showdown (``payouts`` through
#: ``hands``, ``rules.showdown_json``) and the hand's identity, seats and comparison.
#: Amounts are integers in minor units of ``amount_scale``; seats are keys as text.
EXPLANATION: tuple[Key, ...] = (
    Key("hand_key", "<platform>:<hand_id>"),
    Key("hand_id", "the platform's number"),
    Key("platform", "platform vocabulary"),
    Key("game", "game vocabulary"),
    Key("policy", "the odd-chip profile's name; where a showdown was settled, settle's {name, hash, options}"),
    Key("policy_options", "the profile's resolved options, option -> value"),
    Key("currency", "ISO code; null for tournament chips and play money"),
    Key("amount_scale", "minor units per printed unit"),
    Key("button", "button seat, or null (stud)"),
    Key("boards", "one list of cards per board or run; [] if none"),
    Key("pot_total", "everything put in"),
    Key("rake", "rake as printed (null when unknown); where a showdown was settled, the rake and "
                "fees the settlement took off"),
    Key("fees", "fees taken before the split"),
    Key("rake_source", "printed|inferred|absent"),
    Key("notes", "what an auditor must know about this history"),
    Key("seats", "every seat, seat order: seat, player, cards, contributed, folded, mucked, "
                 "cashed_out, showed; and run_cards where a draw run more than once gave the seat "
                 "a hand per run"),
    Key("payout_lines", "every pay line: seat, amount, pot, run, half, source, line (verbatim)"),
    Key("recorded", "seat -> what the history says the seat got from the pots"),
    Key("payouts", "settlement: seat -> amount (uncalled returns included)", settled_only=True),
    Key("uncalled", "settlement: seat -> amount nobody matched", settled_only=True),
    Key("unit", "settlement: the odd-chip unit", settled_only=True),
    Key("house", "settlement: what the house keeps (cash-out shares)", settled_only=True),
    Key("showdown", "the showdown settled, as hhaudit settle reads it: settle gives the settlement above",
        settled_only=True),
    Key("pots", "settlement: each pot's amount, rake, net, contenders, house, odd chips and runs, "
                "each run's halves with winners, awards, odd chips (amount, rule, seat, half) and note"),
    Key("hands", "settlement: seat -> per run, each half's best hand (cards, hole, board, description); "
                 "{} when no showdown was settled"),
    Key("expected", "seat -> what the rules pay the seat"),
    Key("findings", "the hand's findings, each a row of findings.parquet"),
    Key("date", "when the hand was dealt, as printed"),
    Key("date_utc", "when the hand was dealt, in UTC, where the zone is known"),
    Key("hand_date", "YYYY-MM-DD as printed (the lake's partition), or 'unknown'"),
    Key("table", "the table's name as printed"),
    Key("limit", "limit vocabulary, or null"),
    Key("max_seats", "the table's size, or null"),
    Key("tournament_id", "the tournament, or null"),
    Key("stakes", "small_blind, big_blind, ante (minor units, null where not printed)"),
    Key("source", "file (as given to ingest) and offset (of the hand's first byte)"),
    Key("stacks", "seat -> stack at the start of the hand"),
    Key("actions", "every action in order: street, seat, kind, amount, all_in, stack_after"),
    Key("rake_check", "the rake against the published schedule: checked, max_rake, rule, explanation "
                      "('rake not checked against a schedule: ...' when none covers the hand), source"),
    Key("verdict", "verdict vocabulary: the hand's verdict in hands.parquet"),
    Key("reason", "the verdict's reason in hands.parquet"),
    Key("rankings", "where the platform's ranking of the game is not known for certain "
                    "(rules.games.UNSETTLED_RANKINGS): each ranking tried, its game, verdict, what it pays "
                    "each seat from the pots (seat -> amount) and its findings' count; [] otherwise"),
)


def describe(tables: Mapping[str, Table] = TABLES) -> dict[str, list[list[str]]]:
    """A plain description of every table (name, type, nullability), for pinning and printing."""
    return {
        t.name: [[c.name, str(c.type), "null" if c.nullable else "not null"] for c in t.columns]
        for t in tables.values()
    }


def polars_schema(table: Table) -> pl.Schema:
    """The polars schema of ``table``: what the audit casts its frames to."""
    import polars as pl

    schema: pl.Schema = pl.from_arrow(table.schema.empty_table()).schema  # type: ignore[union-attr]
    return schema
