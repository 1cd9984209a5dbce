"""Showdowns settled in bulk: the common shape of a showdown, for a whole lake at once.

``audit_showdowns_bulk`` gives a verdict to the showdowns that ``rules.bulk.settle_simple``
settles and that were paid exactly as it says, the same verdict ``audit.showdown_audit``
would give them; every other showdown is left to that per-hand audit.
``tests/test_hand_audit.py`` and ``tests/test_audit_bulk_lake.py`` hold the two equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import polars as pl

from audit.findings import VERDICT_SCHEMA
from audit.policies import PolicyResolver
from audit.showdown_audit import RELATIVE_REASON
from rules.bulk import BulkPots, ShowdownBatch, bulk_pots, bulk_settles, settle_simple
from rules.cards import RANKS, SUITS
from rules.games import GAMES, GameSpec, candidate_games
from rules.odd_chip import Policy, UnitSymbol
from rules.vocab import PayoutSource, RakeSource, Verdict

_GAME_VALUES = frozenset(g.value for g in GAMES)
Array = npt.NDArray[Any]

#: the texts ``rules.cards.parse_card`` accepts, in code order: an Enum's physical value is the code
_CARD_ENUM = pl.Enum([rank + suit for rank in RANKS for suit in SUITS])


@dataclass(frozen=True)
class _CardLists:
    """A list-of-cards column read once: each list's length, and per position whether a
    card text is there, whether it is a card, and its code."""

    length: Array
    present: Array
    parsed: Array
    codes: Array

    @classmethod
    def read(cls, cards: pl.Series, width: int) -> _CardLists:
        present = np.zeros((len(cards), width), dtype=bool)
        parsed = np.zeros((len(cards), width), dtype=bool)
        codes = np.full((len(cards), width), -1, dtype=np.int64)
        for i in range(width):
            text = cards.list.get(i, null_on_oob=True)
            code = text.cast(_CARD_ENUM, strict=False).to_physical()
            present[:, i] = text.is_not_null().to_numpy()
            parsed[:, i] = code.is_not_null().to_numpy()
            codes[:, i] = code.fill_null(-1).to_numpy()
        return cls(cards.list.len().fill_null(0).to_numpy(), present, parsed, codes)

    def as_dealt(self, rows: Array, width: int) -> tuple[Array, Array, Array]:
        """The lists of ``rows`` read as ``build_showdown`` reads a hand of ``width``
        cards: complete (exactly ``width`` cards, none unknown), holding a text that is
        not a card (settlement refuses it), and the codes (``-1`` unless complete)."""
        complete = (self.length[rows] == width) & self.present[rows, :width].all(axis=1)
        unparsed = complete & (self.present[rows, :width] & ~self.parsed[rows, :width]).any(axis=1)
        codes = np.where(complete[:, None], self.codes[rows, :width], -1)
        return complete, unparsed, codes


def audit_showdowns_bulk(hands: pl.DataFrame, seats: pl.DataFrame, payouts: pl.DataFrame,
                         resolve: PolicyResolver) -> pl.DataFrame:
    """Verdicts of the showdowns settled in bulk and paid exactly as the rules say.

    ``hands`` are hands with two or more seats left (the lake's columns); ``seats`` and
    ``payouts`` may hold other hands' rows too (``seats`` with ``dead``). A hand gets a
    verdict here only when ``rules.bulk.settle_simple`` settles it (one board, no seat
    cashed out, no dead money; see there) from the showdown ``build_showdown`` would
    build, ``audit_showdown`` would try a single rake deduction for it (``audit.showdown_from_rows.hand_deduction``
    per pot or in total), and the payout lines match that settlement at every level
    ``compare`` compares (per pot where the platform labels pots, else per seat): then
    ``audit_showdown`` finds no difference, and the verdict is the one it gives
    (``clean``, or ``relative_only`` where the rake was not printed). Where the platform's
    ranking of the game is in doubt (``rules.games.candidate_games``), a hand gets a
    verdict here only when it is paid exactly so under every candidate ranking. Every
    other hand is left to ``audit_showdown``.
    """
    empty = pl.DataFrame(schema=VERDICT_SCHEMA)
    if hands.height == 0:
        return empty
    index = hands.select("hand_key").with_row_index("_h")
    pot_rows = (payouts.filter(pl.col("source") == PayoutSource.POT.value).join(index, on="hand_key")
                .select("_h", "seat", "amount", "pot"))
    unreadable = pot_rows.filter(pl.col("seat").is_null() | pl.col("amount").is_null()).select("_h").unique()
    # compare() labels money by pot when every line names a pot (and the pots exist)
    labels = pot_rows.group_by("_h").agg(
        pl.col("pot").is_null().any().not_().alias("_labelled"), pl.col("pot").max().alias("_top_label"),
        pl.col("amount").sum().alias("paid_total"))
    fees = pl.col("fees").fill_null(0)
    tournament = pl.col("is_tournament").fill_null(False)
    unpaid = pl.col("pot_total") - pl.col("paid_total") - pl.col("house_retained")
    frame = (hands.with_row_index("_h")
             .join(unreadable, on="_h", how="anti")
             .join(labels, on="_h", how="left")
             .with_columns(pl.col("paid_total").fill_null(0), pl.col("_labelled").fill_null(False))
             .filter(~(tournament & (pl.col("rake").fill_null(0) > 0)))
             .filter(pl.col("boards").list.len() == 1)
             .with_columns(
                 deduction=pl.when(tournament & pl.col("rake").is_null()).then(fees)
                 .when(pl.col("rake").is_null())
                 .then(pl.max_horizontal(pl.lit(0), unpaid))
                 .otherwise(pl.col("rake") + fees),
                 # hand_deduction's per-pot amounts are possible (the pot count decides)
                 per_pot_printed=pl.col("rake").is_not_null() & ~(tournament & pl.col("rake").is_null())
                 & pl.col("pots_printed_net").fill_null(False)
                 & (pl.col("pots_printed").list.len() > 1).fill_null(False),
                 relative=(pl.col("rake_source").fill_null("") != RakeSource.PRINTED.value) & ~tournament)
             .filter(pl.col("deduction").is_not_null())
             # nobody paid where no rake is printed: audit_showdown reports it
             .filter(~(pl.col("relative") & (pl.col("paid_total") == 0) & (pl.col("pot_total") > 0)))
             .sort("_h"))
    frame = frame.filter(pl.col("game").is_in([g for g in _GAME_VALUES if bulk_settles(g)]))
    if "run_cards" in seats.columns:  # a draw run more than once: each run's hands are the seat's own
        frame = frame.join(seats.filter(pl.col("run_cards").is_not_null()).select("hand_key").unique(),
                           on="hand_key", how="anti")
    frame = frame.join(_pairs_not_in_bulk(frame), on=["platform", "game"], how="anti")
    if frame.height == 0:
        return empty
    live = pl.col("dealt_in").fill_null(False) & pl.col("folded_street").is_null()
    # only the columns read below, in seats' order within a hand: joins and sorts carry every column they are given
    seat_rows = (seats.lazy()
                 .select("hand_key", "seat", "contributed", "mucked", "showed", "cashed_out", "dead", "cards",
                         _live=live)
                 .filter(pl.col("_live") | (pl.col("contributed").fill_null(0) != 0))
                 .join(frame.lazy().select("hand_key", "_h"), on="hand_key", maintain_order="left")
                 .sort("_h", maintain_order=True)
                 .collect())
    seat = seat_rows["seat"].fill_null(0).cast(pl.Int64).to_numpy()
    row_hand = seat_rows["_h"].cast(pl.Int64).to_numpy()
    paid_rows = pot_rows.filter(pl.col("amount") > 0)
    rows = {
        "hand": row_hand, "seat": seat,
        "contributed": seat_rows["contributed"].fill_null(-1).cast(pl.Int64).to_numpy(),
        "folded": ~seat_rows["_live"].to_numpy(),
        "mucked": seat_rows["mucked"].fill_null(False).to_numpy(),
        "showed": seat_rows["showed"].fill_null(False).to_numpy(),
        "cashed_out": seat_rows["cashed_out"].fill_null(False).to_numpy(),
        "dead": seat_rows["dead"].fill_null(0).cast(pl.Int64).to_numpy(),
        "paid": np.isin(row_hand * 2**32 + seat, paid_rows["_h"].cast(pl.Int64).to_numpy() * 2**32
                        + paid_rows["seat"].fill_null(0).cast(pl.Int64).to_numpy()),
    }
    widest = max(GAMES[c].hole_cards for p, g in frame.select("platform", "game").unique().iter_rows()
                 for c in candidate_games(p, g))
    cards = _CardLists.read(seat_rows["cards"], widest)
    boards = _CardLists.read(frame["boards"].list.first(), 5)
    hand_numbers = frame["_h"].cast(pl.Int64).to_numpy()
    game_of, platform_of = frame["game"].to_numpy(), frame["platform"].to_numpy()
    verdicts = []
    for game, platform in sorted(set(zip(game_of.tolist(), platform_of.tolist(), strict=False))):
        chosen = np.flatnonzero((game_of == game) & (platform_of == platform))
        everything = chosen.size == frame.height
        group_rows = (np.arange(row_hand.size) if everything
                      else np.flatnonzero(np.isin(row_hand, hand_numbers[chosen])))
        group = frame if everything else frame[chosen]
        # a ranking in doubt: only a hand paid exactly as every candidate ranking says is settled here
        under_each = [_bulk_group(group, rows, group_rows, cards, boards.as_dealt(chosen, 5), pot_rows,
                                  GAMES[candidate], resolve(platform)) for candidate in candidate_games(platform, game)]
        verdicts.append(_paid_so_under_each(under_each))
    verdicts = [v for v in verdicts if v.height]
    return pl.concat(verdicts) if verdicts else empty


def _pairs_not_in_bulk(frame: pl.DataFrame) -> pl.DataFrame:
    """The (platform, game) pairs of ``frame`` with a candidate ranking that
    ``rules.bulk.settle_simple`` does not settle (``rules.games.candidate_games``)."""
    pairs = frame.select("platform", "game").unique()
    unsettled = [(p, g) for p, g in pairs.iter_rows() if not all(bulk_settles(c) for c in candidate_games(p, g))]
    return pl.DataFrame(unsettled, schema={"platform": frame["platform"].dtype, "game": frame["game"].dtype},
                        orient="row")


def _paid_so_under_each(verdicts: list[pl.DataFrame]) -> pl.DataFrame:
    """The verdicts of the hands settled under every candidate ranking (the first's rows:
    a hand paid exactly as each says has the same verdict under each)."""
    agreed = verdicts[0]
    for other in verdicts[1:]:
        agreed = agreed.join(other.select("hand_key"), on="hand_key", how="semi")
    return agreed


def _printed_pot_rakes(hands: pl.DataFrame, pots: BulkPots) -> tuple[Array, Array]:
    """``hand_deduction``'s per-pot rake where it applies: the pots the contributions make
    are as many as the printed net pots, each net at most its pot, and the differences
    add up to the rake and fees. Returns (per pot of ``pots``, which hands)."""
    per_pot = np.zeros(len(pots.hand), dtype=np.int64)
    printed = hands["pots_printed"]
    candidates = (hands["per_pot_printed"].to_numpy()
                  & (printed.list.len().fill_null(0).to_numpy() == pots.count)
                  & (printed.list.eval(pl.element().is_null()).list.any().fill_null(True).not_().to_numpy()))
    chosen = np.flatnonzero(candidates)
    if not chosen.size:
        return per_pot, candidates
    nets = printed.gather(chosen).explode().to_numpy().astype(np.int64)
    first = pots.first()
    span = np.repeat(first[chosen], pots.count[chosen]) + (
        np.arange(nets.size) - np.repeat(np.cumsum(pots.count[chosen]) - pots.count[chosen], pots.count[chosen]))
    charges = pots.amount[span] - nets
    owner = np.repeat(np.arange(chosen.size), pots.count[chosen])
    negative = np.zeros(chosen.size, dtype=bool)
    np.logical_or.at(negative, owner, charges < 0)
    totals = np.zeros(chosen.size, dtype=np.int64)
    np.add.at(totals, owner, charges)
    wanted = (hands["rake"].fill_null(0) + hands["fees"].fill_null(0)).to_numpy()[chosen]
    given = np.zeros(hands.height, dtype=bool)
    given[chosen] = ~negative & (totals == wanted)
    per_pot[span] = np.where(given[chosen][owner], charges, 0)
    return per_pot, given


def _bulk_group(hands: pl.DataFrame, rows: dict[str, Array], chosen: Array, cards: _CardLists,
                boards: tuple[Array, Array, Array], pot_rows: pl.DataFrame, spec: GameSpec,
                policy: Policy) -> pl.DataFrame:
    """One game under one policy: settle in bulk, keep the hands paid exactly so.

    ``hands`` are sorted by the hand number ``_h``; ``chosen`` are the positions, in
    ``rows`` (every showdown seat, sorted by ``_h``), of these hands' seats."""
    hand_numbers = hands["_h"].cast(pl.Int64).to_numpy()
    h = hands.height
    counts = np.bincount(np.searchsorted(hand_numbers, rows["hand"][chosen]), minlength=h)
    starts = np.concatenate([[0], np.cumsum(counts)])
    board_complete, board_unparsed, board_codes = boards
    board_codes = np.where((board_complete & ~board_unparsed)[:, None], board_codes, -1)  # settle() refuses these
    complete, unparsed, hole_codes = cards.as_dealt(chosen, spec.hole_cards)
    hole_codes[unparsed] = 99  # a text that is not a card: settle() refuses the hand, so leave it to settle()
    seat = rows["seat"][chosen]
    paid = rows["paid"][chosen]
    contributed = rows["contributed"][chosen]
    folded = rows["folded"][chosen]
    pots = bulk_pots(starts, contributed, folded)
    pot_rake, pot_rake_given = _printed_pot_rakes(hands, pots)
    deduction = hands["deduction"].to_numpy()
    # several rake allocations to try (audit_showdown's _rake_candidates): one by one
    tries_allocations = ((deduction != 0) & (pots.count >= 2) & ~pot_rake_given
                         & (("rake_allocation" in policy.unconfirmed) | hands["relative"].to_numpy()))
    batch = ShowdownBatch(
        game=spec.game.value, policy=policy, starts=starts, boards=board_codes,
        rake=deduction, unit=_units(hands, policy, _fractional(hands, counts, contributed)),
        button=hands["button_seat"].fill_null(0).to_numpy(),
        has_button=hands["button_seat"].is_not_null().to_numpy(),
        seat=seat, contributed=contributed, folded=folded,
        # build_showdown: a seat still in concedes when it mucked, or never showed its
        # cards, unless the history pays it from a pot
        mucked=(rows["mucked"][chosen] | (~folded & ~complete)) & ~paid,
        cashed_out=rows["cashed_out"][chosen],
        dead=np.minimum(rows["dead"][chosen], np.maximum(contributed, 0)),
        cards=hole_codes, pot_rake=pot_rake, pot_rake_given=pot_rake_given,
    )
    result = settle_simple(batch)
    # a seat still in that showed more cards than the game deals, or whose shown cards are
    # not recorded: build_showdown refuses the hand (unverifiable), so it is not settled here
    length = cards.length[chosen]
    unknown = (length == 0) | (cards.present[chosen].sum(axis=1) < np.minimum(length, cards.present.shape[1]))
    miscounted = ~folded & rows["showed"][chosen] & ((length > spec.hole_cards) | unknown)
    hand_of_row = np.repeat(np.arange(h), counts)
    refused = np.zeros(h, dtype=bool)
    np.logical_or.at(refused, hand_of_row, miscounted)
    settled = result.settled & ~tries_allocations & ~refused
    if not settled.any():
        return pl.DataFrame(schema=VERDICT_SCHEMA)
    # compare(): money per (pot, seat) where every line names an existing pot, else per seat
    by_pot = (hands["_labelled"].to_numpy() & ~hands["per_seat_only"].fill_null(False).to_numpy()
              & (hands["_top_label"].fill_null(-1).to_numpy() < result.pot_count))
    uncalled_rows = np.flatnonzero(result.uncalled != 0)
    award_rows = np.concatenate([result.award_row, uncalled_rows])
    award_hand = hand_of_row[award_rows]
    expected = pl.DataFrame({
        "_h": hand_numbers[award_hand],
        "_pot": np.where(by_pot[award_hand], np.concatenate([result.award_pot, np.zeros(uncalled_rows.size,
                                                                                          dtype=np.int64)]), -1),
        "seat": seat[award_rows],
        "expected": np.concatenate([result.award_amount, result.uncalled[uncalled_rows]]).astype(np.int64),
    }).group_by("_h", "_pot", "seat").agg(pl.col("expected").sum())
    settled_hands = pl.DataFrame({"_h": hand_numbers[settled], "_by_pot": by_pot[settled]})
    recorded = (pot_rows.join(settled_hands, on="_h")
                .select("_h", pl.when(pl.col("_by_pot")).then(pl.col("pot").cast(pl.Int64))
                        .otherwise(-1).alias("_pot"), pl.col("seat").cast(pl.Int64), "amount")
                .group_by("_h", "_pot", "seat").agg(pl.col("amount").sum().alias("recorded")))
    differs = (expected.join(recorded, on=["_h", "_pot", "seat"], how="full", coalesce=True)
               .filter(pl.col("expected").fill_null(0) != pl.col("recorded").fill_null(0))
               .select("_h").unique())
    clean = hands.filter(pl.Series(settled)).join(differs, on="_h", how="anti")
    return clean.select(
        "hand_key", "hand_id", "platform", "game",
        pl.when(pl.col("relative")).then(pl.lit(Verdict.RELATIVE_ONLY.value))
        .otherwise(pl.lit(Verdict.CLEAN.value)).alias("verdict"),
        pl.when(pl.col("relative")).then(pl.lit(RELATIVE_REASON)).otherwise(pl.lit(None, pl.Utf8)).alias("reason"),
        pl.lit(policy.name).alias("policy"), "currency", "amount_scale", "is_tournament",
    ).cast(VERDICT_SCHEMA)


def _fractional(hands: pl.DataFrame, counts: Array, contributed: Array) -> Array:
    """Per hand: whether a seat put in a fraction of a whole (``amount_scale``) unit."""
    scale = np.repeat(hands["amount_scale"].fill_null(1).cast(pl.Int64).to_numpy(), counts)
    owner = np.repeat(np.arange(hands.height), counts)
    return np.bincount(owner, weights=(contributed % np.maximum(scale, 1)) != 0, minlength=hands.height) > 0


def _units(hands: pl.DataFrame, policy: Policy, fractional: Array | None = None) -> Array:
    """``unit_for`` of every hand, as an array (``fractional``: unit_for's, per hand)."""
    if policy.fixed_unit:
        return np.full(hands.height, policy.fixed_unit, dtype=np.int64)
    if policy.unit is UnitSymbol.BLIND_UNIT:
        small = np.abs(hands["small_blind"].fill_null(0).to_numpy().astype(np.int64))
        big = np.abs(hands["big_blind"].fill_null(0).to_numpy().astype(np.int64))
        unit = np.gcd(small, big)
        return np.where(unit == 0, 1, unit)
    scale = hands["amount_scale"].fill_null(1).cast(pl.Int64).to_numpy()
    if policy.unit is UnitSymbol.TOURNAMENT_CHIP:
        return scale
    if policy.unit in (UnitSymbol.CURRENCY_MINOR, UnitSymbol.DENOMINATION_IN_PLAY):  # a tournament's: a whole chip
        whole = hands["is_tournament"].fill_null(False).to_numpy()
        if fractional is not None:
            whole = whole & ~fractional
        return np.where(whole, scale, 1)
    return np.ones(hands.height, dtype=np.int64)
