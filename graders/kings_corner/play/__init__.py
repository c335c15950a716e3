"""The kings corner terminal game (``cardlab play kings_corner``).

cardlab loads this folder as a package (see ``assignment.toml``). Instructor-side: never
in a handout or the cardlab wheel.
"""
