"""``tracer test-search``: a student's own search function run on tree and position files and compared with the
traced search (after the exercises, whose facts, items and grades it reuses; its command is
:mod:`tracer.cli.test_search`).

- ``runner``    the parent side: starts the child for each case, answers every question the student's function
                asks of a state, and records what it expanded and evaluated, within time and memory limits;
- ``child``     the child process, run by path as ``python -I -S child.py SETTINGS``: it imports the student's
                module and calls the function on states that stay in the parent (it imports nothing of tracer);
- ``sandbox``   the one place that decides what the child can see and do (bubblewrap, or hardened);
- ``verdicts``  the comparer: a case's record against the traced search under each convention, the items scored
                and the first departure (``Case``, ``run_case``, ``SCORING``);
- ``mistakes``  the typical mistakes, each a short textbook search with that one mistake, named where the
                record shows it;
- ``report``    its reports: readable text and JSON (Gradescope's is written by :mod:`tracer.report.gradescope`);
- ``cases/``    the shipped cases, used when no file is given.
"""
