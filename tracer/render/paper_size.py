"""The paper a handout is printed on (``tracer worksheet --paper``): Letter or A4, its size in points, and the
locale's paper when none is given. Only the standard library, so the command line can name the papers cheaply."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

PAPERS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}  # points, portrait (8.5 × 11 in; 210 × 297 mm)
PAPER_MM = {(279, 216): "letter", (297, 210): "a4"}  # (height, width) in millimetres, as `locale` gives them
# Territories whose paper is Letter (the rest of the world uses A4), for a locale `locale` cannot read
LETTER_TERRITORIES = frozenset("US CA MX PH CL CO VE CR GT PA PR SV DO NI".split())


def default_paper(environ=os.environ) -> str:
    """``letter`` or ``a4``, as the locale's paper: what ``locale height width`` says (the C library's LC_PAPER)
    when it can read the locale; else the territory the locale names (LC_ALL, LC_PAPER, then LANG: ``en_US`` is
    Letter); else A4."""
    measured = _locale_paper(environ)
    if measured is not None:
        return measured
    for name in ("LC_ALL", "LC_PAPER", "LANG"):
        value = environ.get(name, "")
        if value:
            territory = re.match(r"^[a-zA-Z]+_([a-zA-Z]{2})", value)
            if territory is None:
                break
            return "letter" if territory.group(1).upper() in LETTER_TERRITORIES else "a4"
    return "a4"


def _locale_paper(environ) -> str | None:
    """The paper ``locale height width`` gives (millimetres), or None: no ``locale`` program, a locale it cannot
    load (it then says so on stderr and answers for C), or a paper neither Letter nor A4."""
    program = shutil.which("locale")
    if program is None:
        return None
    try:
        done = subprocess.run([program, "height", "width"], capture_output=True, text=True, timeout=5,
                              env=dict(environ))
    except (OSError, subprocess.SubprocessError):
        return None
    numbers = done.stdout.split()
    if done.returncode or done.stderr.strip() or len(numbers) != 2 or not all(n.isdigit() for n in numbers):
        return None
    return PAPER_MM.get((int(numbers[0]), int(numbers[1])))
