"""Playing games (an application of the searches): players, one game's loop, and a match's tally. The command
line for them is in :mod:`tracer.cli.play`."""
