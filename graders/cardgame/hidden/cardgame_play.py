"""Random legal play with the reference, and the same play replayed in the student's code.

Games, hands and tricks are not values: in the student's code they stay in the worker
as handles. The judge drives the reference with a seeded random generator, records what
it did as actions (deals and plays), and replays those actions on the student's side.
"""

import random
from dataclasses import dataclass, field

from cardlab.testing import StudentRaised, expect_equal, member, show

TRUMPS = ("HEARTS", "CLUBS", "DIAMONDS", "SPADES", None)
SEATS = ("NORTH", "EAST", "SOUTH", "WEST")


def shuffled_deck(ref, rng):
    """A full reference deck in a random order."""
    deck = ref.card.full_deck()
    rng.shuffle(deck)
    return deck


def trumps_of(ref, name):
    """The reference suit named ``name``, or None (no trumps)."""
    return ref.card.Suit[name] if name else None


def trumps_text(name):
    return f"trumps {name.title()}" if name else "no trumps"


def cards_text(ref, cards):
    """Cards as notation separated by spaces."""
    return " ".join(show(ref.canon(card)) for card in cards) or "none"


@dataclass
class TrickState:
    """A trick reached by random legal play: the hands dealt, the plays, what is left.

    Attributes:
        leader: The reference seat that led.
        trumps: The trumps' name, or None.
        hands: Each reference seat's cards as dealt, before the trick.
        plays: (seat, card) pairs played so far, in order.
    """

    leader: object
    trumps: str | None
    hands: dict
    plays: list = field(default_factory=list)

    def held(self, seat):
        """What a seat holds now: its dealt cards less the one it played."""
        gone = {card for who, card in self.plays if who is seat}
        return [card for card in self.hands[seat] if card not in gone]

    def describe(self, ref):
        """The state in words, for messages."""
        hands = "; ".join(
            f"{seat.name} holds {cards_text(ref, self.held(seat))}" for seat in self.hands
        )
        played = " ".join(f"{seat.name[0]}:{show(ref.canon(card))}" for seat, card in self.plays)
        return (
            f"Trick led by {self.leader.name}, {trumps_text(self.trumps)}, "
            f"played so far: {played or 'nothing'}; {hands}"
        )


def random_trick(ref, seed, trumps, hand_size, played):
    """Deal ``hand_size`` cards each and play ``played`` random legal cards to one trick.

    Returns:
        The state and the reference trick.
    """
    rng = random.Random(seed)
    deck = shuffled_deck(ref, rng)
    seats = list(ref.player.Direction)
    hands = {
        seat: sorted(deck[index * hand_size : (index + 1) * hand_size])
        for index, seat in enumerate(seats)
    }
    leader = rng.choice(seats)
    state = TrickState(leader, trumps, hands)
    trick = ref.trick.Trick(leader, trumps_of(ref, trumps))
    for _ in range(played):
        seat = trick.next_to_play
        card = rng.choice(ref.trick.legal_cards(state.held(seat), trick.led_suit))
        trick.play(ref.player.Player(seat, ref.hand.Hand(state.held(seat))), card)
        state.plays.append((seat, card))
    return state, trick


def student_trick(student, ref, state):
    """The same trick in the student's code, with players holding what they hold now.

    Returns:
        The student's trick and players by reference seat.

    Raises:
        AssertionError: When the student's Trick.play refuses one of the legal plays.
    """
    canon = ref.canon
    players = {
        seat: student.pkg.player.Player(canon(seat), student.pkg.hand.Hand(canon(cards)))
        for seat, cards in state.hands.items()
    }
    trick = student.pkg.trick.Trick(canon(state.leader), canon(trumps_of(ref, state.trumps)))
    for index, (seat, card) in enumerate(state.plays):
        try:
            trick.play(players[seat], canon(card))
        except StudentRaised as error:
            earlier = TrickState(state.leader, state.trumps, state.hands, state.plays[:index])
            raise AssertionError(
                f"{earlier.describe(ref)}\n{seat.name} plays {show(ref.canon(card))}, a legal "
                f"move: Trick.play raised {error.type_name}: {error.message}"
            ) from None
        players[seat].hand.remove(canon(card))
    return trick, players


def accepts(ref, trick, player, card):
    """Whether the reference trick (a copy of it) accepts a play."""
    try:
        trick.copy().play(player, card)
    except ref.illegal_move.IllegalMove:
        return False
    return True


# -- whole games ------------------------------------------------------------------------


def random_actions(ref, variation, seed, count):
    """Up to ``count`` actions of a random legal game: deals and plays.

    Returns:
        The actions, each ``("deal", cards)`` or ``("play", seat, card)``; fewer when the
        game ends first.
    """
    rng = random.Random(seed)
    game = ref.variations.VARIATIONS[variation]()
    actions = []
    while len(actions) < count and not game.is_game_finished():
        if game.is_hand_finished():
            action = ("deal", shuffled_deck(ref, rng))
        else:
            action = ("play", game.next_to_play, rng.choice(game.legal_moves()))
        apply(game, action)
        actions.append(action)
    return actions


def apply(game, action, convert=lambda value: value):
    """Apply one action to a game: a reference game, or the student's with ``ref.canon``."""
    if action[0] == "deal":
        game.deal(convert(action[1]))
    else:
        game.play(convert(action[1]), convert(action[2]))


def describe_action(ref, action):
    if action[0] == "deal":
        return "deal " + cards_text(ref, action[1])
    return f"{action[1].name} plays {show(ref.canon(action[2]))}"


def _state(game, canon, seats):
    trick = game.trick
    state = {
        "trumps": canon(game.trumps),
        "next_to_play": canon(game.next_to_play),
        "tricks_won": canon(game.tricks_won()),
        "scores": canon(game.scores()),
        "trick.cards": canon(trick.cards) if trick is not None else None,
    }
    for name, seat in zip(SEATS, seats, strict=True):
        # iter() first: list() of a handle would also ask the worker for its len()
        state[f"player({name}).hand"] = sorted(canon(list(iter(game.player(seat).hand))))
    return state


def reference_state(ref, game):
    """What can be seen of a reference game: trumps, turn, counts, trick, hands (sorted)."""
    return _state(game, ref.canon, list(ref.player.Direction))


def student_state(game):
    """The same of a game in the student's code (hands sorted in the judge)."""
    return _state(game, lambda value: value, [member("Direction", name) for name in SEATS])


def expect_same_state(got, expected, where):
    """Fail with the first field of a game's state that differs."""
    for name, value in expected.items():
        expect_equal(got[name], value, f"{where}: {name}")


# -- tricks aimed at one rule of the simple computer player ---------------------------

RULES = ("lead", "cannot-win", "last-wins", "can-win-not-last")
"""The four rules of SimpleComputerPlayer.next_card, in its docstring's order."""

_AIM_TRIES = 400


def rule_for(ref, state, trick):
    """Which rule of next_card the player to play in ``trick`` follows."""
    winning = trick.winning_card
    if winning is None:
        return "lead"
    eligible = ref.trick.legal_cards(state.held(trick.next_to_play), trick.led_suit)
    if not any(ref.trick.beats(card, winning, trick.trumps) for card in eligible):
        return "cannot-win"
    return "last-wins" if len(trick.cards) == ref.trick.CARDS_PER_TRICK - 1 else "can-win-not-last"


def aimed_trick(ref, seed, rule):
    """A random trick in which the player to play follows ``rule`` (searched from ``seed``).

    A uniform draw reaches some rules rarely (a last player that can win with few cards
    in hand, say); this draws tricks until one needs the rule, so each rule is tested
    as often as the others.
    """
    rng = random.Random(seed)
    for _ in range(_AIM_TRIES):
        played = 0 if rule == "lead" else 3 if rule == "last-wins" else rng.randint(1, 3)
        trumps = rng.choice(TRUMPS)
        state, trick = random_trick(ref, rng.randrange(2**32), trumps, rng.randint(1, 13), played)
        if rule_for(ref, state, trick) == rule:
            return state, trick
    raise LookupError(f"no trick for the rule {rule!r} from seed {seed}")


DECK_TEXT = tuple(f"{rank}{suit}" for suit in "HCDS" for rank in (*map(str, range(2, 11)), *"JQKA"))
"""Every card's notation, for strategies that draw cards."""
