"""Refresh the message catalogs from the code: ``make messages``.

Extracts every template the library says (the first argument of ``said``, the first two
of ``said_n``) with Babel into tracer/locale/tracer.pot, updates each
tracer/locale/LANG/LC_MESSAGES/tracer.po from it (a new template comes in untranslated,
a template the code no longer says goes; each entry keeps its ``#. part:`` comment), and
compiles each .po into the .mo the library reads (hatch_build.compile_catalogs).  The
locations name files without line numbers, so an edit elsewhere in a file leaves the
catalogs alone.  Run it from the repository's root; review the diff, word the new
entries, and run it again to compile them.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # hatch_build, the build hook, compiles the catalogs

from hatch_build import LOCALE, compile_catalogs  # noqa: E402

DOMAIN = "tracer"
KEYWORDS = {"said": (1,), "said_n": (1, 2)}
"""The calls whose literal arguments are templates: ``said(template, ...)``,
``said_n(singular, plural, n, ...)``."""


def extract_said(fileobj: IO[bytes], keywords: Mapping[str, object],
                 comment_tags: Collection[str], options: Mapping[str, object],
                 ) -> Iterator[tuple[int, str, str | tuple[str, ...], list[str]]]:
    """A Babel extraction method (called as Babel calls one) that reads the code as
    Python does (:mod:`ast`), in the order of the source: every call of a keyword whose
    leading arguments are string literals, a call inside an f-string or inside another
    call's argument included (Babel's own Python reader misses both)."""
    calls = sorted((node for node in ast.walk(ast.parse(fileobj.read()))
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in keywords),
                   key=lambda node: (node.lineno, node.col_offset))
    for node in calls:
        assert isinstance(node.func, ast.Name)
        wanted = len(KEYWORDS.get(node.func.id, (1,)))
        texts = [a.value for a in node.args[:wanted]
                 if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if len(texts) == wanted:
            yield node.lineno, node.func.id, texts[0] if wanted == 1 else tuple(texts), []


def template(created: object) -> Catalog:
    """Every template the code under tracer/ says, with the files that say it."""
    # Babel's annotation asks for a datetime; the caller's fixed date keeps the .pot
    # byte-identical from run to run
    pot = Catalog(domain=DOMAIN, project="gametree-tracer", version="",
                  copyright_holder="gametree-tracer", msgid_bugs_address="",
                  creation_date=created, fuzzy=False)  # type: ignore[arg-type]
    for path in sorted((ROOT / "tracer").rglob("*.py")):  # _api/ too: Babel's walk skips it
        with path.open("rb") as f:
            for lineno, _, message, comments in extract_said(f, KEYWORDS, (), {}):
                pot.add(message, None, [(path.relative_to(ROOT).as_posix(), lineno)],
                        auto_comments=comments)
    return pot


def main() -> int:
    locale = ROOT / LOCALE
    catalogs = sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    created = None
    for po_path in catalogs:
        with po_path.open("rb") as f:
            created = read_po(f).creation_date  # the .pot keeps the catalogs' date
        break
    pot = template(created)
    with (locale / f"{DOMAIN}.pot").open("wb") as f:
        write_po(f, pot, width=0, include_lineno=False)
    for po_path in catalogs:
        with po_path.open("rb") as f:
            catalog = read_po(f, locale=po_path.parents[1].name, domain=DOMAIN)
        parts = {message.id: [c for c in message.auto_comments if c.startswith("part: ")]
                 for message in catalog if message.id}
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        for message in catalog:
            for comment in parts.get(message.id, []):
                if comment not in message.auto_comments:
                    message.auto_comments.append(comment)
        with po_path.open("wb") as f:
            write_po(f, catalog, width=0, include_lineno=False, ignore_obsolete=True)
        untranslated = sum(1 for message in catalog if message.id and not (
            all(message.string) if isinstance(message.string, tuple) else message.string))
        print(f"{po_path.relative_to(ROOT)}: {len(catalog)} entries, {untranslated} to word")
    compile_catalogs(ROOT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
