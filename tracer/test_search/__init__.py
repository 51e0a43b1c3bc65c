"""``tracer test-search``: a student's own search function run on tree and position files and compared with the
traced search (after the exercises, whose facts, items and grades it reuses; its command is
:mod:`tracer.cli.test_search`).

- ``runner``    the parent side: starts the child for each case, answers every question the student's function
                asks of a state, and records what it expanded and evaluated, within time and memory limits;
- ``child``     the child process, run by path as ``python -I -S child.py SETTINGS``: it imports the student's
                module and calls the function on states that stay in the parent (it imports nothing of tracer);
- ``sandbox``   the one place that decides what the child can see and do (bubblewrap, or hardened);
- ``verdicts``  the comparer: runs a case and scores its items against the traced search (the root's value and
                move, the states expanded and evaluated in order, the values at inner nodes; ``run_case``), with
                the steps below;
- ``case``      a case and what the function did on it (``Case``, ``CaseResult``), the scoring rule (``SCORING``)
                and the shipped cases;
- ``search_record``    the search's record as a student's says it (each state expanded or evaluated, by path);
- ``first_departure``  where the function's record first departs from the search's, in the search's words;
- ``conventions``  the conventions tried (the cut rule, the fail mode, the order of the moves): which the record
                and the values fit, per case and over all cases;
- ``mistakes``  the typical mistakes, each a short textbook search with that one mistake, named where the
                record shows it;
- ``named_mistakes``  which of them a case's record shows, and the fewest that explain it, over all cases;
- ``case_words``  a case in words (the report's and Gradescope's lines), and the cases as one grade;
- ``report``    its reports: readable text and JSON (Gradescope's is written by :mod:`tracer.report.gradescope`);
- ``cases/``    the shipped cases, used when no file is given.
"""
