"""Shared pieces of the hidden phase-2 graders: positions, and your turns checked by the steps.

Hidden test modules ``import kings_corner_turns`` (grading puts the grader folders on
``sys.path``).  A ``Position`` is the start of a computer turn: the eight piles, the
computer's hand and the draw pile.  Positions come from ``random.Random(seed)`` in
five families (``FAMILIES``), each aimed at a branch of the steps.

``play_turn`` sets a position up in your worker, runs your ``ComputerPlayer.take_turn``
and reads back the moves the provided ``Table`` recorded and the state it was left in.
``check_turn`` then replays those moves on the reference's own table with
``cardlab.testing.expect_conformant``: every move must belong to the first step that has
a move, no step may be left while it has one, and the turn must end with a draw unless
the hand or the draw pile is empty.  Your choice *within* a step is never compared
with ours.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardlab.testing import (
    Procedure,
    Step,
    StudentRaised,
    Value,
    WorkerFailure,
    card,
    expect_conformant,
    expect_equal,
)

RANKS = "A23456789TJQK"
SUITS = "CDHS"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
RED = frozenset("DH")
CORNERS = (5, 6, 7, 8)
MOVABLE = (1, 2, 3, 4)

FAMILIES = ("played", "chains", "kings_in_hand", "king_bottoms", "empty_stock")
"""The kinds of position: reached by play, built for long chains, with Kings in the
hand, with Kings at the bottom of piles 1 to 4, and with an empty draw pile."""

STEP_TITLES = (
    "step 1 (Kings to the corners)",
    "step 2 (pile moves onto non-empty piles)",
    "step 3 (lays on non-empty piles)",
    "step 4 (lays on empty piles 1 to 4)",
    "step 5 (the draw)",
)


def value(text: str) -> int:
    return RANKS.index(text[0]) + 1


def follows(lower: str, upper: str) -> bool:
    """The sequence rule on notations: one rank lower, the other colour."""
    return value(lower) == value(upper) - 1 and (lower[1] in RED) != (upper[1] in RED)


@dataclass(frozen=True)
class Position:
    """The start of a computer turn, in notation.

    Attributes:
        piles: Eight strings, pile 1 first, each the pile's cards bottom first.
        hand: The computer's hand.
        stock: The draw pile, bottom first (the last card is drawn first).
        family: Which of ``FAMILIES`` made it.
        seed: The seed it was made from.
    """

    piles: tuple[str, ...]
    hand: str
    stock: str
    family: str
    seed: int

    def describe(self) -> str:
        lines = [f"Pile {n}: {cards}".rstrip() for n, cards in enumerate(self.piles, start=1)]
        lines.append(f"Computer's hand: {self.hand}")
        count = len(self.stock.split())
        lines.append(
            f"Draw pile: {count} card(s)" + (f", top {self.stock.split()[-1]}" if count else "")
        )
        return "\n".join(f"    {line}" for line in lines)


# -- making positions -----------------------------------------------------------------------


class _Builder:
    """Cards still free, and piles grown from them, for one position."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.free = list(DECK)
        rng.shuffle(self.free)
        self.piles: list[list[str]] = [[] for _ in range(8)]

    def take(self, wanted) -> str | None:
        """Take a free card that satisfies ``wanted``, or None."""
        for index, candidate in enumerate(self.free):
            if wanted(candidate):
                return self.free.pop(index)
        return None

    def grow(self, number: int, length: int) -> None:
        """Add up to ``length`` cards on pile ``number``, keeping the sequence rule."""
        pile = self.piles[number - 1]
        for _ in range(length):
            if pile:
                top = pile[-1]
                following = self.take(lambda c, top=top: follows(c, top))
            else:
                following = self.take(lambda c: number in MOVABLE or c[0] == "K")
            if following is None:
                return
            pile.append(following)

    def start(self, number: int, first: str | None, length: int) -> None:
        if first is not None and first in self.free:
            self.free.remove(first)
            self.piles[number - 1].append(first)
        self.grow(number, length)

    def position(self, hand: list[str], stock_size: int, family: str, seed: int) -> Position:
        stock = self.free[:stock_size]
        return Position(
            tuple(" ".join(p) for p in self.piles), " ".join(hand), " ".join(stock), family, seed
        )

    def hand(self, size: int) -> list[str]:
        cards, self.free = self.free[:size], self.free[size:]
        return cards


def _random_table(builder: _Builder, rng: random.Random) -> None:
    for number in MOVABLE:
        if rng.random() < 0.8:
            builder.grow(number, rng.randint(1, 4))
    for number in CORNERS:
        if rng.random() < 0.5:
            builder.grow(number, rng.randint(1, 6))


def _chains(builder: _Builder, rng: random.Random) -> list[str]:
    """A long descending sequence cut into a pile, hand cards and movable piles."""
    corner = rng.choice(CORNERS)
    builder.start(corner, None, 0)
    builder.grow(corner, rng.randint(1, 3))
    sequence = []
    top = builder.piles[corner - 1][-1]
    while True:
        following = builder.take(lambda c, top=top: follows(c, top))
        if following is None:
            break
        sequence.append(following)
        top = following
    hand, empties = [], [n for n in MOVABLE]
    rng.shuffle(empties)
    index = 0
    while index < len(sequence):
        if empties and rng.random() < 0.5:
            size = rng.randint(1, 3)
            builder.piles[empties.pop() - 1].extend(sequence[index : index + size])
            index += size
        else:
            hand.append(sequence[index])
            index += 1
    return hand


def make_position(family: str, seed: int, ref=None) -> Position:
    """Build the position of ``family`` for ``seed`` (``ref`` is needed for "played")."""
    rng = random.Random(f"{family}:{seed}")
    if family == "played":
        return _played_position(ref, rng, seed)
    builder = _Builder(rng)
    hand: list[str] = []
    if family == "chains":
        hand = _chains(builder, rng)
    elif family == "king_bottoms":
        for number in rng.sample(MOVABLE, rng.randint(1, 4)):
            king = builder.take(lambda c: c[0] == "K")
            if king is not None:
                builder.start(number, king, rng.randint(0, 4))
    elif family == "kings_in_hand":
        hand = [
            k for k in (builder.take(lambda c: c[0] == "K") for _ in range(rng.randint(1, 3))) if k
        ]
    _random_table(builder, rng)
    hand += builder.hand(rng.randint(1 if hand else 2, 8))
    stock = 0 if family == "empty_stock" else rng.randint(1, len(builder.free))
    return builder.position(hand, stock, family, seed)


def _played_position(ref, rng: random.Random, seed: int) -> Position:
    """The start of a computer turn in a round played by two reference computers."""
    players = [ref.computer_player.ComputerPlayer(name, rng) for name in ("A", "B")]
    while True:
        draw_pile = ref.piles.DrawPile.shuffled(rng)
        table = ref.table.Table(draw_pile)
        draw_pile.deal(players[0].hand, players[1].hand, table.piles[:4])
        turns = rng.randint(0, 30)
        for turn in range(turns + 1):
            mover, other = players[turn % 2], players[(turn + 1) % 2]
            if turn == turns:
                return Position(
                    tuple(" ".join(c.notation for c in p.cards) for p in table.piles),
                    " ".join(c.notation for c in mover.hand.cards),
                    " ".join(c.notation for c in table.draw_pile.cards),
                    "played",
                    seed,
                )
            mover.take_turn(table, other)
            if mover.hand.is_empty:
                break
        for player in players:
            player.hand.clear()


# -- your turn, and the check ----------------------------------------------------------------


@dataclass
class TurnState:
    """The judge's own table and hand while your moves are replayed."""

    table: object
    hand: object
    drew: bool = False


def reference_state(ref, position: Position) -> TurnState:
    cards = ref.card.Card.from_notation
    piles = [
        ref.piles.LaydownPile(n, [cards(c) for c in text.split()])
        for n, text in enumerate(position.piles, start=1)
    ]
    table = ref.table.Table(ref.piles.DrawPile([cards(c) for c in position.stock.split()]), piles)
    return TurnState(table, ref.piles.PlayerHand([cards(c) for c in position.hand.split()]))


def procedure(ref) -> Procedure:
    """The five steps as a ``Procedure`` over ``TurnState``, choices in move notation."""
    steps = ref.computer_player

    def notations(moves) -> list[str]:
        return [move.notation for move in moves]

    def draw(state: TurnState) -> list[str]:
        return ["D"] if len(state.hand) and not state.table.draw_pile.is_empty else []

    def apply(state: TurnState, choice: str) -> TurnState:
        state.table.apply(state.hand, ref.table.Move.from_notation(choice))
        state.drew = state.drew or choice == "D"
        return state

    return Procedure(
        steps=(
            Step(STEP_TITLES[0], lambda s: notations(steps.king_moves(s.table, s.hand))),
            Step(STEP_TITLES[1], lambda s: notations(steps.pile_moves(s.table))),
            Step(STEP_TITLES[2], lambda s: notations(steps.lays_on_piles(s.table, s.hand))),
            Step(STEP_TITLES[3], lambda s: notations(steps.lays_on_empty_piles(s.table, s.hand))),
            Step(STEP_TITLES[4], draw),
        ),
        apply=apply,
        finished=lambda s: s.drew or not len(s.hand),
    )


def set_up(student, position: Position, seed: int):
    """Your ComputerPlayer (``random.Random(seed)``), its hand and the table, in the worker."""
    piles = [
        Value("LaydownPile", f"{n}:{cards}") for n, cards in enumerate(position.piles, start=1)
    ]
    table = student.pkg.table.Table(Value("DrawPile", position.stock), piles)
    computer = student.pkg.computer_player.ComputerPlayer(
        "Computer", student.builtin("Random", seed)
    )
    hand = computer.hand
    for text in position.hand.split():
        hand.add(card(text))
    return table, computer


def play_turn(student, position: Position, seed: int) -> tuple[list[str], list, list]:
    """Run your ``take_turn`` on the position; return its moves, the piles and the hand after.

    Every way your code can fail is turned into one ``AssertionError`` raised from one
    place, so that hypothesis, replaying the example, sees the same failure again (a
    worker that timed out fails every later call of the test at once).
    """
    call = (
        f"ComputerPlayer('Computer', random.Random({seed})).take_turn(table, opponent) "
        f"on this position ({position.family}):\n{position.describe()}"
    )
    try:
        table, computer = set_up(student, position, seed)
        computer.take_turn(table, student.pkg.player.Player("You"))
        moves = [move.text for move in table.moves]
        return moves, [pile.cards for pile in table.piles], computer.hand.cards
    except StudentRaised as error:
        problem = f"your code raised {error.type_name}: {error.message}{error.stub_hint}"
    except WorkerFailure as failure:
        problem = (
            f"your turn did not finish: {failure}\n"
            "  (does a loop go on after every step has run out of moves?)"
        )
    raise AssertionError(f"{call}\n  {problem}")


def check_turn(student, ref, position: Position, seed: int) -> None:
    """Your turn on ``position`` follows the steps, and the table ends as the moves say."""
    moves, piles, hand = play_turn(student, position, seed)
    context = (
        f"ComputerPlayer.take_turn on this position ({position.family}, seed {seed}):\n"
        f"{position.describe()}"
    )
    state = reference_state(ref, position)
    expect_conformant(procedure(ref), state, moves, context)
    expect_equal(
        [piles, hand],
        [ref.canon([p.cards for p in state.table.piles]), ref.canon(state.hand.cards)],
        f"{context}\n  after your moves {' '.join(f'[{m}]' for m in moves)}: "
        "[the eight piles, your hand]",
    )
