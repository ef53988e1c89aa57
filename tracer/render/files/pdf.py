"""A small PDF merger: single-page PDFs from Graphviz/cairo -> one multi-page PDF.

Graphviz draws one graph per PDF; a slide deck needs every frame in one file.  This
merger handles what cairo writes (a classic cross-reference table, one page tree): it
renumbers each file's objects, hangs all pages under one new page tree, and drops the
document information dictionary, whose creation date would make every run's bytes
differ.  Stream data is copied untouched; object references are rewritten only in
dictionaries.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import TracerError
from ...said import said

__all__ = ["merge_pdfs", "page_count"]

_REF = re.compile(rb"(\d+)\s+0\s+R\b")
_STREAM = re.compile(rb">>\s*stream\r?\n")
_OBJ_HEAD = re.compile(rb"\s*(\d+)\s+0\s+obj\b")
_TYPE = re.compile(rb"/Type\s*/(\w+)")
_PARENT = re.compile(rb"/Parent\s+\d+\s+0\s+R")


def merge_pdfs(docs: Sequence[bytes]) -> bytes:
    """One PDF with the pages of ``docs`` in order (each a PDF as cairo writes it)."""
    bodies: list[bytes] = [b"", b""]  # 1: catalog, 2: page tree; filled in at the end
    kids: list[int] = []
    for i, doc in enumerate(docs):
        objects, root, info = _read(doc, i)
        catalog = objects.get(root, b"")
        pages_ref = re.search(rb"/Pages\s+(\d+)\s+0\s+R", catalog)
        if pages_ref is None:
            raise TracerError(said("PDF {n}: no page tree in its catalog", n=i + 1))
        page_ids = _page_order(objects, int(pages_ref.group(1)))
        skipped = {root, info} | {n for n, body in objects.items() if _kind(body) == b"Pages"}
        new_id: dict[int, int] = {}
        for n in sorted(objects):
            if n not in skipped:
                new_id[n] = len(bodies) + 1
                bodies.append(b"")
        kept = dict(new_id)
        new_id.update({n: 2 for n in skipped if _kind(objects.get(n, b"")) == b"Pages"})
        new_id[root] = 1
        for n, nid in kept.items():
            body = _renumber(objects[n], new_id, i)
            if n in page_ids:
                body = _PARENT.sub(b"/Parent 2 0 R", body, count=1)
            bodies[nid - 1] = body
        kids.extend(kept[p] for p in page_ids)
    bodies[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    refs = b" ".join(b"%d 0 R" % k for k in kids)
    bodies[1] = b"<< /Type /Pages /Kids [ %s ] /Count %d >>" % (refs, len(kids))
    return _write(bodies)


def page_count(pdf: bytes) -> int:
    """Pages in a PDF written by :func:`merge_pdfs` (or cairo)."""
    objects, root, _ = _read(pdf, 0)
    catalog = objects.get(root, b"")
    pages_ref = re.search(rb"/Pages\s+(\d+)\s+0\s+R", catalog)
    return 0 if pages_ref is None else len(_page_order(objects, int(pages_ref.group(1))))


def _read(doc: bytes, i: int) -> tuple[dict[int, bytes], int, int]:
    """The objects of a PDF by number (their bodies, between ``obj`` and ``endobj``),
    the catalog's number and the information dictionary's (0 when there is none)."""
    start = doc.rfind(b"startxref")
    if not doc.startswith(b"%PDF-") or start < 0:
        raise TracerError(said("PDF {n} is not a PDF file", n=i + 1))
    xref_at = int(doc[start + 9:].split()[0])
    if not doc.startswith(b"xref", xref_at):
        raise TracerError(said("PDF {n}: cross-reference streams are not supported", n=i + 1))
    lines = doc[xref_at:].split(b"\n")
    offsets: list[tuple[int, int]] = []
    k = 1
    while k < len(lines) and not lines[k].startswith(b"trailer"):
        first, count = (int(x) for x in lines[k].split()[:2])
        for j in range(count):
            entry = lines[k + 1 + j].split()
            if entry[2] == b"n":
                offsets.append((int(entry[0]), first + j))
        k += count + 1
    trailer = doc[doc.find(b"trailer", xref_at):start]
    root_ref = re.search(rb"/Root\s+(\d+)\s+0\s+R", trailer)
    if root_ref is None:
        raise TracerError(said("PDF {n}: no /Root in its trailer", n=i + 1))
    offsets.sort()
    ends = [o for o, _ in offsets[1:]] + [xref_at]
    objects: dict[int, bytes] = {}
    for (offset, num), end in zip(offsets, ends, strict=True):
        chunk = doc[offset:end]
        head = _OBJ_HEAD.match(chunk)
        tail = chunk.rfind(b"endobj")
        if head is None or tail < 0 or int(head.group(1)) != num:
            raise TracerError(said("PDF {n}: object {number} is not where the xref says",
                                   n=i + 1, number=num))
        objects[num] = chunk[head.end():tail].strip(b"\r\n ")
    info_ref = re.search(rb"/Info\s+(\d+)\s+0\s+R", trailer)
    return objects, int(root_ref.group(1)), 0 if info_ref is None else int(info_ref.group(1))


def _kind(body: bytes) -> bytes | None:
    head = body[: _dict_end(body)]
    m = _TYPE.search(head)
    return None if m is None else m.group(1)


def _dict_end(body: bytes) -> int:
    m = _STREAM.search(body)
    return len(body) if m is None else m.start() + 2


def _page_order(objects: dict[int, bytes], node: int) -> list[int]:
    body = objects.get(node, b"")
    if _kind(body) == b"Page":
        return [node]
    kids = re.search(rb"/Kids\s*\[([^\]]*)\]", body)
    if kids is None:
        return []
    out: list[int] = []
    for m in _REF.finditer(kids.group(1)):
        out.extend(_page_order(objects, int(m.group(1))))
    return out


def _renumber(body: bytes, new_id: dict[int, int], i: int) -> bytes:
    cut = _dict_end(body)

    def swap(m: re.Match[bytes]) -> bytes:
        old = int(m.group(1))
        if old not in new_id:
            raise TracerError(said("PDF {n}: a reference to object {number}, which it lacks",
                                   n=i + 1, number=old))
        return b"%d 0 R" % new_id[old]

    return _REF.sub(swap, body[:cut]) + body[cut:]


def _write(bodies: list[bytes]) -> bytes:
    out = bytearray(b"%PDF-1.5\n%\xb5\xed\xae\xfb\n")
    offsets: list[int] = []
    for n, body in enumerate(bodies, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(bodies) + 1, xref)
    return bytes(out)
