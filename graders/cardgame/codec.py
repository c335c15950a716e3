"""How cardgame values cross between the judge and the worker.

Suits, ranks and seats cross by member name (``Suit.HEARTS``, ``Rank.QUEEN``,
``Direction.NORTH``); a card by its notation, the rank's symbol then the suit's letter
(``QH`` is the Queen of Hearts, ``10S`` the Ten of Spades). Building a card in the
worker uses only the constructor ``Card(suit, rank)``, and reading one only its ``suit``
and ``rank`` fields, so the student's Part 1 methods never run while values cross.
Games, hands, players and tricks are not values: they stay in the worker as handles.
"""

from cardlab.worker.codec import Codec, EnumType
from cardlab.worker.notation import RANK_NAMES, CardType, suit_letters

CODEC = Codec(
    [
        EnumType("card.Suit"),
        EnumType("card.Rank"),
        EnumType("player.Direction"),
        CardType(
            "card.Card",
            suit_path="card.Suit",
            suits=suit_letters("HEARTS", "CLUBS", "DIAMONDS", "SPADES"),
            rank_path="card.Rank",
            ranks=RANK_NAMES,
            suit_first=True,
        ),
    ]
)
