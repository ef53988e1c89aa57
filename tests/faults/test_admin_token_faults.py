"""``gametrace serve --admin-token-file`` with a file it must not take: one line, exit 2,
nothing made in the folder, and the token never shown."""

from __future__ import annotations

from pathlib import Path

from harness import Case, problems, run_cases

TOKEN = b"admin-token-0123456789-abcdef\n"


def _cases() -> list[Case]:
    option = "Invalid value for '--admin-token-file'"
    return [
        Case("serve-admin-token-missing", ["serve", "--port", "0", "--admin-token-file",
                                           "none"], codes=(2,),
             contains=f"{option}: none: cannot read it", category="serve"),
        # the harness writes files as the umask leaves them: readable by anyone
        Case("serve-admin-token-world-readable", ["serve", "--port", "0",
                                                  "--admin-token-file", "token"],
             {"token": TOKEN}, codes=(2,),
             contains=f"{option}: token: anyone may read it: chmod o-r token",
             category="serve"),
        Case("serve-admin-token-folder", ["serve", "--port", "0", "--admin-token-file",
                                          "."], codes=(2,), contains=option,
             category="serve"),
    ]


def test_serve_refuses_an_admin_token_file_it_must_not_take(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path / "cases")
    bad = [f"{c.name}: {'; '.join(found)}\n    stderr: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n" + "\n".join(bad)
    for c, o in zip(cases, outcomes, strict=True):
        assert TOKEN.decode().strip() not in o.stderr + o.stdout, c.name
