"""The page component every self-contained HTML output shares (the step-through player, the practice page, the
explorer): the document's shell (head, inlined style and script), the one ``<script type="application/json">``
block that carries the page's data, and the safe builders its scripts make the page with (html_page.js:
``TracerPage.element``, ``TracerPage.svg``, ``TracerPage.data``: ``createElement(NS)``, ``setAttribute`` and
``textContent`` only). Nothing from the input can become markup: the title is escaped here, the data is JSON with
``<``, ``>`` and ``&`` escaped, and the scripts never parse data as HTML. Nothing is fetched: a page works offline
from ``file://``."""

from __future__ import annotations

import html
import json
from importlib import resources


def json_for_script(data) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``<``, ``>`` or ``&`` (they are written as ``\\u003c``
    and so on, which JSON.parse reads back), so no ``</script>`` or ``<!--`` can end or bend the block."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def asset(name: str) -> str:
    """A script or style file that sits beside this module, as text to inline."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def page_script(*names: str) -> str:
    """The shared builders (html_page.js) followed by the page's own scripts ``names``, as one script's text."""
    return "\n".join(asset(name) for name in ("html_page.js", *names))


def html_document(title: str, style: str, body: str, data, script: str, data_id: str) -> str:
    """A whole self-contained page: ``title`` (text: escaped here), ``style`` and ``script`` inlined, ``body`` (the
    page's own fixed markup, never built from data), and ``data`` in the JSON block ``data_id`` that ``script``
    reads with ``TracerPage.data(data_id)``."""
    return PAGE.format(title=html.escape(title), style=style, body=body, data_id=data_id,
                       data=json_for_script(data), script=script)


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="tracer">
<title>{title}</title>
<style>
{style}
</style>
</head>
<body>
{body}
<script type="application/json" id="{data_id}">{data}</script>
<script>
{script}
</script>
</body>
</html>
"""
