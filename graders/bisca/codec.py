"""How bisca values cross between the judge and the worker.

A suit crosses by member name (``Suit.SPADES``); a card by its notation: rank then
suit letter (``QS`` is the Queen of Spades, ``7H`` the Seven of Hearts). Building a
card in the worker uses only the contract's constructor ``Card(rank, suit)``, and
reading one uses only its ``rank`` and ``suit`` fields. A PlayerView is only ever sent
(by the tournament), as one line of its fields, and built with the contract's keyword
constructor: for example ``QS 7H 2C|HEARTS|AH|KD|30|3S 4S|11|4``, a missing trump card
``-``.
"""

from cardlab.worker.codec import Codec, EnumType
from cardlab.worker.notation import (
    Cards,
    CardType,
    Member,
    Number,
    OneCard,
    RecordType,
    suit_letters,
)

CARD = CardType("card.Card", "suit.Suit", suit_letters("SPADES", "HEARTS", "CLUBS", "DIAMONDS"))

CODEC = Codec(
    [
        EnumType("suit.Suit"),
        CARD,
        # Sent only: the tournament hands your AutoPlayer its view in the same request as
        # the call to choose, so a move costs one round trip instead of two.
        RecordType(
            "board.PlayerView",
            [
                ("hand", Cards(CARD)),
                ("trump", Member("suit.Suit")),
                ("trump_card", OneCard(CARD, none="-")),
                ("table", Cards(CARD)),
                ("stock_size", Number()),
                ("played", Cards(CARD)),
                ("my_points", Number()),
                ("opponent_points", Number()),
            ],
            inbound_only=True,
        ),
    ],
    # What the contract lets a call change of what it is given; nothing else may change.
    may_change={"Board.__init__": ["deck"]},  # the board takes the deck and draws from it
)
