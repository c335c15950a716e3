"""Answers a call with a frame nested a hundred thousand lists deep."""
import os
import struct
import sys

worker = sys.modules.get("cardlab.worker.serve") or sys.modules.get("__main__")
original = worker.write_frame
forging = []


def forged(fd, message):
    if not forging:
        return original(fd, message)
    depth = 100_000
    text = f'{{"id":{message["id"]},"ok":{"[" * depth}{"]" * depth},"out":"","err":"","cut":false}}'
    payload = text.encode()
    return os.write(fd, struct.pack(">I", len(payload)) + payload)


worker.write_frame = forged


def add(a, b):
    forging.append(True)
    return a + b
