"""Hidden graders draw what student code sees from the course secret (principle 11).

Hearts names its games and derives their seeds from the secret; the hidden hypothesis
tests of hearts, kings corner, whist, bisca and cardgame draw their examples from it
(the ``secret_examples`` fixture), and a state machine or a ``@given`` function run inside
a test takes a seed derived from it. Under one secret the deals are the same on every
run; under another they differ.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.judge.plugin import seed_examples
from cardlab.judge.seeds import Seeds

ROOT = Path(__file__).resolve().parents[1]
ONE, OTHER = b"a" * 32, b"b" * 32


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _reference_hearts():
    import sys

    sys.path.insert(0, str(ROOT / "reference"))
    try:
        from hearts import card, dealer, game, player
    finally:
        sys.path.remove(str(ROOT / "reference"))

    class Ref:  # the shape of the ``ref`` fixture that hearts_games reads
        pass

    ref = Ref()
    ref.card, ref.dealer, ref.game, ref.player = card, dealer, game, player
    return ref


def _hearts_first_hands(secret: bytes) -> list[tuple[str, ...]]:
    games = _module(ROOT / "graders" / "hearts" / "hidden" / "hearts_games.py")
    ref = _reference_hearts()
    hands = []
    for seed in games.game_seeds(Seeds(secret), "legality", 1, 3).values():
        table = games.reference_game(ref, seed)
        hands += [tuple(c.notation for c in p.hand) for p in table.players]
    return hands


def test_hearts_hidden_deals_follow_the_course_secret():
    assert _hearts_first_hands(ONE) == _hearts_first_hands(ONE)
    assert _hearts_first_hands(ONE) != _hearts_first_hands(OTHER)


def _drawn(secret: bytes) -> list[int]:
    drawn: list[int] = []

    @given(st.integers(0, 2**32 - 1))
    def shuffles(seed: int) -> None:
        drawn.append(seed)

    seed_examples(shuffles, Seeds(secret), "test_piles_reference.py::test_shuffled")
    shuffles()
    return drawn


def test_hypothesis_examples_follow_the_course_secret():
    assert _drawn(ONE) == _drawn(ONE)
    assert _drawn(ONE) != _drawn(OTHER)


OPTED_IN = ["hearts", "kings_corner", "whist", "bisca", "cardgame"]


@pytest.mark.parametrize("assignment", OPTED_IN)
def test_hidden_graders_opt_in(assignment):
    tree = ast.parse((ROOT / "graders" / assignment / "hidden" / "conftest.py").read_text())
    autouse = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and "autouse=True" in " ".join(ast.unparse(d) for d in node.decorator_list)
    ]
    assert any(a.arg == "secret_examples" for node in autouse for a in node.args.args)


@pytest.mark.parametrize("assignment", ["bisca", "cardgame"])
def test_hypothesis_functions_run_by_a_test_are_seeded_by_it(assignment):
    """The fixture seeds tests; a ``@given`` function that a test calls is seeded there."""
    for path in sorted((ROOT / "graders" / assignment / "hidden").glob("*.py")):
        tree = ast.parse(path.read_text())
        seeded = {
            ast.unparse(node.args[0])
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "seed_examples"
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("test_"):
                decorators = " ".join(ast.unparse(d) for d in node.decorator_list)
                assert "given(" not in decorators or node.name in seeded, (path.name, node.name)


def _runs_its_own_examples(test: ast.FunctionDef) -> bool:
    """Whether a test runs hypothesis examples the autouse fixture cannot seed: a state
    machine, or a ``@given`` function of its own."""
    inner_given = any(
        isinstance(node, ast.FunctionDef)
        and any("given" in ast.unparse(d) for d in node.decorator_list)
        for node in ast.walk(test)
        if node is not test
    )
    return inner_given or "run_state_machine_as_test(" in ast.unparse(test)


def test_whist_examples_run_inside_a_test_are_seeded_from_the_course_secret():
    tests = [
        node
        for path in sorted((ROOT / "graders" / "whist" / "hidden").glob("test_*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)  # a test, or a helper a test calls
    ]
    own = [test for test in tests if _runs_its_own_examples(test)]
    assert own  # the Hand machine and the basic rule's branches at least
    for test in own:
        assert "seeds" in [a.arg for a in test.args.args], test.name
        assert "seed(seeds.seed(" in ast.unparse(test), test.name  # hypothesis.seed too
