"""``gametrace lti``: what an LMS needs to know the service as an LTI 1.3 tool: the tool's
key pair (``lti keys``) and the URLs and JSON an administrator pastes into Moodle or
Canvas (``lti config``), both made by :mod:`tracer.service.lti.config`; ``gametrace
serve --lti FILE`` then serves the launches.

Library errors propagate to the ``gametrace`` group, which maps them to exit codes.  The
library is imported inside the commands (it is the ``serve`` extra's).
"""

from __future__ import annotations

from pathlib import Path

import click

from .serve import require_serve_extra

__all__ = ["lti_group"]

def _needs_the_serve_extra() -> None:
    require_serve_extra("lti", also=("cryptography",))


@click.group("lti")
def lti_group() -> None:
    """Register the service as an LTI 1.3 tool of Moodle, Canvas or another LMS.

    Make the tool's key pair, print what the LMS administrator pastes, write the tool
    configuration with what the LMS answers (docs/lti.md), then serve it.

    \b
    Examples:
      gametrace lti keys lti
      gametrace lti config --url https://gametrace.example.edu
      gametrace lti config --url https://gametrace.example.edu --canvas > canvas.json
      gametrace serve --lti lti/tool.json
    """


@lti_group.command("keys")
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
def keys_command(folder: Path) -> None:
    """Write a new RSA key pair of the tool in DIR (made if missing): private.key,
    readable by its owner only, and public.key. A key already there is never
    overwritten. Prints the two lines of the tool configuration that name them, for a
    configuration file in DIR.

    \b
    Examples:
      gametrace lti keys lti
      gametrace lti keys /etc/gametrace/lti
    """
    _needs_the_serve_extra()
    from ..service.lti.config import KEY_BITS, make_keys

    pair = make_keys(folder)
    click.echo(f"wrote {pair.private} (mode 600) and {pair.public}: an RSA {KEY_BITS} "
               "key pair")
    click.echo(pair.snippet())


@lti_group.command("config")
@click.option("--url", "base", required=True, metavar="BASE",
              help="The service's address as the LMS users' browsers reach it "
                   "(https://host, or https://host/prefix behind a proxy).")
@click.option("--title", default="gametrace", show_default=True,
              help="The tool's name in the LMS.")
@click.option("--canvas", is_flag=True,
              help="Print only Canvas's JSON configuration (Developer Keys > LTI Key > "
                   "Paste JSON).")
def config_command(base: str, title: str, canvas: bool) -> None:
    """Print what an LMS administrator enters to register the tool: its login,
    launch (redirect), JWKS and deep-linking URLs, the fields of Moodle's form for a
    tool configured manually, and Canvas's JSON configuration.

    \b
    Examples:
      gametrace lti config --url https://gametrace.example.edu
      gametrace lti config --url https://example.edu/gametrace --title "Search lab"
      gametrace lti config --url https://gametrace.example.edu --canvas > canvas.json
    """
    _needs_the_serve_extra()
    from ..jsonio import dumps_json_pretty
    from ..service.lti.config import administrator_text, canvas_config

    if canvas:
        click.echo(dumps_json_pretty(canvas_config(base, title=title)), nl=False)
    else:
        click.echo(administrator_text(base, title=title), nl=False)
