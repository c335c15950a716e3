"""Sends lone surrogates (valid JSON escapes, invalid text) in a message and in output."""
import json
import sys

wire = sys.modules["cardlab.worker.wire"]
wire._ENCODER = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"))


def add(a, b):
    print("out \udcff\ud800")
    raise ValueError("bad \ud800 text")


class Tally:
    def __init__(self):
        self.total = "\udfff"

    def add(self, amount):
        raise ValueError("\ud83d")
