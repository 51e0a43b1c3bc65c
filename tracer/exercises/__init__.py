"""Exercises (after the searches, the view and the inputs): what a search establishes item by item (``facts``),
claimed values written back as text (``claim_text``), the one comparer of claims with the search (``compare_answers``),
checking keys (``check_keys``), grading answers (``grade``) and generating exercises with their keys (``generate``).
Their reports are written by ``tracer.report``."""
