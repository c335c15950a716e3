"""How kings_corner values cross between the judge and the worker.

A card crosses by its notation, rank then suit (``7H`` is the Seven of Hearts, ``TC``
the Ten of Clubs); it is built in the worker with the contract's ``Card(rank, suit)``
and read through its ``rank`` and ``suit`` fields only.  A move crosses by the notation
a person types (``L 7H 3``, ``M 1 5``, ``D``), built with ``Move(kind, card, source,
target)`` and read through those four fields.

Piles are objects, not values: they stay in the worker as handles.  To set up a
position in one request, a grader may *send* a lay-down pile as ``5:KD QS`` (built with
``LaydownPile(5, cards)``) and a draw pile as its cards bottom first (built with
``DrawPile(cards)``); those two never come back as values.
"""

from cardlab.worker.codec import Codec, Resolve, TextType
from cardlab.worker.notation import Cards, CardsType, CardType, Number, RecordType, in_order

CARD = CardType("card.Card", rank_width=1)


def move_notation(move) -> str:
    """The notation of a move, from its four fields: ``L 7H 3``, ``M 1 5`` or ``D``."""
    if move.kind == "L":
        return f"L {CARD.to_text(move.card)} {move.target}"
    if move.kind == "M":
        return f"M {move.source} {move.target}"
    return str(move.kind)


def move_from_notation(text: str, resolve: Resolve):
    """Build a move of the package at hand from its notation.

    Raises:
        ValueError: For text that is not a move's notation (a draw is ``D`` alone), so a
            student's move of an unknown kind never comes back to them as a draw.
    """
    words = text.split() or [""]
    move = resolve("table.Move")
    if words[0] == "L":
        return move("L", CARD.from_text(words[1], resolve), None, int(words[2]))
    if words[0] == "M":
        return move("M", None, int(words[1]), int(words[2]))
    if words == ["D"]:
        return move("D", None, None, None)
    raise ValueError(f"not the notation of a move: {text!r}")


CODEC = Codec(
    [
        CARD,
        TextType("table.Move", move_notation, move_from_notation),
        RecordType(
            "piles.LaydownPile",
            [("number", Number()), ("cards", Cards(CARD, list))],
            separator=":",
            build=in_order,
            inbound_only=True,
        ),
        CardsType("piles.DrawPile", CARD, inbound_only=True),
    ],
    # What the contract lets a call change of what it is given; nothing else may change.
    may_change={
        "LaydownPile.move_onto": ["other"],
        "DrawPile.deal": ["first", "second", "piles"],
        "Table.apply": ["hand"],
        "Table.lay": ["hand"],
        "Table.draw": ["hand"],
        "take_turn": ["table"],  # every player's turn plays on the table
        "play_round": ["table"],
    },
)
