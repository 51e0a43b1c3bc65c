"""The command line (the last stage): parsing, shared options, and the commands, each importing what it needs."""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
