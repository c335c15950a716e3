"""Dice totals: the red-team suite's assignment for skipped tests."""
