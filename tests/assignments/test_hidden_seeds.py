"""Hidden graders draw what student code sees from the course secret (principle 11).

Hearts names its games and derives their seeds from the secret; the hidden hypothesis
tests of hearts, kings corner, whist, bisca and cardgame draw their examples from it
(every hidden test, unless its assignment's ``assignment.toml`` declares
``[hidden] secret_examples = false``), and a state machine or a ``@given`` function run inside
a test takes a seed derived from it. Under one secret the deals are the same on every
run; under another they differ.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.course.project import Project
from cardlab.judge.plugin import CardlabPlugin, RunSettings, seed_examples
from cardlab.judge.seeds import Seeds

ROOT = Path(__file__).resolve().parents[2]
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


@pytest.mark.parametrize("assignment", Project(ROOT).assignments())
def test_hidden_graders_opt_in(assignment):
    """Every assignment's hidden tests draw their examples from the secret (the default)."""
    assert Project(ROOT).declaration(assignment).secret_examples


def _drawn_by_a_hidden_test(tmp_path: Path, secret: bytes, declared: bool) -> list[int]:
    """The examples a hidden hypothesis test draws once the plugin has set it up."""
    drawn: list[int] = []

    @given(st.integers(0, 2**32 - 1))
    def test_shuffled(seed: int) -> None:
        drawn.append(seed)

    settings = RunSettings(
        phase=None, make_student=None, reference=None, hidden_dirs=(tmp_path,),
        reproduce="", seeds=Seeds(secret), secret_examples=declared,
    )
    item = SimpleNamespace(stash={}, path=tmp_path / "test_piles_reference.py", obj=test_shuffled,
                           nodeid="test_piles_reference.py::test_shuffled")
    CardlabPlugin(settings).pytest_runtest_setup(item)
    test_shuffled()
    return drawn


def test_the_plugin_seeds_hidden_tests_from_the_secret_as_declared(tmp_path):
    assert _drawn_by_a_hidden_test(tmp_path, ONE, True) == _drawn(ONE)
    assert _drawn_by_a_hidden_test(tmp_path, OTHER, True) == _drawn(OTHER)
    assert _drawn_by_a_hidden_test(tmp_path, ONE, False) != _drawn(ONE)


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
