"""Whether hhaudit's optional compiled extensions run: one switch for all of them.

Each extension has a pure-Python twin giving the same results; setting the environment
variable ``HHAUDIT_PURE_PYTHON`` (to anything but ``0``) forces the twins everywhere, as
on a machine where no C compiler was found at install.

>>> pure_python_forced({PURE_PYTHON_ENV: "1"}), pure_python_forced({PURE_PYTHON_ENV: "0"}), pure_python_forced({})
(True, False, False)
"""

from __future__ import annotations

import os
from collections.abc import Mapping

PURE_PYTHON_ENV = "HHAUDIT_PURE_PYTHON"


def pure_python_forced(environ: Mapping[str, str] = os.environ) -> bool:
    return environ.get(PURE_PYTHON_ENV, "") not in ("", "0")
