"""Helpers of the console-game tests: run ``play.main`` and tell the student what happened.

``test_play.py`` and the grading tests of the console game import this module: it runs
a game with answers typed into it, checks how the game ended, finds cards in what the
program printed, and writes failure messages that say what was run, what was expected,
what was seen, and how to replay the game by hand.
"""

import re
import shlex

from cardlab.testing import WorkerFailure

SECONDS = 3.0
"""Time limit of one whole game (a correct game takes a few milliseconds)."""

TAIL_LINES = 15
"""How many of the last output lines a failure message shows."""

END_LINES = 3
"""How many of the last (non-blank) output lines two games that should end alike compare."""

PROMPT = "Card to play"
"""How every request for a card starts (the contract's anchor: the output is cut here)."""

STATE_LINES = 3
"""The lines of ``render_state`` printed last before a turn's first prompt."""

HAND_SIZES = [3] * 18 + [2, 1]
"""The human's hand size in each of the 20 turns: the stock runs out after round 17."""

SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
RANK_NAMES = {"A": "ace", "K": "king", "J": "jack", "Q": "queen", "7": "seven", "6": "six",
              "5": "five", "4": "four", "3": "three", "2": "two"}


# -- running a game and describing it to the student ---------------------------------------


def run_game(student, argv, answers):
    """Run ``play.main(argv)`` with ``answers`` typed, one per line."""
    stdin = "".join(f"{answer}\n" for answer in answers)
    try:
        return student.console(student.pkg.play.main, list(argv), stdin=stdin, seconds=SECONDS)
    except WorkerFailure as failure:
        raise AssertionError(
            f"{what_was_run(argv, answers)}\n"
            f"  The game did not finish: {failure}\n"
            "  (When the typed input runs out, input() raises EOFError: the game must then "
            "stop.)\n"
            f"{try_it(argv, answers)}"
        ) from None


def what_was_run(argv, answers):
    """``We ran main([...]) and typed N lines: ...`` (long input shortened)."""
    shown = [repr(answer) for answer in answers]
    if len(shown) > 14:
        shown = [*shown[:9], "...", *shown[-3:]]
    typed = f"typed {len(answers)} line(s): {', '.join(shown)}" if answers else "typed nothing"
    return f"We ran play.main({list(argv)!r}) and {typed}, then the input ended."


def try_it(argv, answers):
    """A shell command that replays the same game."""
    command = "python -m bisca.play " + " ".join(shlex.quote(arg) for arg in argv)
    if answers:
        typed = " ".join(shlex.quote(answer) for answer in answers)
        command = f"printf '%s\\n' {typed} | {command}"
    else:
        command += " < /dev/null"
    return f"  Try it yourself: {command}"


def tail(out):
    """The last lines the program printed, indented."""
    lines = out.rstrip("\n").splitlines()
    if not lines:
        return "  Your program printed nothing."
    shown = lines[-TAIL_LINES:]
    head = "  Your output ended with:" if len(lines) > len(shown) else "  Your output:"
    return "\n".join([head] + [f"    | {line}" for line in shown])


def failure(run, argv, answers, expected, seen):
    """A message: what was run, what was expected, what was seen, and the output."""
    if run.raised is not None and not seen.startswith("main raised"):
        seen += f"\n            ({raised_text(run)})"
    return (
        f"{what_was_run(argv, answers)}\n"
        f"  expected: {expected}\n"
        f"  seen:     {seen}\n"
        f"{tail(run.out)}\n"
        f"{try_it(argv, answers)}"
    )


def raised_text(run):
    """How an exception from the student's main is described."""
    error = run.raised
    where = f" ({error.where})" if error.where else ""
    message = f": {error.message}" if error.message else ""
    return f"main raised {error.type_name}{message}{where}{error.stub_hint}"


def line_index(lines, text):
    """Index of the last line that is ``text`` (maybe after an unanswered prompt), or None."""
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index].strip()
        if line == text or line.endswith(" " + text):
            return index
    return None


def last_lines(out):
    """The last ``END_LINES`` non-blank lines of ``out``, stripped."""
    return [line.strip() for line in out.splitlines() if line.strip()][-END_LINES:]


# -- reading the output by its prompts -----------------------------------------------------


def segments(out):
    """The output cut at the prompts: segment i was printed before prompt i (from 0), and
    the last one after the last prompt."""
    return out.split(PROMPT)


def non_blank(text):
    """The lines of ``text`` that are not blank."""
    return [line for line in text.splitlines() if line.strip()]


def state_of(segment):
    """The last ``STATE_LINES`` non-blank lines of a segment that ends at a prompt."""
    return non_blank(segment)[-STATE_LINES:]


def before_state(segment):
    """A segment that ends at a prompt without its last ``STATE_LINES`` lines (all of them
    when they are not there): what was announced before the state."""
    return "\n".join(non_blank(segment)[:-STATE_LINES])


def check_prompts(run, argv, answers, count):
    """The output holds exactly ``count`` prompts starting with ``Card to play``."""
    seen = len(segments(run.out)) - 1
    if seen != count:
        raise AssertionError(failure(
            run, argv, answers,
            f"{count} prompts starting with {PROMPT!r}, one for every card asked for",
            f"{seen} prompts",
        ))


def check_wrong_answer_messages(run, argv, answers, wrong):
    """After each wrong answer (their indexes in ``answers``), exactly one line printed
    (one line break: the prompt holds none) before the prompt asking again."""
    parts = segments(run.out)
    for index in wrong:
        between = parts[index + 1] if index + 1 < len(parts) - 1 else None
        if between is None or between.count("\n") != 1:
            seen = (f"{between.count(chr(10))} lines: {between!r}" if between is not None
                    else "no prompt asking again after it")
            raise AssertionError(failure(
                run, argv, answers,
                f"after the wrong answer {answers[index]!r} (answer {index + 1}), one line of "
                f"message, then the prompt {PROMPT!r} again",
                seen,
            ))


# -- how a game ends -----------------------------------------------------------------------


def final_line(you, computer):
    """The line that ends a complete game: ``Final score: you N, computer M``."""
    return f"Final score: you {you}, computer {computer}"


def result_line(you, computer):
    """The line after the final score: who won, or a tie."""
    if you > computer:
        return "You win!"
    if you < computer:
        return "The computer wins."
    return "It's a tie."


def check_final_score(run, argv, answers, you, computer, note=""):
    """The game finished without an exception and printed the right final score line.

    Args:
        run: The game's console run.
        argv: The arguments ``main`` was given.
        answers: The lines typed.
        you: The human's final points.
        computer: The computer's final points.
        note: Said after the expected line when it is missing (where the scores come from).
    """
    expected = final_line(you, computer)
    if run.raised is not None:
        raise AssertionError(failure(run, argv, answers, f"the line {expected!r}",
                                     raised_text(run)))
    lines = run.out.splitlines()
    if line_index(lines, expected) is None:
        found = [line.strip() for line in lines if "Final score" in line]
        seen = f"the line {found[-1]!r}" if found else "no line starting with 'Final score:'"
        if "Game abandoned." in run.out:
            seen += " (the game was abandoned: it asked for more answers than the 20 turns)"
        raise AssertionError(failure(run, argv, answers, f"the line {expected!r}{note}", seen))


def check_outcome(run, argv, answers, you, computer, note=""):
    """The final score line, the outcome line right after it, then main returns 0.

    The arguments are those of ``check_final_score``, which checks the final score line.
    """
    check_final_score(run, argv, answers, you, computer, note)
    lines = run.out.splitlines()
    index = line_index(lines, final_line(you, computer))
    following = [line.strip() for line in lines[index + 1:] if line.strip()]
    expected = result_line(you, computer)
    if not following or following[0] != expected:
        seen = f"{following[0]!r}" if following else "nothing after it"
        raise AssertionError(failure(
            run, argv, answers,
            f"the line {expected!r} right after {final_line(you, computer)!r}",
            seen,
        ))
    if type(run.result) is not int or run.result != 0:
        raise AssertionError(failure(
            run, argv, answers, "main returns 0 (EXIT_OK) after a complete game",
            f"main returned {run.result!r}",
        ))


def check_abandoned(run, argv, answers, tell_final_score=False):
    """The line 'Game abandoned.', no exception, and 1 returned.

    Args:
        run: The game's console run.
        argv: The arguments ``main`` was given.
        answers: The lines typed.
        tell_final_score: When the line is missing, say so if the game printed a final
            score after only ``len(answers)`` answers.
    """
    expected = "the line 'Game abandoned.' and main returning 1 (EXIT_ABANDONED)"
    if run.raised is not None:
        raise AssertionError(failure(run, argv, answers, expected, raised_text(run)))
    if line_index(run.out.splitlines(), "Game abandoned.") is None:
        seen = "no line 'Game abandoned.'"
        if tell_final_score and "Final score" in run.out:
            seen += f" but a final score after only {len(answers)} answers"
        raise AssertionError(failure(run, argv, answers, expected, seen))
    if type(run.result) is not int or run.result != 1:
        raise AssertionError(failure(run, argv, answers, expected,
                                     f"main returned {run.result!r}"))


def run_complete_game(student, argv, good, purpose):
    """Run a game with valid answers only; it must finish (no exception, not abandoned)."""
    run = run_game(student, argv, good)
    if run.raised is not None or line_index(run.out.splitlines(), "Game abandoned.") is not None:
        seen = raised_text(run) if run.raised else "the game was abandoned"
        raise AssertionError(failure(run, argv, good, f"a complete game ({purpose})", seen))
    return run


def check_same_end(student, argv, good, answers, good_text=None):
    """Typed with bad entries too, the game ends exactly as with the good answers alone.

    Args:
        student: The student's code.
        argv: The arguments ``main`` is given.
        good: Valid answers only, one per turn.
        answers: ``good`` with bad entries among them.
        good_text: How the message names the good answers (default ``N good answers``).
    """
    clean = run_complete_game(student, argv, good, "this test then types bad entries too "
                              "and compares the two games")
    run = run_game(student, argv, answers)
    if run.raised is not None:
        raise AssertionError(failure(
            run, argv, answers, "the bad entries asked again, then the game played to its end",
            raised_text(run),
        ))
    if last_lines(run.out) != last_lines(clean.out) or run.result != clean.result:
        expected_end = " / ".join(last_lines(clean.out)) or "(nothing)"
        seen_end = " / ".join(last_lines(run.out)) or "(nothing)"
        good_text = good_text or f"{len(good)} good answers"
        raise AssertionError(failure(
            run, argv, answers,
            f"the same end as typing only {good_text}: {expected_end!r}, "
            f"main returning {clean.result!r}",
            f"{seen_end!r}, main returning {run.result!r}",
        ))


# -- card patterns (loose: "Q♠", "QS" or "Queen of Spades") ---------------------------------


def card_pattern(notation):
    """A regular expression matching the card as the program may print it."""
    rank, suit = notation[:-1], notation[-1]
    forms = [
        re.escape(rank + SYMBOLS[suit]),
        r"(?<![A-Za-z0-9])" + re.escape(rank + suit) + r"(?![A-Za-z])",
        rf"(?i:(?:{re.escape(rank)}|{RANK_NAMES[rank]})\s+of\s+{SUIT_NAMES[suit]})",
    ]
    return "(?:" + "|".join(forms) + ")"


def numbered_card(number, notation):
    """The card shown with its number: ``1) Q♠``, ``[1] Q♠``, ``1. QS``, ``Q♠ (1)``..."""
    card = card_pattern(notation)
    return re.compile(rf"(?<!\w){number}\W{{1,5}}{card}|{card}\s*[(\[]{number}[)\]]")


def shows_card(text, notation):
    """Whether ``text`` shows the card, in any of the forms of ``card_pattern``."""
    return re.search(card_pattern(notation), text) is not None


def unnumbered_cards(text, hand):
    """The cards of ``hand`` that ``text`` does not show next to their number."""
    return [notation for number, notation in enumerate(hand, start=1)
            if not numbered_card(number, notation).search(text)]


def symbol(notation):
    """The card with its suit symbol: ``Q♠`` for ``QS``."""
    return notation[:-1] + SYMBOLS[notation[-1]]


def in_symbols(hand):
    """The hand numbered from 1, with suit symbols: ``1) Q♠  2) 7♥  3) J♣``."""
    return "  ".join(f"{number}) {symbol(card)}" for number, card in enumerate(hand, start=1))
