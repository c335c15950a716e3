"""matplotlib for a batch's plots: drawn off screen, or a one-line error naming the extra."""

from __future__ import annotations

from types import ModuleType

from ..errors import CardlabError


def headless_pyplot(drawing: str, otherwise: str) -> ModuleType:
    """``matplotlib.pyplot`` set up to draw into files (no screen needed).

    Args:
        drawing: What needs it, for the error (``the histogram overview.png``).
        otherwise: What the user can do or already has, ending the error's sentence.

    Raises:
        CardlabError: When matplotlib (the ``plots`` extra) is not installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise CardlabError(
            f'{drawing} needs matplotlib: pip install "cardlab[plots]"{otherwise}'
        ) from None
    return pyplot
