"""pokerkit 0.7.7 as a second opinion on our settlements, and the declared differences.

``replay`` plays a PHH text in pokerkit to the end, strictly: every action must be
accepted as written (pokerkit's own loader would instead "repair" a history it cannot
follow, folding players for it), and pokerkit's rake hook is handed, pot by pot, what our
settlement charged (:class:`SettledRake`), so that the two divide the same net amounts.

``declared_difference`` compares pokerkit's final stacks with ours and, where they
differ, names the declared difference and checks that it is exactly that one. The
differences (rules.md §1.9, and what these tests found):

* **odd chip** (``odd chip: <rule>``): pokerkit gives a tie's whole remainder to the
  first winner in PHH's order (left of the button; in stud the lowest seat) in units of
  one minor unit, where the hand's policy may place it otherwise (``multi_remainder``,
  ``tie_order_*``, ``unit``, ``identical_hands_both_halves``). Checked: pokerkit's
  stacks are exactly our settlement of the same showdown under the ``pokerkit`` profile
  (unit 1, the same rake per pot), and that settlement and the policy's have the same
  winners in every half of every pot, differing by no more than their odd chips.
* **pots merged once the losing hands are killed** (``merged pots``): before paying,
  pokerkit kills every hand that wins nothing; pots whose remaining contenders are then
  the same (a main pot and a side pot, once the short stack has lost) are merged and
  divided as one, so their odd chips fall once, not once per pot as the rules divide
  them (TDA 21, rules.md §1.10 f). Checked: pokerkit's stacks are exactly our
  ``pokerkit``-profile settlement with the hands that win nothing folded (their money
  staying in the pots it reached) and the same rake.
* **low half of a pot without a low** (``phantom low``): pokerkit splits a pot into
  halves when any seat still in the hand has a qualifying low, also a side pot none of
  whose contenders has one, and then shares that pot's low half among all of its
  contenders (its "best" low is no low at all); the rules give such a pot whole to its
  high hand (rules.md §1.10 a, f; TDA 21). Checked: pokerkit's stacks are exactly our
  ``pokerkit``-profile settlement with each such pot re-divided that way.
* **rake rounding** (``rake rounding``, settlement tests only): pokerkit rakes each
  pot ``round(amount * percentage)`` (a float, rounded half to even), where the
  ``per_pot_cap`` allocation floors ``amount * bp / 10000``. Checked: pokerkit's stacks
  are our settlement given pokerkit's own per-pot rake.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from pokerkit import HandHistory
from pokerkit.notation import parse_action

from rules.odd_chip import get_policy
from rules.pots import build_pots
from rules.settle import Settlement, Showdown, settle

POKERKIT = get_policy("pokerkit")


class PokerkitRefused(AssertionError):
    """pokerkit would not play an action of the PHH as written."""

    def __init__(self, action: str, message: str) -> None:
        super().__init__(f"pokerkit refuses {action!r}: {message}")
        self.action = action
        self.message = message


class SettledRake:
    """pokerkit's rake hook charging each pot what our settlement charged it.

    pokerkit calls the hook with a pot's gross amount whenever it looks at its pots; only
    the pots it pays out count. At a showdown they are ours (pokerkit merges pots with the
    same contenders, as we do, and after a muck maybe some more: sums of consecutive pots
    are looked up too). When everyone else folded, pokerkit leaves the winner's last bet
    out of the pot, so there the whole rake is charged to the one pot it pays.
    """

    def __init__(self, settlement: Settlement) -> None:
        pots = [(p.amount, p.rake) for p in settlement.pots]
        self.total = settlement.rake
        self.by_amount: dict[int, int] = {}
        for i in range(len(pots)):
            for j in range(i, len(pots)):
                gross = sum(a for a, _ in pots[i:j + 1])
                self.by_amount.setdefault(gross, sum(r for _, r in pots[i:j + 1]))

    def __call__(self, amount: int, state) -> tuple[int, int]:
        rake = min(self.total, amount) if sum(state.statuses) == 1 else self.by_amount.get(amount, 0)
        return rake, amount - rake


@dataclass(frozen=True)
class Replay:
    """pokerkit's end of a hand: each seat's final stack, the rake it took."""

    stacks: Mapping[int, int]
    raked: int


def replay(text: str, seats: Iterable[int], rake=None) -> Replay:
    """Play ``text`` (PHH) in pokerkit; ``seats`` are the seat numbers of its players."""
    history = HandHistory.loads(text, **({"rake": rake} if rake else {}))
    state = history.create_state()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. "no reason for this player to fold": histories do
        warnings.filterwarnings("error", message=".*burned")  # chips nobody is paid: a failure
        for action in history.actions:
            while state.can_burn_card():
                state.burn_card("??")
            try:
                parse_action(state, action)
            except ValueError as exc:
                raise PokerkitRefused(action, str(exc)) from None
    if state.status:
        raise PokerkitRefused("(end)", "the hand is not over after the last action")
    return Replay(dict(zip(seats, state.stacks)), sum(p.raked_amount for p in state._pots or ()))


def finals(base: Mapping[int, int], settlement: Settlement) -> dict[int, int]:
    """Final stacks: ``base`` (starting stack less what was put in) plus what is paid."""
    return {seat: left + settlement.payouts.get(seat, 0) for seat, left in base.items()}


def _odd_chips(settlement: Settlement) -> int:
    total = 0
    for pot in settlement.pots:
        total += sum(c.amount for c in pot.odd_chips)
        for run in pot.runs:
            total += sum(c.amount for c in run.odd_chips)
            total += sum(c.amount for h in run.halves for c in h.odd_chips)
    return total


def _winners(settlement: Settlement) -> list[tuple[int, int, str, tuple[int, ...]]]:
    return [(pot.index, run.run, half.half, tuple(sorted(half.winners)))
            for pot in settlement.pots for run in pot.runs for half in run.halves]


#: the options by which a policy may place odd chips otherwise than pokerkit does
_CHIP_OPTIONS = ("multi_remainder", "tie_order_button", "tie_order_stud", "stud_card_scope",
                 "identical_hands_both_halves", "split_half_remainder", "hilo_between_halves",
                 "runout_remainder", "nontraditional_high_half")


def _option_named(showdown: Showdown, pk: Settlement) -> str:
    """The policy option that, set to pokerkit's value alone, pays what pokerkit pays
    (``unit`` for the size of the odd chip): ``multi_remainder=one_each_in_order``."""
    policy = showdown.policy
    rake = tuple(p.rake for p in pk.pots)
    candidates = [o for o in _CHIP_OPTIONS if getattr(policy, o) != getattr(POKERKIT, o)]
    for option in candidates:
        trial = replace(showdown, policy=policy.with_options({option: getattr(POKERKIT, option)}), unit=1,
                        strengths=None, rake=rake)
        if settle(trial).payouts == pk.payouts:
            return f"{option}={getattr(policy, option)}"
    if settle(replace(showdown, unit=1, strengths=None, rake=rake)).payouts == pk.payouts:
        return "unit"
    return "several of " + ", ".join(f"{o}={getattr(policy, o)}" for o in candidates + ["unit"])


RakeOf = Callable[[int], int]


def as_pokerkit(showdown: Showdown, ours: Settlement, rake_of: RakeOf | None = None) -> Settlement:
    """Our settlement of the same showdown under the ``pokerkit`` profile: unit 1, and
    the rake each pot was charged in ``ours`` (or what ``rake_of`` charges its amount)."""
    rake = tuple(rake_of(p.amount) if rake_of else p.rake for p in ours.pots)
    return settle(replace(showdown, policy=POKERKIT, unit=1, strengths=None, rake=rake))


def merged_pots(showdown: Showdown, settlement: Settlement, rake_of: RakeOf | None = None) -> Settlement | None:
    """``settlement`` as pokerkit pays it once it has killed the hands that win nothing
    (None when every hand still in wins something): those seats folded, the pots their
    absence merges charged the rake of the pots they are made of (or ``rake_of`` their
    amount)."""
    winning = {s for pot in settlement.pots for run in pot.runs for h in run.halves for s, a in h.awards if a}
    killed = {s.seat for s in showdown.seats if not s.folded and s.seat not in winning}
    if not killed:
        return None
    seats = tuple(replace(s, folded=True) if s.seat in killed else s for s in showdown.seats)
    merged = build_pots({s.seat: s.contributed for s in seats}, [s.seat for s in seats if not s.folded],
                        {s.seat: s.dead for s in seats}).pots
    old = [(p.amount, p.rake) for p in settlement.pots]
    rakes = []
    for pot in merged:  # each merged pot is a run of consecutive old ones
        amount = rake = 0
        while amount < pot.amount and old:
            gross, charge = old.pop(0)
            amount, rake = amount + gross, rake + charge
        assert amount == pot.amount, "a merged pot that is not a run of the settled ones"
        rakes.append(rake_of(amount) if rake_of else rake)
    return settle(replace(showdown, seats=seats, policy=POKERKIT, unit=1, strengths=None, rake=tuple(rakes)))


def phantom_low(showdown: Showdown, settlement: Settlement, order: list[int]) -> dict[int, int] | None:
    """pokerkit's payouts where a pot whose contenders have no qualifying low is split as
    pokerkit splits it (None when no pot is such): the high half (with the odd unit) to
    the pot's high winners, the low half among all its contenders, each remainder to the
    first of them in PHH's ``order``."""
    # pokerkit halves every pot when a seat still in holds a low, and only seats that win
    # something are still in when it pays (it kills the other hands first)
    winning = {s for pot in settlement.pots for run in pot.runs for h in run.halves for s, a in h.awards if a}
    lows = {h.seat for h in settlement.hands if h.half == "low"} & winning
    if not lows:
        return None
    payouts = dict(settlement.payouts)
    changed = False
    for pot in settlement.pots:
        halves = [h for run in pot.runs for h in run.halves]
        if len(halves) != 1 or halves[0].half != "whole" or len(pot.contenders) < 2 or lows & set(pot.contenders):
            continue
        claimants = [s for s in order if s in pot.contenders]
        for seat, amount in halves[0].awards:
            payouts[seat] -= amount
        low, high = pot.net // 2, pot.net - pot.net // 2
        for share, winners in ((high, [s for s in order if s in halves[0].winners]), (low, claimants)):
            each, left = divmod(share, len(winners))
            for seat in winners:
                payouts[seat] += each + (left if seat == winners[0] else 0)
        changed = True
    return payouts if changed else None


def declared_difference(showdown: Showdown, ours: Settlement, theirs: Mapping[int, int],
                        base: Mapping[int, int], order: list[int], rake_of: RakeOf | None = None) -> str | None:
    """None when pokerkit's final stacks are ours; else the declared differences they
    show, joined by ``+``, checked exactly (AssertionError when they show none).

    ``rake_of``: pokerkit rakes each pot itself (its rate and cap), as ``rake_of`` of
    the pot's amount; by default it is handed our rake (``SettledRake``)."""
    if dict(theirs) == finals(base, ours):
        return None
    rounding = ["rake rounding"] if rake_of and any(rake_of(p.amount) != p.rake for p in ours.pots) else []
    pk = as_pokerkit(showdown, ours, rake_of)
    if dict(theirs) == finals(base, pk):
        if rounding:
            return "+".join(rounding)
        assert _winners(pk) == _winners(ours), "the same difference would need the same winners"
        moved = sum(abs(ours.payouts[s] - pk.payouts[s]) for s in ours.payouts)
        assert moved <= _odd_chips(ours) + _odd_chips(pk), "more moved than the odd chips"
        return "odd chip: " + _option_named(showdown, pk)
    merged = merged_pots(showdown, pk, rake_of)
    if merged is not None and dict(theirs) == finals(base, merged):
        return "+".join(["merged pots"] + rounding)
    split = phantom_low(showdown, merged or pk, order)
    if split is not None and dict(theirs) == {s: base[s] + split.get(s, 0) for s in base}:
        return "+".join(["phantom low"] + (["merged pots"] if merged else []) + rounding)
    raise AssertionError(f"undeclared difference: pokerkit {dict(theirs)}, ours {finals(base, ours)}, "
                         f"ours under the pokerkit profile {finals(base, pk)}")
