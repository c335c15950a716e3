"""Fails wherever its run's options or limits are not those of the wheat's runs.

The chaffs' runs were once the only ones to stop at the first failure (``-x``) and to
skip assertion rewriting.
"""

import signal


def test_options_are_the_wheats(request):
    option = request.config.option
    assert not option.maxfail
    assert option.assertmode != "plain"


def test_time_budget_is_the_wheats():
    assert signal.getitimer(signal.ITIMER_REAL)[0] >= 4.0  # the per-test limit is 5 s
