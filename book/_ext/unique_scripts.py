"""Sphinx extension: include each inline script only once per page.

sphinx-thebe registers an inline script (``const THEBE_JS_URL = ...``) whose filename is empty.
When the theme re-initialises the builder's script list, that inline script is added a second
time, and the browser raises "Identifier 'THEBE_JS_URL' has already been declared" on every page.
Scripts with a filename are already de-duplicated by Sphinx; this does the same for inline ones.
"""

from __future__ import annotations


def _key(script: object) -> tuple:
    attributes = getattr(script, "attributes", {}) or {}
    # An inline script may be registered with filename None once and "" once: the same script.
    filename = getattr(script, "filename", None) or ""
    return (str(filename), tuple(sorted(attributes.items())))


def unique_scripts(app, pagename, templatename, context, doctree) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple] = set()
    kept = []
    for script in scripts:
        key = _key(script)
        if key not in seen:
            seen.add(key)
            kept.append(script)
    context["script_files"] = kept


def setup(app):
    app.connect("html-page-context", unique_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
