"""Sphinx extension: the repository's address is one setting, and no link is dead without it.

``repository.url`` in ``_config.yml`` is where the book's source lives (for example
``https://github.com/owner/cfr-book``). The repository button and the launch buttons (Binder)
need it: with it, this turns the repository button on; without it (the setting is empty in a
fresh clone), it turns the launch buttons off, so that no page links to a repository that does
not exist. Jupyter Book 1 refuses a repository button without an address, which is why
``_config.yml`` leaves the button off and this extension decides.

sphinx-thebe writes a Binder configuration into every page, with a stranger's repository
(``binder-examples/...``) as its default. With an address, this points that configuration at
the book's repository; without one, it takes the configuration out of the pages.
"""

from __future__ import annotations

from docutils import nodes

#: The launch providers of sphinx-book-theme that need the repository's address.
LAUNCHERS = ("binderhub_url", "jupyterhub_url", "colab_url", "deepnote_url")


def repository_buttons(theme_options: dict) -> dict:
    """The theme options with the repository and launch buttons set by the repository's address."""
    options = dict(theme_options)
    if str(options.get("repository_url") or "").strip():
        options["use_repository_button"] = True
        return options
    options["use_repository_button"] = False
    options["launch_buttons"] = {
        key: value
        for key, value in dict(options.get("launch_buttons") or {}).items()
        if key not in LAUNCHERS
    }
    return options


def has_address(theme_options: dict) -> bool:
    return bool(str(theme_options.get("repository_url") or "").strip())


def apply(app, config) -> None:
    config.html_theme_options = repository_buttons(config.html_theme_options)
    options = config.html_theme_options
    if has_address(options) and isinstance(config.thebe_config, dict):
        config.thebe_config.setdefault("repository_url", options["repository_url"])
        branch = options.get("repository_branch") or "main"
        config.thebe_config.setdefault("repository_branch", branch)


def drop_thebe_configuration(app, doctree, docname) -> None:
    """Without an address, remove the Binder configuration sphinx-thebe put into the page."""
    if has_address(app.config.html_theme_options):
        return
    for node in list(doctree.findall(nodes.raw)):
        if "text/x-thebe-config" in node.astext():
            node.parent.remove(node)


def setup(app):
    app.connect("config-inited", apply)
    app.connect("doctree-resolved", drop_thebe_configuration, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
