"""A PrairieLearn question folder: a question's variants, one by seed.

The folder holds what PrairieLearn reads in a course's ``questions/QID/``:

* ``info.json`` -- a v3 question: its ``uuid`` (a UUID 5 of the spec or the assignment,
  the seeds and the name, so exporting again gives the same question), title, topic
  and tags;
* ``question.html`` -- the task in a ``pl-question-panel`` with the tree drawn inline
  (SVG), one ``pl-string-input`` per part (the items asked, each node of a ``values``
  or ``alphabeta`` item its own), and the answer key in a ``pl-answer-panel``, its
  words in the export's language;
* ``server.py`` -- ``generate(data)`` picks the variant by ``data["variant_seed"]`` and
  ``grade(data)`` grades every part as ``gametrace check`` grades its item, a blank
  one 0 (:mod:`.pl_server`); it needs nothing but the standard library and
* ``variants.json`` -- the variants computed here, diagrams and answers.

Written as a folder (whole or not at all) or as a ``.zip`` holding the folder; the
same arguments give the same bytes.
"""

from __future__ import annotations

import io
import os
import uuid
import zipfile
from collections.abc import Sequence
from importlib import resources

from ...jsonio import dumps_json, dumps_json_pretty
from ...said import said
from .question_parts import none_word
from .question_variants import Progress, QuestionSpec, Variant, Variants, diagram
from .question_words import (
    alt_text,
    check_lang,
    check_name,
    hints,
    html_text,
    intro,
    part_words,
    variants_of,
    written,
)

__all__ = ["FILES", "folder_name", "prairielearn_files", "prairielearn_zip", "question_uuid",
           "write_prairielearn"]

FILES = ("info.json", "question.html", "server.py", "variants.json")
"""The files of a question folder."""

_NAMESPACE = uuid.UUID("5d0c2f4e-8a51-5b8e-9c1e-6761d7a3b0f2")
"""The namespace of the questions' UUIDs (itself a fixed UUID: changing it would give
every exported question a new identity)."""

_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""The date of every file in the zip: the earliest a zip can hold, never the clock."""

QUESTION_HTML = """\
<pl-question-panel>
  <p>{intro}</p>
  <div role="img" aria-label="{{{{params.alt}}}}" style="max-width: 100%; overflow-x: auto;">
    {{{{{{params.diagram}}}}}}
  </div>
  <p>{hints}</p>
</pl-question-panel>

{{{{#params.parts}}}}
<p>{{{{words}}}}:</p>
<pl-string-input answers-name="{{{{name}}}}" remove-leading-trailing="true"
  label="{{{{label}}}}"></pl-string-input>
{{{{/params.parts}}}}

<pl-answer-panel>
  <p>{{{{params.key}}}}</p>
</pl-answer-panel>
"""
"""question.html: the task and the diagram, one input per part (the parts come from the
variant, :mod:`.pl_server`), the answer key after grading.  ``{intro}`` and ``{hints}``
are filled in the export's language; the rest is PrairieLearn's Mustache."""


def folder_name(made: Variants) -> str:
    """The question's ID when none is given: the bank's name, ``-`` for each space (a
    PrairieLearn question ID is a folder's name, written in assessments' JSON)."""
    return made.name.replace(" ", "-")


def question_uuid(spec: QuestionSpec | Variants, seeds: Sequence[int], name: str) -> str:
    """The question's UUID: the same spec (or assignment), seeds and name give the same
    one."""
    if isinstance(spec, QuestionSpec):
        text = dumps_json({"spec": spec.to_json(), "seeds": list(seeds), "name": name})
    else:
        text = dumps_json({**dict(spec.identity), "name": name})
    return str(uuid.uuid5(_NAMESPACE, text))


def prairielearn_files(source: QuestionSpec | Variants, seeds: Sequence[int] = (), *,
                       name: str | None = None, lang: str = "en",
                       progress: Progress | None = None) -> tuple[dict[str, bytes], Variants]:
    """The question folder's files (:data:`FILES`) by name, and the variants: a spec's
    for ``seeds``, or an assignment's (:func:`.assignment_variants`), every text in
    ``lang``."""
    check_lang(lang)
    made = variants_of(source, seeds, progress=progress)
    title = check_name(name if name is not None else folder_name(made))
    assert made.conventions is not None
    heading = said("Alpha-beta by hand: {name}", name=title).worded(lang) \
        if made.spec is not None else made.title
    info = {"uuid": question_uuid(source if isinstance(source, QuestionSpec) else made,
                                  seeds, title),
            "type": "v3", "title": heading[:200],
            "topic": said("Game-tree search").worded(lang),
            "tags": ["alpha-beta", "gametrace"], "singleVariant": len(made.variants) == 1}
    variants = {"generator": "gametrace export prairielearn",
                "spec": made.spec.to_json() if made.spec is not None else dict(made.identity),
                "repeated_seeds": list(made.repeated),
                "verdicts": {k: v.worded(lang) for k, v in _VERDICTS.items()},
                "none": none_word(lang),
                "variants": [_variant_json(made, v, lang)
                              for v in written(made, seeds, progress)]}
    server = resources.files(__package__).joinpath("pl_server.py").read_text("utf-8")
    task = intro(made).worded(lang)
    hints_text = " ".join(hints(made.variants[0].parts, lang))
    html = QUESTION_HTML.format(intro=html_text(task), hints=html_text(hints_text))
    files = {"info.json": dumps_json_pretty(info), "question.html": html,
             "server.py": server, "variants.json": dumps_json(variants) + "\n"}
    return {k: v.encode("utf-8") for k, v in files.items()}, made


_VERDICTS = {"right": said("this part is right"),
             "partly": said("this part is partly right"),
             "wrong": said("this part is wrong"),
             "blank": said("this part is not answered")}
"""The feedback server.py gives a part, in the export's language."""


def prairielearn_zip(source: QuestionSpec | Variants, seeds: Sequence[int] = (), *,
                     name: str | None = None, lang: str = "en",
                     progress: Progress | None = None) -> tuple[bytes, Variants]:
    """The question folder as a zip (what ``GET .../export/prairielearn.zip`` sends):
    the files of :func:`prairielearn_files` in a folder named ``name``."""
    made = variants_of(source, seeds)
    folder = check_name(name if name is not None else folder_name(made))
    files, made = prairielearn_files(source if isinstance(source, QuestionSpec) else made,
                                     seeds, name=folder, lang=lang, progress=progress)
    return _zip(folder, files), made


def write_prairielearn(out: str | os.PathLike[str], source: QuestionSpec | Variants,
                       seeds: Sequence[int] = (), *, name: str | None = None,
                       lang: str = "en", progress: Progress | None = None) -> Variants:
    """The question folder written to ``out``: a ``.zip`` (the folder inside it named
    ``name``) or a folder, whole or not at all (:mod:`tracer.outputs`)."""
    from ...outputs import check_folder, check_output
    from ...writing import staged_folder, write_output_bytes

    text = os.fspath(out)
    if text.lower().endswith(".zip") or text == "-":
        target = check_output(text, role="question folder")
        data, made = prairielearn_zip(source, seeds, name=name, lang=lang,
                                       progress=progress)
        write_output_bytes(target, data)
        return made
    check_folder(text, option="-o", what=said("a PrairieLearn question is"))
    files, made = prairielearn_files(source, seeds, name=name, lang=lang,
                                     progress=progress)
    with staged_folder(text, stale=lambda n: n in FILES) as staging:
        for file, data in files.items():
            with open(os.path.join(staging, file), "wb") as handle:
                handle.write(data)
    return made


def _zip(folder: str, files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in sorted(files):
            entry = zipfile.ZipInfo(f"{folder}/{file}", date_time=_ZIP_TIME)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[file])
    return buffer.getvalue()


def _variant_json(made: Variants, v: Variant, lang: str) -> dict[str, object]:
    title = said("Alpha-beta exercise {seed}", seed=v.label).worded(lang) \
        if made.spec is not None or not made.title else made.title
    svg = diagram(v, "svg", title=title, lang=lang).decode("utf-8")
    key = "; ".join(f"{part_words(p.key, lang)}: {p.answer_text(lang)}" for p in v.parts)
    if v.remake is not None:
        key += ". " + said("The same tree: {command}", command=v.remake).worded(lang)
    return {"seed": v.seed, "root": v.root, "value": v.value, "move": v.move,
            "pruned": list(v.pruned), "order": list(v.order),
            "leaves": [[node, value] for node, value in v.leaves],
            "conventions": made.conventions.worded(lang) if made.conventions else "",
            "alt": alt_text(v, lang).worded(lang),
            "key": key,
            "parts": [{"name": f"p{i + 1}", "words": part_words(p.key, lang),
                       "label": f"{i + 1}.", "answer": p.answer_text(lang), **p.to_json()}
                      for i, p in enumerate(v.parts)],
            "svg": _inline(svg)}


def _inline(svg: str) -> str:
    """The ``<svg>`` element alone: HTML takes no XML declaration or DOCTYPE."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg
