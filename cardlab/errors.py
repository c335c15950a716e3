"""Errors that cardlab reports to its user as one line, without a traceback."""


class CardlabError(Exception):
    """A problem the user can fix: bad arguments, a broken spec, a missing folder.

    The command line prints the message as a single line and exits with status 2.
    """


class GradingInterrupted(KeyboardInterrupt):
    """A grading stopped before its end (Ctrl-C, say): no score may be made of it.

    A :class:`KeyboardInterrupt`, so that whatever stops on Ctrl-C stops on it too; the
    command line says in one line that no score was written and exits with status 130.
    """
