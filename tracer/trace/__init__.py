"""The trace (third stage): the events a search recorded, the nodes it reached or pruned, and their JSON form;
the recording tracer that builds one."""
