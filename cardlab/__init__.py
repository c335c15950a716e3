"""cardlab: graded, phase-by-phase coursework built on card games.

The framework loads an assignment's spec, composes the student's package with the
provided modules, runs the graders in a trusted judge while student code runs in a
worker process, and writes reports in the formats courses already use.
"""

__version__ = "0.1.0"
