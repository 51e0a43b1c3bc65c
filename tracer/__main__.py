"""``python -m tracer``: the same as the ``tracer`` command."""

import sys

from .cli.main import main

sys.exit(main())
