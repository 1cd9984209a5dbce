"""A deterministic generator of realistic PokerStars Omaha Hi/Lo cash-game histories.

Used for ``sample_data/`` and for the ingest and audit benchmarks: the same seed always
writes the same bytes. Hands are dealt from a shuffled deck, bet with a simple
pot-limit model (folds, calls, raises, all-ins that make side pots), raked the way
PokerStars rakes (no flop, no drop; 5% capped; charged main pot first) and settled by
``rules.settle`` under the PokerStars profile, then written in PokerStars' dialect.

``plant`` corrupts chosen hands' payouts in known ways, so a demo or a test has findings
to find; every planted error is listed in the returned manifest.

Run ``python -m bench.generate OUT.txt --hands N [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Iterator

from rules.odd_chip import get_policy
from rules.pots import allocate_rake, build_pots
from rules.settle import SeatInput, Showdown, settle

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
NAMES = ["Hero", "xX_Ace_Xx", "Bob [NL]", "Ölaf", "Mr: Pigeon", "Tilted Tom", "fish 22",
         "Rocket Man", "Omaha Dan", "LowLow", "scoop88", "Zoë"]
STAKES = [(2, 5), (5, 10), (10, 25), (25, 50), (50, 100)]  # cents
PLANT_KINDS = ("low_to_high_winner", "unit_to_loser", "odd_chip_swapped", "payout_dropped")
#: the finding kind the audit must report for each planted error
PLANTED_FINDING = {"low_to_high_winner": "missed_low", "unit_to_loser": "wrong_winner",
                   "odd_chip_swapped": "odd_chip", "payout_dropped": "not_conserved"}


def money(cents: int) -> str:
    whole, frac = divmod(cents, 100)
    return f"${whole}" if frac == 0 else f"${whole}.{frac:02d}"


@dataclass
class Seat:
    number: int
    name: str
    stack: int
    cards: list[str] = field(default_factory=list)
    put_in: int = 0
    street_bet: int = 0
    folded: bool = False
    all_in: bool = False
    folded_street: str = ""


@dataclass
class Planted:
    hand_id: str
    kind: str
    detail: str


class HandWriter:
    """Deals, bets, settles and writes one hand."""

    def __init__(self, rng: random.Random, hand_id: int, when: datetime, table: str,
                 button_index: int, seats: list[Seat], stakes: tuple[int, int]) -> None:
        self.rng = rng
        self.hand_id = hand_id
        self.when = when
        self.table = table
        self.seats = seats
        self.button = seats[button_index % len(seats)].number
        self.sb, self.bb = stakes
        self.lines: list[str] = []
        self.board: list[str] = []

    # -- betting -------------------------------------------------------------------------

    def _order_from(self, first_after: int) -> list[Seat]:
        numbers = [s.number for s in self.seats]
        i = numbers.index(first_after)
        return self.seats[i + 1:] + self.seats[: i + 1]

    def _live(self) -> list[Seat]:
        return [s for s in self.seats if not s.folded]

    def _put(self, seat: Seat, amount: int) -> int:
        amount = min(amount, seat.stack)
        seat.stack -= amount
        seat.put_in += amount
        seat.street_bet += amount
        if seat.stack == 0:
            seat.all_in = True
        return amount

    def _pot(self) -> int:
        return sum(s.put_in for s in self.seats)

    def _betting_round(self, order: list[Seat], street: str, current: int) -> None:
        acted: set[int] = set()
        raises = 0
        while True:
            moved = False
            for seat in order:
                live = self._live()
                if len(live) == 1:
                    return
                if seat.folded or seat.all_in:
                    continue
                facing = current - seat.street_bet
                if seat.number in acted and facing == 0:
                    continue
                moved = True
                acted.add(seat.number)
                roll = self.rng.random()
                ai = lambda: " and is all-in" if seat.all_in else ""  # noqa: E731
                if facing > 0:
                    if roll < 0.30 and facing > 0:
                        seat.folded, seat.folded_street = True, street
                        self.lines.append(f"{seat.name}: folds ")
                    elif roll < 0.85 or raises >= 3:
                        paid = self._put(seat, facing)
                        self.lines.append(f"{seat.name}: calls {money(paid)}{ai()}")
                    else:
                        pot_after_call = self._pot() + facing
                        target = current + self.rng.randint(max(self.bb, current), max(self.bb, pot_after_call))
                        before = seat.street_bet
                        paid = self._put(seat, target - before)
                        new_total = seat.street_bet
                        if new_total <= current:
                            self.lines.append(f"{seat.name}: calls {money(paid)}{ai()}")
                        else:
                            self.lines.append(
                                f"{seat.name}: raises {money(new_total - current)} to {money(new_total)}{ai()}")
                            current = new_total
                            raises += 1
                            acted = {seat.number}
                else:
                    if roll < 0.6 or self._pot() == 0:
                        self.lines.append(f"{seat.name}: checks ")
                    else:
                        size = self.rng.randint(self.bb, max(self.bb, self._pot()))
                        paid = self._put(seat, size)
                        self.lines.append(f"{seat.name}: bets {money(paid)}{ai()}")
                        current = seat.street_bet
                        raises += 1
                        acted = {seat.number}
            if not moved:
                break
        self._return_uncalled()

    def _return_uncalled(self) -> None:
        live_bets = sorted((s.street_bet for s in self.seats if not s.folded or s.street_bet), reverse=True)
        top = max(self.seats, key=lambda s: s.street_bet)
        others = max((s.street_bet for s in self.seats if s is not top), default=0)
        if top.street_bet > others and not top.folded:
            back = top.street_bet - others
            top.street_bet -= back
            top.put_in -= back
            top.stack += back
            top.all_in = top.stack == 0
            self.lines.append(f"Uncalled bet ({money(back)}) returned to {top.name}")
        del live_bets

    def _new_street(self) -> None:
        for s in self.seats:
            s.street_bet = 0

    # -- the hand ------------------------------------------------------------------------

    def play(self) -> dict:
        rng = self.rng
        deck = DECK[:]
        rng.shuffle(deck)
        for s in self.seats:
            s.cards = [deck.pop() for _ in range(4)]
        self.board = [deck.pop() for _ in range(5)]
        stamp = self.when.strftime("%Y/%m/%d %H:%M:%S")
        self.lines.append(
            f"PokerStars Hand #{self.hand_id}:  Omaha Hi/Lo Pot Limit ({money(self.sb)}/{money(self.bb)} USD)"
            f" - {stamp} ET")
        self.lines.append(f"Table '{self.table}' 6-max Seat #{self.button} is the button")
        for s in self.seats:
            self.lines.append(f"Seat {s.number}: {s.name} ({money(s.stack)} in chips) ")
        order = self._order_from(self.button)
        if len(order) == 2:  # heads-up: the button posts the small blind
            order = order[::-1]
        sb_seat, bb_seat = order[0], order[1]
        self.lines.append(f"{sb_seat.name}: posts small blind {money(self._put(sb_seat, self.sb))}")
        self.lines.append(f"{bb_seat.name}: posts big blind {money(self._put(bb_seat, self.bb))}")
        self.lines.append("*** HOLE CARDS ***")
        hero = self.seats[0]
        self.lines.append(f"Dealt to {hero.name} [{' '.join(hero.cards)}]")
        self._betting_round(order[2:] + order[:2], "preflop", self.bb)
        streets = [("FLOP", 3, "flop"), ("TURN", 4, "turn"), ("RIVER", 5, "river")]
        saw_flop = False
        for label, n, street in streets:
            if len(self._live()) < 2:
                break
            saw_flop = True
            self._new_street()
            shown = self.board[:n]
            if n == 3:
                self.lines.append(f"*** FLOP *** [{' '.join(shown)}]")
            else:
                self.lines.append(f"*** {label} *** [{' '.join(shown[:-1])}] [{shown[-1]}]")
            if sum(1 for s in self._live() if not s.all_in) >= 2:
                self._betting_round(self._order_from(self.button), street, 0)
        return self._finish(saw_flop)

    def _finish(self, saw_flop: bool) -> dict:
        live = self._live()
        pot = self._pot()
        rake = min(pot * 5 // 100, 100) if saw_flop else 0
        contributions = {s.number: s.put_in for s in self.seats if s.put_in}
        breakdown = build_pots(contributions, [s.number for s in live])
        rakes = allocate_rake(breakdown.pots, rake, "main_first_cumulative")
        showdown = len(live) > 1
        board = self.board if showdown else self.board[: self._board_dealt()]
        result = {"showdown": showdown, "collected": [],  # [seat name, amount, pot label, half]
                  "showed": [s.name for s in live] if showdown else []}
        if showdown:
            self.lines.append("*** SHOW DOWN ***")
            for s in live:
                self.lines.append(f"{s.name}: shows [{' '.join(s.cards)}]")
            settled = settle(Showdown(
                game="omaha_hilo",
                seats=tuple(SeatInput(s.number, s.put_in, tuple(s.cards) if not s.folded else (),
                                      folded=s.folded) for s in self.seats if s.put_in or not s.folded),
                boards=(tuple(board),), button=self.button, rake=rakes, unit=1,
                policy=get_policy("pokerstars")))
            by_number = {s.number: s for s in self.seats}
            multi = len(settled.pots) > 1
            for award in sorted(settled.pots, key=lambda a: -a.index):
                label = "pot" if not multi else (
                    "main pot" if award.index == 0 else
                    ("side pot" if len(settled.pots) == 2 else f"side pot-{award.index}"))
                for run in award.runs:
                    for half in run.halves:
                        for number, amount in half.awards:
                            if amount:
                                result["collected"].append([by_number[number].name, amount, label, half.half])
        else:
            winner = live[0]
            result["collected"].append([winner.name, pot - rake, "pot", "whole"])
        return {"pot": pot, "rake": rake, "rakes": rakes, "pots": breakdown.pots, "board": board,
                **result}

    def _board_dealt(self) -> int:
        text = "\n".join(self.lines)
        return 5 if "*** RIVER" in text else 4 if "*** TURN" in text else 3 if "*** FLOP" in text else 0

    def write(self, outcome: dict) -> str:
        for name, amount, label, _half in outcome["collected"]:
            self.lines.append(f"{name} collected {money(amount)} from {label}")
        if not outcome["showdown"]:
            self.lines.append(f"{outcome['collected'][0][0]}: doesn't show hand ")
        self.lines.append("*** SUMMARY ***")
        pots = outcome["pots"]
        nets = [p.amount - r for p, r in zip(pots, outcome["rakes"])]
        if len(pots) == 1:
            total = f"Total pot {money(outcome['pot'])} | Rake {money(outcome['rake'])} "
        else:
            parts = [f"Main pot {money(nets[0])}."]
            if len(pots) == 2:
                parts.append(f"Side pot {money(nets[1])}.")
            else:
                parts += [f"Side pot-{i} {money(n)}." for i, n in enumerate(nets[1:], 1)]
            total = f"Total pot {money(outcome['pot'])} {' '.join(parts)} | Rake {money(outcome['rake'])} "
        self.lines.append(total)
        if outcome["board"]:
            self.lines.append(f"Board [{' '.join(outcome['board'])}]")
        won: dict[str, int] = {}
        for name, amount, _label, _half in outcome["collected"]:
            won[name] = won.get(name, 0) + amount
        for s in self.seats:
            tag = " (button)" if s.number == self.button else ""
            if s.folded:
                where = {"preflop": "before Flop", "flop": "on the Flop", "turn": "on the Turn",
                         "river": "on the River"}[s.folded_street]
                bet = " (didn't bet)" if s.put_in == 0 else ""
                self.lines.append(f"Seat {s.number}: {s.name}{tag} folded {where}{bet}")
            elif outcome["showdown"]:
                if s.name in won:
                    self.lines.append(f"Seat {s.number}: {s.name}{tag} showed [{' '.join(s.cards)}] and won ({money(won[s.name])})")
                else:
                    self.lines.append(f"Seat {s.number}: {s.name}{tag} showed [{' '.join(s.cards)}] and lost")
            else:
                self.lines.append(f"Seat {s.number}: {s.name}{tag} collected ({money(won.get(s.name, 0))})")
        return "\r\n".join(self.lines) + "\r\n\r\n\r\n"


def _plant(outcome: dict, kind: str, hand_id: str) -> Planted | None:
    """Corrupt one hand's collected lines in a known way (only where that kind applies)."""
    col = outcome["collected"]
    if kind == "unit_to_loser":
        winners = {c[0] for c in col}
        losers = [name for name in outcome["showed"] if name not in winners]
        if losers and col[0][1] > 1:
            col[0][1] -= 1
            col.append([losers[0], 1, col[0][2], col[0][3]])
            return Planted(hand_id, kind, f"one cent moved from {col[0][0]} to {losers[0]}, who lost")
        return None
    if kind == "low_to_high_winner":
        lows = [c for c in col if c[3] == "low"]
        highs = [c for c in col if c[3] == "high"]
        if lows and highs and lows[0][0] != highs[0][0]:
            lows[0][0] = highs[0][0]
            return Planted(hand_id, kind, "the low half paid to the high winner")
    elif kind == "odd_chip_swapped":
        for i, a in enumerate(col):
            for b in col[i + 1:]:
                # a tied half's odd unit, or the one between the high and low halves
                if a[2] == b[2] and abs(a[1] - b[1]) == 1 and a[0] != b[0]:
                    a[1], b[1] = b[1], a[1]
                    return Planted(hand_id, kind, f"odd chip swapped between {a[0]} and {b[0]}")
    elif kind == "payout_dropped":
        if len(col) >= 2:
            dropped = col.pop()
            return Planted(hand_id, kind, f"payout of {dropped[1]} to {dropped[0]} dropped")
    return None


def generate(hands: int, seed: int = 1, *, plant_every: int = 0,
             start: datetime = datetime(2024, 3, 1, 12, 0, 0)) -> Iterator[tuple[str, Planted | None]]:
    """Yield ``(hand_text, planted)`` for ``hands`` hands. With ``plant_every`` N, every
    Nth showdown hand gets one error of the next kind in ``PLANT_KINDS`` (where it fits)."""
    rng = random.Random(seed)
    hand_id = 250_000_000_000 + seed * 10_000_000
    when = start
    table_no = 0
    produced = 0
    showdowns = 0
    kind_index = 0
    while produced < hands:
        table_no += 1
        stakes = rng.choice(STAKES)
        players = rng.randint(2, 6)
        names = rng.sample(NAMES, players)
        numbers = sorted(rng.sample(range(1, 7), players))
        seats_state = {n: rng.randint(40, 300) * stakes[1] // 2 for n in numbers}
        for button in range(rng.randint(5, 40)):
            if produced >= hands:
                break
            seats = [Seat(n, name, max(seats_state[n], stakes[1] * 20)) for n, name in zip(numbers, names)]
            hand_id += rng.randint(1, 50)
            when += timedelta(seconds=rng.randint(20, 90))
            writer = HandWriter(rng, hand_id, when, f"Synthetic {table_no}", button, seats, stakes)
            outcome = writer.play()
            planted = None
            if outcome["showdown"]:
                showdowns += 1
                if plant_every and showdowns % plant_every == 0:
                    for attempt in range(len(PLANT_KINDS)):
                        kind = PLANT_KINDS[(kind_index + attempt) % len(PLANT_KINDS)]
                        planted = _plant(outcome, kind, str(hand_id))
                        if planted:
                            kind_index += attempt + 1
                            break
            for s in seats:
                seats_state[s.number] = s.stack
            produced += 1
            yield writer.write(outcome), planted


def write_file(path: Path, hands: int, seed: int = 1, plant_every: int = 0) -> list[Planted]:
    planted: list[Planted] = []
    with open(path, "w", encoding="utf-8", newline="") as out:
        for text, p in generate(hands, seed, plant_every=plant_every):
            out.write(text)
            if p:
                planted.append(p)
    return planted


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plant-every", type=int, default=0)
    args = ap.parse_args()
    planted = write_file(args.out, args.hands, args.seed, args.plant_every)
    for p in planted:
        print(f"{p.hand_id}\t{p.kind}\t{p.detail}")


if __name__ == "__main__":
    main()
