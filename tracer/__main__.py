"""``python -m tracer`` runs the ``gametrace`` command line."""

from __future__ import annotations

from .cli import main

main(prog_name="gametrace")
