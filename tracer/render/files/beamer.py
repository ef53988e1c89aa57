"""Beamer: the step-by-step frames as one slide whose overlays are the SVG frames.

``--frames DIR`` writes, beside the SVG frames:

- ``frames.tex``: one Beamer ``frame`` holding one ``tikzpicture`` with an
  ``\\only<k>`` per frame, so slide k shows exactly SVG frame k, drawn by
  ``frame-00k.tex`` (the TikZ of ``frame-00k.svg``: an overlay reads only its own file,
  so a deck of many frames costs TeX no more than the frames themselves);
- ``frames-preamble.tex``: colours, styles and ``\\gtfit`` (scales the picture to the
  slide), to ``\\input`` in the deck's preamble;
- ``deck.tex``: a complete deck around them (``pdflatex deck.tex`` makes the PDF).

Every frame is drawn inside the same bounding box (the pinned drawing's), so nothing
jitters from one overlay to the next.  A deck in another folder says where the files
are before ``\\input{F/frames}``: ``\\newcommand{\\gtframes}{F/}``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .tikz import TexColours, drawing_picture, preamble, tex_text, tikzpicture

# Type-only: the pipeline sits above files/ (it uses every stage); the caller hands
# the drawing in.
if TYPE_CHECKING:
    from ..pipeline import Drawing

__all__ = ["BeamerWritten", "write_beamer"]

DECK = r"""\documentclass[aspectratio=169]{beamer}
\setbeamertemplate{navigation symbols}{}
\input{frames-preamble}
\begin{document}
\input{frames}
\end{document}
"""


@dataclass(frozen=True)
class BeamerWritten:
    """What :func:`write_beamer` wrote."""

    frame: Path
    preamble: Path
    deck: Path
    overlays: int


def write_beamer(drawing: Drawing, directory: str | os.PathLike[str]) -> BeamerWritten:
    """Write ``frames.tex``, ``frames-preamble.tex`` and ``deck.tex`` into ``directory``."""
    from ...writing import write_output_bytes

    folder = Path(directory)
    colours = TexColours(drawing.theme)
    frames = list(drawing.frames())
    pictures = [drawing_picture(drawing, frame.view, colours) for frame in frames]
    # Pictures without their caption (--no-caption): the slide says it.
    shown = drawing.options.caption is not False
    said = "" if shown else "\\par\\smallskip\\footnotesize\n" + "".join(
        f"\\only<{k}>{{{tex_text(frame.caption)}}}%\n" for k, frame in enumerate(frames, 1))
    title = drawing.options.title
    heading = f"\\frametitle{{{tex_text(title)}}}\n" if title else ""
    width = max(3, len(str(len(pictures))))
    names = [f"frame-{k:0{width}d}" for k in range(1, len(pictures) + 1)]
    body = (f"% gametrace: {len(pictures)} overlays; overlay k draws frame-k.tex, the TikZ of "
            f"frame-k.svg.\n% Needs \\input{{frames-preamble}} in the preamble; a deck in "
            f"another folder first says\n% where these files are: \\newcommand{{\\gtframes}}"
            f"{{FOLDER/}}\n\\providecommand{{\\gtframes}}{{}}\n"
            f"\\begin{{frame}}[t]\n{heading}\\centering\n"
            f"\\gtfit{{%\n{tikzpicture(pictures[-1], overlays=names)}}}\n{said}"
            f"\\end{{frame}}\n")
    paths = BeamerWritten(folder / "frames.tex", folder / "frames-preamble.tex",
                          folder / "deck.tex", len(pictures))
    written = [folder / f"{name}.tex" for name in names]
    for path, pic in zip(written, pictures, strict=True):
        write_output_bytes(path, ("\n".join(pic.body) + "\n").encode("utf-8"))
    for stale in sorted(folder.glob("frame-*.tex")):  # called alone on a used folder
        if stale not in written:
            stale.unlink()
    write_output_bytes(paths.preamble, preamble(colours).encode("utf-8"))
    write_output_bytes(paths.frame, body.encode("utf-8"))
    write_output_bytes(paths.deck, DECK.encode("utf-8"))
    return paths
