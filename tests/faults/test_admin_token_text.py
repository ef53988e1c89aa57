"""An admin token no request can send (a character past visible ASCII: "è", a space, a
control character) is refused at start-up, as a short one is: it was taken and could
never be used, since an Authorization header carries visible ASCII only."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from tracer.cli.serve import read_admin_token

GOOD = "k3Vq-9xZ_pL2+mN/aB7cD8eF0gH1iJ4="


def _token_file(tmp_path: Path, line: str) -> Path:
    path = tmp_path / "admin-token"
    path.write_text(line + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


@pytest.mark.parametrize("token", [GOOD[:-2] + "è=", GOOD[:10] + " " + GOOD[10:],
                                   GOOD[:-1] + "\x07", "ü" * 40, GOOD[:5] + "\u00a0" + GOOD[5:]],
                         ids=["accent", "space", "control", "all-non-ascii", "nbsp"])
def test_a_token_no_header_can_carry_is_refused_at_start_up(tmp_path: Path,
                                                             token: str) -> None:
    with pytest.raises(click.BadParameter) as caught:
        read_admin_token(_token_file(tmp_path, token))
    message = caught.value.format_message()
    assert "visible ASCII" in message and token not in message


def test_a_token_of_visible_ascii_is_taken(tmp_path: Path) -> None:
    assert read_admin_token(_token_file(tmp_path, GOOD)) == GOOD
