"""A whole class: ``cardlab grade-all`` and what it writes.

``grade_all`` plans and runs a batch; ``judges`` is the pool of long-lived judge
processes that grade one submission after another; ``store`` keeps every result in
SQLite so a batch resumes; ``gradebook`` and ``overview`` write the class's files;
``console`` is the batch's progress and summary in the terminal.
"""
