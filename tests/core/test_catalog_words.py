"""The library's catalogs against its code: every sentence the library says is a
literal template (the catalogs' key), every template has its Italian with the same
fields (each plural form too), no catalog keeps a word the code no longer says, each
entry names the part of the library it belongs to, and the committed ``.mo`` the library
reads is its ``.po`` compiled."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from hatch_build import LOCALE, compile_catalogs, compiled_catalog
from tracer.said import DOMAIN, LANGUAGES, catalog, plurals

PACKAGE = Path(__file__).resolve().parents[2] / "tracer"
SAYERS = {"said": 1, "said_n": 2}
"""The calls that build a sentence, and how many leading template arguments each takes."""


def _po(lang: str) -> Path:
    return PACKAGE / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _calls() -> Iterator[tuple[Path, ast.Call]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in SAYERS:
                yield path, node


def _literals(call: ast.Call) -> tuple[str, ...] | None:
    """The call's templates (one for ``said``, singular and plural for ``said_n``), or
    None when one is not a literal."""
    assert isinstance(call.func, ast.Name)
    args = call.args[:SAYERS[call.func.id]]
    if len(args) < SAYERS[call.func.id] or not all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
        return None
    return tuple(a.value for a in args if isinstance(a, ast.Constant))


def _said(plural: bool) -> dict[tuple[str, ...], str]:
    """Every template (``said``) or singular and plural (``said_n``) the code says, with
    the first place that says it."""
    found: dict[tuple[str, ...], str] = {}
    for path, call in _calls():
        texts = _literals(call)
        if texts is not None and (len(texts) == 2) == plural:
            found.setdefault(texts, f"{path.relative_to(PACKAGE.parent)}:{call.lineno}")
    return found


def _templates() -> dict[str, str]:
    """Every template without a count the code says, with the first place that says it."""
    return {texts[0]: place for texts, place in _said(plural=False).items()}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _read(lang: str) -> Catalog:
    with _po(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]


def test_every_sentence_is_a_literal_template() -> None:
    """A template built at run time (an f-string, a variable) has no catalog entry."""
    bad = [f"{path.relative_to(PACKAGE.parent)}:{call.lineno}" for path, call in _calls()
           if _literals(call) is None]
    assert not bad, bad


ERRORS = frozenset({"TracerError", "UsageError", "InputError", "MissingInput", "OutputError",
                    "LimitExceeded", "GraphvizMissing", "MissingExtra"})
"""The library's errors: each takes a sentence (mypy refuses a ``str``; this test also
catches text a checker cannot see, a value typed ``Any``)."""


def _built_text(node: ast.expr) -> bool:
    """Whether ``node`` builds English text in place (a literal, an f-string, a sum, a
    ``str()`` or ``.format()``)."""
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(
        node, ast.JoinedStr | ast.BinOp) or (isinstance(node, ast.Call) and (
            (isinstance(node.func, ast.Name) and node.func.id == "str")
            or (isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"))))


def test_no_error_is_raised_with_text_built_in_place() -> None:
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            message = (node.args[0] if node.func.id in ERRORS and node.args else
                       node.args[2] if node.func.id == "Problem" and len(node.args) > 2
                       else None)
            if message is not None and _built_text(message):
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not bad, bad


def test_every_template_is_well_formed_english() -> None:
    for template, place in _templates().items():
        assert template == template.strip() and "\n" not in template, place
        _fields(template)  # raises on a stray brace


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_template_is_worded_with_the_same_fields(lang: str) -> None:
    words = catalog(lang)
    templates = _templates()
    missing = sorted(f"{place}: {template!r}" for template, place in templates.items()
                     if template not in words)
    assert not missing, f"{len(missing)} templates have no {lang} wording:\n" + \
        "\n".join(missing)
    for template in templates:
        assert _fields(words[template]) == _fields(template), (template, words[template])


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_count_is_worded_in_each_form_with_the_same_fields(lang: str) -> None:
    forms = plurals(lang)
    said_n = _said(plural=True)
    assert said_n, "no sentence with a count: said_n's own test below proves nothing"
    missing = sorted(f"{place}: {texts[0]!r}" for texts, place in said_n.items()
                     if texts[0] not in forms)
    assert not missing, missing
    for (singular, plural), place in said_n.items():
        assert "n" in _fields(singular) and _fields(singular) == _fields(plural), place
        assert len(forms[singular]) == 2, (place, forms[singular])  # nplurals=2
        for wording in forms[singular]:
            assert _fields(wording) == _fields(singular), (place, wording)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_catalog_keeps_a_word_the_code_no_longer_says(lang: str) -> None:
    text = _po(lang).read_text(encoding="utf-8")
    entries = len(re.findall(r"^msgid ", text, flags=re.MULTILINE)) - 1  # the header
    po = _read(lang)
    assert entries == len([m for m in po if m.id]), "a msgid is in the catalog twice"
    assert not po.obsolete, sorted(po.obsolete)
    said = {texts: place for texts, place in [*_said(False).items(), *_said(True).items()]}
    seen = {m.id if isinstance(m.id, tuple) else (m.id,): m for m in po if m.id}
    for key, message in seen.items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), key
        assert "fuzzy" not in message.flags, key  # a fuzzy entry is not compiled
    stale = sorted(set(seen) - set(said))
    assert not stale, stale


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_entry_names_its_part_of_the_library(lang: str) -> None:
    """``#. part: NAME`` (the old catalog file it came from) or ``#:`` a file of the
    library that says it."""
    for message in _read(lang):
        if message.id:
            assert any(c.startswith("part: ") for c in message.auto_comments) or \
                message.locations, message.id
            for filename, _ in message.locations:
                assert (PACKAGE.parent / filename).is_file(), (message.id, filename)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_plural_forms_are_gettexts_italian_rule(lang: str) -> None:
    """Two forms, the singular for one only: the rule gettext itself gives Italian
    (Babel's CLDR data would add a third, for round millions)."""
    assert _read(lang).plural_forms == "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_the_committed_mo_is_the_po_compiled(lang: str) -> None:
    """The library reads the .mo from a source tree as from a wheel: after editing the
    .po, ``make messages`` (or any build) compiles it again."""
    mo = _po(lang).with_suffix(".mo")
    assert mo.read_bytes() == compiled_catalog(_po(lang)), \
        f"{mo.relative_to(PACKAGE.parent)} is stale: run make messages"


def test_the_build_hook_compiles_a_stale_mo_again(tmp_path: Path) -> None:
    po = _po("it")
    copy = tmp_path / LOCALE / "it" / "LC_MESSAGES" / po.name
    copy.parent.mkdir(parents=True)
    copy.write_bytes(po.read_bytes())
    copy.with_suffix(".mo").write_bytes(b"stale")
    assert compile_catalogs(tmp_path) == [copy.with_suffix(".mo")]
    assert copy.with_suffix(".mo").read_bytes() == po.with_suffix(".mo").read_bytes()
