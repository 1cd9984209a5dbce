"""What a columnar PokerStars reader returns for one chunk, and the codes its columns use.

Kept apart from the readers so that the compiled path (``parsers.pokerstars_compiled``)
names them without importing polars, which only the polars reader
(``parsers.pokerstars_fast``) and the frames made on request need: ``hhaudit ingest`` on
the compiled path then starts without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.vocab import ActionKind, Street

if TYPE_CHECKING:
    import polars as pl

#: street codes (0 predeal ... 5 showdown) as the lake names them
STREET_NAMES = [str(s) for s in (Street.PREDEAL, Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER,
                                 Street.SHOWDOWN)]
#: action kind codes as the lake names them (the readers' line kinds index this list)
ACTION_KINDS = [str(k) for k in (
    ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
    ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_ANTE, ActionKind.SHOW,
    ActionKind.MUCK, ActionKind.UNCALLED_RETURN)]


@dataclass
class FastChunk:
    """What the fast path read of one chunk.

    ``starts`` has the byte offset (in ``data``, the chunk as UTF-8) of every hand found,
    in order, with the end of the chunk appended; ``handled[k]`` says whether hand ``k``
    was read here. The frames hold rows for the handled hands only; their column
    ``hand`` is the hand's index ``k``.
    """

    data: bytes
    starts: list[int]
    handled: list[bool]
    hands: pl.DataFrame
    seats: pl.DataFrame
    actions: pl.DataFrame
    payouts: pl.DataFrame
    sent_back: dict[str, int]  # hands sent the reference way, by the first check they failed
    #: the compiled reader's tables in the lake's types (``audit.compiled_tables``), else None
    arrow: dict[str, Any] | None = None

    def hand_numbers(self) -> Any:
        """The ``hand`` column of ``hands`` as a numpy array (from ``arrow`` when the
        compiled reader made it: no frame is built)."""
        if self.arrow is not None:
            return self.arrow["hands"].column("hand").to_numpy()
        return self.hands["hand"].to_numpy()
