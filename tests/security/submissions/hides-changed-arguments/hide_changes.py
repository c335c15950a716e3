

# -- the attack: the worker's check of arguments never finds a change ---------------------


def _hide_changed_arguments():
    import sys

    checks = sys.modules.get("cardlab.worker.arguments")
    if checks is not None:
        checks.ArgumentWatch.broken = lambda self, function, args, kwargs, before: None


_hide_changed_arguments()
