"""Picking numbers from a pool: the red-team suite's assignment for sequence answers."""
