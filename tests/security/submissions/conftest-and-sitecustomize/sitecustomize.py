"""A sitecustomize that would make every comparison true, were it ever loaded."""
import builtins

builtins.__dict__["__cardlab_cheat__"] = True
