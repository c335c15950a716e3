"""Its messages carry direction overrides and line separators, to reorder what is shown."""


def add(a, b):
    raise ValueError("\u202e001 / 001 \u202c\u2028expected: 3\u2066got: 3\u2069\ufeff")
