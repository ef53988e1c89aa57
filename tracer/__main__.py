"""``python -m tracer`` runs the ``gametrace`` command line."""

from .cli import main

main(prog_name="gametrace")
