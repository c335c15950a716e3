"""Every odd kind of text in every field of its answers: NULs, C1 codes, surrogates,
noncharacters, separators, huge place and class-name lists."""
import json
import sys

wire = sys.modules["cardlab.worker.wire"]
wire._ENCODER = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"))
worker = sys.modules.get("cardlab.worker.serve") or sys.modules.get("__main__")
original = worker.Worker.answer
ODD = "\x00\x85\x9b2J\ud800\udfff\ufffe\uffff\u2028\u2029\U0010ffff\x7f"


def forged(self, request):
    answer = original(self, request)
    answer["out"] = ODD * 1000
    answer["err"] = ODD
    if "raised" in answer:
        answer["raised"]["where"] = ODD * 100_000
        answer["raised"]["types"] = [f"odd.Bad{ODD}Name"] * 100_000
    return answer


worker.Worker.answer = forged
Bad = type(f"Bad{ODD}Name", (Exception,), {})


def add(a, b):
    raise Bad(ODD)


class Tally:
    def __init__(self):
        self.total = ODD

    def add(self, amount):
        raise Bad(ODD * 10)
