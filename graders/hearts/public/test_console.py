"""Public tests of the console (phase 2): watching and playing with scripted input.

Output is read by what the contract promises: one line per event, in the forms of
``console.describe``, and the prompts ``Play or watch? [p/w]: `` and ``Your card: ``.
"""

import re

import pytest

from cardlab.testing import expect_equal, expect_true

pytestmark = pytest.mark.part("console")

EVENT = re.compile(r"^(North|East|South|West) (shuffles and deals\.|leads \S+|plays \S+|"
                   r"takes the trick \(\d+ points?\)|shot the moon!|scores \d+ points? this hand|"
                   r"wins the game!)$")
# every answer from 1 to 13, again and again: refused ones are asked again
ANSWERS = "".join(f"{n}\n" for _ in range(150) for n in range(1, 14))


def run(student, args, stdin):
    main = student.get("console.main")
    return student.console(main, args, stdin=stdin, seconds=30)


PROMPTS = ("Play or watch? [p/w]: ", "Your card: ")


def event_lines(out):
    """The event lines of the output, each prompt ending a line (answers are not echoed)."""
    for prompt in PROMPTS:
        out = out.replace(prompt, prompt + "\n")
    return [line for line in (part.strip() for part in out.splitlines()) if EVENT.match(line)]


def test_watch_a_seeded_game(student):
    """--watch prints every event of a whole game and returns 0."""
    result = run(student, ["--seed", "5", "--watch"], "")
    expect_equal(result.raised, None, "main(['--seed', '5', '--watch']) raised")
    expect_equal(result.result, 0, "main(['--seed', '5', '--watch']) returned")
    lines = event_lines(result.out)
    expect_true(lines[:1] == ["North shuffles and deals."], f"first event line: {lines[:1]}")
    expect_true(any("leads 2♣" in line for line in lines), "nobody leads 2♣ in the output")
    expect_true(lines[-1].endswith("wins the game!"), f"last event line: {lines[-1:]}")
    plays = [line for line in lines if " leads " in line or " plays " in line]
    expect_equal(len(plays) % 52, 0, "card lines (leads and plays) are a whole number of hands")


def test_choose_watch_at_the_prompt(student):
    """Answering w at the first prompt watches; a wrong answer is asked again."""
    result = run(student, ["--seed", "6"], "x\nw\n")
    expect_equal(result.result, 0, "main(['--seed', '6']) with answers x, w returned")
    expect_equal(result.out.count("Play or watch? [p/w]: "), 2, "prompts for p/w")
    expect_true("Refused:" in result.out, "no 'Refused:' line after the answer x")


def test_play_south_with_scripted_answers(student):
    """Playing South to the end: refused cards are asked again, the game ends, returns 0."""
    result = run(student, ["--seed", "7"], "p\n" + ANSWERS)
    expect_equal(result.raised, None, "main(['--seed', '7']) playing South raised")
    expect_equal(result.result, 0, "main(['--seed', '7']) playing South returned")
    south = [line for line in event_lines(result.out) if line.startswith("South ")]
    expect_true(any(" plays " in line or " leads " in line for line in south),
                "South never played a card")
    expect_true("Your card: " in result.out, "no 'Your card: ' prompt")
    expect_true(event_lines(result.out)[-1].endswith("wins the game!"), "the game did not end")


def test_end_of_input_abandons(student):
    """When input ends, the program prints 'Game abandoned.' and returns 1."""
    result = run(student, ["--seed", "8"], "p\n1\n")
    expect_equal(result.result, 1, "main(['--seed', '8']) when input ends returned")
    expect_true("Game abandoned." in result.out, "no 'Game abandoned.' when input ended")
