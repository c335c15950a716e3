"""`cardlab play cardgame`: whist at a table of people and computer players.

Expected results come from replaying the same deals with the reference game and its
``SimpleComputerPlayer`` directly, so the terminal game is checked against the rules
it must not copy.
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
from cardlab.play import load_game
from cardlab.play.terminal import EXIT_DONE, EXIT_INPUT_CLOSED, EXIT_INTERRUPTED
from cardlab.worker.codec import Codec

PROJECT = Project(Path(__file__).resolve().parents[2])
cardgame = load_game(PROJECT, "cardgame")
SEED = 4
COMPUTERS = "N=c,E=c,S=c,W=c"
SCORE_ROW = re.compile(r"^\s+(North|East|South|West)\s+(\d+)\s*$", re.M)


def run(script: Script, **options: str) -> tuple[int, str]:
    out = StringIO()
    console = Console(file=out, force_terminal=False, width=120)
    options.setdefault("variation", "single")
    code = cardgame.play(PROJECT, seed=SEED, console=console, ask=script, **options)
    return code, out.getvalue()


@pytest.fixture
def ref():
    reference = Reference("cardgame", PROJECT.reference_dir("cardgame"), Codec([]))
    yield reference
    reference.close()


def deal_next_hand(ref, game, rng: random.Random) -> None:
    deck = ref.card.full_deck()
    rng.shuffle(deck)
    game.deal(deck)


def computer_card(ref, game):
    player = ref.simple_computer_player.SimpleComputerPlayer(game.player(game.next_to_play))
    return player.next_card(game.trick)


def replay_computers(ref, variation: str, seed: int = SEED):
    """The whole game as four computer players play it, dealt as the terminal deals."""
    game, rng = ref.variations.VARIATIONS[variation](), random.Random(seed)
    while not game.is_game_finished():
        if game.is_hand_finished():
            deal_next_hand(ref, game, rng)
        game.play(game.next_to_play, computer_card(ref, game))
    return game


def first_human_turn(ref, seed: int = SEED):
    """The single-hand game at South's first turn, the other seats played by the computer."""
    game = ref.variations.SingleHandWhist()
    deal_next_hand(ref, game, random.Random(seed))
    south = ref.player.Direction.SOUTH
    while game.next_to_play != south:
        game.play(game.next_to_play, computer_card(ref, game))
    return game, south


def final_scores(text: str) -> dict[str, int]:
    tail = text.split("game over", 1)[1]
    return {seat: int(points) for seat, points in SCORE_ROW.findall(tail)}


@pytest.mark.parametrize("variation", ["classic", "single", "knockout"])
def test_computers_play_the_game_the_reference_plays(ref, variation):
    code, text = run(Script(), variation=variation, seats=COMPUTERS)
    expected = replay_computers(ref, variation)
    assert code == EXIT_DONE
    assert final_scores(text) == {str(d): s for d, s in expected.scores().items()}
    assert f"Hand {expected.hands_played} is over." in text
    winners = sorted(str(d) for d in expected.winners())
    assert (f"{winners[0]} wins the game." if len(winners) == 1 else "A tie between") in text


def test_every_trick_is_reported_with_its_winner(ref):
    _, text = run(Script(), seats=COMPUTERS)
    assert len(re.findall(r"^(North|East|South|West) wins the trick with ", text, re.M)) == 13
    assert len(re.findall(r"^(North|East|South|West) plays ", text, re.M)) == 52


def test_an_illegal_card_is_refused_to_the_person_in_the_second_person(ref):
    game, south = first_human_turn(ref)
    legal = game.legal_moves()
    illegal = next(card for card in game.player(south).hand if card not in legal)
    with pytest.raises(ref.illegal_move.IllegalMove):
        game.clone().play(south, illegal)  # the rules refuse it
    led = game.trick.led_suit
    _, text = run(Script([illegal.notation, legal[0].notation, "q"]))
    assert f"You cannot play the {illegal}: you must follow {led}, which you hold." in text
    assert "South cannot play" not in text
    assert f"South plays {legal[0].short_name}." in text
    assert f"South plays {illegal.short_name}." not in text


def test_a_card_by_number_or_suit_symbol(ref):
    game, south = first_human_turn(ref)
    hand, legal = list(game.player(south).hand), game.legal_moves()
    number = hand.index(legal[0]) + 1
    _, by_number = run(Script([str(number), "q"]))
    _, by_symbol = run(Script([legal[0].short_name.lower(), "q"]))
    assert f"South plays {legal[0].short_name}." in by_number
    assert f"South plays {legal[0].short_name}." in by_symbol


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("", "Nothing typed"),
        ("99", "There is no card 99: numbers go from 1 to 13."),
        ("ZZ", "'ZZ' is not a card or a command"),
        ("switch 7", "Type 'switch N' with N a game still in play: 1."),
    ],
)
def test_bad_entries_ask_again(answer, message):
    script = Script([answer, "q"])
    code, text = run(script)
    assert code == EXIT_DONE
    assert message in text
    assert len(script.prompts) == 2


def test_duplicate_plays_a_copy_and_leaves_the_original_as_it_was(ref):
    game, _ = first_human_turn(ref)
    legal = game.legal_moves()
    script = Script(["duplicate", legal[0].notation, "games", "switch 1", "q"])
    code, text = run(script)
    copy_part, original_part = text.split("Back to game 1.", 1)
    assert code == EXIT_DONE
    assert "Game 2 is a copy of game 1; you now play game 2." in copy_part
    assert f"South plays {legal[0].short_name}." in copy_part
    assert "game 1: in play\ngame 2: in play (this one)" in copy_part
    assert "Single Hand Whist, game 1" in original_part
    assert f"South plays {legal[0].short_name}." not in original_part
    assert re.search(r"South \(human\)\s*│\s*│ 13 cards", original_part)


class TryEachCard:
    """Answers "duplicate" once, then tries cards 1, 2, ... until one is played."""

    def __init__(self, out: StringIO) -> None:
        self.out = out
        self.plays_seen = 0
        self.number = 0
        self.duplicated = False

    def __call__(self, prompt: str) -> str:
        if not self.duplicated:
            self.duplicated = True
            return "duplicate"
        plays = self.out.getvalue().count("South plays")
        self.number = 1 if plays > self.plays_seen else self.number + 1
        self.plays_seen = plays
        return str(self.number)


def test_both_copies_are_played_to_the_end_with_the_same_deals():
    out = StringIO()
    console = Console(file=out, force_terminal=False, width=120)
    code = cardgame.play(
        PROJECT, seed=SEED, variation="classic", console=console, ask=TryEachCard(out)
    )
    text = out.getvalue()
    copy_over, original_over = text.split("game 2: game over", 1)[1].split("game 1: game over")
    assert code == EXIT_DONE
    assert "Now continuing game 1." in text
    assert final_scores("game over" + copy_over) == final_scores("game over" + original_over)


def test_input_closed_and_interrupt_stop_without_traceback():
    closed_code, closed = run(Script())
    interrupted_code, interrupted = run(Script([KeyboardInterrupt()]))
    assert (closed_code, interrupted_code) == (EXIT_INPUT_CLOSED, EXIT_INTERRUPTED)
    assert "Input closed" in closed and "Traceback" not in closed + interrupted


def test_seats_are_read_with_computer_for_seats_not_named(ref):
    direction = ref.player.Direction
    kinds = cardgame.parse_seats("n=human, W=h", direction)
    assert kinds == {
        direction.NORTH: "human",
        direction.EAST: "computer",
        direction.SOUTH: "computer",
        direction.WEST: "human",
    }


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("X=human", "cannot read 'X=human'"),
        ("N=robot", "cannot read 'N=robot'"),
        ("N=h,north=c", "North is named twice"),
    ],
)
def test_bad_seats_are_one_line_errors(ref, seats, message):
    with pytest.raises(CardlabError, match=message):
        cardgame.parse_seats(seats, ref.player.Direction)


def test_cli_plays_a_computer_game_and_refuses_options_of_other_games():
    root = ["--project", str(PROJECT.root)]
    played = CliRunner().invoke(
        main,
        ["play", "cardgame", "--seed", "2", "--variation", "single", "--seats", COMPUTERS, *root],
    )
    refused = CliRunner().invoke(main, ["play", "cardgame", "--first", "human", *root])
    assert played.exit_code == EXIT_DONE, played.output
    assert "game over" in played.output
    assert refused.exit_code == 2
    assert "cardgame has no --first option; it takes --seed, --variation, --seats" in refused.output


@pytest.mark.parametrize(
    "options", [["--seed", "2", "--variation", "single", "--seats", "N=h,E=c,S=c,W=c"], []]
)
def test_the_replay_hint_plays_the_same_game_again(options):
    root = ["--project", str(PROJECT.root)]
    answers = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n" * 13
    first = CliRunner().invoke(main, ["play", "cardgame", *options, *root], input=answers)
    hint = replay_hint(first.output)
    again = CliRunner().invoke(main, [*hint, *root], input=answers)
    assert again.output == first.output
    assert again.exit_code == first.exit_code
    assert "--seats" in hint and "--variation" in hint


def test_a_human_hand_is_labelled_with_its_seat():
    _, text = run(Script(["q"]), seats="E=human,S=computer")
    assert "East's hand" in text.split("East, your card")[0]
