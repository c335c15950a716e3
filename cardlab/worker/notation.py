"""Card notations and records: the value types an assignment's codec composes.

Every assignment writes a card as its rank's symbol then its suit's letter (``QS``,
``10D``, ``TC``), but the classes differ: a rank or a suit is an enum member or a
plain string, the constructor takes ``(rank, suit)`` or ``(suit, rank)``. A
:class:`CardType` is one such notation, declared as data. A :class:`RecordType` is a
bundle of named fields in one line (a game view, a trick, an event), each field
written by a :class:`Field` kind (cards, a number, a flag, an enum member) and joined
with a separator that no field may contain, so that splitting gives the fields back.

Both are value types of :class:`~cardlab.worker.codec.Codec`, beside
:class:`~cardlab.worker.codec.EnumType` and :class:`~cardlab.worker.codec.TextType`.
They run in the worker as well as in the judge, so this module imports only the
standard library and the codec.

Reading a card uses only its two fields and the enum members' names, building one
uses only the constructor: no other method of the student's class runs while a value
crosses. Reading is as lenient as the fields allow (a suit's letter is its name's
first letter, whatever the name), so what a student's odd card reads as is shown to
them as it is; building looks each symbol up, and an unknown one raises ``KeyError``
naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .codec import CodecError, Resolve, Value

RANK_NAMES = {
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
"""The rank symbols of a French deck, each with its enum member's usual name."""


def suit_letters(*names: str) -> dict[str, str]:
    """Suit letters for enum members named ``names``: each name's first letter.

    Args:
        *names: The suit enum's member names (``"SPADES"``, ``"HEARTS"``...).

    Returns:
        Letter to member name (``{"S": "SPADES", ...}``).
    """
    return {name[0]: name for name in names}


@dataclass(frozen=True)
class CardType:
    """A card class of the assignment, written as rank symbol then suit letter.

    Attributes:
        path: Dotted path of the class inside the package, e.g. ``card.Card``.
        suit_path: Path of the suit enum; None where a suit is a plain string (its
            letter).
        suits: Suit letter to member name, for ``suit_path``.
        rank_path: Path of the rank enum; None where a rank is a plain string (its
            symbol).
        ranks: Rank symbol to member name, for ``rank_path``.
        rank_width: How many characters the rank takes; None: all but the last one,
            which is the suit's letter.
        suit_first: Whether the constructor takes the suit first (``Card(suit, rank)``).

    A card crosses both ways: it is never ``inbound_only``.
    """

    path: str
    suit_path: str | None = None
    suits: Mapping[str, str] = field(default_factory=dict)
    rank_path: str | None = None
    ranks: Mapping[str, str] = field(default_factory=dict)
    rank_width: int | None = None
    suit_first: bool = False
    inbound_only = False
    _symbols: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Keep the symbols by member name: every card written reads them."""
        symbols = {name: symbol for symbol, name in self.ranks.items()}
        object.__setattr__(self, "_symbols", symbols)

    @property
    def name(self) -> str:
        """The type name used on the wire."""
        return self.path.rsplit(".", 1)[-1]

    def to_text(self, card: Any) -> str:
        """The notation of a card (student's or reference's), e.g. ``QS``."""
        rank = self._symbols[card.rank.name] if self.rank_path is not None else card.rank
        suit = card.suit.name[0] if self.suit_path is not None else card.suit
        return f"{rank}{suit}"

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """Build a card of the package at hand from its notation.

        Raises:
            KeyError: For a rank symbol or a suit letter the notation does not have.
            IndexError: For text too short to hold a suit.
        """
        if self.rank_width is None:
            rank_text, suit_text = text[:-1], text[-1]
        else:
            rank_text, suit_text = text[: self.rank_width], text[self.rank_width]
        rank: Any = rank_text
        if self.rank_path is not None:
            rank = resolve(self.rank_path)[self.ranks[rank_text]]
        suit: Any = suit_text
        if self.suit_path is not None:
            suit = resolve(self.suit_path)[self.suits[suit_text]]
        cls = resolve(self.path)
        return cls(suit, rank) if self.suit_first else cls(rank, suit)

    def encode(self, obj: Any) -> Value:
        """Encode a card by its notation."""
        return Value(self.name, self.to_text(obj))

    def decode(self, text: str, resolve: Resolve) -> Any:
        """Build a card from its notation."""
        return self.from_text(text, resolve)


@dataclass(frozen=True)
class CardsType:
    """A class of the assignment written as the cards it holds (a hand, a pile).

    Writing iterates the object; reading builds it with its cards as a list, the one
    argument of its constructor.

    Attributes:
        path: Dotted path of the class inside the package, e.g. ``cards.hand.Hand``.
        card: The cards' notation.
        inbound_only: When true, the type is only ever sent to the worker (see
            :class:`~cardlab.worker.codec.TextType`).
    """

    path: str
    card: CardType
    inbound_only: bool = False

    @property
    def name(self) -> str:
        """The type name used on the wire."""
        return self.path.rsplit(".", 1)[-1]

    def to_text(self, obj: Any) -> str:
        """The cards' notations, in order, separated by spaces."""
        return " ".join(self.card.to_text(card) for card in obj)

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """Build the object holding the cards written in ``text``."""
        cards = [self.card.from_text(item, resolve) for item in text.split()]
        return resolve(self.path)(cards)

    def encode(self, obj: Any) -> Value:
        """Encode the object by its cards."""
        return Value(self.name, self.to_text(obj))

    def decode(self, text: str, resolve: Resolve) -> Any:
        """Build the object from its cards."""
        return self.from_text(text, resolve)


class Field(Protocol):
    """How one field of a record is written and read back."""

    def to_text(self, value: Any) -> str:
        """The field's text."""

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """The field's value in the package at hand."""


@dataclass(frozen=True)
class OneCard:
    """A card, or nothing (``none``) where the field may be None."""

    card: CardType
    none: str | None = None

    def to_text(self, value: Any) -> str:
        """The card's notation; ``none`` for None."""
        if value is None and self.none is not None:
            return self.none
        return self.card.to_text(value)

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """The card; None for ``none``."""
        if text == self.none:
            return None
        return self.card.from_text(text, resolve)


@dataclass(frozen=True)
class Cards:
    """Cards in notation separated by spaces, read back as ``container`` (a tuple)."""

    card: CardType
    container: Callable[[list[Any]], Any] = tuple

    def to_text(self, value: Any) -> str:
        """The cards' notations, in order."""
        return " ".join(self.card.to_text(card) for card in value)

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """The cards, in order."""
        return self.container([self.card.from_text(item, resolve) for item in text.split()])


@dataclass(frozen=True)
class CardTexts:
    """Cards in notation separated by spaces, read back as their notations.

    For a record whose ``build`` makes its cards one by one, between other calls.
    """

    card: CardType

    def to_text(self, value: Any) -> str:
        """The cards' notations, in order."""
        return " ".join(self.card.to_text(card) for card in value)

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """The cards' notations, in order."""
        return text.split()


@dataclass(frozen=True)
class Number:
    """An int, in decimal."""

    def to_text(self, value: Any) -> str:
        """The number's digits."""
        return str(value)

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """The number."""
        return int(text)


@dataclass(frozen=True)
class Flag:
    """A bool, as ``1`` or ``0``."""

    def to_text(self, value: Any) -> str:
        """``1`` for true, ``0`` for false."""
        return str(int(value))

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """True for ``1``."""
        return text == "1"


@dataclass(frozen=True)
class Word:
    """A string, as it is."""

    def to_text(self, value: Any) -> str:
        """The string."""
        return f"{value}"

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """The string."""
        return text


@dataclass(frozen=True)
class Member:
    """A member of an enum of the package, by name."""

    path: str

    def to_text(self, value: Any) -> str:
        """The member's name."""
        return value.name

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """The member of the (composed) enum."""
        return resolve(self.path)[text]


Build = Callable[[Any, dict[str, Any], Resolve], Any]
"""Builds a record from its class, its fields by name and the package's resolver."""


def by_keywords(cls: Any, fields: dict[str, Any], resolve: Resolve) -> Any:
    """Build a record with its fields as keywords (the default)."""
    return cls(**fields)


def in_order(cls: Any, fields: dict[str, Any], resolve: Resolve) -> Any:
    """Build a record with its fields as positional arguments, in their order."""
    return cls(*fields.values())


@dataclass(frozen=True)
class RecordType:
    """A class of the assignment written as its named fields, joined in one line.

    Writing reads each field as an attribute of the object; reading splits the line
    and builds the object with ``build``. A field's text never holds the separator,
    so a line always splits into exactly its fields.

    Attributes:
        path: Dotted path of the class inside the package, e.g. ``board.PlayerView``.
        fields: Each field's name (its attribute, and its keyword when built) and kind,
            in the line's order.
        separator: What joins the fields.
        build: Builds the object from its class and fields (default: keywords).
        inbound_only: When true, the type is only ever sent to the worker (see
            :class:`~cardlab.worker.codec.TextType`).
    """

    path: str
    fields: Sequence[tuple[str, Field]]
    separator: str = "|"
    build: Build = by_keywords
    inbound_only: bool = False

    @property
    def name(self) -> str:
        """The type name used on the wire."""
        return self.path.rsplit(".", 1)[-1]

    def to_text(self, obj: Any) -> str:
        """The record in one line.

        Raises:
            CodecError: When a field's text holds the separator.
        """
        texts = []
        for name, kind in self.fields:
            text = kind.to_text(getattr(obj, name))
            if self.separator in text:
                raise CodecError(f"the {name} of a {self.name} holds {self.separator!r}: {text!r}")
            texts.append(text)
        return self.separator.join(texts)

    def from_text(self, text: str, resolve: Resolve) -> Any:
        """Build a record of the package at hand from its line.

        Raises:
            CodecError: When the line does not split into the record's fields.
        """
        parts = text.split(self.separator)
        if len(parts) != len(self.fields):
            raise CodecError(
                f"a {self.name} is {len(self.fields)} fields separated by "
                f"{self.separator!r}, not {text!r}"
            )
        values = {
            name: kind.from_text(part, resolve)
            for (name, kind), part in zip(self.fields, parts, strict=True)
        }
        return self.build(resolve(self.path), values, resolve)

    def encode(self, obj: Any) -> Value:
        """Encode a record by its line."""
        return Value(self.name, self.to_text(obj))

    def decode(self, text: str, resolve: Resolve) -> Any:
        """Build a record from its line."""
        return self.from_text(text, resolve)
