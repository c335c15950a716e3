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

from typing import Any

from cardlab.worker.codec import Codec, EnumType, Resolve
from cardlab.worker.notation import (
    RANK_NAMES,
    Cards,
    CardTexts,
    CardType,
    Member,
    Number,
    RecordType,
    in_order,
    suit_letters,
)

SEATS = 4
CARD = CardType(
    "cards.card.Card",
    suit_path="cards.card.Suit",
    suits=suit_letters("SPADES", "HEARTS", "DIAMONDS", "CLUBS"),
    rank_path="cards.card.Rank",
    ranks=RANK_NAMES,
)


def play_trick(cls: Any, fields: dict[str, Any], resolve: Resolve) -> Any:
    """Build a trick, then set its cards one by one in playing order."""
    lead = fields["lead_player"]
    trick = cls(fields["trumps"], lead)
    for offset, text in enumerate(fields["cards"]):
        trick.set_card((lead + offset) % SEATS, CARD.from_text(text, resolve))
    return trick


CODEC = Codec(
    [
        EnumType("cards.card.Suit"),
        EnumType("cards.card.Rank"),
        CARD,
        RecordType(
            "cards.hand.Hand", [("cards", Cards(CARD, list))], build=in_order, inbound_only=True
        ),
        RecordType(
            "whist.trick.Trick",
            [
                ("trumps", Member("cards.card.Suit")),
                ("lead_player", Number()),
                ("cards", CardTexts(CARD)),
            ],
            build=play_trick,
            inbound_only=True,
        ),
    ],
    # What the contract lets a call change of what it is given; nothing else may change.
    may_change={"choose_card": ["hand"]},  # a strategy's hand is a copy: its own to change
)
