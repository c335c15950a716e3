"""How bisca values cross between the judge and the worker.

A suit crosses by member name (``Suit.SPADES``); a card by its notation: rank then
suit letter (``QS`` is the Queen of Spades, ``7H`` the Seven of Hearts). Building a
card in the worker uses only the contract's constructor ``Card(rank, suit)``, and
reading one uses only its ``rank`` and ``suit`` fields. A PlayerView is only ever sent
(by the tournament), as one line of its fields, and built with the contract's keyword
constructor.
"""

from cardlab.worker.codec import Codec, EnumType, Resolve, TextType

_SUIT_BY_LETTER = {"S": "SPADES", "H": "HEARTS", "C": "CLUBS", "D": "DIAMONDS"}


def card_notation(card) -> str:
    """The notation of a card (student's or reference's), e.g. ``QS``."""
    return f"{card.rank}{card.suit.name[0]}"


def card_from_notation(text: str, resolve: Resolve):
    """Build a card of the package at hand from its notation."""
    suit = resolve("suit.Suit")[_SUIT_BY_LETTER[text[-1]]]
    return resolve("card.Card")(text[:-1], suit)


def view_notation(view) -> str:
    """A PlayerView in one line: its eight fields separated by ``|``, cards by spaces.

    For example ``QS 7H 2C|HEARTS|AH|KD|30|3S 4S|11|4``; a missing trump card is ``-``.
    """
    def cards(items) -> str:
        return " ".join(card_notation(card) for card in items)

    trump_card = "-" if view.trump_card is None else card_notation(view.trump_card)
    return "|".join((
        cards(view.hand), view.trump.name, trump_card, cards(view.table), str(view.stock_size),
        cards(view.played), str(view.my_points), str(view.opponent_points),
    ))


def view_from_notation(text: str, resolve: Resolve):
    """Build a PlayerView of the package at hand (with its cards) from its notation."""
    hand, trump, trump_card, table, stock_size, played, mine, theirs = text.split("|")

    def cards(part: str) -> tuple:
        return tuple(card_from_notation(item, resolve) for item in part.split())

    return resolve("board.PlayerView")(
        hand=cards(hand),
        trump=resolve("suit.Suit")[trump],
        trump_card=None if trump_card == "-" else card_from_notation(trump_card, resolve),
        table=cards(table),
        stock_size=int(stock_size),
        played=cards(played),
        my_points=int(mine),
        opponent_points=int(theirs),
    )


CODEC = Codec([
    EnumType("suit.Suit"),
    TextType("card.Card", card_notation, card_from_notation),
    # Sent only: the tournament hands your AutoPlayer its view in the same request as
    # the call to choose, so a move costs one round trip instead of two.
    TextType("board.PlayerView", view_notation, view_from_notation, inbound_only=True),
])
