"""The whist terminal game (``cardlab play whist``).

cardlab loads this folder as a package (see ``assignment.toml``). Instructor-side: never
in a handout or the cardlab wheel.
"""
