"""The searches (second stage): textbook functions that call a tracer at every step, the tracer interface with its
null and counting tracers, and the registry of what each algorithm is."""
