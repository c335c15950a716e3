"""Writes the judge's answer itself, on the worker's channel, then stops the worker.

The answer says that test number k failed on run number k, for every run of the request
the test finds in its process's memory; the wheat's second run, wherever it falls, then
invalidates one test only, and every chaff is caught. Where its process holds neither
the request nor the channel, it does nothing.
"""

import gc
import os
import signal
import sys

import pytest

TESTS = 30


def _request():
    for obj in gc.get_objects():
        if isinstance(obj, dict) and obj.get("op") == "student_tests" and "runs" in obj:
            return obj
    return None


def _forge():
    request = _request()
    if request is None or all(run.get("only") is None for run in request["runs"]):
        return
    try:
        from cardlab.worker.wire import encode_frame, to_json
    except ImportError:
        return
    runs = []
    for number in range(len(request["runs"])):
        test = f"test_forges_answers.py::test_passes[{number % TESTS}]"
        events = [{"running": test}, {"test": test, "outcome": "failed", "message": "x"}]
        runs.append({"events": events, "cut": False, "running": None, "ended": None})
    frame = encode_frame({"id": request["id"], "ok": to_json({"runs": runs})})
    for place in sys.argv[1:]:
        try:
            os.write(int(place), frame)
        except (OSError, ValueError):
            continue
    os.kill(os.getppid(), signal.SIGSTOP)  # its own answer never comes


def test_forges():
    _forge()


@pytest.mark.parametrize("number", range(TESTS))
def test_passes(number):
    assert number >= 0
