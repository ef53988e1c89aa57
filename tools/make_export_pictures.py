"""Regenerate the pictures of docs/rendering.md that show presets, pruned marks, the
strip and the TikZ output (compiled with pdflatex, rasterised with pdftoppm).

    python tools/make_export_pictures.py      # writes docs/img/export/*

Run by ``make docs`` (after ``make sysdeps-tex``); records what it drew in
``docs/img/pictures.sha256`` for ``tools/make_gallery.py --check``.  Every picture comes from
``traces/aima.alphabeta.fail-soft.json``, the AIMA tree of "Teoria dei giochi", except the
slide of Grundy's game (a deep tree, drawn growing right).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tracer._api.drawing import lecture_of  # noqa: E402
from tracer.render._entry import render_trace, write_frames  # noqa: E402
from tracer.render.draw.presets import preset_options  # noqa: E402
from tracer.render.files.strip import write_strip  # noqa: E402
from tracer.render.model.render_options import RenderOptions  # noqa: E402
from tracer.render.pipeline import Drawing  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from make_gallery import record  # noqa: E402

TRACE = ROOT / "traces" / "aima.alphabeta.fail-soft.json"
GRUNDY = ROOT / "traces" / "grundy-7-min.andor.dfs.json"
OUT = ROOT / "docs" / "img" / "export"

DOC = r"""\documentclass[aspectratio=169]{beamer}
\setbeamertemplate{navigation symbols}{}
\input{aima-preamble}
\begin{document}
\begin{frame}[plain]\centering\gtfit{\input{aima}}\end{frame}
\end{document}
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    render_trace(TRACE, OUT / "aima.slides.svg", preset_options("slides"))
    render_trace(GRUNDY, OUT / "grundy.slides.svg", preset_options("slides"))
    render_trace(TRACE, OUT / "aima.pruned-cross.svg", RenderOptions(pruned="cross"))
    write_strip(Drawing(TRACE, RenderOptions(step="leaf", pruned="hide", legend=False)),
                OUT / "aima.strip.svg")
    if shutil.which("pdflatex") is None or shutil.which("pdftoppm") is None:
        sys.exit("pdflatex and pdftoppm are needed: run `make sysdeps-tex`")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        render_trace(TRACE, work / "aima.tex", preset_options("slides"))
        write_frames(TRACE, work, preset_options("slides", step="leaf"), lecture=lecture_of)
        (work / "doc.tex").write_text(DOC, encoding="utf-8")
        subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
                       cwd=work, check=True, capture_output=True)
        subprocess.run(["pdftoppm", "-png", "-r", "110", "-singlefile", "doc.pdf", "tikz"],
                       cwd=work, check=True)
        subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "deck.tex"],
                       cwd=work, check=True, capture_output=True)
        subprocess.run(["pdftoppm", "-png", "-r", "90", "-f", "4", "-singlefile", "deck.pdf",
                        "beamer-4"], cwd=work, check=True)
        shutil.copy(work / "tikz.png", OUT / "aima.tikz.png")
        shutil.copy(work / "beamer-4.png", OUT / "aima.beamer-4.png")
    for path in sorted(OUT.iterdir()):
        print(path.relative_to(ROOT))
    record(sorted(OUT.iterdir()), lambda name: name.startswith("docs/img/export/"))


if __name__ == "__main__":
    main()
