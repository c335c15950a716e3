"""How hearts values cross between the judge and the worker.

A suit crosses by member name (``Suit.SPADES``); a card by its notation, the rank then
the suit's letter (``QS``, ``10H``), built in the worker with the contract's constructor
``Card(rank, suit)`` and read back by its ``rank`` and ``suit`` fields only. An event
crosses as one line, ``kind seat card points`` (``play 2 QS 0``, ``take 1 - 14``), read
from its four fields. A situation is only ever sent, as ``hand|trick|broken|first``
(cards separated by spaces, ``1`` or ``0`` for the flags), and built with the
contract's keyword constructor.
"""

from cardlab.worker.codec import Codec, EnumType
from cardlab.worker.notation import (
    Cards,
    CardType,
    Flag,
    Number,
    OneCard,
    RecordType,
    Word,
    in_order,
    suit_letters,
)

CARD = CardType("card.Card", "card.Suit", suit_letters("CLUBS", "DIAMONDS", "SPADES", "HEARTS"))

CODEC = Codec(
    [
        EnumType("card.Suit"),
        CARD,
        RecordType(
            "game.Event",
            [
                ("kind", Word()),
                ("seat", Number()),
                ("card", OneCard(CARD, none="-")),
                ("points", Number()),
            ],
            separator=" ",
            build=in_order,
        ),
        RecordType(
            "player.Situation",
            [
                ("hand", Cards(CARD)),
                ("trick", Cards(CARD)),
                ("hearts_broken", Flag()),
                ("first_trick", Flag()),
            ],
            inbound_only=True,
        ),
    ]
)
