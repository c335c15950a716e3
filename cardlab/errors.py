"""Errors that cardlab reports to its user as one line, without a traceback."""


class CardlabError(Exception):
    """A problem the user can fix: bad arguments, a broken spec, a missing folder.

    The command line prints the message as a single line and exits with status 2.
    """
