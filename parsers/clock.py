"""Dates and clock times as text dialects print them, read once for every parser.

A platform prints its local time with a zone *name* (``CET``, ``ET``) or a GMT offset
(``GMT+0100``); which place a name means is the platform's own convention (Full Tilt
wrote ``CET`` all year round for Central European local time), so each dialect declares
its names as IANA zones and these helpers do the arithmetic.

>>> local_to_utc("2010-09-13 00:26:26", "GMT+0100", {})
'2010-09-12T23:26:26Z'
>>> local_to_utc("2014-01-06 08:58:00", "CET", {"CET": "Europe/Paris"})
'2014-01-06T07:58:00Z'
>>> local_to_utc("2014-07-06 08:58:00", "CET", {"CET": "Europe/Paris"})
'2014-07-06T06:58:00Z'
>>> local_to_utc("2014-01-06 08:58:00", "XYZ", {}) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

#: month abbreviations as English-language histories print them
MONTHS: Mapping[str, int] = {m: i for i, m in enumerate(
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 1)}

_ISO_UTC = "%Y-%m-%dT%H:%M:%SZ"
_GMT_OFFSET = re.compile(r"^(?:GMT|UTC)(?P<sign>[+-])(?P<h>\d{2}):?(?P<m>\d{2})$")


def local_to_utc(local: str, zone: str, zones: Mapping[str, str]) -> str | None:
    """``local`` (``YYYY-MM-DD HH:MM:SS``) read in ``zone`` as ISO-8601 UTC with ``Z``.

    ``zone`` is a GMT/UTC offset (``GMT+0100``, ``UTC-05:00``) or a name ``zones`` maps
    to an IANA zone; any other zone gives None (the time stays only as printed).
    """
    moment = datetime.strptime(local, "%Y-%m-%d %H:%M:%S")
    if m := _GMT_OFFSET.match(zone):
        offset = timedelta(hours=int(m["h"]), minutes=int(m["m"]))
        aware = moment.replace(tzinfo=timezone(offset if m["sign"] == "+" else -offset))
    elif zone in zones:
        aware = moment.replace(tzinfo=ZoneInfo(zones[zone]))
    else:
        return None
    return aware.astimezone(UTC).strftime(_ISO_UTC)


def utc_in(moment: datetime, zone: str) -> str:
    """A naive ``moment`` read in the IANA ``zone`` as ISO-8601 UTC with ``Z``.

    >>> utc_in(datetime(2016, 5, 4, 10, 36, 39), "America/New_York"), utc_in(datetime(2009, 10, 18, 20, 0), "UTC")
    ('2016-05-04T14:36:39Z', '2009-10-18T20:00:00Z')
    """
    return moment.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC).strftime(_ISO_UTC)


def iso_date(day: str | int, month: str, year: str | int) -> str | None:
    """``13``, ``Sep``, ``2010`` as ``2010-09-13``; None for a month name not known.

    >>> iso_date("6", "Jan", "2014"), iso_date(6, "Foo", 2014)
    ('2014-01-06', None)
    """
    number = MONTHS.get(month)
    return None if number is None else f"{int(year):04d}-{number:02d}-{int(day):02d}"
