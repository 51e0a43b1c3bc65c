"""Playing games against the search, and matches between players (``tracer play``, ``tracer match``)."""

COMMANDS = {}


def add_commands(commands, command):
    """Add the play and match subcommands (filled in with the games)."""
