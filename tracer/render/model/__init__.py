"""The view model: what a picture shows, built from a replay (view: View, ViewNode,
ViewEdge), with the choices and words it is built with (options, text, wording) and
the helpers deciding which nodes show, their notes, captions and values.
"""

from __future__ import annotations
