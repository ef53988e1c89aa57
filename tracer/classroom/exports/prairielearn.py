"""A PrairieLearn question folder: the variants of an exercise spec, one by seed.

The folder holds what PrairieLearn reads in a course's ``questions/QID/``:

* ``info.json`` -- a v3 question: its ``uuid`` (a UUID 5 of the spec, the seeds and the
  name, so exporting again gives the same question), title, topic and tags;
* ``question.html`` -- the task in a ``pl-question-panel`` with the tree drawn inline
  (SVG), a ``pl-number-input`` for the root's value, ``pl-string-input`` for the best
  move and for the pruned nodes, and the answer key in a ``pl-answer-panel``;
* ``server.py`` -- ``generate(data)`` picks the variant by ``data["variant_seed"]`` and
  ``grade(data)`` scores the pruned nodes as a set (:mod:`.pl_server`); it needs
  nothing but the standard library and
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
from ...numbers import format_number
from ...said import said
from .moodle import check_name, default_name
from .question_variants import NONE, QuestionSpec, Variant, Variants, diagram, make_variants

__all__ = ["FILES", "prairielearn_files", "prairielearn_zip", "question_uuid",
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
  <p>Search this game tree by hand with {{params.conventions}}. Triangles pointing up
    are MAX nodes, pointing down MIN nodes; each leaf shows its value.</p>
  <div role="img" aria-label="{{params.alt}}" style="max-width: 100%; overflow-x: auto;">
    {{{params.diagram}}}
  </div>
</pl-question-panel>

<p>The value of the root {{params.root}}:</p>
<pl-number-input answers-name="value" comparison="relabs" rtol="0" atol="1e-9"
  label="value ="></pl-number-input>

<p>The best move (the child of {{params.root}} the search chooses):</p>
<pl-string-input answers-name="move" ignore-case="true" remove-leading-trailing="true"
  label="move ="></pl-string-input>

<p>The pruned nodes (the roots of the subtrees the search never visits), top to bottom
  and left to right, separated by spaces; <code>none</code> if nothing is pruned:</p>
<pl-string-input answers-name="pruned" ignore-case="true" remove-leading-trailing="true"
  label="pruned ="></pl-string-input>

<pl-answer-panel>
  <p>{{params.key}}</p>
</pl-answer-panel>
"""


def question_uuid(spec: QuestionSpec, seeds: Sequence[int], name: str) -> str:
    """The question's UUID: the same spec, seeds and name give the same one."""
    text = dumps_json({"spec": spec.to_json(), "seeds": list(seeds), "name": name})
    return str(uuid.uuid5(_NAMESPACE, text))


def prairielearn_files(spec: QuestionSpec, seeds: Sequence[int], *,
                       name: str | None = None) -> tuple[dict[str, bytes], Variants]:
    """The question folder's files (:data:`FILES`) by name, and the variants."""
    title = check_name(name if name is not None else default_name(spec))
    made = make_variants(spec, seeds)
    info = {"uuid": question_uuid(spec, seeds, title), "type": "v3",
            "title": f"Alpha-beta by hand: {title}", "topic": "Game-tree search",
            "tags": ["alpha-beta", "gametrace"], "singleVariant": len(made.variants) == 1}
    variants = {"generator": "gametrace export prairielearn", "spec": spec.to_json(),
                "repeated_seeds": list(made.repeated),
                "variants": [_variant_json(spec, v) for v in made.variants]}
    server = resources.files(__package__).joinpath("pl_server.py").read_text("utf-8")
    files = {"info.json": dumps_json_pretty(info), "question.html": QUESTION_HTML,
             "server.py": server, "variants.json": dumps_json(variants) + "\n"}
    return {k: v.encode("utf-8") for k, v in files.items()}, made


def prairielearn_zip(spec: QuestionSpec, seeds: Sequence[int], *,
                     name: str | None = None) -> tuple[bytes, Variants]:
    """The question folder as a zip (what ``GET .../export/prairielearn.zip`` sends):
    the files of :func:`prairielearn_files` in a folder named ``name``."""
    folder = check_name(name if name is not None else default_name(spec))
    files, made = prairielearn_files(spec, seeds, name=folder)
    return _zip(folder, files), made


def write_prairielearn(out: str | os.PathLike[str], spec: QuestionSpec,
                       seeds: Sequence[int], *, name: str | None = None) -> Variants:
    """The question folder written to ``out``: a ``.zip`` (the folder inside it named
    ``name``) or a folder, whole or not at all (:mod:`tracer.outputs`)."""
    from ...outputs import check_folder, check_output
    from ...writing import staged_folder, write_output_bytes

    text = os.fspath(out)
    if text.lower().endswith(".zip") or text == "-":
        target = check_output(text, role="question folder")
        data, made = prairielearn_zip(spec, seeds, name=name)
        write_output_bytes(target, data)
        return made
    check_folder(text, option="-o", what=said("a PrairieLearn question is"))
    files, made = prairielearn_files(spec, seeds, name=name)
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


def _variant_json(spec: QuestionSpec, v: Variant) -> dict[str, object]:
    svg = diagram(v, "svg", title=f"Alpha-beta exercise {v.seed}").decode("utf-8")
    root = v.order[0]
    leaves = ", ".join(f"{node} = {format_number(value)}" for node, value in v.leaves)
    return {"seed": v.seed, "root": root, "value": v.value, "move": v.move,
            "pruned": list(v.pruned), "order": list(v.order),
            "leaves": [[node, value] for node, value in v.leaves],
            "conventions": spec.conventions_text(),
            "alt": f"A game tree with MAX at the root {root}; its leaves, left to right: "
                   f"{leaves}",
            "key": (f"The root's value is {format_number(v.value)}, the best move is "
                    f"{v.move}, pruned: {' '.join(v.pruned) or NONE}. The same tree: "
                    f"{spec.exercise_command(v.seed)}"),
            "svg": _inline(svg)}


def _inline(svg: str) -> str:
    """The ``<svg>`` element alone: HTML takes no XML declaration or DOCTYPE."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg
