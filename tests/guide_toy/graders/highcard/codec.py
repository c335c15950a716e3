"""How high-card values cross between the judge and the worker.

A card crosses as its rank then its suit letter ("10H" is the Ten of Hearts), built
with the contract's constructor ``Card(rank, suit)`` and read from its two fields.
"""

from cardlab.worker.codec import Codec, TextType


def card_notation(card) -> str:
    """The notation of a card (student's or reference's), e.g. ``10H``."""
    return f"{card.rank}{card.suit}"


def card_from_notation(text: str, resolve):
    """Build a card of the package at hand from its notation."""
    return resolve("card.Card")(text[:-1], text[-1])


CODEC = Codec([TextType("card.Card", card_notation, card_from_notation)])
