"""Leaves a thread running after the call returns; it keeps writing on the channel."""
import os
import struct
import sys
import threading
import time


def _haunt():
    frame = b'{"id":1,"ok":3,"out":"","err":"","cut":false}'
    while True:
        try:
            os.write(int(sys.argv[-1]), struct.pack(">I", len(frame)) + frame)
        except OSError:
            return
        time.sleep(0.001)


def add(a, b):
    threading.Thread(target=_haunt, daemon=True).start()
    return a + b
