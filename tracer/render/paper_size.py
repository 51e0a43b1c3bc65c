"""The paper a handout is printed on (``tracer worksheet --paper``): Letter or A4, its size in points, and the
locale's paper when none is given. Only the standard library, so the command line can name the papers cheaply."""

from __future__ import annotations

import os
import re

PAPERS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}  # points, portrait (8.5 × 11 in; 210 × 297 mm)
# The territories whose paper (LC_PAPER) is Letter in the GNU C library's locale data; everywhere else it is A4
LETTER_TERRITORIES = frozenset("US CA MX BO CL CO CR GT NI PA PH PR SV VE".split())
PAPER_VARIABLES = ("LC_ALL", "LC_PAPER", "LANG")  # the locale's paper, as the C library looks it up


def default_paper(environ=os.environ) -> str:
    """``letter`` or ``a4``: the paper of the locale the environment names for LC_PAPER (``LC_ALL``, else
    ``LC_PAPER``, else ``LANG``, as the C library reads them), by its territory (``en_US.UTF-8``: Letter,
    ``de_DE``: A4); A4 when the locale names none (``C``, ``POSIX``, nothing set), as the C locale's paper is.
    The environment is read rather than the ``locale`` program run: the same answer, and no program started."""
    for name in PAPER_VARIABLES:
        value = environ.get(name, "")
        if value:
            territory = re.match(r"^[A-Za-z]+_([A-Za-z]{2})(?![A-Za-z])", value)
            return "letter" if territory and territory.group(1).upper() in LETTER_TERRITORIES else "a4"
    return "a4"
