"""Errors that cardlab reports to its user as one line, without a traceback."""


class CardlabError(Exception):
    """A problem the user can fix: bad arguments, a broken spec, a missing folder.

    The command line prints the message as a single line and exits with status 2.
    """


EXIT_DIFFERENT = 1
"""The exit status of a check that found what it looks for (grades that change when
graded again)."""
EXIT_INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C: the shell's 128 plus SIGINT's number."""


class GradingInterrupted(KeyboardInterrupt):
    """A grading stopped before its end (Ctrl-C, say): no score may be made of it.

    A :class:`KeyboardInterrupt`, so that whatever stops on Ctrl-C stops on it too; the
    command line says in one line that no score was written and exits with status 130.
    """


class GradingIncomplete(Exception):
    """The judge failed part-way through a grading: no score may be made of the tests run.

    An error of cardlab's or of the graders', not of the submission; the command line
    prints it as one line and exits with status 2, and a class's batch grades the
    submission again on its next run.
    """
