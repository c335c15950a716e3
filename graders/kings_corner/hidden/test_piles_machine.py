"""Hidden stateful tests of the piles and the table (phase 1): your objects and the reference's
side by side.

A hypothesis ``RuleBasedStateMachine`` deals a round from a seeded draw pile, then makes
random lays, pile moves and draws, aimed so that about half are legal, on your piles and on
the reference's at once.  Both must accept or refuse each step alike (a refusal is an
``IllegalMove``), and after every step the eight piles, both hands and the draw pile must
hold the same cards.  The ``piles`` machine calls the piles' own methods
(``LaydownPile.lay``, ``move_onto``, ``DrawPile.draw``, ``PlayerHand.add`` and
``remove``); the ``table`` machine goes through ``Table.apply`` and also compares
``Table.moves``.
"""

import random

import pytest
from hypothesis import HealthCheck, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from cardlab.testing import StudentRaised, Value, card, expect_equal

NAMES = ("first", "second")

SETTINGS = settings(
    max_examples=10, stateful_step_count=25, deadline=None, suppress_health_check=list(HealthCheck)
)


def machine(student, ref, through_table: bool):
    """The state machine class for one test, bound to your code and the reference."""

    class Piles(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            student.new_example()
            self.steps: list[str] = []

        @initialize(seed=st.integers(0, 2**32 - 1))
        def deal(self, seed):
            self.steps.append(
                f"draw_pile = DrawPile.shuffled(random.Random({seed})); "
                "draw_pile.deal(first, second, table.piles[:4])"
            )
            self.ref_draw = ref.piles.DrawPile.shuffled(random.Random(seed))
            self.ref_hands = [ref.piles.PlayerHand() for _ in NAMES]
            self.ref_table = ref.table.Table(self.ref_draw)
            self.ref_draw.deal(*self.ref_hands, self.ref_table.piles[:4])
            self.draw = student.pkg.piles.DrawPile.shuffled(student.builtin("Random", seed))
            self.hands = [student.pkg.piles.PlayerHand([]) for _ in NAMES]
            self.table = student.pkg.table.Table(self.draw)
            self.piles = self.table.piles
            self.draw.deal(*self.hands, self.piles[:4])

        def where(self) -> str:
            return "After:\n" + "\n".join(f"  {step}" for step in self.steps)

        def both(self, description, on_reference, on_student):
            """Make one step on both sides; both must succeed, or both refuse it."""
            self.steps.append(description)
            try:
                on_reference()
                refused = False
            except ref.piles.IllegalMove:
                refused = True
            if refused:
                with student.raises("IllegalMove"):
                    on_student()
                return
            try:
                on_student()
            except StudentRaised as error:
                raise AssertionError(
                    f"{self.where()}\n  expected: the last step to succeed\n"
                    f"  got:      raised {error.type_name}: {error.message}"
                ) from None

        # -- choosing cards and piles, aimed at legal moves about half the time -------------

        def legal_lays(self, who):
            hand = self.ref_hands[who]
            return [
                (c.notation, p.number) for c in hand for p in self.ref_table.piles if p.can_take(c)
            ]

        @rule(
            who=st.sampled_from((0, 1)),
            pick=st.integers(0, 200),
            aimed=st.booleans(),
            number=st.integers(1, 8),
        )
        def lay(self, who, pick, aimed, number):
            legal = self.legal_lays(who)
            held = [c.notation for c in self.ref_hands[who]]
            if aimed and legal:
                text, number = legal[pick % len(legal)]
            elif held:
                text = held[pick % len(held)]
            else:
                return
            name = NAMES[who]
            if through_table:
                move = Value("Move", f"L {text} {number}")
                self.both(
                    f"table.apply({name}, {move!r})",
                    lambda: self.ref_table.apply(
                        self.ref_hands[who], ref.table.Move.from_notation(move.text)
                    ),
                    lambda: self.table.apply(self.hands[who], move),
                )
                return

            def on_reference():
                ref_card = ref.card.Card.from_notation(text)
                self.ref_table.piles[number - 1].lay(ref_card)
                self.ref_hands[who].remove(ref_card)

            def on_student():
                self.piles[number - 1].lay(card(text))
                self.hands[who].remove(card(text))

            self.both(f"pile {number}.lay({text}); {name}.remove({text})", on_reference, on_student)

        @rule(
            source=st.integers(1, 8),
            onto=st.integers(1, 8),
            aimed=st.booleans(),
            pick=st.integers(0, 100),
        )
        def move_pile(self, source, onto, aimed, pick):
            piles = self.ref_table.piles
            legal = [(s.number, t.number) for s in piles for t in piles if s.can_move_onto(t)]
            if aimed and legal:
                source, onto = legal[pick % len(legal)]
            if through_table:
                move = Value("Move", f"M {source} {onto}")
                self.both(
                    f"table.apply(first, {move!r})",
                    lambda: self.ref_table.apply(
                        self.ref_hands[0], ref.table.Move.from_notation(move.text)
                    ),
                    lambda: self.table.apply(self.hands[0], move),
                )
                return
            self.both(
                f"pile {source}.move_onto(pile {onto})",
                lambda: piles[source - 1].move_onto(piles[onto - 1]),
                lambda: self.piles[source - 1].move_onto(self.piles[onto - 1]),
            )

        @rule(who=st.sampled_from((0, 1)))
        def draw_card(self, who):
            name = NAMES[who]
            if through_table:
                self.both(
                    f"table.apply({name}, D)",
                    lambda: self.ref_table.apply(self.ref_hands[who], ref.table.Move.draw()),
                    lambda: self.table.apply(self.hands[who], Value("Move", "D")),
                )
                return

            def on_student():
                self.hands[who].add(self.draw.draw())

            self.both(
                f"{name}.add(draw_pile.draw())",
                lambda: self.ref_hands[who].add(self.ref_draw.draw()),
                on_student,
            )

        @rule(who=st.sampled_from((0, 1)), pick=st.integers(0, 51))
        def add_a_held_card(self, who, pick):
            held = [c.notation for c in self.ref_hands[who]]
            if not held or through_table:
                return
            text = held[pick % len(held)]
            self.both(
                f"{NAMES[who]}.add({text}) (already held)",
                lambda: self.ref_hands[who].add(ref.card.Card.from_notation(text)),
                lambda: self.hands[who].add(card(text)),
            )

        @invariant()
        def same_cards(self):
            if not hasattr(self, "table"):
                return
            got = [
                [pile.cards for pile in self.piles],
                [h.cards for h in self.hands],
                self.draw.cards,
            ]
            expected = [
                [ref.canon(p.cards) for p in self.ref_table.piles],
                [ref.canon(h.cards) for h in self.ref_hands],
                ref.canon(self.ref_draw.cards),
            ]
            expect_equal(
                got, expected, f"{self.where()}\n[the eight piles, the two hands, the draw pile]"
            )
            if through_table:
                expect_equal(
                    self.table.moves,
                    ref.canon(self.ref_table.moves),
                    f"{self.where()}\ntable.moves",
                )

    return Piles


@pytest.mark.part("piles")
@pytest.mark.weight(6)
def test_piles_like_the_reference(student, ref, seeds):
    """Random deals, lays, pile moves and draws on the piles themselves, as the reference."""
    piles = seed(seeds.seed("kings_corner", "piles machine"))(
        machine(student, ref, through_table=False)
    )
    run_state_machine_as_test(piles, settings=SETTINGS)


@pytest.mark.part("table")
@pytest.mark.weight(6)
def test_table_like_the_reference(student, ref, seeds):
    """Random deals, lays, pile moves and draws through Table.apply, as the reference."""
    piles = seed(seeds.seed("kings_corner", "table machine"))(
        machine(student, ref, through_table=True)
    )
    run_state_machine_as_test(piles, settings=SETTINGS)
