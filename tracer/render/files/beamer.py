"""Beamer: the step-by-step frames as one slide whose overlays are the SVG frames.

``--frames DIR`` writes, beside the SVG frames:

- ``frames.tex``: one Beamer ``frame`` holding one ``tikzpicture`` with an
  ``\\only<k>`` per frame, so slide k shows exactly SVG frame k, drawn by
  ``frame-00k.tex`` (the TikZ of ``frame-00k.svg``: an overlay reads only its own file,
  so a deck of many frames costs TeX no more than the frames themselves);
- ``frames-preamble.tex``: colours, styles and ``\\gtfit`` (scales the picture to the
  slide), to ``\\input`` in the deck's preamble;
- ``deck.tex``: a complete deck around them (``pdflatex deck.tex`` makes the PDF).

The frame has a title, the lecture example's (its lecture's title and section, for a
built-in tree; else the tree's description, or the game's name; ``--title`` wins), and
the step as subtitle, one ``\\only<k>`` per overlay ("Step 3/8").  The tree fills the
frame under them: ``\\gtfill`` scales the picture to the width, or to the height left
under the title, whichever is smaller (:data:`FILL`).

Every frame is drawn inside the same bounding box (the pinned drawing's), so nothing
jitters from one overlay to the next.  A deck in another folder says where the files
are before ``\\input{F/frames}``: ``\\newcommand{\\gtframes}{F/}``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .tikz import TexColours, drawing_picture, preamble, tex_text, tikzpicture

# Type-only: the pipeline sits above files/ (it uses every stage); the caller hands
# the drawing in.
if TYPE_CHECKING:
    from ..pipeline import Drawing

__all__ = ["BeamerWritten", "FILL", "Lecture", "frame_title", "write_beamer"]

DECK = r"""\documentclass[aspectratio=169]{beamer}
\setbeamertemplate{navigation symbols}{}
\input{frames-preamble}
\setbeamersize{text margin left=4mm,text margin right=4mm}
\begin{document}
\input{frames}
\end{document}
"""


FILL = r"""% \gtfill[reserve]{...}: the picture as large as the frame holds under its title:
% the line's width, or the text height less the title's and ``reserve``, whichever is smaller.
\ifdefined\gtfillbox\else\newsavebox{\gtfillbox}\newdimen\gtroom\fi
\providecommand{\gtfill}[2][0pt]{\sbox{\gtfillbox}{#2}%
  \setbox0=\vbox{\usebeamertemplate*{frametitle}}%
  \gtroom=\dimexpr\textheight-\ht0-\dp0-\baselineskip-#1\relax
  \ifnum\numexpr\wd\gtfillbox/65536*(\gtroom/65536)\relax
       >\numexpr\dimexpr\ht\gtfillbox+\dp\gtfillbox\relax/65536*(\linewidth/65536)\relax
    \resizebox{\linewidth}{!}{\usebox{\gtfillbox}}%
  \else\resizebox{!}{\gtroom}{\usebox{\gtfillbox}}\fi}
"""
"""A frame's picture as large as fits the frame under its title (the title measured by
typesetting Beamer's own template again); ``reserve``: room kept under the picture (the
step said on the slide, under ``--no-caption``)."""


Lecture = Callable[[Mapping[str, Any]], "str | None"]
"""The lecture a trace's source is drawn in (its title and section), or None: the front
door's, which knows the built-in trees (render/ sits below them)."""


def frame_title(drawing: Drawing, lecture: Lecture | None = None) -> str:
    """The frame's title: ``--title``; else the lecture ``lecture`` finds for the trace's
    source (a built-in lecture tree: its lecture's title and section, as ``gametrace
    examples`` cites it); else the tree's description, or the source's name, or the
    search (``alphabeta (fail-soft)``) for a tree with neither."""
    if drawing.options.title:
        return drawing.options.title
    source = drawing.header.source
    found = lecture(source) if lecture is not None else None
    if found:
        return found
    name = str(source.get("name") or "")
    tree = source.get("tree")
    description = str(tree.get("description") or "") if isinstance(tree, dict) else ""
    if description or name:
        return description or name
    header = drawing.header
    return f"{header.algorithm} ({header.variant})" if header.variant else header.algorithm


@dataclass(frozen=True)
class BeamerWritten:
    """What :func:`write_beamer` wrote."""

    frame: Path
    preamble: Path
    deck: Path
    overlays: int


def write_beamer(drawing: Drawing, directory: str | os.PathLike[str], *,
                 lecture: Lecture | None = None) -> BeamerWritten:
    """Write ``frames.tex``, ``frames-preamble.tex`` and ``deck.tex`` into ``directory``;
    ``lecture`` finds the frame's title (:func:`frame_title`)."""
    from ...writing import write_output_bytes

    folder = Path(directory)
    colours = TexColours(drawing.theme)
    frames = list(drawing.frames())
    pictures = [drawing_picture(drawing, frame.view, colours) for frame in frames]
    # Pictures without their caption (--no-caption): the slide says it.
    shown = drawing.options.caption is not False
    said = "" if shown else "\\par\\smallskip\\footnotesize\n" + "".join(
        f"\\only<{k}>{{{tex_text(frame.caption)}}}%\n" for k, frame in enumerate(frames, 1))
    reserve = "" if shown else "[3\\baselineskip]"
    title = frame_title(drawing, lecture)
    steps = "".join(f"\\only<{k}>{{{tex_text(drawing.words('step'))} {k}/{len(frames)}}}"
                    for k in range(1, len(frames) + 1))
    heading = (f"\\frametitle{{{tex_text(title)}}}\n" if title else "") + \
        f"\\framesubtitle{{{steps}}}\n"
    width = max(3, len(str(len(pictures))))
    names = [f"frame-{k:0{width}d}" for k in range(1, len(pictures) + 1)]
    body = (f"% gametrace: {len(pictures)} overlays; overlay k draws frame-k.tex, the TikZ of "
            f"frame-k.svg.\n% Needs \\input{{frames-preamble}} in the preamble; a deck in "
            f"another folder first says\n% where these files are: \\newcommand{{\\gtframes}}"
            f"{{FOLDER/}}\n\\providecommand{{\\gtframes}}{{}}\n"
            f"\\begin{{frame}}[t]\n{heading}\\centering\n"
            f"\\gtfill{reserve}{{%\n{tikzpicture(pictures[-1], overlays=names)}}}\n{said}"
            f"\\end{{frame}}\n")
    paths = BeamerWritten(folder / "frames.tex", folder / "frames-preamble.tex",
                          folder / "deck.tex", len(pictures))
    written = [folder / f"{name}.tex" for name in names]
    for path, pic in zip(written, pictures, strict=True):
        write_output_bytes(path, ("\n".join(pic.body) + "\n").encode("utf-8"))
    for stale in sorted(folder.glob("frame-*.tex")):  # called alone on a used folder
        if stale not in written:
            stale.unlink()
    write_output_bytes(paths.preamble, (preamble(colours) + FILL).encode("utf-8"))
    write_output_bytes(paths.frame, body.encode("utf-8"))
    write_output_bytes(paths.deck, DECK.encode("utf-8"))
    return paths
