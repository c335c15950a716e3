"""Hidden tests of the console (phase 2): watched games line by line against the reference."""

import contextlib
import io
import re

import pytest

from cardlab.testing import expect_equal

pytestmark = pytest.mark.part("console")

EVENT = re.compile(r"^(North|East|South|West) (shuffles|leads|plays|takes|shot|scores|wins)")


def event_lines(out):
    return [line.strip() for line in out.splitlines() if EVENT.match(line.strip())]


@pytest.mark.weight(3)
@pytest.mark.parametrize("number", [1, 2, 3])
def test_watched_game_like_the_reference(student, ref, seeds, number):
    """Every event line of a watched seeded game, as the reference prints it."""
    seed = seeds.seed("hearts", "console", number)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        ref.console.main(["--seed", str(seed), "--watch"])
    result = student.console(student.get("console.main"), ["--seed", str(seed), "--watch"],
                             seconds=30)
    mine, theirs = event_lines(result.out), event_lines(printed.getvalue())
    for index, (got, expected) in enumerate(zip(mine, theirs, strict=False)):
        expect_equal(got, expected, f"line {index + 1} of the events of watched game {number}")
    expect_equal(len(mine), len(theirs), f"event lines of watched game {number}")
