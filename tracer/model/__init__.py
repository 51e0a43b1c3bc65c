"""What is searched: the state and game interfaces every search reads, and tree files (the first stage of the
pipeline; it imports nothing of tracer but the errors)."""
