"""The cardlab site's mkdocs hook: generated pages and coloured cards.

Registered under ``hooks:`` in ``mkdocs.yml``. The work is done by
:mod:`cardlab.course.docsite`; this file only connects it to mkdocs' events and turns a
:class:`~cardlab.errors.CardlabError` (a broken spec, say) into a build error that
mkdocs reports as the error's one line, without a traceback.
"""

from __future__ import annotations

from typing import Any

from mkdocs.exceptions import PluginError

from cardlab.course.docsite import break_cell_paths, colour_cards, expand_markers, project_of
from cardlab.errors import CardlabError


def on_config(config: Any) -> Any:
    """Resolve included files (``--8<--``) from the project folder, wherever mkdocs runs."""
    snippets = config.mdx_configs.get("pymdownx.snippets")
    if snippets is not None:
        snippets["base_path"] = [str(project_of(config.config_file_path).root)]
    return config


def on_page_markdown(markdown: str, *, config: Any, **_: Any) -> str:
    """Replace ``<!-- cardlab:... -->`` markers with the README or rubric tables."""
    try:
        return expand_markers(markdown, project_of(config.config_file_path))
    except CardlabError as error:
        raise PluginError(str(error)) from None


def on_page_content(html: str, **_: Any) -> str:
    """Colour the card tokens of a rendered page (code is left alone), and let table paths wrap."""
    return break_cell_paths(colour_cards(html))
