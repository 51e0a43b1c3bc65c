"""Exercises (after the searches, the view and the inputs): what a search establishes item by item (``facts``),
answer keys and answer files (``claims``), the one comparer of claims with the search (``compare_answers``),
checking keys (``check``), grading answers (``grade``) and generating exercises with their keys (``generate``).
Their reports are written by ``tracer.report``."""
