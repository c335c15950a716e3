"""Course material: what an assignment is made of, and what is built from it.

``spec`` and ``project`` read ``specs/<assignment>.toml`` and find an assignment's
folders; ``submissions`` reads what a student handed in; ``stubs``, ``solution``,
``handout`` (with ``handout_manifest``, ``handout_readme``, ``handout_audit``,
``framework_wheel`` and ``cython_build``) and ``docsite`` build from the reference; ``style``
measures style from a student's source without running it.
"""
