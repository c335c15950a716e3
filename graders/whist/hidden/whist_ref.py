"""Shared helpers of the hidden whist graders: the reference's classes and card notation."""

import random

from cardlab.testing import card

SYMBOLS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LETTERS = ("S", "H", "D", "C")
ALL_CARDS = tuple(rank + letter for letter in LETTERS for rank in SYMBOLS)


class Ref:
    """The reference's classes, and conversions between its cards and notation."""

    def __init__(self, ref):
        self.card = ref.module("cards.card")
        self.deck = ref.module("cards.deck")
        self.hand = ref.module("cards.hand")
        self.trick = ref.module("whist.trick")
        self.basic = ref.module("whist.basic_strategy")
        self.Card, self.Suit, self.Rank = self.card.Card, self.card.Suit, self.card.Rank
        self._by_text = {c.notation: c for c in self.card.full_deck()}

    def of(self, text):
        """The reference card written ``text``."""
        return self._by_text[text]

    def cards(self, texts):
        """Reference cards from notations (a list, or one string separated by spaces)."""
        items = texts.split() if isinstance(texts, str) else texts
        return [self._by_text[text] for text in items]

    @staticmethod
    def text(card_):
        """The notation of a reference card."""
        return card_.notation

    def values(self, cards_):
        """Reference cards as canonical values."""
        return [card(c.notation) for c in cards_]

    def deal(self, seed):
        """A reference deck shuffled by ``random.Random(seed)``, as notation, top first."""
        return [c.notation for c in self.deck.Deck(random.Random(seed))]


def joined(texts):
    """Notations joined by spaces, as the codec writes cards."""
    return " ".join(texts)


def expect_other_version_refused(student, cls, version, saved):
    """Loading ``saved`` fails once ``cls.FORMAT_VERSION`` is no longer ``version``."""
    from cardlab.testing import expect_equal

    expect_equal(student.attr(cls, "FORMAT_VERSION"), version, f"{cls!r}.FORMAT_VERSION")
    student.builtin("setattr", cls, "FORMAT_VERSION", version + 1)
    try:
        with student.raises("UnpicklingError"):
            student.builtin("pickle_loads", saved)
    finally:
        student.builtin("setattr", cls, "FORMAT_VERSION", version)
