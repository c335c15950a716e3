"""Rewrites the worker so that every answer is 3, whatever was asked."""
import sys

worker = sys.modules.get("cardlab.worker.serve") or sys.modules.get("__main__")
original = worker.Worker.answer


def forged(self, request):
    answer = original(self, request)
    if request.get("op") in ("call", "callmethod", "getattr", "builtin"):
        answer.pop("raised", None)
        answer["ok"] = 3
    return answer


worker.Worker.answer = forged


def add(a, b):
    raise NotImplementedError
