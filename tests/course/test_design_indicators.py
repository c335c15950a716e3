"""The design-rule indicators find what they state, and only that."""

from __future__ import annotations

import textwrap
from pathlib import Path

from cardlab.course import design

ROOT = Path(__file__).resolve().parents[2]


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "module.py"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_reading_or_changing_another_objects_variables_is_found(tmp_path):
    path = _file(tmp_path, """
        class Game:
            def peek(self, player):
                return player._hand

            def cheat(self, player):
                player.score = 0

            def fine(self, player):
                self._seen = player.hand
                return player.points_taken()
    """)
    assert design.reaching_into_objects(path) == [
        "module.py:4: reads player._hand of another object",
        "module.py:7: changes player.score of another object",
    ]


def test_input_output_mixed_with_computation_is_found(tmp_path):
    path = _file(tmp_path, """
        def report(scores):
            print("Scores: " + ", ".join(str(s) for s in scores))

        def report_and_add(scores):
            print(sum(scores))

        def ask(limit):
            answer = int(input("? "))
            return answer if answer < limit else None

        def compute(a, b):
            return a * b + max(a, b)
    """)
    assert design.io_mixed_with_computation(path) == [
        "module.py:5: report_and_add does input or output and also computes",
        "module.py:8: ask does input or output and also computes",
    ]


def test_the_public_methods_of_a_named_tuple_are_not_another_objects_variables(tmp_path):
    path = _file(tmp_path, """
        class Player:
            def choose(self, situation):
                fields = situation._asdict()
                later = situation._replace(trick=())
                return fields, later, situation._fields, situation._private
    """)
    assert design.reaching_into_objects(path) == [
        "module.py:6: reads situation._private of another object",
    ]


def test_a_method_that_picks_prints_and_returns_computes(tmp_path):
    path = _file(tmp_path, """
        class Player:
            def choose(self, situation):
                card = situation.legal_plays[0]
                print(f"{self.name} plays {card}")
                return card

            def choose_at_random(self, situation):
                print("thinking")
                self._rng.shuffle(self._notes)

            def announce(self, card):
                print(f"{self.name} plays {card}")
                return card.notation

            def play_turn(self, board, card):
                print(f"You play {card}.")
                return board.play(card)

            def main(self, finished):
                print("Goodbye.")
                return EXIT_OK if finished else 1

            def ask(self):
                answer = input("Your card: ")
                return answer.strip()
    """)
    assert design.io_mixed_with_computation(path) == [
        "module.py:3: Player.choose does input or output and also computes",
        "module.py:8: Player.choose_at_random does input or output and also computes",
    ]


def test_the_hearts_reference_keeps_both_rules():
    for path in sorted((ROOT / "reference" / "hearts").glob("*.py")):
        assert design.reaching_into_objects(path) == [], path.name
        assert design.io_mixed_with_computation(path) == [], path.name


def test_a_file_that_does_not_parse_is_one_finding(tmp_path):
    path = _file(tmp_path, "def broken(:\n")
    assert design.reaching_into_objects(path)[0].startswith("module.py:1: does not parse")
