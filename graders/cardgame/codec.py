"""How cardgame values cross between the judge and the worker.

Suits, ranks and seats cross by member name (``Suit.HEARTS``, ``Rank.QUEEN``,
``Direction.NORTH``); a card by its notation, the rank's symbol then the suit's letter
(``QH`` is the Queen of Hearts, ``10S`` the Ten of Spades). Building a card in the
worker uses only the constructor ``Card(suit, rank)``, and reading one only its ``suit``
and ``rank`` fields, so the student's Part 1 methods never run while values cross.
Games, hands, players and tricks are not values: they stay in the worker as handles.
"""

from cardlab.worker.codec import Codec, EnumType, Resolve, TextType

SUIT_BY_LETTER = {"H": "HEARTS", "C": "CLUBS", "D": "DIAMONDS", "S": "SPADES"}
RANK_BY_SYMBOL = {
    "2": "TWO", "3": "THREE", "4": "FOUR", "5": "FIVE", "6": "SIX", "7": "SEVEN",
    "8": "EIGHT", "9": "NINE", "10": "TEN", "J": "JACK", "Q": "QUEEN", "K": "KING", "A": "ACE",
}
_SYMBOL_BY_RANK = {name: symbol for symbol, name in RANK_BY_SYMBOL.items()}


def card_notation(card) -> str:
    """The notation of a card (student's or reference's), e.g. ``QH`` or ``10S``."""
    return _SYMBOL_BY_RANK[card.rank.name] + card.suit.name[0]


def card_from_notation(text: str, resolve: Resolve):
    """Build a card of the package at hand from its notation."""
    suit = resolve("card.Suit")[SUIT_BY_LETTER[text[-1]]]
    rank = resolve("card.Rank")[RANK_BY_SYMBOL[text[:-1]]]
    return resolve("card.Card")(suit, rank)


CODEC = Codec([
    EnumType("card.Suit"),
    EnumType("card.Rank"),
    EnumType("player.Direction"),
    TextType("card.Card", card_notation, card_from_notation),
])
