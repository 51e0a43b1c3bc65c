"""Reports (after the exercises and the comparisons, before the command line): thin writers, one module per format,
over results already analysed — checked answer keys, graded answers, ``stats`` and ``compare`` rows. ``text_report``
(the readable reports and tables), ``json_report``, ``csv_report``, ``markdown`` and ``gradescope`` only format;
nothing here searches or decides."""
