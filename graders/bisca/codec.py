"""How bisca values cross between the judge and the worker.

A suit crosses by member name (``Suit.SPADES``); a card by its notation: rank then
suit letter (``QS`` is the Queen of Spades, ``7H`` the Seven of Hearts). Building a
card in the worker uses only the contract's constructor ``Card(rank, suit)``, and
reading one uses only its ``rank`` and ``suit`` fields.
"""

from cardlab.codec import Codec, EnumType, Resolve, TextType

_SUIT_BY_LETTER = {"S": "SPADES", "H": "HEARTS", "C": "CLUBS", "D": "DIAMONDS"}


def card_notation(card) -> str:
    """The notation of a card (student's or reference's), e.g. ``QS``."""
    return f"{card.rank}{card.suit.name[0]}"


def card_from_notation(text: str, resolve: Resolve):
    """Build a card of the package at hand from its notation."""
    suit = resolve("suit.Suit")[_SUIT_BY_LETTER[text[-1]]]
    return resolve("card.Card")(text[:-1], suit)


CODEC = Codec([EnumType("suit.Suit"), TextType("card.Card", card_notation, card_from_notation)])
