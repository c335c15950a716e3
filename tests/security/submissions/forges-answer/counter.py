"""Finds the request being answered and writes its own answer first, with the right id."""
import gc
import json
import os
import struct
import sys


def _current_request():
    for obj in gc.get_objects():
        if type(obj) is dict and obj.get("op") == "call" and "id" in obj and "seed" in obj:
            return obj
    return None


def add(a, b):
    request = _current_request()
    if request is not None:
        forged = {"id": request["id"], "ok": a + b + 1, "out": "", "err": "", "cut": False}
        data = json.dumps(forged).encode()
        os.write(int(sys.argv[-1]), struct.pack(">I", len(data)) + data)
    return a + b
