"""The judge: grading one submission, in the trusted process.

``grading`` runs an assignment's pytest graders for one phase with ``plugin`` (parts,
scores, reruns and the report's facts, collected into ``results``), then hands each
rubric part to its kind in ``parts`` (grader tests of the code, a tournament, the
student's own tests, a file marked by hand) to run and score; tests reach student
code only through ``proxy`` (the fixture's :class:`~cardlab.judge.proxy.Student`) and the
handles of ``remote``; ``reference`` loads the reference package as the oracle;
``conformance`` checks choices against a procedure of ordered steps (for rules that
allow several answers). Imports go down to :mod:`cardlab.course` and
:mod:`cardlab.worker`, never up.
"""
