"""Unibet's French client: its words, as data, and the English lines they stand for.

The French client (2022: ``Partie 643536107 : Table €4 PL - 0.02/0.04 - Limite du pot
Omaha - 15:03:01 2022/04/06``, ``Siège 1: X (€4.80)``, ``X relance de €0.14 à €0.14``,
``*** Sommaire ***``) writes a hand line for line as the English one does, in other words
and with French card letters: ranks ``2``-``10``, ``V`` (valet), ``D`` (dame), ``R`` (roi),
``1`` (the ace); suits ``Pi`` (pique), ``Co`` (cœur), ``Tr`` (trèfle), ``Ca`` (carreau).
Amounts and dates are printed as in English. ``parsers.unibet`` reads the English lines
and quotes the printed ones (``parsers.words``).

Only shapes seen in real files are declared: one game name, and no showdown, all-in or
sitting-out wording yet. A line no pattern takes stays as printed and quarantines the
hand naming it; a header naming another game leaves the file ``unrecognised``.

>>> from parsers.words import to_english
>>> to_english("Distribué à Ann [8Pi 10Co 9Tr VPi]\\nAnn suit à €0.10", FRENCH)
'Dealt to Ann [8s Th 9c Js]\\nAnn calls €0.10'
>>> FRENCH.english("Ann suit à 0,10 €") is None  # an amount shape not seen
True
"""

from __future__ import annotations

import re

from parsers.words import Locale, as_printed, lines, locale_among

#: an amount as the French client prints it (as the English one does): ``€0.14``, ``€-0.02``
_FR_AMOUNT = r"[€$£]-?\d+(?:\.\d+)?"
_RANKS = {"1": "A", "10": "T", "V": "J", "D": "Q", "R": "K"}
_SUITS = {"Pi": "s", "Co": "h", "Tr": "c", "Ca": "d"}
_CARD = re.compile(r"(?<![\w])(10|[1-9]|[VDR])(Pi|Co|Tr|Ca)(?![\w])")
#: the French game names seen, and the English client's
_GAMES = {"Limite du pot Omaha": "Pot Limit Omaha"}


def _fr_cards(text: str) -> str:
    """``[4Ca 1Ca VPi]`` -> ``[4d Ad Js]``; a token that is no French card stays as printed
    (the reader then refuses it as a card)."""
    return _CARD.sub(lambda m: _RANKS.get(m[1], m[1]) + _SUITS[m[2]], text)


class _FrenchLocale(Locale):
    def _groups(self, m: re.Match[str]) -> dict[str, str]:
        out = super()._groups(m)
        if "g" in out:
            out["g"] = _GAMES[out["g"]]
        return out


FRENCH = _FrenchLocale(
    name="fr",
    header=re.compile(
        r"Partie (?P<hid>\d+) : (?P<t>.+?) - (?P<sb>\d+(?:\.\d+)?)/(?P<bb>\d+(?:\.\d+)?) - "
        r"(?P<g>" + "|".join(map(re.escape, _GAMES)) + r") - "
        r"(?P<clock>\d{1,2}:\d{2}:\d{2}) (?P<day>\d{4}/\d{2}/\d{2})"),
    header_to="Game #{hid}: {t} - {sb}/{bb} - {g} - {clock} {day}",
    lines=lines(
        (r"\*\*\* Joueurs assis \*\*\*", "*** Seated players ***"),
        (r"Siège (?P<s>\d+): (?P<n>.+) \((?P<a>AMT)\)", "Seat {s}: {n} ({a})"),
        (r"\*\*\* Blinds et bouton \*\*\*", "*** Blinds and button ***"),
        (r"(?P<n>.+) possède le bouton", "{n} has the button"),
        (r"(?P<n>.+) place le petit blind (?P<a>AMT)", "{n} posts small blind {a}"),
        (r"(?P<n>.+) place le gros blind (?P<a>AMT)", "{n} posts big blind {a}"),
        (r"\*\*\* Cartes fermées \*\*\*", "*** Hole cards ***"),
        (r"A distribué les cartes à (?P<n>.+)", "Dealt in {n}"),
        (r"Distribué à (?P<n>.+) (?P<c>CARDS)", "Dealt to {n} {c}"),
        (r"\*\*\* Préflop \*\*\*", "*** Preflop ***"),
        (r"\*\*\* Flop \*\*\* (?P<c>CARDS)", "*** Flop *** {c}"),
        (r"\*\*\* Turn \*\*\* (?P<c>CARDS) (?P<c2>CARDS)", "*** Turn *** {c} {c2}"),
        (r"\*\*\* River \*\*\* (?P<c>CARDS) (?P<c2>CARDS) (?P<c3>CARDS)",
         "*** River *** {c} {c2} {c3}"),
        (r"Mise non suivie rendue à (?P<n>.+) : (?P<a>AMT)", "Uncalled bet returned to {n}: {a}"),
        (r"(?P<n>.+) relance de (?P<a>AMT) à (?P<a2>AMT)", "{n} raises {a} to {a2}"),
        # ``suit à`` prints what the call adds, as the English ``calls`` does
        (r"(?P<n>.+) suit à (?P<a>AMT)", "{n} calls {a}"),
        (r"(?P<n>.+) mise (?P<a>AMT)", "{n} bets {a}"),
        (r"(?P<n>.+) checke", "{n} checks"),
        (r"(?P<n>.+) se couche", "{n} folds"),
        (r"(?P<n>.+) remporte (?P<a>AMT)", "{n} wins {a}"),
        (r"\*\*\* Sommaire \*\*\*", "*** Summary ***"),
        (r"Totale pot (?P<a>AMT) Rake (?P<a2>AMT)", "Total pot {a} Rake {a2}"),
        (r"Place (?P<s>\d+) : (?P<n>.+) : a misé (?P<a>AMT) et gagné (?P<a2>AMT), résultat net : (?P<a3>AMT)",
         "Seat {s}: {n}: bet {a} and won {a2}, net result: {a3}"),
        amount=_FR_AMOUNT,
    ),
    money=as_printed,
    date=as_printed,
    cards=_fr_cards,
)

LOCALES: tuple[Locale, ...] = (FRENCH,)

#: a French hand header at a line's start (the parser's split and sniff; ``parsers.registry``
#: writes its marker, ``Partie ``, as a literal, so that sniffing imports no table)
HEADER_START = r"Partie \d+ : "


def locale_of(first_line: str) -> Locale | None:
    """The language whose header ``first_line`` is, if any."""
    return locale_among(LOCALES, first_line)
