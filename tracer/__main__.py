"""``python -m tracer``: the same as the ``tracer`` command."""

from .cli.main import run

run()
