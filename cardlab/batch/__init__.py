"""A whole class: ``cardlab grade-all`` and what it writes.

``grade_all`` plans and runs a batch; ``judges`` is the pool of long-lived judge
processes that grade one submission after another; ``store`` keeps every result in
SQLite so a batch resumes; ``gradebook`` and ``overview`` write the class's files;
``console`` is the batch's progress and summary in the terminal. ``executors`` runs a
batch's tasks on this machine or (``cluster``) on a Dask cluster, ``shipped_judges``
grades there, and ``fingerprints`` hashes what decides a result besides the submission.
"""
