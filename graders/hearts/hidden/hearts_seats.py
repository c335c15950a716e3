"""Seeded games played by the grader on the provided game, with a Player of yours in one seat.

In phase 1 the game (``Hearts``) and the ``Dealer`` are provided, so a whole game tests
your Player (its ``choose``, through your rules and cards) and nothing else. The grader
plays it on the reference's own ``Hearts``, here in the judge, with the reference's
Players in three seats and a stand-in in the fourth (made by :func:`seat_classes`). The
stand-in keeps the hand and the cards taken as the reference Player does, passes every
change to a Player of yours in your process (``start_hand``, ``take_cards``, ``play``,
``collect``), and asks that Player to ``choose`` every card of its seat. Each choice is
checked against the reference rules before the game plays it. Nothing your code does to
the provided modules in your process reaches these games.

The changes are told without waiting for your Player's answer: they reach your process
together with the next ``choose``, in the order they happened, so a game costs one round
trip per card your Player chooses. An exception from one of them fails the game all the
same, naming the call and the moment of the game it was told.

North deals, with the reference Dealer's shuffle and its own generator; when your Player
sits North, it chooses North's cards.
"""

from __future__ import annotations

import functools
import random

from hearts_games import SEAT_NAMES, notation, seat_seed

from cardlab.testing import StudentRaised, ToldRaised, Value, show


class Illegal(AssertionError):
    """Your Player chose a card it may not play, or its code raised; the message says which."""


def seat_classes(ref):
    """The stand-in classes for the reference game: a seat, and the dealer's seat.

    A game sends the same 52 cards to your process again and again, so each card's
    canonical value and notation are worked out once per game.
    """
    sent_card = functools.cache(ref.canon)
    notation_of = functools.cache(lambda card: card.notation)

    def sent_cards(cards) -> list:
        return [sent_card(card) for card in cards]

    def situation_value(situation) -> Value:
        """A reference Situation as the value your Player's ``choose`` receives."""
        hand, trick, broken, first = situation
        hand_text = " ".join(map(notation_of, hand))
        trick_text = " ".join(map(notation_of, trick))
        return Value("Situation", f"{hand_text}|{trick_text}|{int(broken)}|{int(first)}")

    class YourSeat(ref.player.Player):
        """A seat of the reference game whose choices and changes go to your Player."""

        def __init__(self, name: str, rng: random.Random, student, handle) -> None:
            super().__init__(name, rng)
            self.student = student
            self.handle = handle
            self.hands = 0
            self.played = 0

        def _tell(self, what, method: str, *args) -> None:
            """Tell your Player ``method(*args)``; ``what()`` names the call if it raises."""
            where = self._where()
            self.student.tell(
                getattr(self.handle, method),
                *args,
                describe=lambda: f"{where}: the game's call {self.name}.{what()}",
            )

        def _where(self) -> str:
            return f"hand {self.hands}, trick {self.played + 1}"

        def start_hand(self) -> None:
            super().start_hand()
            self.hands += 1
            self.played = 0
            self._tell(lambda: "start_hand()", "start_hand")

        def take_cards(self, cards) -> None:
            cards = list(cards)
            super().take_cards(cards)
            sent = sent_cards(cards)
            self._tell(lambda: f"take_cards([{notation(cards)}])", "take_cards", sent)

        def play(self, card):
            super().play(card)
            self.played += 1
            sent = sent_card(card)
            self._tell(lambda: f"play({card.notation})", "play", sent)
            return card

        def collect(self, cards) -> None:
            cards = list(cards)
            super().collect(cards)
            sent = sent_cards(cards)
            self._tell(lambda: f"collect([{notation(cards)}])", "collect", sent)

        def choose(self, situation):
            """Your Player's choice, if the rules allow it."""
            hand, trick, broken, first = situation
            try:
                got = self.handle.choose(situation_value(situation))
            except ToldRaised as error:
                raise Illegal(error.summary) from None
            except StudentRaised as error:
                raise Illegal(
                    f"{self._where()}: {self._choose_call(situation)} raised "
                    f"{error.type_name}: {error.message}"
                ) from None
            legal = ref.rules.legal_plays(hand, trick, broken, first)
            by_value = {sent_card(card): card for card in legal}
            if type(got) is Value and got in by_value:
                return by_value[got]
            held = type(got) is Value and got in set(sent_cards(hand))
            why = "a card it may not play" if held else "not a card of its hand"
            raise Illegal(
                f"{self._where()}: {self._choose_call(situation)} returned "
                f"{show(got)}, {why} (legal: {notation(legal)})"
            )

        def _choose_call(self, situation) -> str:
            hand, trick, _, _ = situation
            return f"{self.name}.choose(hand [{notation(hand)}], trick [{notation(trick)}])"

    class YourDealerSeat(YourSeat, ref.dealer.Dealer):
        """North: deals with the reference Dealer's shuffle, chooses with your Player."""

    return YourSeat, YourDealerSeat


def play_judged_game(student, ref, seed: int, seat: int) -> None:
    """Play :func:`judged_game` to its end, your Player's answers to every call checked.

    Raises:
        Illegal: At your Player's first illegal card, or first exception.
    """
    try:
        judged_game(student, ref, seed, seat).play_game()
        student.flush()
    except ToldRaised as error:
        raise Illegal(error.summary) from None


def judged_game(student, ref, seed: int, seat: int):
    """The reference game for the seed, with a Player of yours at ``seat`` (0 is North).

    The generators match ``hearts_games.reference_game``: North's (in the judge) shuffles,
    and your Player gets ``Random`` of its seat's seed in your process.
    """
    your_seat, your_dealer_seat = seat_classes(ref)
    players = []
    for index, name in enumerate(SEAT_NAMES):
        rng = random.Random(seat_seed(seed, index))
        if index != seat:
            kind = ref.dealer.Dealer if index == 0 else ref.player.Player
            players.append(kind(name, rng))
            continue
        handle = student.pkg.player.Player(name, student.builtin("Random", seat_seed(seed, index)))
        kind = your_dealer_seat if index == 0 else your_seat
        players.append(kind(name, rng, student, handle))
    return ref.game.Hearts(players)
