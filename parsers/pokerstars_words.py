"""PokerStars' localised clients: the words each writes, as data, and their English shapes.

A PokerStars client set to another language writes the same hand in its own words
(Spanish, 2025: ``Mano n.º 254718322088 de Zoom de PokerStars:  Hold'em No Limit (0.02
€/0.05 €) - 05-02-2025 14:48:32 CET [05-02-2025 8:48:32 ET]``, ``Asiento 3: X (4.90 € en
fichas)``, ``X: sube 0.07 € a 0.12 €``, ``*** RESUMEN ***``). Each language is a table of
whole-line patterns, each paired with the English line PokerStars' English client prints
for it (``parsers.words``); ``parsers.pokerstars`` reads the English lines and quotes the
printed ones.

Only shapes seen in real files are declared. A line no pattern takes stays as printed,
so the reader meets a line it does not know and quarantines the hand naming it: a
localised word never passes for an English one by resemblance. Amounts are rewritten
only where they have the one shape declared (``0.02 €``: decimal point, no thousands
separator, the sign after a space); any other amount leaves the line untranslated.
Languages without a real file seen (French, German, Italian, Portuguese, Russian, ...)
have no table: their files stay ``unrecognised``.
"""

from __future__ import annotations

import re

from parsers.words import Locale, lines, locale_among
from parsers.words import to_english as to_english

#: an amount as the Spanish client prints it: ``0.02 €``, ``6 €``; chips print bare
_ES_AMOUNT = r"\d+(?:\.\d+)?(?:[ \xa0][€$£])?"


def _es_money(text: str) -> str:
    """``0.02 €`` -> ``€0.02`` (the English client's order); chips as they are."""
    number, _, sign = text.replace("\xa0", " ").partition(" ")
    return f"{sign}{number}"


def _es_date(text: str) -> str:
    """``05-02-2025 14:48:32`` (day first) -> ``2025/02/05 14:48:32``."""
    day, clock = text.split(" ", 1)
    d, m, y = day.split("-")
    return f"{y}/{m}/{d} {clock}"


def _lines(*pairs: tuple[str, str]) -> tuple[tuple[re.Pattern[str], str], ...]:
    return lines(*pairs, amount=_ES_AMOUNT)


_ES_POSITION = r"(?: \((?P<pos>botón|ciega pequeña|ciega grande)\))?"
_ES_POSITIONS = {"botón": "button", "ciega pequeña": "small blind", "ciega grande": "big blind"}


class _SpanishLocale(Locale):
    def _groups(self, m: re.Match[str]) -> dict[str, str]:
        out = super()._groups(m)
        if "zoom" in out:  # "de Zoom de PokerStars": the English client's "PokerStars Zoom Hand"
            out["zoom"] = " Zoom" if out["zoom"] else ""
        if "pos" in out:
            out["pos"] = f" ({_ES_POSITIONS[out['pos']]})" if out["pos"] else ""
        return out


#: Spanish (PokerStars.es, seen in 2025 Zoom cash hands): every shape below is a real one
SPANISH = _SpanishLocale(
    name="es",
    header=re.compile(
        r"Mano n\.º (?P<hid>\d+) de (?P<zoom>Zoom de )?PokerStars:(?P<gap>\s+)"
        r"(?P<game>[^()\-]+) \((?P<a>" + _ES_AMOUNT + r")/(?P<a2>" + _ES_AMOUNT + r")\)"
        r" - (?P<d>\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]{1,5})"
        r" \[(?P<d2>\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2}) (?P<zone2>[A-Z]{1,5})\]"
    ),
    header_to="PokerStars{zoom} Hand #{hid}:{gap}{game} ({a}/{a2}) - {d} {zone} [{d2} {zone2}]",
    lines=_lines(
        (r'Mesa "(?P<t>.*)" (?P<max>\d+-max) El asiento n\.º (?P<b>\d+) es el botón',
         "Table '{t}' {max} Seat #{b} is the button"),
        (r"Asiento (?P<s>\d+): (?P<n>.+) \((?P<a>AMT) en fichas\)", "Seat {s}: {n} ({a} in chips)"),
        (r"(?P<n>.+): pone la ciega pequeña (?P<a>AMT)", "{n}: posts small blind {a}"),
        (r"(?P<n>.+): pone la ciega grande (?P<a>AMT)", "{n}: posts big blind {a}"),
        (r"\*\*\* CARTAS DE MANO \*\*\*", "*** HOLE CARDS ***"),
        (r"Repartidas a (?P<n>.+) (?P<c>CARDS)", "Dealt to {n} {c}"),
        (r"(?P<n>.+): se retira", "{n}: folds"),
        (r"(?P<n>.+): pasa", "{n}: checks"),
        (r"(?P<n>.+): iguala (?P<a>AMT)", "{n}: calls {a}"),
        (r"(?P<n>.+): apuesta (?P<a>AMT)", "{n}: bets {a}"),
        (r"(?P<n>.+): sube (?P<a>AMT) a (?P<a2>AMT)", "{n}: raises {a} to {a2}"),
        (r"(?P<n>.+): muestra (?P<c>CARDS) \((?P<w>[^()]*)\)", "{n}: shows {c} ({w})"),
        (r"(?P<n>.+): descarta su mano sin mostrar", "{n}: mucks hand"),
        (r"(?P<n>.+): no muestra su mano", "{n}: doesn't show hand"),
        (r"(?P<n>.+) no tiene conexión", "{n} is disconnected"),
        (r"(?P<n>.+) ha agotado su tiempo mientras siga sin conexión", "{n} has timed out while disconnected"),
        (r"La apuesta no igualada \((?P<a>AMT)\) ha sido devuelta a (?P<n>.+)", "Uncalled bet ({a}) returned to {n}"),
        (r"(?P<n>.+) se lleva (?P<a>AMT) del bote", "{n} collected {a} from pot"),
        (r"\*\*\* RESUMEN \*\*\*", "*** SUMMARY ***"),
        (r"Bote total (?P<a>AMT) \| Comisión (?P<a2>AMT)", "Total pot {a} | Rake {a2}"),
        (r"Comunitarias (?P<c>CARDS)", "Board {c}"),
        (r"Asiento (?P<s>\d+): (?P<n>.+?)" + _ES_POSITION + r" se retiró antes del Flop \(no apostó\)",
         "Seat {s}: {n}{pos} folded before Flop (didn't bet)"),
        (r"Asiento (?P<s>\d+): (?P<n>.+?)" + _ES_POSITION + r" se retiró antes del Flop",
         "Seat {s}: {n}{pos} folded before Flop"),
        (r"Asiento (?P<s>\d+): (?P<n>.+?)" + _ES_POSITION + r" se retiró en el (?P<st>Flop|Turn|River)",
         "Seat {s}: {n}{pos} folded on the {st}"),
        (r"Asiento (?P<s>\d+): (?P<n>.+?)" + _ES_POSITION + r" recaudó \((?P<a>AMT)\)",
         "Seat {s}: {n}{pos} collected ({a})"),
        (r"Asiento (?P<s>\d+): (?P<n>.+?)" + _ES_POSITION
         + r" muestra (?P<c>CARDS) y ganó \((?P<a>AMT)\) con (?P<w>.+)",
         "Seat {s}: {n}{pos} showed {c} and won ({a}) with {w}"),
        (r"Asiento (?P<s>\d+): (?P<n>.+?)" + _ES_POSITION + r" descartó sin mostrar (?P<c>CARDS)",
         "Seat {s}: {n}{pos} mucked {c}"),
    ),
    money=_es_money,
    date=_es_date,
)

LOCALES: tuple[Locale, ...] = (SPANISH,)

#: a localised hand header at a line's start (the reader's split and sniff, the registry)
HEADER_STARTS = (r"Mano n\.º \d+ de (?:Zoom de )?PokerStars:",)
#: texts one of which every localised file head holds (``parsers.registry`` markers)
MARKERS = ("de PokerStars:",)


def locale_of(first_line: str) -> Locale | None:
    """The language whose header ``first_line`` is, if any."""
    return locale_among(LOCALES, first_line)
