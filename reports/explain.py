"""One hand explained for a dispute: as text, and as a page with a picture of the table.

The explanation is a plain dict (JSON-compatible) that the audit builds for one hand.
It is the output of ``hhaudit settle`` for the hand's showdown (``rules/showdown_json.py``:
``payouts``, ``uncalled``, ``rake``, ``house``, ``unit``, ``pots``, ``hands``) plus the
hand's identity, seats and the comparison. Its keys are declared once, in
``audit.schema.EXPLANATION`` (``hhaudit schema`` lists them); for example::

    {
      "hand_key": "pokerstars:1676150046",   # contracts.md: <platform>:<hand_id>
      "hand_id": "1676150046",
      "platform": "pokerstars",
      "game": "omaha_hilo",                 # rules.vocab.Game
      "policy": "pokerstars",               # profile name (a settle-style object
                                            #   {"name", "hash", "options"} is accepted too)
      "policy_options": {"hilo_between_halves": "high", ...},   # resolved options
      "currency": null,                     # null: tournament chips or play money
      "amount_scale": 1,                    # minor units per printed unit (100 = cents)
      "button": 3,                          # seat number or null (stud)
      "boards": [["3d", "Ad", "As", "5c", "7c"]],   # one list per board or run; [] if none
      "seats": [                            # every seat dealt in, seat order
        {"seat": 3, "player": "Player2", "cards": ["Qs", "Ac", "7h", "Tc"],
         "contributed": 1555, "folded": false, "mucked": false,
         "cashed_out": false, "showed": true}, ...],
      "payouts": {"3": 2383, ...},          # settle output, seat (text) -> amount,
      "uncalled": {"6": 302},               #   uncalled returns included in payouts
      "rake": 0, "house": 0, "unit": 1,
      "pots": [{"index": 0, "amount": 4765, "rake": 0, "net": 4765,
                "contenders": ["3", "6", "9"], "house": 0, "odd_chips": [...],
                "runs": [{"run": 1, "amount": 4765, "odd_chips": [{"amount": 1,
                          "rule": "hilo_between_halves=high", "half": "high"}],
                          "halves": [{"half": "high", "amount": 2383, "winners": ["3"],
                                      "awards": {"3": 2383}, "odd_chips": [],
                                      "note": "..."}, ...]}]}, ...],
      "hands": {"3": [{"run": 1, "high": {"cards": [...], "hole": [...],
                                          "board": [...], "description": "..."},
                       "low": {...}}], ...},
      "expected": {"3": 2383, ...},         # what the audit says each seat should get
      "recorded": {"3": 2383, ...},         # what the history says each seat got
      "findings": [{...finding row, columns as findings.parquet...}],
      "verdict": "clean",                   # rules.vocab.Verdict
      "reason": null,                       # why, when unverifiable / relative_only
      "rankings": [{"game": "sixplus_holdem", "verdict": "clean", "pays": {"3": 2383},
                    "findings": 0}, ...]        # a ranking in doubt: each tried; else []
    }

Amounts are integers in minor units of ``amount_scale``, printed with
:func:`rules.money.format_minor`. Missing optional keys are shown as unknown, never
invented. Text from the histories (player names, details) is escaped in HTML.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Mapping

from rules.games import game_spec
from rules.money import format_minor
from rules.vocab import Game
from reports import svg

RULE_TEXT = {
    "hilo_between_halves=high": "the odd unit between the halves goes to the high half",
    "hilo_between_halves=by_position":
        "the odd unit between the halves goes to the half of the first winner left of the button",
    "tie_order_button=left_of_button":
        "among tied winners, the first seat clockwise from the button gets the odd unit, "
        "the button last",
    "tie_order_button=high_card_by_suit":
        "among tied winners, the holder of the highest card by suit gets the odd unit",
    "tie_order_button=lowest_seat": "among tied winners, the lowest seat number gets the odd unit",
    "tie_order_button=random": "among tied winners, a seeded draw gives the odd unit",
    "tie_order_stud=high_card_by_suit":
        "stud: the holder of the highest card by suit gets the odd unit",
    "tie_order_stud=high_for_high_low_for_low":
        "stud: highest card by suit in the high half, lowest card by suit in the low half",
    "tie_order_stud=position_from_dealer": "stud: seats in order from seat 1 get the odd units",
    "tie_order_stud=lowest_seat": "stud: the lowest seat number gets the odd unit",
    "identical_hands_both_halves=pool_even":
        "the same seats won both halves: their shares are pooled and split evenly",
    "runout_remainder=first_run": "the odd unit between runs goes to the first run",
    "runout_remainder=by_position":
        "the odd units between runs are dealt one each to the pot's winners in tie order",
    "multi_remainder=all_to_first": "all leftover units go to the first winner in tie order",
    "multi_remainder=one_each_in_order": "leftover units are given one each, in tie order",
    "split_half_remainder=to_high_half":
        "a tied low half pays its winners equal whole units; what it cannot divide goes to the high half",
}
"""Plain words for the rules that place odd chips (``option=value``, rules.md §4.1)."""


def rule_text(rule: str) -> str:
    """``rule`` with plain words after each ``option=value`` part.

    >>> rule_text("hilo_between_halves=high")
    'hilo_between_halves=high (the odd unit between the halves goes to the high half)'
    """
    parts = []
    for part in str(rule).split("; "):
        words = RULE_TEXT.get(part)
        parts.append(f"{part} ({words})" if words else part)
    return "; ".join(parts)


class _Amounts:
    def __init__(self, explanation: Mapping[str, Any]) -> None:
        self.scale = int(explanation.get("amount_scale") or 1)
        self.currency = explanation.get("currency")

    def __call__(self, value: Any) -> str:
        if value is None:
            return "?"
        return format_minor(int(value), self.scale)

    def unit(self) -> str:
        return "chips" if self.currency is None else str(self.currency)


def _seat_names(explanation: Mapping[str, Any]) -> dict[str, str]:
    return {str(s.get("seat")): str(s.get("player") or f"seat {s.get('seat')}")
            for s in explanation.get("seats") or []}


def _cards_text(cards: Any) -> str:
    return " ".join(c if c else "??" for c in cards) if cards else "-"


def _who(seat: Any, names: Mapping[str, str]) -> str:
    key = str(seat)
    return f"seat {key} {names[key]}" if key in names else f"seat {key}"


def _board_label(explanation: Mapping[str, Any], index: int) -> str:
    """``board 2`` of a two-board game, else ``run 2`` (the board of the second run),
    followed by ``(board 2)`` so the text names both.

    >>> _board_label({"game": "holdem"}, 1), _board_label({"game": "holdem_split"}, 1)
    ('run 2 (board 2)', 'board 2')
    """
    try:
        two_boards = game_spec(Game(str(explanation.get("game")))).boards == 2
    except (ValueError, KeyError):
        two_boards = False
    return f"board {index + 1}" if two_boards else f"run {index + 1} (board {index + 1})"


def _pot_name(index: Any) -> str:
    return "main pot" if index == 0 else f"side pot {index}"


def _policy(explanation: Mapping[str, Any]) -> tuple[str, Mapping[str, Any], str | None]:
    policy = explanation.get("policy")
    options = explanation.get("policy_options") or {}
    digest = None
    if isinstance(policy, Mapping):
        options = options or policy.get("options") or {}
        digest = policy.get("hash")
        policy = policy.get("name")
    return str(policy or "?"), options, digest


def _chip_line(chip: Mapping[str, Any], names: Mapping[str, str], money: _Amounts) -> str:
    where = []
    if chip.get("seat") is not None:
        where.append(_who(chip["seat"], names))
    if chip.get("half") is not None:
        where.append(f"the {chip['half']} half")
    if chip.get("run") is not None:
        where.append(f"run {chip['run']}")
    target = " and ".join(where) or "?"
    return f"odd unit {money(chip.get('amount'))} to {target}: {rule_text(chip.get('rule', '?'))}"


def render_text(explanation: Mapping[str, Any]) -> str:
    """The explanation as plain text an investigator can paste into a case note."""
    e = explanation
    money = _Amounts(e)
    names = _seat_names(e)
    lines = _heading(e, money)
    lines += _ranking_lines(e, names, money)
    lines += _recall_head(e, money)
    lines += _seat_lines(e, money)
    lines += _as_played(e, names, money)
    lines += _best_hands(e, names)
    lines += _pot_lines(e, names, money)
    lines += _recorded_lines(e, names, money)
    lines += _finding_lines(e, names, money)
    return "\n".join(lines) + "\n"


def _seat_order(seat: Any) -> int:
    """Sort key of a seat key ("3"), non-numeric keys first."""
    return int(seat) if str(seat).isdigit() else 0


def _heading(e: Mapping[str, Any], money: _Amounts) -> list[str]:
    """Which hand, in what unit, its verdict and the policy it was settled under."""
    policy, options, digest = _policy(e)
    lines = [
        f"hand {e.get('hand_key', '?')} ({e.get('platform', '?')} #{e.get('hand_id', '?')}), "
        f"game {e.get('game', '?')}",
        f"amounts in {money.unit()}" + (f" (scale {money.scale})" if money.scale != 1 else ""),
        f"verdict: {e.get('verdict', '?')}" + (f" ({e['reason']})" if e.get("reason") else ""),
        f"policy: {policy}" + (f" (hash {digest})" if digest else ""),
    ]
    if options:
        lines.append("  " + ", ".join(f"{k}={options[k]}" for k in sorted(options)))
    return lines


def _ranking_lines(e: Mapping[str, Any], names: Mapping[str, str], money: _Amounts) -> list[str]:
    """Where the platform's ranking of the game is in doubt: each ranking tried, its
    verdict and what it pays."""
    trials = e.get("rankings") or []
    if not trials:
        return []
    outcomes = {(t.get("verdict"), tuple(sorted((t.get("pays") or {}).items()))) for t in trials}
    said = "they conclude alike" if len(outcomes) == 1 else "they disagree, so the hand cannot be checked"
    lines = [f"rankings tried: {len(trials)}, as the platform's ranking of the game is not known for certain; {said}"]
    for t in trials:
        pays = ", ".join(f"{_who(seat, names)} {money(amount)}" for seat, amount in
                         sorted((t.get("pays") or {}).items(), key=lambda item: _seat_order(item[0])))
        lines.append(f"  as {t.get('game', '?')}: {t.get('verdict', '?')}, {t.get('findings', 0)} finding(s); "
                     f"pays {pays or 'nobody'}")
    return lines


def _seat_lines(e: Mapping[str, Any], money: _Amounts) -> list[str]:
    """Each seat's player, cards, what it put in and how it left the hand; then the board(s)."""
    button = e.get("button")
    lines = ["", "seats" + (f" (button: seat {button})" if button is not None else "")]
    for s in e.get("seats") or []:
        state = []
        for flag in ("folded", "mucked", "cashed_out", "showed"):
            if s.get(flag):
                state.append(flag.replace("_", " "))
        runs = s.get("run_cards") or []
        cards = ", ".join(f"run {run} {_cards_text(hand)}" for run, hand in enumerate(runs, start=1)) \
            if runs else _cards_text(s.get("cards"))
        lines.append(
            f"  seat {s.get('seat')}: {s.get('player')}  cards {cards}  "
            f"put in {money(s.get('contributed'))}" + (f"  ({', '.join(state)})" if state else "")
        )
    boards = e.get("boards") or []
    if len(boards) == 1:
        lines.append(f"board: {_cards_text(boards[0])}")
    for i, board in enumerate(boards if len(boards) > 1 else []):
        lines.append(f"{_board_label(e, i)}: {_cards_text(board)}")
    return lines


def _best_hands(e: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    """Each contender's best hand for every half paid (and the low a hi/lo game always has)."""
    hands = e.get("hands") or {}
    halves_seen = sorted({h["half"] for p in e.get("pots") or [] for r in p.get("runs") or []
                          for h in r.get("halves") or []} - {"whole"})
    if "hilo" in str(e.get("game", "")) and "low" not in halves_seen:
        halves_seen.append("low")
    if not hands:
        return []
    lines = ["", "best hands"]
    many_runs = any(len(v) > 1 for v in hands.values())
    for seat in sorted(hands, key=_seat_order):
        for entry in hands[seat]:
            run = f" run {entry.get('run')}" if many_runs else ""
            own = [k for k in entry if k != "run"]
            for half in halves_seen + [k for k in own if k not in halves_seen]:
                best = entry.get(half)
                if best is None:
                    if half == "low":
                        lines.append(f"  {_who(seat, names)}{run} low: no qualifying low")
                    continue
                lines.append(
                    f"  {_who(seat, names)}{run} {half}: {best.get('description', '?')}: "
                    f"{_cards_text(best.get('cards'))} (hole {_cards_text(best.get('hole'))}"
                    f", board {_cards_text(best.get('board'))})"
                )
    return lines


def _pot_lines(e: Mapping[str, Any], names: Mapping[str, str], money: _Amounts) -> list[str]:
    """Every pot with its rake and contenders, each run and half it pays and to whom, the
    odd chips with their rule; then uncalled bets returned and the hand's rake."""
    lines = ["", "pots"]
    for pot in e.get("pots") or []:
        contenders = ", ".join(_who(s, names) for s in pot.get("contenders") or [])
        lines.append(
            f"  {_pot_name(pot.get('index'))}: {money(pot.get('amount'))}, rake "
            f"{money(pot.get('rake'))}, net {money(pot.get('net'))}; contenders: {contenders}"
        )
        if pot.get("house"):
            lines.append(f"    to the house (cash out): {money(pot['house'])}")
        for chip in pot.get("odd_chips") or []:
            lines.append(f"    {_chip_line(chip, names, money)}")
        runs = pot.get("runs") or []
        for run in runs:
            indent = "    "
            if len(runs) > 1:
                lines.append(f"    run {run.get('run')}: {money(run.get('amount'))}")
                indent = "      "
            for half in run.get("halves") or []:
                lines += _half_lines(half, indent, names, money)
            for chip in run.get("odd_chips") or []:
                lines.append(f"{indent}{_chip_line(chip, names, money)}")
    uncalled = e.get("uncalled") or {}
    for seat, amount in uncalled.items():
        lines.append(f"  uncalled, returned to {_who(seat, names)}: {money(amount)}")
    if e.get("rake") is not None:
        lines.append(f"  rake and fees: {money(e.get('rake'))}")
    return lines


def _half_lines(half: Mapping[str, Any], indent: str, names: Mapping[str, str], money: _Amounts) -> list[str]:
    """One half of a pot (or the whole pot): its amount and awards, its note and odd chips."""
    winners = half.get("winners") or []
    tie = "tie, " if len(winners) > 1 else ""
    awards = ", ".join(f"{_who(s, names)} {money(a)}" for s, a in (half.get("awards") or {}).items())
    label = "whole pot" if half.get("half") == "whole" else f"{half.get('half')} half"
    lines = [f"{indent}{label} {money(half.get('amount'))}: {tie}{awards or 'nobody'}"]
    if half.get("note"):
        lines.append(f"{indent}  note: {half['note']}")
    for chip in half.get("odd_chips") or []:
        lines.append(f"{indent}  {_chip_line(chip, names, money)}")
    return lines


def _recorded_lines(e: Mapping[str, Any], names: Mapping[str, str], money: _Amounts) -> list[str]:
    """What each seat was recorded as winning against what the rules pay it."""
    recorded = e.get("recorded") or {}
    expected = e.get("expected") or {}
    seats = sorted(set(recorded) | set(expected), key=_seat_order)
    lines = ["", "recorded against expected"]
    for seat in seats:
        rec, exp = recorded.get(seat), expected.get(seat)
        delta = "" if rec is None or exp is None else f"  delta {money(rec - exp)}"
        mark = "  <- differs" if rec is not None and exp is not None and rec != exp else ""
        lines.append(f"  {_who(seat, names)}: recorded {money(rec)}, expected {money(exp)}"
                     f"{delta}{mark}")
    return lines


def _finding_lines(e: Mapping[str, Any], names: Mapping[str, str], money: _Amounts) -> list[str]:
    """Each finding: its kind, seat and place, the amounts, whether accepted, its detail."""
    findings = e.get("findings") or []
    lines = ["", f"findings: {len(findings)}"]
    for f in findings:
        where = [_pot_name(f["pot"]) if f.get("pot") is not None else "",
                 f"run {f['run']}" if f.get("run") is not None else "",
                 f"{f['half']} half" if f.get("half") else ""]
        place = ", ".join(w for w in where if w)
        who = _who(f["seat"], names) if f.get("seat") is not None else "hand"
        accepted = f" [accepted: {f.get('accept_reason') or 'yes'}]" if f.get("accepted") else ""
        lines.append(
            f"  {f.get('kind')}: {who}" + (f" ({place})" if place else "")
            + f": recorded {money(f.get('recorded'))}, expected {money(f.get('expected'))}, "
            f"delta {money(f.get('delta'))}{accepted}"
        )
        if f.get("detail"):
            lines.append(f"    {f['detail']}")
    return lines


def _recall_head(e: Mapping[str, Any], money: _Amounts) -> list[str]:
    """When and where the hand was dealt, at what stakes, where its text is, and the
    rake against the schedule (only the parts the explanation has)."""
    lines = []
    if e.get("date") or e.get("table"):
        lines.append(f"dealt {e.get('date') or e.get('hand_date') or '?'}"
                     + (f" ({e['date_utc']} UTC)" if e.get("date_utc") else "")
                     + f" at table {e.get('table') or '?'}"
                     + (f" ({e['max_seats']} seats)" if e.get("max_seats") else "")
                     + (f", tournament {e['tournament_id']}" if e.get("tournament_id") else ""))
    stakes = e.get("stakes") or {}
    if stakes.get("big_blind") is not None:
        ante = f", ante {money(stakes['ante'])}" if stakes.get("ante") else ""
        limit = f"{e['limit']} limit, " if e.get("limit") else ""
        lines.append(f"stakes: {limit}blinds {money(stakes.get('small_blind'))}/{money(stakes['big_blind'])}{ante}")
    source = e.get("source") or {}
    if source.get("file"):
        lines.append(f"source: {source['file']} at byte offset {source.get('offset')}")
    check = e.get("rake_check") or {}
    if check.get("checked"):
        lines.append(f"rake checked against {check.get('rule')}: at most {money(check.get('max_rake'))} "
                     f"({check.get('explanation')})")
    elif check.get("explanation"):
        lines.append(str(check["explanation"]))
    return lines


def _as_played(e: Mapping[str, Any], names: Mapping[str, str], money: _Amounts) -> list[str]:
    """Each street's actions with amounts and the stack each left, then the pay lines
    exactly as the history printed them."""
    actions = e.get("actions") or []
    lines: list[str] = []
    if actions:
        stacks = e.get("stacks") or {}
        lines += ["", "as played (stack after each action)"]
        if stacks:
            lines.append("  stacks: " + ", ".join(f"{_who(s, names)} {money(v)}" for s, v in stacks.items()))
        street = None
        for a in actions:
            if a.get("street") != street:
                street = a.get("street")
                lines.append(f"  {street}:")
            amount = f" {money(a['amount'])}" if a.get("amount") is not None else ""
            all_in = " (all in)" if a.get("all_in") else ""
            after = f"  [stack {money(a['stack_after'])}]" if a.get("stack_after") is not None else ""
            who = _who(a["seat"], names) if a.get("seat") is not None else "dealer"
            lines.append(f"    {who} {str(a.get('kind')).replace('_', ' ')}{amount}{all_in}{after}")
    pay = [p for p in e.get("payout_lines") or [] if p.get("line")]
    if pay:
        lines += ["", "pay lines as printed"]
        lines += [f"  {p['line']}" for p in pay]
    return lines


def _esc(text: Any) -> str:
    return escape("" if text is None else str(text), quote=True)


def _short(name: str, limit: int = 16) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


def table_svg(explanation: Mapping[str, Any]) -> str:
    """The hand drawn as a table: seats around an oval, cards, board(s), and the pots."""
    e = explanation
    money = _Amounts(e)
    names = _seat_names(e)
    seats = list(e.get("seats") or [])
    width, height = 980, 640
    cx, cy = width / 2, height / 2 - 10
    numbers = [int(s.get("seat")) for s in seats if str(s.get("seat", "")).isdigit()]
    slots = max(numbers + [6])
    flagged = {str(f.get("seat")) for f in e.get("findings") or [] if f.get("seat") is not None}
    parts = _felt(e, money, width, height)
    parts += _middle_of_felt(e, names, money, cx, cy)
    # Seats clockwise from the top, seat 1 just right of twelve o'clock.
    for s in seats:
        number = int(s.get("seat")) if str(s.get("seat", "")).isdigit() else 1
        angle = -math.pi / 2 + 2 * math.pi * (number - 0.5) / slots
        parts += _seat_box(e, s, money, cx + 385 * math.cos(angle), cy + 228 * math.sin(angle), flagged)
    parts.append("</svg>")
    return "".join(parts)


def _felt(e: Mapping[str, Any], money: _Amounts, width: int, height: int) -> list[str]:
    """The picture's frame: the table, and its caption (which hand, in what unit)."""
    cx, cy = width / 2, height / 2 - 10
    title = f"{e.get('platform', '?')} hand #{e.get('hand_id', '?')} ({e.get('game', '?')})"
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="table-picture" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f"<title>{_esc(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f4f1ea"/>',
        f'<ellipse cx="{cx}" cy="{cy}" rx="318" ry="168" fill="#6b4a2b"/>',
        f'<ellipse cx="{cx}" cy="{cy}" rx="300" ry="150" fill="#1f6b45" stroke="#14502f" '
        f'stroke-width="3"/>',
        f'<text x="{cx}" y="{height - 8}" {svg.FONT} font-size="13" text-anchor="middle" '
        f'fill="#333">{_esc(title)}; amounts in {_esc(money.unit())}</text>',
    ]


def _middle_of_felt(e: Mapping[str, Any], names: Mapping[str, str], money: _Amounts,
                    cx: float, cy: float) -> list[str]:
    """Boards (up to three) and pots (up to four, with who won what) in the middle of the felt."""
    parts = []
    boards = e.get("boards") or []
    by = cy - 120 + (0 if len(boards) > 1 else 20)
    for i, board in enumerate(boards[:3]):
        bw = svg.row_width(len(board), w=36)
        if len(boards) > 1:
            parts.append(f'<text x="{cx - bw / 2 - 8}" y="{by + 32}" {svg.FONT} font-size="12" '
                         f'text-anchor="end" fill="#fff">{_esc(_board_label(e, i))}</text>')
        parts.append(svg.card_row(cx - bw / 2, by, board, w=36, h=50))
        by += 56
    ty = by + 20
    for pot in (e.get("pots") or [])[:4]:
        parts.append(f'<text x="{cx}" y="{ty}" {svg.FONT} font-size="14" font-weight="bold" '
                     f'text-anchor="middle" fill="#fff">{_esc(_pot_name(pot.get("index")))}: '
                     f'{_esc(money(pot.get("amount")))}'
                     f'{_esc(", rake " + money(pot.get("rake"))) if pot.get("rake") else ""}'
                     f"</text>")
        parts.append(f'<text x="{cx}" y="{ty + 16}" {svg.FONT} font-size="12" '
                     f'text-anchor="middle" fill="#e8f3ea">{_esc("; ".join(_pot_shares(pot, names, money)))}</text>')
        ty += 38
    return parts


def _pot_shares(pot: Mapping[str, Any], names: Mapping[str, str], money: _Amounts) -> list[str]:
    """Who each run and half of ``pot`` paid, in short ("run 2 low: Hero 0.43")."""
    shares = []
    runs = pot.get("runs") or []
    for run in runs:
        for half in run.get("halves") or []:
            who = ", ".join(f"{_short(names.get(str(s), 'seat ' + str(s)), 14)} "
                            f"{money(a)}" for s, a in (half.get("awards") or {}).items())
            label = "" if half.get("half") == "whole" else f"{half.get('half')}: "
            run_label = f"run {run.get('run')} " if len(runs) > 1 else ""
            shares.append(f"{run_label}{label}{who or 'nobody'}")
    return shares


def _seat_box(e: Mapping[str, Any], s: Mapping[str, Any], money: _Amounts, sx: float, sy: float,
              flagged: set[str]) -> list[str]:
    """One seat centred at (sx, sy): number and name, button, cards, what it put in, how it
    left the hand, and what it got against what it should have (red where they differ)."""
    key = str(s.get("seat"))
    box_w, box_h = 178, 96
    x0, y0 = sx - box_w / 2, sy - box_h / 2
    out = s.get("folded") or s.get("mucked")
    border = "#b8463e" if key in flagged else "#555"
    fill = "#e4e4e4" if out else "#ffffff"
    name = str(s.get("player") or "")
    parts = [f'<g class="seat" data-seat="{_esc(key)}">']
    parts.append(f'<rect x="{x0}" y="{y0}" width="{box_w}" height="{box_h}" rx="8" '
                 f'fill="{fill}" stroke="{border}" stroke-width="{3 if key in flagged else 1.5}"'
                 f'><title>{_esc(name)}</title></rect>')
    parts.append(f'<text x="{x0 + 8}" y="{y0 + 16}" {svg.FONT} font-size="13" '
                 f'font-weight="bold">{_esc(key)}: {_esc(_short(name))}</text>')
    if str(e.get("button")) == key:
        parts.append(f'<circle cx="{x0 + box_w - 12}" cy="{y0 + 12}" r="9" fill="#fff" '
                     f'stroke="#333"/><text x="{x0 + box_w - 12}" y="{y0 + 16}" {svg.FONT} '
                     f'font-size="11" font-weight="bold" text-anchor="middle">D</text>')
    parts += _seat_cards(s, x0 + 8, y0 + 22, face_down=not out)
    status = "folded" if s.get("folded") else "mucked" if s.get("mucked") else ""
    if s.get("cashed_out"):
        status = "cashed out"
    parts.append(f'<text x="{x0 + 8}" y="{y0 + 68}" {svg.FONT} font-size="11" fill="#333">'
                 f'put in {_esc(money(s.get("contributed")))}'
                 f'{"  " + status if status else ""}</text>')
    rec, exp = (e.get("recorded") or {}).get(key), (e.get("expected") or {}).get(key)
    if rec is not None or exp is not None:
        colour = "#b8463e" if rec != exp else "#1f6b45"
        text = f"got {money(rec)}" + (f" (expected {money(exp)})" if rec != exp else "")
        parts.append(f'<text x="{x0 + 8}" y="{y0 + 84}" {svg.FONT} font-size="11" '
                     f'font-weight="bold" fill="{colour}">{_esc(text)}</text>')
    parts.append("</g>")
    return parts


def _seat_cards(s: Mapping[str, Any], x: float, y: float, *, face_down: bool) -> list[str]:
    """A seat's cards in the 30-pixel strip at (x, y); a seat that drew anew for each run
    shows one smaller row a run, numbered, so no run's hand is hidden behind ``??``."""
    runs = [list(hand or []) for hand in s.get("run_cards") or []]
    if runs:
        step = 32 // len(runs)
        h = step - 2
        return [f'<text x="{x}" y="{y + h - 3 + step * i}" {svg.FONT} font-size="{min(h, 9)}" '
                f'fill="#555">{i + 1}</text>' + svg.card_row(x + 8, y + step * i, hand[:7], w=h, h=h, gap=2)
                for i, hand in enumerate(runs)]
    cards = list(s.get("cards") or [])
    if cards:
        return [svg.card_row(x, y, cards[:7], w=21, h=30, gap=2)]
    return [svg.card_row(x, y, [None, None], w=21, h=30, gap=2)] if face_down else []


def fragment(explanation: Mapping[str, Any], anchor: str | None = None) -> str:
    """The explanation as an HTML section (picture, then text) to embed in a page."""
    ident = f' id="{_esc(anchor)}"' if anchor else ""
    return (f'<section class="explanation"{ident}>'
            f"<h2>Hand {_esc(explanation.get('hand_key', '?'))}</h2>"
            f'<div class="picture">{table_svg(explanation)}</div>'
            f'<pre class="explanation-text">{_esc(render_text(explanation))}</pre>'
            f"</section>")


PAGE_STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 0.9em; }
.picture svg { max-width: 100%; height: auto; }
"""


def render_html(explanation: Mapping[str, Any]) -> str:
    """A self-contained HTML page: the table drawn as SVG, then the text explanation."""
    title = f"Hand {explanation.get('hand_key', '?')}: payout explanation"
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'\">"
        f"<title>{_esc(title)}</title><style>{PAGE_STYLE}</style></head>"
        f"<body><h1>{_esc(title)}</h1>{fragment(explanation)}</body></html>\n"
    )
