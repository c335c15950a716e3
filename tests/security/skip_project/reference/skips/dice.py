"""The total of some rolls of a six-sided die."""


def total(rolls: list[int]) -> int:
    """Return the sum of the rolls.

    Args:
        rolls: What the die showed, each from 1 to 6.

    Raises:
        ValueError: If a roll is not from 1 to 6.
    """
    if any(not 1 <= roll <= 6 for roll in rolls):
        raise ValueError("a die shows 1 to 6")
    return sum(rolls)
