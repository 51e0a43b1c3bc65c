"""The command line (the last stage): parsing and dispatch (:mod:`.main`), shared options, and the commands, each
importing what it needs when it runs."""
