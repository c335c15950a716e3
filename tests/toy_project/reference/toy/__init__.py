"""A toy package for cardlab's own tests."""
