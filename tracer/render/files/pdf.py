"""Single-page PDFs from Graphviz/cairo -> one multi-page PDF, joined with pypdf.

Graphviz draws one graph per PDF; a slide deck needs every frame in one file.  pypdf
reads any PDF (classic cross-reference tables and cross-reference streams, nested page
trees, compressed object streams) and writes the pages under one page tree.  The
document information dictionary is left out (cairo's creation date and pypdf's producer
name would make the bytes depend on the run and on the library's version) and no file
identifier is written, so the same pages always give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from pypdf import PdfReader, PdfWriter
from pypdf.errors import PyPdfError

from ...errors import TracerError
from ...said import said

__all__ = ["merge_pdfs", "page_count"]


def merge_pdfs(docs: Sequence[bytes]) -> bytes:
    """One PDF with the pages of ``docs`` in order (each a PDF, as cairo writes it)."""
    writer = PdfWriter()
    for i, doc in enumerate(docs):
        writer.append(_reader(doc, i))
    # No /Info (dates, producer): the same pages give the same bytes.  A new writer has
    # no /ID either (pypdf writes one only when it copies a whole document or encrypts).
    writer.metadata = None
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def page_count(pdf: bytes) -> int:
    """Pages in a PDF."""
    return len(_reader(pdf, 0).pages)


def _reader(doc: bytes, i: int) -> PdfReader:
    """``doc`` read strictly: a damaged file is refused, not half-repaired with warnings."""
    try:
        reader = PdfReader(io.BytesIO(doc), strict=True)
        len(reader.pages)
    except (PyPdfError, ValueError, KeyError, IndexError) as exc:
        raise TracerError(said("PDF {n} is not a PDF file", n=i + 1)) from exc
    return reader
