"""The ``settle``, ``games`` and ``policies`` commands through Typer's CliRunner."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from audit.cli.app import app
from rules.games import GAMES
from rules.odd_chip import profile_names

runner = CliRunner()

WORKED = {
    "game": "omaha_hilo",
    "board": ["Ac", "3d", "6h", "Ks", "Kd"],
    "seats": {"1": {"cards": ["2c", "4d", "Qc", "Jd"], "contributed": 600},
              "4": {"cards": ["Kh", "Kc", "5c", "7d"], "contributed": 600},
              "6": {"contributed": 25, "folded": True}},
    "button": 4, "rake": 0, "unit": 1, "policy": "pokerstars",
}


def test_settle_worked_example_from_stdin():
    result = runner.invoke(app, ["settle", "-"], input=json.dumps(WORKED))
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["payouts"] == {"1": 612, "4": 613, "6": 0}
    halves = out["pots"][0]["runs"][0]["halves"]
    assert [(h["half"], h["amount"], h["winners"]) for h in halves] == [("high", 613, ["4"]), ("low", 612, ["1"])]
    assert out["pots"][0]["runs"][0]["odd_chips"] == [{"amount": 1, "rule": "hilo_between_halves=high", "half": "high"}]
    assert out["hands"]["1"][0]["low"]["cards"] == ["6h", "4d", "3d", "2c", "Ac"]
    assert out["hands"]["4"][0]["high"]["description"] == "four of a kind, Kings with A"
    assert out["policy"]["name"] == "pokerstars"


def test_settle_from_file(tmp_path):
    path = tmp_path / "showdown.json"
    path.write_text(json.dumps(WORKED), encoding="utf-8")
    result = runner.invoke(app, ["settle", str(path)])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["payouts"] == {"1": 612, "4": 613, "6": 0}


def test_settle_bad_input_exits_2_with_the_problem_on_stderr():
    bad = dict(WORKED, game="pineapple")
    result = runner.invoke(app, ["settle"], input=json.dumps(bad))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "error: unknown game 'pineapple'\n"
    result = runner.invoke(app, ["settle"], input="{not json")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: not valid JSON: ")
    result = runner.invoke(app, ["settle"], input=json.dumps(dict(WORKED, policy={"base": "tda", "oops": 1})))
    assert (result.exit_code, result.stderr) == (2, "error: unknown policy option 'oops'\n")


def test_settle_missing_file_exits_2(tmp_path):
    result = runner.invoke(app, ["settle", str(tmp_path / "none.json")])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: cannot read {tmp_path / 'none.json'}: ")


def test_settle_jsonl_keeps_going_after_a_bad_line():
    lines = [
        json.dumps(WORKED),
        json.dumps(dict(WORKED, rake=5000)),
        "",
        json.dumps(dict(WORKED, policy={"base": "pokerstars", "hilo_between_halves": "by_position"})),
    ]
    result = runner.invoke(app, ["settle", "--jsonl", "-"], input="\n".join(lines) + "\n")
    assert result.exit_code == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 3
    assert out[0]["payouts"] == {"1": 612, "4": 613, "6": 0}
    assert out[1] == {"error": "rake 5000 is above the pot (1225)", "line": 2}
    # by position: seat 1 is first left of the button (4 -> 6 -> 1), so the low half gets the odd chip
    assert out[2]["payouts"] == {"1": 613, "4": 612, "6": 0}


def test_settle_jsonl_all_good_exits_0():
    result = runner.invoke(app, ["settle", "--jsonl"], input=json.dumps(WORKED) + "\n" + json.dumps(WORKED) + "\n")
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) == 2


def test_games_lists_one_line_per_game():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == len(GAMES)
    assert "omaha_hilo\tOmaha Hi/Lo\tboard\thole=4\tboard=5\thigh:high / low:low_a5(8 or better)" in lines
    assert "holdem_split\tSplit Hold'em\tboard\thole=2\tboard=5\twhole:high two boards" in lines


def test_policies_lists_every_profile():
    result = runner.invoke(app, ["policies"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split("\t")[0] for line in lines] == profile_names()
    assert any(line.startswith("pokerkit\t") and line.endswith("\t0 unconfirmed") for line in lines)


def test_policies_shows_one_profile_marking_unconfirmed_options():
    result = runner.invoke(app, ["policies", "pokerstars"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("# pokerstars (hash ")
    assert "identical_hands_both_halves = pool_even  [U]" in lines
    assert "tie_order_button = left_of_button" in lines


def test_policies_unknown_profile_exits_2():
    result = runner.invoke(app, ["policies", "nosuch"])
    assert (result.exit_code, result.stderr) == (2, "error: unknown policy 'nosuch'\n")
