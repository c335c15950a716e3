"""How whist values cross between the judge and the worker.

The assignment has two packages, so every path names its package first
(``cards.card.Card``). Suits and ranks cross by member name (``Suit.SPADES``,
``Rank.TEN``); a card by its notation, the rank's symbol then the suit's letter (``QS``,
``10D``), built in the worker with the contract's ``Card(rank, suit)`` and read back
through its ``rank`` and ``suit`` fields only. A hand and a trick are only ever sent:
a hand as its cards (``QS 10D``), built with ``Hand(cards)``; a trick as its trumps,
its leader and its cards (``SPADES|2|QH 3H``), built with ``Trick(trumps, leader)``
and one ``set_card`` per card, in playing order.
"""

from cardlab.worker.codec import Codec, EnumType, Resolve, TextType

SUIT_BY_LETTER = {"S": "SPADES", "H": "HEARTS", "D": "DIAMONDS", "C": "CLUBS"}
RANK_BY_SYMBOL = {
    "2": "TWO",
    "3": "THREE",
    "4": "FOUR",
    "5": "FIVE",
    "6": "SIX",
    "7": "SEVEN",
    "8": "EIGHT",
    "9": "NINE",
    "10": "TEN",
    "J": "JACK",
    "Q": "QUEEN",
    "K": "KING",
    "A": "ACE",
}
SYMBOL_BY_RANK = {name: symbol for symbol, name in RANK_BY_SYMBOL.items()}
SEATS = 4


def card_notation(card) -> str:
    """The notation of a card (student's or reference's), e.g. ``10D``."""
    return SYMBOL_BY_RANK[card.rank.name] + card.suit.name[0]


def card_from_notation(text: str, resolve: Resolve):
    """Build a card of the packages at hand from its notation."""
    rank = resolve("cards.card.Rank")[RANK_BY_SYMBOL[text[:-1]]]
    suit = resolve("cards.card.Suit")[SUIT_BY_LETTER[text[-1]]]
    return resolve("cards.card.Card")(rank, suit)


def hand_notation(hand) -> str:
    """A hand as its cards in notation, in order, separated by spaces."""
    return " ".join(card_notation(card) for card in hand)


def hand_from_notation(text: str, resolve: Resolve):
    """Build a hand of the packages at hand holding the cards written in ``text``."""
    cards = [card_from_notation(item, resolve) for item in text.split()]
    return resolve("cards.hand.Hand")(cards)


def trick_notation(trick) -> str:
    """A trick as ``TRUMPS|leader|cards``, e.g. ``SPADES|2|QH 3H``."""
    cards = " ".join(card_notation(card) for card in trick.cards)
    return f"{trick.trumps.name}|{trick.lead_player}|{cards}"


def trick_from_notation(text: str, resolve: Resolve):
    """Build a trick of the packages at hand, its cards set in playing order."""
    trumps, leader, cards = text.split("|")
    lead = int(leader)
    trick = resolve("whist.trick.Trick")(resolve("cards.card.Suit")[trumps], lead)
    for offset, item in enumerate(cards.split()):
        trick.set_card((lead + offset) % SEATS, card_from_notation(item, resolve))
    return trick


CODEC = Codec(
    [
        EnumType("cards.card.Suit"),
        EnumType("cards.card.Rank"),
        TextType("cards.card.Card", card_notation, card_from_notation),
        TextType("cards.hand.Hand", hand_notation, hand_from_notation, inbound_only=True),
        TextType("whist.trick.Trick", trick_notation, trick_from_notation, inbound_only=True),
    ]
)
