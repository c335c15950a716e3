"""Prints every odd kind of text, through an encoder that lets lone surrogates out."""
import json
import sys

wire = sys.modules["cardlab.worker.wire"]
wire._ENCODER = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"))
ODD = "\x1b[2J\x1b[H\x00\x85\ud800\udfff\udcff\ufffe\u2028\u202e\r"


def main():
    while name := input(f"Name?{ODD} ").strip():
        print(f"Hello {name}{ODD}")
    print(f"Greeted{ODD}", file=sys.stderr)
    return 0
