"""Odd-chip policies: options, named profiles, TOML profiles, resolution and hashing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.vocab import Platform
from rules.odd_chip import (
    BUILTIN_PROFILES,
    FACTORY_DEFAULT,
    OPTION_VALUES,
    Policy,
    PolicyError,
    get_policy,
    load_profile_file,
    option_names,
    policy_from_spec,
    profile_names,
)


def test_every_rules_md_option_exists_with_its_values():
    assert OPTION_VALUES["tie_order_button"] == ("left_of_button", "high_card_by_suit", "lowest_seat", "random")
    assert OPTION_VALUES["tie_order_stud"] == (
        "high_card_by_suit", "high_for_high_low_for_low", "position_from_dealer", "lowest_seat",
    )
    assert OPTION_VALUES["split_half_remainder"] == ("tie_order", "to_high_half")
    assert OPTION_VALUES["rake_allocation"] == (
        "use_printed_net", "main_first_cumulative", "main_only", "pro_rata", "largest_pot", "per_pot_cap",
    )
    assert set(option_names()) == set(OPTION_VALUES) | {
        "unit", "fees_before_split", "rake_rate_bp", "rake_cap", "no_flop_no_drop", "seed",
    }


def test_every_platform_has_a_profile_and_unknown_ones_say_so():
    for platform in Platform:
        assert platform.value in BUILTIN_PROFILES
    betonline = get_policy("betonline")
    assert "nothing is known" in betonline.description
    assert betonline.resolve() == FACTORY_DEFAULT.resolve()
    assert {"tie_order_button", "split_half_remainder"} <= betonline.unconfirmed


@pytest.mark.parametrize(
    ("name", "option", "value", "unconfirmed"),
    [
        ("tda", "identical_hands_both_halves", "per_half", False),
        ("tda", "unit", "denomination_in_play", False),
        ("wsop", "identical_hands_both_halves", "pool_even", False),
        ("wsop", "nontraditional_high_half", "five_card_hand", True),
        ("wsop-live", "unit", "blind_unit", False),
        ("wsop-live", "nontraditional_high_half", "by_position", False),
        ("robert", "tie_order_stud", "high_for_high_low_for_low", False),
        ("robert", "stud_card_scope", "all_cards", False),
        ("barge", "identical_hands_both_halves", "per_half", False),
        ("pokerkit", "multi_remainder", "all_to_first", False),
        ("pokerkit", "rake_allocation", "per_pot_cap", False),
        ("pokerkit", "tie_order_stud", "position_from_dealer", False),
        ("pokerstars", "tie_order_button", "left_of_button", False),
        ("pokerstars", "identical_hands_both_halves", "pool_even", True),
        ("pokerstars", "tie_order_stud", "high_card_by_suit", True),
        ("ggpoker", "cash_out_model", "seat_paid", False),
        ("fulltilt", "rake_allocation", "main_only", False),
        ("fulltilt", "hilo_between_halves", "high", False),
        ("fulltilt", "unit", "denomination_in_play", False),  # cents, $0.05 and $0.50 seen: it grew with the stakes
        ("ongame", "tie_order_button", "high_card_by_suit", True),  # contradicted by T5-17781999-6
        ("pkr", "tie_order_button", "high_card_by_suit", False),
        ("pkr", "rake_allocation", "largest_pot", False),
        ("winamax", "hilo_between_halves", "high", False),
        ("winamax", "tie_order_button", "left_of_button", True),
        ("pokerstars", "split_half_remainder", "tie_order", False),
        ("ggpoker", "split_half_remainder", "tie_order", True),
        ("bovada", "split_half_remainder", "to_high_half", False),
        ("bovada", "hilo_between_halves", "high", False),
        ("bovada", "tie_order_button", "left_of_button", True),
        ("default", "split_half_remainder", "tie_order", False),
    ],
)
def test_profiles_follow_rules_md(name, option, value, unconfirmed):
    policy = get_policy(name)
    assert getattr(policy, option) == value
    assert (option in policy.unconfirmed) is unconfirmed


def test_resolve_and_hash():
    resolved = get_policy("pokerkit").resolve()
    assert list(resolved) == sorted(resolved)
    assert resolved["multi_remainder"] == "all_to_first"
    assert resolved["fees_before_split"] == ["rake", "jackpot", "bingo"]
    assert len(get_policy("tda").hash) == 16
    assert get_policy("tda").hash != get_policy("wsop").hash
    # same resolved options, same hash, whatever the profile is called
    assert get_policy("tda").resolve() == get_policy("barge").resolve()
    assert get_policy("tda").hash == get_policy("barge").hash
    assert policy_from_spec({"base": "tda"}).hash == get_policy("tda").hash
    assert policy_from_spec({"base": "tda", "multi_remainder": "all_to_first"}).hash != get_policy("tda").hash


@pytest.mark.parametrize(
    ("spec", "digest"),
    [
        ("default", "fa5e270cd995690d"),
        ("tda", "6e7bc34a1d2c6753"),
        ("pokerstars", "12138924df550eb5"),
        ("bovada", "25822e8b1456ee0b"),
        ("house-high-card", "5c8c836eda37a1d0"),
        ({"base": "tda", "multi_remainder": "all_to_first", "unit": "fixed:5",
          "fees_before_split": ["rake", "stp"], "seed": 3}, "7a57e1c4f972e911"),
    ],
)
def test_policy_hashes_are_pinned(spec, digest):
    # Manifests record these hashes: a change of how options are represented in code
    # must not move them (only adding or changing an option may).
    assert policy_from_spec(spec).hash == digest


def test_resolved_options_are_plain_json_values():
    canonical = json.dumps(get_policy("pokerkit").resolve(), sort_keys=True, separators=(",", ":"))
    assert canonical == (
        '{"cash_out_model":"house_takes_share","fees_before_split":["rake","jackpot","bingo"],'
        '"hilo_between_halves":"high","identical_hands_both_halves":"per_half",'
        '"multi_remainder":"all_to_first","no_flop_no_drop":false,'
        '"nontraditional_high_half":"five_card_hand","rake_allocation":"per_pot_cap","rake_cap":0,'
        '"rake_rate_bp":0,"runout_remainder":"first_run","seed":null,"split_half_remainder":"tie_order",'
        '"stud_card_scope":"best_five","tie_order_button":"left_of_button",'
        '"tie_order_stud":"position_from_dealer","unit":"currency_minor"}'
    )
    assert {type(v) for v in get_policy("pokerkit").resolve().values()} == {str, list, bool, int, type(None)}


def test_setting_an_option_confirms_it():
    custom = policy_from_spec({"base": "pokerstars", "identical_hands_both_halves": "per_half"})
    assert custom.name == "pokerstars+custom" and custom.base == "pokerstars"
    assert "identical_hands_both_halves" not in custom.unconfirmed
    assert "tie_order_stud" in custom.unconfirmed


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nosuch", "unknown policy 'nosuch'"),
        ({"base": "nosuch"}, "unknown policy 'nosuch'"),
        ({"odd_chip_to": "high"}, "unknown policy option 'odd_chip_to'"),
        ({"unit": "dimes"}, "unit: unknown value 'dimes' (expected one of denomination_in_play, blind_unit, currency_minor, tournament_chip or fixed:<amount>)"),
        ({"fees_before_split": ["rake", "tip"]}, "fees_before_split: unknown fee 'tip' (expected some of rake, jackpot, bingo, jp_fee, stp)"),
        ({"rake_cap": -1}, "rake_cap: must be a non-negative integer, not -1"),
        (7, "policy must be a profile name or an object, not 7"),
    ],
)
def test_bad_policies(spec, message):
    with pytest.raises(PolicyError) as caught:
        policy_from_spec(spec)
    assert str(caught.value) == message


def test_fixed_unit():
    assert policy_from_spec({"unit": "fixed:5"}).fixed_unit == 5
    assert FACTORY_DEFAULT.fixed_unit is None


def test_shipped_toml_profile():
    assert "house-high-card" in profile_names()
    policy = get_policy("house-high-card")
    assert policy.base == "tda"
    assert policy.tie_order_button == "high_card_by_suit"
    assert policy.identical_hands_both_halves == "per_half"


def test_toml_profile_file(tmp_path: Path):
    path = tmp_path / "club.toml"
    path.write_text('base = "wsop"\nmulti_remainder = "all_to_first"\n', encoding="utf-8")
    policy = load_profile_file(path)
    assert (policy.name, policy.base, policy.multi_remainder) == ("club", "wsop", "all_to_first")
    assert policy.identical_hands_both_halves == "pool_even"
    path.write_text('base = "wsop"\nmulti_remainder = \n', encoding="utf-8")
    with pytest.raises(PolicyError, match="^club.toml: not valid TOML"):
        load_profile_file(path)


def test_describe_marks_unconfirmed_options():
    lines = get_policy("pokerstars").describe().splitlines()
    assert "identical_hands_both_halves = pool_even  [U]" in lines
    assert "tie_order_button = left_of_button" in lines
    assert len(lines) == len(option_names())


def test_policy_is_frozen():
    with pytest.raises(AttributeError):
        FACTORY_DEFAULT.unit = "blind_unit"  # type: ignore[misc]
    assert isinstance(FACTORY_DEFAULT, Policy)
