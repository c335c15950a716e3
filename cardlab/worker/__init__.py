"""The worker: the only place student code runs, and the judge's side of that boundary.

Runtime (copied into every worker's private tree, standard library only): ``serve``
(the worker's loop), ``compose`` (the import hook that composes the package),
``confine`` (namespaces, private root, user, rlimits), ``wire`` (frames) and ``codec``
(canonical values). Judge side: ``sandbox`` (builds the private tree and the limits)
and ``process`` (starts, talks to and replaces a worker process).
"""
