"""The bisca terminal game (``cardlab play bisca``) and its strong bot.

cardlab loads this folder as a package (see ``assignment.toml``); the hidden tournament
game shares the strong bot. Instructor-side: never in a handout or the cardlab wheel.
"""
