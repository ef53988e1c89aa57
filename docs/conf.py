"""Sphinx's configuration for the docs site (``make docs``: out/site).

Sphinx with myst-parser reads the Markdown pages of docs/ as they are written for GitHub;
``make docs`` builds with ``-W --keep-going`` (tests/docs/test_site.py too), so a link to a
page, a heading or a picture that does not exist is an error, not a broken page.
"""

from __future__ import annotations

project = "gametree-tracer"
author = "gametree-tracer's authors"
copyright = "gametree-tracer's authors"

extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["examples/**", "img/**", "_build"]

# The pages link to headings as GitHub writes their anchors (#capturing-one-subtree):
# myst makes the same slugs for headings down to this level, and checks each link to one.
myst_heading_anchors = 4
# A link out of docs/ (../schemas/solution.schema.json, ../traces/aima...json) is to a file
# of the repository: myst copies it into the site (_downloads/), and fails when it is not
# there.  Links to other sites are left as they are and never fetched.
# The pages shorten JSON with "..." ({"children": [ ... ]}), which Pygments cannot lex as
# JSON: such a block is drawn plain, which is what it is, and says nothing broken.
suppress_warnings = ["misc.highlighting_failure"]

html_theme = "furo"
html_title = "gametree-tracer"
html_static_path: list[str] = []
html_copy_source = False
html_show_sourcelink = False
# No build date in the pages: the site is built byte for byte the same twice.
html_last_updated_fmt = None
