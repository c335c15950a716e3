"""How hearts values cross between the judge and the worker.

A suit crosses by member name (``Suit.SPADES``); a card by its notation, the rank then
the suit's letter (``QS``, ``10H``), built in the worker with the contract's constructor
``Card(rank, suit)`` and read back by its ``rank`` and ``suit`` fields only. An event
crosses as one line, ``kind seat card points`` (``play 2 QS 0``, ``take 1 - 14``), read
from its four fields. A situation is only ever sent, as ``hand|trick|broken|first``
(cards separated by spaces, ``1`` or ``0`` for the flags), and built with the
contract's keyword constructor.
"""

from cardlab.worker.codec import Codec, EnumType, Resolve, TextType

SUIT_BY_LETTER = {"C": "CLUBS", "D": "DIAMONDS", "S": "SPADES", "H": "HEARTS"}


def card_notation(card) -> str:
    """The notation of a card (student's or reference's), e.g. ``QS`` or ``10H``."""
    return f"{card.rank}{card.suit.name[0]}"


def card_from_notation(text: str, resolve: Resolve):
    """Build a card of the package at hand from its notation."""
    return resolve("card.Card")(text[:-1], resolve("card.Suit")[SUIT_BY_LETTER[text[-1]]])


def event_notation(event) -> str:
    """An event in one line: kind, seat, card (``-`` for none) and points."""
    card = "-" if event.card is None else card_notation(event.card)
    return f"{event.kind} {event.seat} {card} {event.points}"


def event_from_notation(text: str, resolve: Resolve):
    """Build an event of the package at hand from its line."""
    kind, seat, card, points = text.split()
    shown = None if card == "-" else card_from_notation(card, resolve)
    return resolve("game.Event")(kind, int(seat), shown, int(points))


def situation_notation(situation) -> str:
    """A situation in one line (see the module docstring)."""

    def cards(items) -> str:
        return " ".join(card_notation(card) for card in items)

    flags = f"{int(situation.hearts_broken)}|{int(situation.first_trick)}"
    return f"{cards(situation.hand)}|{cards(situation.trick)}|{flags}"


def situation_from_notation(text: str, resolve: Resolve):
    """Build a situation of the package at hand from its line."""
    hand, trick, broken, first = text.split("|")

    def cards(part: str) -> tuple:
        return tuple(card_from_notation(item, resolve) for item in part.split())

    return resolve("player.Situation")(
        hand=cards(hand), trick=cards(trick), hearts_broken=broken == "1", first_trick=first == "1"
    )


CODEC = Codec([
    EnumType("card.Suit"),
    TextType("card.Card", card_notation, card_from_notation),
    TextType("game.Event", event_notation, event_from_notation),
    TextType("player.Situation", situation_notation, situation_from_notation, inbound_only=True),
])
