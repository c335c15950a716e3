"""`cardlab play bisca`: the terminal game, driven by scripted answers.

The expected results come from a direct replay with the reference Board, so the
terminal game is checked against the rules it must not copy.
"""

from __future__ import annotations

import random
import re
from io import StringIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from support.play_script import Script, replay_hint

from cardlab.cli import main
from cardlab.course.project import Project
from cardlab.errors import CardlabError
from cardlab.judge.reference import Reference
from cardlab.play import load_game, play_game
from cardlab.play.terminal import EXIT_DONE, EXIT_INPUT_CLOSED, EXIT_INTERRUPTED
from cardlab.worker.codec import Codec

PROJECT = Project(Path(__file__).resolve().parents[2])
bisca = load_game(PROJECT, "bisca")
bisca_screen = load_game(PROJECT, "bisca", "screen")
SEED = 3
ROUND_LINE = re.compile(
    r"^(You|Computer) wins? the round with (?:your )?(\S+) against (?:your )?(\S+)"
)


def run(
    script: Script, *, seed: int = SEED, first: str = "human", opponent: str = "reference"
) -> tuple[int, str]:
    out = StringIO()
    console = Console(file=out, force_terminal=False, width=100)
    code = bisca.play(
        PROJECT, seed=seed, first=first, opponent=opponent, console=console, ask=script
    )
    return code, out.getvalue()


@pytest.fixture
def ref():
    reference = Reference("bisca", PROJECT.reference_dir("bisca"), Codec([]))
    yield reference
    reference.close()


def new_board(ref, seed: int = SEED, first: int = 0):
    you, computer = ref.player.Player("You"), ref.auto_player.AutoPlayer("Computer")
    deck = ref.deck.Deck.shuffled(random.Random(seed))
    return ref.board.Board([you, computer], deck, first=first), you, computer


def replay_first_card(ref, seed: int, first: int):
    """Play the game the way '1' answers do: always the first card of the hand."""
    board, you, computer = new_board(ref, seed, first)
    while not board.is_over:
        player = board.to_play
        card = player.hand[0] if player is you else computer.choose(board.view_for(computer))
        board.play(card)
    return board


def winning_card_first(completed):
    """The round's two cards, the one that won it first."""
    if completed.winner == completed.leader:
        return completed.led, completed.followed
    return completed.followed, completed.led


@pytest.mark.parametrize(("seed", "first"), [(SEED, "human"), (11, "computer")])
def test_whole_game_matches_reference_replay(ref, seed, first):
    code, text = run(Script(forever="1"), seed=seed, first=first)
    board = replay_first_card(ref, seed, 0 if first == "human" else 1)
    you, computer = board.scores
    assert code == EXIT_DONE
    assert you + computer == 120
    assert f"Final score: You {you} · Computer {computer}" in text
    shown = [match.groups() for match in map(ROUND_LINE.match, text.splitlines()) if match]
    expected = [(r.winner, *map(str, winning_card_first(r))) for r in board.rounds]
    assert shown == expected
    assert len(shown) == 20


def test_result_line_names_the_winner(ref):
    _, text = run(Script(forever="1"))
    board = replay_first_card(ref, SEED, 0)
    winner = board.winner()
    if winner is None:
        assert "It's a tie, 60 to 60." in text
    elif winner.name == "You":
        assert "You win," in text
    else:
        assert "Computer wins," in text


@pytest.mark.parametrize(
    ("scores", "winner", "result"),
    [
        ({"You": 70, "Computer": 50}, "You", "You win, 70 to 50."),
        ({"You": 45, "Computer": 75}, "Computer", "Computer wins, 75 to 45."),
        ({"You": 60, "Computer": 60}, None, "It's a tie, 60 to 60."),
    ],
)
def test_summary_says_the_result(scores, winner, result):
    console = Console(file=StringIO(), force_terminal=False, width=100)
    console.print(bisca_screen.summary(scores, {"You": 10, "Computer": 10}, winner))
    assert result in console.file.getvalue()


def test_bad_entries_are_asked_again(ref):
    script = Script(["x", "0", "9", "", "1"])
    code, text = run(script)
    assert code == EXIT_INPUT_CLOSED
    assert "'x' is not a card" in text
    assert "There is no card 0: type a number from 1 to 3." in text
    assert "There is no card 9: type a number from 1 to 3." in text
    assert "Nothing typed: type a number from 1 to 3, or q to quit." in text
    _, you, _ = new_board(ref)
    assert f"You play {you.hand[0]}." in text
    assert "Round 2 of 20" in text
    assert len(script.prompts) == 6  # five answers, then the end of input in round 2


def test_a_card_can_be_typed_in_notation(ref):
    _, you, _ = new_board(ref)
    second = you.hand[1]
    code, text = run(Script([second.notation.lower()]))
    assert code == EXIT_INPUT_CLOSED
    assert f"You play {second}." in text


def test_a_card_not_in_hand_is_refused(ref):
    _, you, _ = new_board(ref)
    missing = next(card for card in ref.deck.Deck.standard().cards if card not in you.hand)
    _, text = run(Script([missing.notation]))
    assert f"You don't hold {missing}: type a number from 1 to 3" in text


def test_end_of_input_mid_game_stops_cleanly():
    code, text = run(Script(["1", "1", "1"]))
    assert code == EXIT_INPUT_CLOSED
    assert "Input closed: the game stops here." in text
    assert "Traceback" not in text
    assert "Final scores" not in text


def test_ctrl_c_stops_cleanly():
    code, text = run(Script(["1", KeyboardInterrupt()]))
    assert code == EXIT_INTERRUPTED
    assert "Interrupted: the game stops here." in text


@pytest.mark.parametrize("answer", ["q", "QUIT", " quit "])
def test_q_quits(answer):
    code, text = run(Script(["1", answer]))
    assert code == EXIT_DONE
    assert "You left the game." in text
    assert "Final scores" not in text


def test_the_computer_can_lead_the_first_round(ref):
    board, _, computer = new_board(ref, SEED, first=1)
    led = computer.choose(board.view_for(computer))
    _, text = run(Script(), first="computer")
    assert f"Computer leads {led}." in text.split("Round 1 of 20", 1)[1]


def test_the_reference_is_unloaded_after_a_game():
    import sys

    run(Script(["q"]))
    assert "bisca" not in sys.modules


def test_an_assignment_without_a_game_is_a_one_line_error():
    with pytest.raises(CardlabError, match=r"no terminal game for 'klondike'; .*: bisca, cardgame"):
        play_game(PROJECT, "klondike", seed=1, first="human")


def test_cli_plays_a_whole_game():
    result = CliRunner().invoke(
        main, ["play", "bisca", "--seed", "5", "--project", str(PROJECT.root)], input="1\n" * 20
    )
    assert result.exit_code == EXIT_DONE, result.output
    assert "Final score: You" in result.output


def test_cli_unknown_game_exits_2():
    result = CliRunner().invoke(main, ["play", "klondike", "--project", str(PROJECT.root)])
    assert result.exit_code == 2
    assert "no terminal game for 'klondike'" in result.output


def test_with_one_card_left_the_hint_says_type_1(ref):
    card = ref.card.Card.from_notation("QS")
    assert bisca.choose_card("1", [card], [card], ref.card.Card) == card
    with pytest.raises(ValueError, match=r"^There is no card 2: type 1\.$"):
        bisca.choose_card("2", [card], [card], ref.card.Card)


@pytest.mark.parametrize(
    "options", [["--seed", "7", "--first", "computer"], ["--first", "computer"], []]
)
def test_the_replay_hint_plays_the_same_game_again(options):
    root = ["--project", str(PROJECT.root)]
    first = CliRunner().invoke(main, ["play", "bisca", *options, *root], input="1\n" * 20)
    hint = replay_hint(first.output)
    again = CliRunner().invoke(main, [*hint, *root], input="1\n" * 20)
    assert first.exit_code == again.exit_code == EXIT_DONE, again.output
    assert again.output == first.output
    if "computer" in options:
        assert "--first computer" in " ".join(hint)
def test_the_strong_opponent_plays_a_whole_game_and_searches_the_endgame(ref, monkeypatch):
    """``--opponent strong``: the game ends, and the stronger bot chose the computer's cards."""
    bisca_strong = load_game(PROJECT, "bisca", "strong")

    asked = []
    original = bisca_strong.StrongPlayer.choose
    monkeypatch.setattr(
        bisca_strong.StrongPlayer,
        "choose",
        lambda self, view: asked.append(view) or original(self, view),
    )
    code, _ = run(Script(["1"] * 20), opponent="strong")
    assert code == EXIT_DONE
    assert len(asked) == 20
    assert any(view.stock_size == 0 for view in asked)


def test_an_unknown_opponent_is_a_one_line_error():
    with pytest.raises(CardlabError, match="opponent must be one of reference, strong"):
        run(Script([]), opponent="grandmaster")
