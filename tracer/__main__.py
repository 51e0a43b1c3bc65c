"""``python -m tracer``: the same as the ``tracer`` command."""

import sys

from .cli import main

sys.exit(main())
