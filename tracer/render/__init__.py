"""The outputs (fifth stage): the scene that decides what to draw, and one module per format that prints it —
DOT (drawn by Graphviz, in the one module that runs it), the step table, and GraphML / node-link JSON."""
