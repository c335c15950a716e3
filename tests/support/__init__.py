"""Helpers shared by cardlab's own tests (imported as ``support.<module>``)."""
