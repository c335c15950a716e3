"""Exports to the engines courses already use: a Gradescope autograder, a Classroom repo."""
