"""Adding numbers, once or as a running tally."""


def add(a: int, b: int) -> int:
    """Return the sum of two integers.

    Args:
        a: The first number.
        b: The second number.

    Returns:
        ``a + b``.
    """
    return a + b


class Tally:
    """A running total that starts at zero."""

    def __init__(self) -> None:
        """Start at zero."""
        self._total = 0

    def add(self, amount: int) -> None:
        """Add an amount to the total.

        Raises:
            ValueError: If ``amount`` is negative.
        """
        if amount < 0:
            raise ValueError(f"cannot add a negative amount ({amount})")
        self._total = add(self._total, amount)

    @property
    def total(self) -> int:
        """int: The sum of every amount added so far."""
        return self._total
