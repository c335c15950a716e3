"""A fake cardlab that would report every test passed, were it ever imported."""
PASSED = True
