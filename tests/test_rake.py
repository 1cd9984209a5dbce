"""Rake against the published schedule (rules.rake, rules.rake_toml), data-driven.

``tests/cases/rake/cases.toml``: hand facts against a set of schedules, each with the exact
allowed maximum, rule name and arithmetic, or the exact reason it was not checked.
``tests/cases/rake/loader_errors.toml``: every error of the schedule loader, exactly.
The shipped schedules (``rules/rake_schedules/``) must load, cite their source and be
package data.
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from rules.rake import HandFacts, RakeCheck, RakeScheduleError, max_rake, with_operator_schedules
from rules.rake_toml import SHIPPED_DIR, load_rake_schedules, parse_rake_schedules, shipped_schedules
from rules.vocab import Game, Limit, Platform

CASES_DIR = Path(__file__).parent / "cases" / "rake"
OPERATOR_FILE = CASES_DIR / "operator_schedule.toml"
CASES = tomllib.loads((CASES_DIR / "cases.toml").read_text(encoding="utf-8"))
ERRORS = tomllib.loads((CASES_DIR / "loader_errors.toml").read_text(encoding="utf-8"))
REPO = Path(__file__).resolve().parent.parent


def _schedule_sets() -> dict[str, Any]:
    own = load_rake_schedules(OPERATOR_FILE)
    return {"operator": own, "shipped": shipped_schedules(),
            "operator_over_shipped": with_operator_schedules(shipped_schedules(), own)}


def _facts(case: dict[str, Any]) -> HandFacts:
    values = {**CASES["defaults"], **case.get("facts", {})}
    for key in case.get("unset", []):
        values.pop(key)
    values["platform"] = Platform(values["platform"])
    values["game"] = Game(values["game"])
    values["limit"] = Limit(values["limit"])
    values.setdefault("currency", None)
    for key in ("small_blind", "big_blind", "max_seats", "fast_fold"):
        values.setdefault(key, None)
    return HandFacts(**values)


def test_there_are_cases() -> None:
    assert len(CASES["case"]) == 44
    assert len(ERRORS["case"]) == 55


@pytest.mark.parametrize("case", CASES["case"], ids=[c["name"] for c in CASES["case"]])
def test_rake_case(case: dict[str, Any]) -> None:
    check = max_rake(_schedule_sets()[case["schedules"]], _facts(case))
    if "not_checked" in case:
        assert (check.checked, check.max_rake, check.rule, check.source) == (False, None, None, None)
        assert check.explanation == case["not_checked"]
        assert check.overcharge(10**9) == 0
        return
    assert check.checked
    assert (check.max_rake, check.rule, check.explanation) == (case["max_rake"], case["rule"], case["explanation"])
    assert check.source is not None and check.source.url.startswith("https://")
    assert (check.overcharge(case["max_rake"]), check.overcharge(case["max_rake"] + 1)) == (0, 1)


def _error_text(case: dict[str, str]) -> str:
    if "toml" in case:
        return case["toml"]
    base = ERRORS["base"]
    assert base.count(case["replace"]) == 1, case["name"]
    return str(base.replace(case["replace"], case["with"]))


def _vocabulary_lists() -> dict[str, str]:
    return {name: ", ".join(m.value for m in vocab)
            for name, vocab in (("platforms", Platform), ("games", Game), ("limits", Limit))}


def test_the_error_base_loads() -> None:
    (schedule,) = parse_rake_schedules(ERRORS["base"], "bad.toml")
    assert (schedule.name, len(schedule.rules), schedule.effective_until) == ("Base", 1, date(2024, 4, 13))


@pytest.mark.parametrize("case", ERRORS["case"], ids=[c["name"] for c in ERRORS["case"]])
def test_loader_error(case: dict[str, str]) -> None:
    with pytest.raises(RakeScheduleError) as caught:
        parse_rake_schedules(_error_text(case), "bad.toml")
    assert str(caught.value) == case["error"].format(**_vocabulary_lists())


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    missing = tmp_path / "nosuch.toml"
    with pytest.raises(RakeScheduleError) as caught:
        load_rake_schedules(missing)
    assert str(caught.value) == f"{missing}: cannot be read: [Errno 2] No such file or directory: '{missing}'"


def test_an_operator_file_by_path_or_name_and_its_errors_name_it(tmp_path: Path) -> None:
    assert load_rake_schedules(str(OPERATOR_FILE)) == load_rake_schedules(OPERATOR_FILE)
    bad = tmp_path / "ours.toml"
    bad.write_text(OPERATOR_FILE.read_text(encoding="utf-8").replace('percent = "2"', 'percent = 2'), encoding="utf-8")
    with pytest.raises(RakeScheduleError) as caught:
        load_rake_schedules(bad)
    assert str(caught.value) == (f'{bad}: schedule #1 rule #2: percent: must be decimal text such as "4.5", '
                                 "not the number 2")


def test_rules_that_differ_only_by_table_kind_size_date_or_stakes_load() -> None:
    """The overlap check refuses only rules a hand could match both of."""
    base = ERRORS["base"]
    second_rule = ('\n[[schedule.rule]]\ngames = ["holdem"]\nlimits = ["no"]\nstakes = ["0.01/0.02"]\n'
                   'percent = "4"\ncaps = { "2+" = "1.00" }\n')
    variants = {
        "fast_fold": (base.replace('percent = "5"', 'percent = "5"\nfast_fold = false'),
                      second_rule.replace('percent = "4"', 'percent = "4"\nfast_fold = true')),
        "seats": (base.replace('percent = "5"', 'percent = "5"\nseats = "3+"'),
                  second_rule.replace('percent = "4"', 'percent = "4"\nseats = "2"')),
        "stakes": (base, second_rule.replace('stakes = ["0.01/0.02"]', 'stakes_min = "0.02/0.05"')),
        "stakes_of": (base, second_rule.replace('stakes = ["0.01/0.02"]',
                                                'stakes = ["0.01/0.02"]\nstakes_of = "bets"')),
    }
    for name, (first, second) in variants.items():
        assert len(parse_rake_schedules(first + second, "ok.toml")[0].rules) == 2, name
    later = base.replace("Base", "Later").replace("2024-04-02", "2024-04-14").replace("2024-04-13", "2024-05-01")
    assert len(parse_rake_schedules(base + later, "ok.toml")) == 2


def _pokerstars_hand(**changes: Any) -> HandFacts:
    facts = HandFacts(platform=Platform.POKERSTARS, date=date(2024, 4, 5), game=Game.HOLDEM, limit=Limit.NO,
                      currency="USD", amount_scale=100, small_blind=5, big_blind=10, players_dealt=6,
                      first_round_only=False, pot=3000, max_seats=6, fast_fold=False)
    return replace(facts, **changes)


def test_two_schedule_lists_whose_rules_overlap_are_an_error_when_a_hand_meets_both() -> None:
    twice = shipped_schedules() + tuple(replace(s, name="Copy") for s in shipped_schedules())
    with pytest.raises(RakeScheduleError) as caught:
        max_rake(twice, _pokerstars_hand())
    assert str(caught.value) == (
        "2 rules apply to one hand: PokerStars 2024-04 NL Hold'em $0.05/$0.10, 5% capped at $1.00 for 2+ players "
        "and Copy NL Hold'em $0.05/$0.10, 5% capped at $1.00 for 2+ players")


def test_amounts_finer_than_the_hands_minor_unit_are_an_error() -> None:
    own = load_rake_schedules(OPERATOR_FILE)
    chips = HandFacts(platform=Platform.HOMEGAME, date=date(2024, 3, 1), game=Game.HOLDEM, limit=Limit.NO,
                      currency="EUR", amount_scale=1, small_blind=1, big_blind=2, players_dealt=2,
                      first_round_only=False, pot=100)
    with pytest.raises(RakeScheduleError) as caught:
        max_rake(own, chips)
    assert str(caught.value) == ("Test club floor NL Hold'em €1/€2, 5% capped at €1 for 2 players: the increment "
                                 "0.05 is not a whole number of the hand's minor units (amount scale 1)")


def test_a_hand_must_be_dealt_to_two_players() -> None:
    with pytest.raises(ValueError, match="at least 2 players"):
        max_rake(shipped_schedules(), _pokerstars_hand(players_dealt=1))


def test_a_check_that_was_not_made_never_reports_an_overcharge() -> None:
    check = max_rake((), _pokerstars_hand())
    assert check == RakeCheck(None, None, "rake not checked against a schedule: no pokerstars rake schedule", None)
    assert check.overcharge(500) == 0


SHIPPED_FILES = sorted(SHIPPED_DIR.glob("*.toml"))


def test_schedules_are_shipped() -> None:
    assert [p.name for p in SHIPPED_FILES] == ["pokerstars.toml"]


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=[p.stem for p in SHIPPED_FILES])
def test_a_shipped_schedule_loads_names_its_source_and_ends_where_the_source_does(path: Path) -> None:
    schedules = load_rake_schedules(path)
    assert schedules and all(s in shipped_schedules() for s in schedules)
    for s in schedules:
        assert s.platform.value == path.stem  # one file per platform, named after it
        assert s.source.citation.strip() and s.source.url.startswith("https://")
        assert s.source.read <= date.today()
        assert s.effective_until is not None  # shipped only for the dates the source covers
        assert s.source.published is None or s.effective_until <= s.source.published


def test_the_shipped_schedules_are_package_data() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["rules"]
    for path in SHIPPED_FILES:
        relative = path.relative_to(REPO / "rules").as_posix()
        assert any(fnmatch.fnmatch(relative, g) for g in globs), relative
