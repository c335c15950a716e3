"""Helpers of the kings_corner tests: set up a table and a player in your code's process.

A table is written as eight strings, pile 1 first, each the pile's cards bottom first
(``"9S 8H"``, or ``""`` for an empty pile), and a draw pile as its cards bottom first
(the last one is drawn first).  Your classes build them: ``LaydownPile(number, cards)``,
``DrawPile(cards)`` and ``Table(draw_pile, piles)``.
"""

from cardlab.testing import Value, card

EXAMPLE = ("8S 7H 6C 5D", "AD", "JD TC", "6H 5S 4D 3S", "KH", "KS QH JS TD 9S", "", "")
"""The piles of the course's example prompt, pile 1 first."""


def describe_table(piles, hand, stock) -> str:
    """The position in lines, as a failure message shows it."""
    lines = [f"Pile {n}: {cards}".rstrip() for n, cards in enumerate(piles, start=1)]
    lines.append(f"Hand: {hand}")
    count = len(stock.split())
    lines.append(f"Draw pile: {count} card(s)" + (f", top {stock.split()[-1]}" if count else ""))
    return "\n".join(f"    {line}" for line in lines)


def make_table(student, piles, stock=""):
    """``Table(DrawPile(stock), [LaydownPile(1, ...), ..., LaydownPile(8, ...)])``."""
    laid = [Value("LaydownPile", f"{n}:{cards}") for n, cards in enumerate(piles, start=1)]
    return student.pkg.table.Table(Value("DrawPile", stock), laid)


def make_hand(student, text):
    """``PlayerHand(cards)``."""
    return student.pkg.piles.PlayerHand([card(t) for t in text.split()])


def make_computer(student, hand, seed=0):
    """``ComputerPlayer("Computer", random.Random(seed))`` holding the cards of ``hand``."""
    computer = student.pkg.computer_player.ComputerPlayer(
        "Computer", student.builtin("Random", seed)
    )
    held = computer.hand
    for text in hand.split():
        held.add(card(text))
    return computer
