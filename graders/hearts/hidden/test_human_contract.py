"""Hidden tests of Human and of the console's lines (phase 2): the promises the games do not reach.

``Human.choose`` is run with typed answers on situations of real games: a number of the
hand from 1, a notation in any case, answers refused with a ``Refused:`` line and asked
again, the end of input, Ctrl-C at either question of the program. What it prints is
read by what the contract promises: every card of the hand after its number, and a line
with the allowed cards and no other card of the hand. The totals line is compared with
the reference, on its own and after every hand of a watched game.
"""

import contextlib
import io
import re

import hearts_games
import pytest

from cardlab.testing import Value, expect_equal, expect_true

pytestmark = pytest.mark.part("console")

PROMPT = "Your card: "


def situation_value(hand, trick, broken, first):
    return Value(
        "Situation",
        f"{hearts_games.notation(hand)}|{hearts_games.notation(trick)}|{int(broken)}|{int(first)}",
    )


def situations_with_refusals(ref, seeds, count):
    """Situations of real games where some card of the hand may not be played."""
    games = hearts_games.game_seeds(seeds, "human", 1, 3).values()
    found = [
        s
        for s in hearts_games.situations(ref, games, every=3)
        if len(ref.rules.legal_plays(*s)) < len(s[0])
    ]
    return found[:count]


def choose(student, hand, trick, broken, first, typed):
    human = student.pkg.human.Human("South", student.builtin("Random", 0))
    human.take_cards([Value("Card", c.notation) for c in hand])
    return student.console(
        human.choose,
        situation_value(hand, trick, broken, first),
        stdin="".join(f"{line}\n" for line in typed),
        seconds=5,
    )


def test_human_is_a_player_named_as_given(student):
    """Human('South', rng) is named South, is_human is True, and keeps the generator given."""
    rng = student.builtin("Random", 3)
    human = student.pkg.human.Human("South", rng)
    expect_equal(human.name, "South", "Human('South', rng).name")
    expect_equal(human.is_human, True, "Human('South', rng).is_human")
    expect_equal(student.builtin("is", human.rng, rng), True, "Human('South', rng).rng is rng")


@pytest.mark.weight(2)
def test_answers_by_number_and_by_notation(student, ref, seeds):
    """Each legal card is chosen by its number in the hand (from 1) and by its notation, in
    either case, spaces around the answer ignored."""
    for hand, trick, broken, first in situations_with_refusals(ref, seeds, 6):
        allowed = ref.rules.legal_plays(hand, trick, broken, first)
        shown = (
            f"Human.choose(hand [{hearts_games.notation(hand)}], trick "
            f"[{hearts_games.notation(trick)}])"
        )
        for legal in (allowed[0], allowed[-1]):
            number = str(hand.index(legal) + 1)
            for typed in (number, f" {number} ", legal.notation.lower(), f" {legal.notation} "):
                run = choose(student, hand, trick, broken, first, [typed])
                expect_equal(run.raised, None, f"{shown} with {typed!r} typed raised")
                expect_equal(run.result, ref.canon(legal), f"{shown} with {typed!r} typed")


@pytest.mark.weight(2)
def test_refused_answers_are_asked_again(student, ref, seeds):
    """A card not allowed, a number out of the hand, a word, nothing: each refused, asked again."""
    for hand, trick, broken, first in situations_with_refusals(ref, seeds, 4):
        allowed = ref.rules.legal_plays(hand, trick, broken, first)
        illegal = next(card for card in hand if card not in allowed)
        shown = (
            f"Human.choose(hand [{hearts_games.notation(hand)}], trick "
            f"[{hearts_games.notation(trick)}])"
        )
        wrong = [
            illegal.notation,
            str(hand.index(illegal) + 1),
            "0",
            str(len(hand) + 1),
            "xyz",
            "",
            "  ",
        ]
        for typed in wrong:
            run = choose(student, hand, trick, broken, first, [typed, allowed[0].notation])
            call = f"{shown} with {typed!r} then {allowed[0].notation!r} typed"
            expect_equal(run.result, ref.canon(allowed[0]), call)
            expect_equal(run.out.count(PROMPT), 2, f"{call}: prompts")
            refused = [
                line
                for line in run.out.replace(PROMPT, PROMPT + "\n").splitlines()
                if line.startswith("Refused:")
            ]
            expect_equal(len(refused), 1, f"{call}: lines starting 'Refused:'")


@pytest.mark.parametrize("typed", ["0", "-1", "6"])
def test_a_number_outside_the_hand_is_refused_when_every_card_is_allowed(student, ref, typed):
    """Cards are numbered from 1 to the hand's size: 0, a negative number or one past the
    last names no card, even on a free lead where any card of the hand may be played."""
    hand = [ref.card.Card.from_notation(c) for c in ["2C", "7D", "QS", "5H", "KH"]]
    run = choose(student, hand, [], True, False, [typed, "2C"])
    call = f"Human.choose(hand [2C 7D QS 5H KH], a free lead) with {typed!r} then '2C' typed"
    expect_equal(run.result, Value("Card", "2C"), call)
    expect_equal(run.out.count(PROMPT), 2, f"{call}: prompts")


def test_end_of_input_raises_eof(student, ref, seeds):
    """When input ends before a card is chosen, choose raises EOFError."""
    hand, trick, broken, first = situations_with_refusals(ref, seeds, 1)[0]
    run = choose(student, hand, trick, broken, first, [])
    expect_true(
        run.raised is not None and run.raised.is_a("EOFError"),
        f"Human.choose with no input: raised {run.raised!r}, expected EOFError",
    )


def _written(card):
    """A pattern of a card as a line may write it: its symbol (``Q♠``) or its notation (``QS``).

    A notation counts only when no capital letter touches it, so that a word written in
    capitals (``PASS``) does not show ``AS``.
    """
    return rf"(?:{re.escape(str(card))}|(?<![A-Z]){re.escape(card.notation)}(?![A-Z]))"


def _shows(line, card):
    """Whether ``line`` writes ``card``, by its symbol or its notation."""
    return re.search(_written(card), line) is not None


def test_hand_numbered_and_allowed_cards_shown(student, ref, seeds):
    """Before asking: every card of the hand after its number, and a line of the allowed cards.

    How a card is written is the student's choice (its symbol or its notation), and so is
    everything else on those lines.
    """
    for hand, trick, broken, first in situations_with_refusals(ref, seeds, 4):
        allowed = ref.rules.legal_plays(hand, trick, broken, first)
        run = choose(student, hand, trick, broken, first, [allowed[0].notation])
        before = run.out.split(PROMPT)[0]
        shown = f"Human.choose(hand [{hearts_games.notation(hand)}])"
        for number, card in enumerate(hand, 1):
            numbered = re.compile(rf"(?<!\d){number}\D{{0,3}}{_written(card)}")
            expect_true(
                bool(numbered.search(before)),
                f"{shown}: {card} is not shown after its number {number}:\n{before}",
            )
        others = [card for card in hand if card not in allowed]
        lines = [
            line
            for line in before.splitlines()
            if all(_shows(line, card) for card in allowed)
            and not any(_shows(line, other) for other in others)
        ]
        expect_true(
            bool(lines),
            f"{shown}: no line shows the allowed cards "
            f"{' '.join(map(str, allowed))} alone:\n{before}",
        )


@pytest.mark.parametrize(
    ("typed", "where"), [("", "at the mode question"), ("p\n", "at South's first card")]
)
def test_ctrl_c_abandons(student, ref, seeds, typed, where):
    """Ctrl-C at either question: the program prints 'Game abandoned.' and returns 1."""
    argv = ["--seed", str(seeds.seed("hearts", "ctrl-c"))]
    run = student.console(
        student.get("console.main"), argv, stdin=typed, interrupt=True, seconds=30
    )
    call = f"main({argv!r}) with Ctrl-C pressed {where}"
    if run.raised is not None:
        raise AssertionError(f"{call}: raised {run.raised.type_name}: {run.raised.message}")
    expect_equal(run.result, ref.console.EXIT_ABANDONED, f"{call}: exit status")
    expect_true("Game abandoned." in run.out, f"{call}: no 'Game abandoned.' line")


@pytest.mark.parametrize("totals", [[0, 0, 0, 0], [3, 26, 0, 101], [125, 7, 1, 44]])
def test_describe_totals(student, ref, totals):
    """describe_totals is the reference's line of running totals."""
    expected = ref.console.describe_totals(totals)
    got = student.call(student.get("console.describe_totals"), totals)
    expect_equal(got, expected, f"describe_totals({totals})")


@pytest.mark.parametrize("number", [1, 2])
def test_totals_after_every_hand_of_a_watched_game(student, ref, seeds, number):
    """A watched seeded game prints the reference's totals line after every hand's scores."""
    seed = seeds.seed("hearts", "totals", number)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        ref.console.main(["--seed", str(seed), "--watch"])
    result = student.console(
        student.get("console.main"), ["--seed", str(seed), "--watch"], seconds=30
    )

    def totals_lines(out):
        return [line.strip() for line in out.splitlines() if line.strip().startswith("Totals:")]

    mine, theirs = totals_lines(result.out), totals_lines(printed.getvalue())
    expect_equal(mine, theirs, f"totals lines of watched game {number}")


def test_games_without_a_seed_differ(student):
    """Without --seed every game is a new one: two watched games do not print the same events."""
    main = student.get("console.main")
    first, second = (student.console(main, ["--watch"], seconds=30).out for _ in range(2))
    expect_true(first != second, "two games watched without --seed printed the same lines")
