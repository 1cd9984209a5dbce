"""Rake against the platform's published schedule (``rules.rake``), for the audit.

``rake_check`` builds a hand's :class:`rules.rake.HandFacts` from its lake rows and asks
the schedules (the shipped ones, ``rules/rake_schedules/``, or an operator's own file,
``--rake-schedule FILE``, which replaces the shipped schedules of each platform it names)
for the most rake they allow. ``schedule_rake_findings`` turns a rake above that into a
``rake`` finding that names the rule; a hand no schedule covers gets no finding, and its
explanation says "rake not checked against a schedule" with the reason.

What the lake cannot say is not guessed: a hand whose date, platform, game or limit is not
known to the schedules is not checked, and so is a hand at a table whose kind (fast-fold
or not) a rule depends on, since the lake does not record it. A hand raked before the flop
where the policy says no-flop-no-drop already has its ``rake`` finding
(``audit.hand_audit.hand_no_flop_rake``): the schedule adds no second one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from pathlib import Path

import polars as pl

from audit.findings import Finding, finding, money_text
from audit.hand_rows import HandRows
from rules.games import game_spec
from rules.rake import NOT_CHECKED, HandFacts, RakeCheck, RakeSchedule, RakeScheduleError, with_operator_schedules
from rules.rake_toml import load_rake_schedules, shipped_schedules
from rules.vocab import ActionKind, FindingKind, Game, Limit, Platform

#: the actions that are not a betting round's own (they open every hand)
_FORCED = {k.value for k in (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_BLIND,
                              ActionKind.POST_DEAD, ActionKind.POST_ANTE, ActionKind.BRING_IN,
                              ActionKind.UNCALLED_RETURN, ActionKind.SHOW, ActionKind.MUCK, ActionKind.CASH_OUT)}


def schedules_for(rake_schedule: Path | str | None) -> tuple[RakeSchedule, ...]:
    """The schedules an audit checks against: the shipped ones, with an operator's file
    replacing the shipped schedules of each platform it names. Raises
    :class:`rules.rake.RakeScheduleError` for a file that cannot be used."""
    if rake_schedule is None:
        return shipped_schedules()
    return with_operator_schedules(shipped_schedules(), load_rake_schedules(rake_schedule))


def load_schedules(rake_schedule: Path | str | None) -> tuple[RakeSchedule, ...]:
    """:func:`schedules_for`, a bad file raised as ``audit.errors.BadRakeSchedule``."""
    from audit.errors import BadRakeSchedule

    try:
        return schedules_for(rake_schedule)
    except RakeScheduleError as exc:
        raise BadRakeSchedule(str(exc)) from None


def _first_round_only(rows: HandRows) -> bool:
    """The hand ended in its first betting round: no flop dealt (board games), or every
    action after the forced bets on the first street the actions name."""
    spec = game_spec(Game(rows.hand.game))
    if spec.board_cards:
        return not rows.hand.boards or len(rows.hand.boards[0]) < 3
    streets = [a.street for a in rows.actions if a.kind not in _FORCED and a.street]
    return len(set(streets)) <= 1


def hand_facts(rows: HandRows) -> HandFacts | str:
    """What the schedule needs of this hand, or why the lake cannot tell it."""
    hand = rows.hand
    try:
        platform, game = Platform(hand.platform), Game(hand.game)
    except ValueError:
        return f"no rake schedule knows the platform {hand.platform} or the game {hand.game}"
    try:
        day = date.fromisoformat(hand.hand_date)
    except ValueError:
        return "the hand's date is not known"
    limit = Limit(hand.limit) if hand.limit in {m.value for m in Limit} else None
    dealt = sum(1 for s in rows.seats if s.dealt_in)
    if dealt < 2:
        return "fewer than two players were dealt in"
    return HandFacts(platform=platform, date=day, game=game, limit=limit, currency=hand.currency,
                     amount_scale=hand.amount_scale, small_blind=hand.small_blind, big_blind=hand.big_blind,
                     players_dealt=dealt, first_round_only=_first_round_only(rows), pot=hand.pot_total,
                     max_seats=hand.max_seats, fast_fold=None)


def rake_check(rows: HandRows, schedules: Sequence[RakeSchedule]) -> RakeCheck:
    """The schedule's verdict on this hand's rake (checked or, with why, not)."""
    from rules.rake import max_rake

    if rows.hand.rake is None:
        return RakeCheck(None, None, f"{NOT_CHECKED}: the history prints no rake", None)
    facts = hand_facts(rows)
    if isinstance(facts, str):
        return RakeCheck(None, None, f"{NOT_CHECKED}: {facts}", None)
    try:
        return max_rake(schedules, facts)
    except RakeScheduleError as exc:  # two rules for one hand: the schedule's fault, said as it is
        return RakeCheck(None, None, f"{NOT_CHECKED}: {exc}", None)


def schedule_rake_findings(rows: HandRows, schedules: Sequence[RakeSchedule],
                           already: Iterable[Finding] = ()) -> list[Finding]:
    """A ``rake`` finding when the rake exceeds the schedule (none if the hand already has
    a rake finding, as a hand raked before the flop under no-flop-no-drop has)."""
    if any(f.kind == FindingKind.RAKE for f in already) or rows.hand.is_tournament:
        return []
    check = rake_check(rows, schedules)
    rake = rows.hand.rake or 0
    if not check.checked or check.overcharge(rake) == 0:
        return []
    assert check.max_rake is not None
    hand = rows.hand
    detail = (f"rake {money_text(hand, rake)} is more than the schedule allows, {money_text(hand, check.max_rake)}: "
              f"{check.rule} ({check.explanation})")
    return [finding(hand, FindingKind.RAKE, seat=None, recorded=rake, expected=check.max_rake, detail=detail)]


def candidates(hands: pl.DataFrame, schedules: Sequence[RakeSchedule]) -> pl.DataFrame:
    """The hands some schedule could cover: a platform and currency it names, a date in
    its period, a rake printed (the rest need no rows read)."""
    if not schedules:
        return hands.head(0)
    conditions = [
        (pl.col("platform") == s.platform.value) & (pl.col("currency") == s.currency)
        & (pl.col("hand_date") >= s.effective_from.isoformat())
        & (pl.col("hand_date") <= (s.effective_until.isoformat() if s.effective_until else "9999-12-31"))
        for s in schedules]
    covered = conditions[0]
    for c in conditions[1:]:
        covered = covered | c
    return hands.filter(covered & pl.col("rake").is_not_null() & ~pl.col("is_tournament")
                        & (pl.col("hand_date") != "unknown"))


__all__ = ["RakeScheduleError", "candidates", "hand_facts", "rake_check", "schedule_rake_findings", "schedules_for"]
