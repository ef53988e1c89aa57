"""What a question says, shared by the Moodle and the PrairieLearn export: the task, how
answers are written, each part's words (:func:`tracer.classroom.item_words.item_words`,
never an item's key), the diagram's words for a reader who cannot see it; the checks
of a name and a language; the variants of a spec or an assignment."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from xml.sax.saxutils import escape

from ...choices import unknown_choice
from ...errors import UsageError
from ...numbers import format_number
from ...said import LANGUAGES, Said, said
from ..item_words import item_words
from .question_parts import Part, none_word
from .question_variants import Progress, QuestionSpec, Variant, Variants, make_variants

__all__ = ["alt_text", "check_lang", "check_name", "hints", "html_text", "intro",
           "part_words", "variants_of", "written"]


def check_name(name: str, *, option: str = "--name") -> str:
    """``name`` if it can name a question category and a folder: 1 to 100 ASCII letters
    (``a``..``z``, ``A``..``Z``: a folder's name every platform and archive keeps the
    same), digits, spaces, ``-``, ``_`` or ``.``, not starting with ``.`` or a space."""
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.")
    if not 1 <= len(name) <= 100 or not set(name) <= allowed or name[0] in ". " or (
            name[-1] == " "):
        raise UsageError(said("{option} {name!r}: a name is 1 to 100 ASCII letters (a-z, "
                              "A-Z), digits, spaces, '-', '_' or '.', not starting with '.' "
                              "or a space", option=option, name=name))
    return name


def check_lang(lang: str) -> str:
    """``lang`` if the export speaks it (:data:`tracer.said.LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise UsageError(unknown_choice(said("language"), lang, LANGUAGES, suggest=False))
    return lang


def variants_of(source: QuestionSpec | Variants, seeds: Sequence[int], *,
                progress: Progress | None = None) -> Variants:
    """The variants of a spec for ``seeds``, or ``source`` itself (an assignment's,
    :func:`~.assignment_questions.assignment_variants`)."""
    if isinstance(source, QuestionSpec):
        return make_variants(source, seeds, progress=progress)
    return source


def written(made: Variants, seeds: Sequence[int], progress: Progress | None) -> Iterator[Variant]:
    """``made``'s variants one by one, telling ``progress`` of each the writer is done with
    (after the steps of :func:`~.question_variants.make_variants`, one a seed)."""
    before = len(seeds) if made.spec is not None else 0
    total = before + len(made.variants)
    for done, variant in enumerate(made.variants, 1):
        yield variant
        if progress is not None:
            progress(before + done, total)


def intro(made: Variants) -> Said:
    """The task: the conventions, and how the tree is drawn."""
    assert made.conventions is not None
    return said("Search this game tree by hand: {conventions}. Triangles pointing up are "
                "MAX nodes, pointing down MIN nodes; each leaf shows its value.",
                conventions=made.conventions)


def part_words(key: str, lang: str) -> str:
    """The words of a part's item, a capital first."""
    words = item_words(key, lang)
    return words[:1].upper() + words[1:]


def alt_text(v: Variant, lang: str) -> Said:
    """The diagram's words for a reader who cannot see it."""
    leaves = ", ".join(f"{node} = {format_number(value)}" for node, value in v.leaves)
    player = v.tree.root.player
    return said("A game tree with {player} at the root {root}; its leaves, left to right: "
                "{leaves}", player=str(player.value if player else "max").upper(),
                root=v.root, leaves=leaves)


def hints(parts: Sequence[Part], lang: str, *, ticked: bool = False) -> list[str]:
    """How the answers are written: one sentence for each kind of part asked (``ticked``:
    the pruned nodes are ticked, not written)."""
    kinds = {p.kind for p in parts}
    keys = {p.key.partition(".")[0] for p in parts}
    out = [said("Write each node's name as the tree shows it.")]
    if "set" in kinds and ticked:
        out.append(said("The nodes pruned are the roots of the subtrees the search never "
                        "visits: tick each of them."))
    elif "set" in kinds:
        out.append(said("The nodes pruned are the roots of the subtrees the search never "
                        "visits: write them separated by single spaces, in any order, or "
                        "{none} if nothing is pruned.", none=none_word(lang)))
    if "sequence" in kinds:
        out.append(said("The leaves evaluated: in the order the search evaluates them, "
                        "separated by single spaces."))
    if "values" in keys:
        out.append(said("A value the search leaves undecided is written as the bound it "
                        "is: <=2 (at most 2) or >=3 (at least 3)."))
    if "alphabeta" in keys:
        out.append(said("Alpha and beta are the node's when it is finished (after its "
                        "last child, or at its cut); an unbounded one is written -inf or "
                        "+inf."))
    return [s.worded(lang) for s in out]


def html_text(text: str) -> str:
    """``text`` escaped for HTML (an attribute's value too)."""
    return escape(text, {'"': "&quot;"})
