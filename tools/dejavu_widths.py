"""Print the advance widths of DejaVu Sans (regular and bold) and DejaVu Sans Mono, in ems, for
tracer/render/draw/fontwidths.py: python tools/dejavu_widths.py [FONT_DIR]."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

CHARS = ("".join(chr(c) for c in range(0x20, 0x7F)) + "àèéìòùÀÈÉÌÒÙ°"
         + "≤≥αβ∞−→←✓✗·…▲▼━■□●○◆◇▶◀↑↓×÷±≠")


def advances(path: Path) -> dict[str, float]:
    data = path.read_bytes()
    n = struct.unpack(">H", data[4:6])[0]
    tables = {data[12 + 16 * i:16 + 16 * i].decode("latin-1"):
              struct.unpack(">II", data[20 + 16 * i:28 + 16 * i]) for i in range(n)}
    head = tables["head"][0]
    units = struct.unpack(">H", data[head + 18:head + 20])[0]
    hhea = tables["hhea"][0]
    n_metrics = struct.unpack(">H", data[hhea + 34:hhea + 36])[0]
    hmtx = tables["hmtx"][0]
    cmap = tables["cmap"][0]
    glyph: dict[int, int] = {}
    for i in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        pid, eid, off = struct.unpack(">HHI", data[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
        sub = cmap + off
        if (pid, eid) != (3, 1) or struct.unpack(">H", data[sub:sub + 2])[0] != 4:
            continue
        segs = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
        ends = struct.unpack(f">{segs}H", data[sub + 14:sub + 14 + 2 * segs])
        base = sub + 16 + 2 * segs
        starts = struct.unpack(f">{segs}H", data[base:base + 2 * segs])
        deltas = struct.unpack(f">{segs}h", data[base + 2 * segs:base + 4 * segs])
        ro_at = base + 4 * segs
        ros = struct.unpack(f">{segs}H", data[ro_at:ro_at + 2 * segs])
        for s, (start, end) in enumerate(zip(starts, ends, strict=True)):
            for c in range(start, end + 1):
                if c == 0xFFFF:
                    continue
                if ros[s] == 0:
                    g = (c + deltas[s]) & 0xFFFF
                else:
                    at = ro_at + 2 * s + ros[s] + 2 * (c - start)
                    g = struct.unpack(">H", data[at:at + 2])[0]
                    g = (g + deltas[s]) & 0xFFFF if g else 0
                glyph[c] = g
    out: dict[str, float] = {}
    for ch in CHARS:
        g = glyph.get(ord(ch))
        if g is None:
            continue
        i = min(g, n_metrics - 1)
        adv = struct.unpack(">H", data[hmtx + 4 * i:hmtx + 4 * i + 2])[0]
        out[ch] = round(adv / units, 4)
    return out


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu")
    for name, file in (("REGULAR", "DejaVuSans.ttf"), ("BOLD", "DejaVuSans-Bold.ttf")):
        widths = advances(folder / file)
        print(f"{name} = {{")
        items = [f"{ch!r}: {w}" for ch, w in widths.items()]
        line = "   "
        for item in items:
            if len(line) + len(item) + 2 > 92:
                print(line)
                line = "   "
            line += f" {item},"
        print(line)
        print("}")
    print(f"MONO_EM = {advances(folder / 'DejaVuSansMono.ttf')['a']}")


if __name__ == "__main__":
    main()
