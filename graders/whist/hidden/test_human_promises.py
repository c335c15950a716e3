"""Hidden tests of HumanStrategy's promises beyond choosing by number and notation.

What is shown before the first prompt (the trumps, the trick so far, the numbered hand),
a refused answer explained before the question is asked again, ten written as "10", and
the winner written after each trick. Your wording is your own: only what the module's
docstring promises is read, anchored on the prompt "Your card (1-N): ".
"""

import re

import pytest

from cardlab.testing import Value, card, expect_equal, expect_true, show

pytestmark = pytest.mark.part("human")

SUIT_SHOWN = {
    "CLUBS": ("clubs", "♣"),
    "DIAMONDS": ("diamonds", "♦"),
    "HEARTS": ("hearts", "♥"),
    "SPADES": ("spades", "♠"),
}


def choose(student, hand, trick, typed):
    strategy = student.pkg.whist.human_strategy.HumanStrategy()
    return student.console(
        student.pkg.whist.human_strategy.HumanStrategy.choose_card,
        strategy,
        Value("Hand", hand),
        Value("Trick", trick),
        stdin=typed,
    )


def chosen(run, expected, what):
    if run.raised is not None:
        raise AssertionError(f"{what}: raised {run.raised.type_name}: {run.raised.message}")
    expect_equal(run.result, expected, what)


@pytest.mark.parametrize("trumps", list(SUIT_SHOWN))
def test_the_trumps_are_shown(student, trumps):
    """Before the prompt, the trump suit is shown by its name (any case) or its symbol."""
    run = choose(student, "AS KH 2C", f"{trumps}|0|", "1\n")
    shown = run.out.split("Your card (1-3)")[0]
    expect_true(
        any(form in shown.lower() for form in SUIT_SHOWN[trumps]),
        f"{trumps.lower()} trumps should be shown before the prompt; got {shown!r}",
    )


def test_the_trick_so_far_is_shown(student):
    """Before the prompt, every card already in the trick is shown."""
    run = choose(student, "AS KH 2C", "CLUBS|1|QD 7D", "1\n")
    shown = run.out.split("Your card (1-3)")[0]
    for text, written in (("QD", "Q♦"), ("7D", "7♦")):
        expect_true(
            text in shown or written in shown,
            f"the trick [Q♦ 7♦] should be shown before the prompt; {written} is not in {shown!r}",
        )


def test_the_hand_is_numbered_from_one(student):
    """The hand [A♠ K♥ Q♦] is shown with each card and the numbers 1 to 3 (the cards
    have no digit of their own, so every digit shown is a number)."""
    run = choose(student, "AS KH QD", "CLUBS|0|", "1\n")
    shown = run.out.split("Your card (1-3)")[0]
    for number, text, written in ((1, "AS", "A♠"), (2, "KH", "K♥"), (3, "QD", "Q♦")):
        expect_true(
            str(number) in shown and (text in shown or written in shown),
            f"card {number} of the hand, {written}, should be shown with its number "
            f"before the prompt; got {shown!r}",
        )


def test_a_ten_by_its_notation(student):
    """Typing 10h chooses the Ten of Hearts."""
    chosen(choose(student, "9S 10H 3D", "CLUBS|0|", "10h\n"), card("10H"), "typed 10h")


def test_a_hand_of_one_card(student):
    """With one card left the prompt is "Your card (1-1): ", and 1 chooses it."""
    run = choose(student, "QC", "HEARTS|2|", "1\n")
    chosen(run, card("QC"), "hand [QC], typed 1")
    expect_equal(run.out.count("Your card (1-1): "), 1, "prompts 'Your card (1-1): '")


@pytest.mark.weight(2)
@pytest.mark.parametrize(
    ("trick", "typed", "why"),
    [
        ("CLUBS|0|", "seven\n1\n", "a word"),
        ("CLUBS|0|", "9\n1\n", "a number above the hand"),
        ("CLUBS|0|", "QD\n1\n", "a card not held"),
        ("CLUBS|3|5H", "1\n2\n", "a card that does not follow suit"),
    ],
)
def test_a_refused_answer_is_explained(student, trick, typed, why):
    """After a refused answer, a line of explanation comes before the prompt again."""
    run = choose(student, "AS KH 2C", trick, typed)
    if run.raised is not None:
        raise AssertionError(f"after {why}: raised {run.raised.type_name}: {run.raised.message}")
    between = run.out.split("Your card (1-3): ")
    expect_true(
        len(between) == 3 and bool(between[1].strip()),
        f"after {why} ({typed.split()[0]!r}), an explanation should be written before the "
        f"question is asked again; the output was {run.out!r}",
    )


def test_the_winner_of_each_trick_is_written(student):
    """update_data writes a line on the completed trick and who won it."""
    strategy = student.pkg.whist.human_strategy.HumanStrategy()
    run = student.console(
        student.pkg.whist.human_strategy.HumanStrategy.update_data,
        strategy,
        Value("Trick", "CLUBS|2|KH 9H 5H 2C"),
    )
    expect_true(
        run.raised is None and bool(run.out.strip()),
        f"update_data of a completed trick should write who won it; it wrote {run.out!r}"
        + ("" if run.raised is None else f" and raised {run.raised.type_name}"),
    )
    expect_equal(run.result, None, f"update_data's result, {show(run.result)}")


WON_TRICKS = {
    "CLUBS|0|AH 2H 3H 4H": 1,
    "CLUBS|0|2H AH 3H 4H": 2,
    "CLUBS|0|2H 3H AH 4H": 3,
    "CLUBS|0|2H 3H 4H AH": 4,
    "CLUBS|2|KH 9H 5H 2C": 2,
}


def test_the_winner_is_named_as_the_console_numbers_players(student):
    """update_data names the winner ``player N`` with N from 1 to 4, the seat plus one.

    The trick as your ``str`` writes it is left out of the line before the players named
    are read, as it names every player.
    """
    for sent, number in WON_TRICKS.items():
        strategy = student.pkg.whist.human_strategy.HumanStrategy()
        run = student.console(
            student.pkg.whist.human_strategy.HumanStrategy.update_data,
            strategy,
            Value("Trick", sent),
        )
        shown = student.builtin("str", Value("Trick", sent))
        beside = run.out.replace(shown, "") if isinstance(shown, str) and shown else run.out
        named = re.findall(r"player\s*(\d+)", beside, flags=re.IGNORECASE)
        expect_true(
            str(number) in named,
            f"update_data of the trick {sent.split('|')[2]} led by seat {sent.split('|')[1]} "
            f"(trumps clubs) should name its winner 'player {number}'; it wrote "
            f"{run.out.strip()!r}",
        )


@pytest.mark.parametrize("typed", [" 2\n", "2  \n", "  kh \n"])
def test_spaces_around_an_answer_are_ignored(student, typed):
    """An answer with spaces around it (" 2", "2  ", "  kh ") chooses the card it names."""
    run = choose(student, "AS KH 2C", "CLUBS|0|", typed)
    chosen(run, card("KH"), f"hand [AS KH 2C], typed {typed.rstrip(chr(10))!r}")
