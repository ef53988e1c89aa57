#!/usr/bin/env bash
# Regenerate the pictures of docs/ordering.md (run by `make docs`), and record their hashes
# for `tools/make_gallery.py --check`.
set -euo pipefail
cd "$(dirname "$0")/.."
G=${GAMETRACE:-.venv/bin/gametrace}
D=docs/img/ordering
mkdir -p "$D"
$G compare aima --orders natural,reverse,best,worst,random:200 --plot "$D/aima.plot.svg" > /dev/null
$G compare othello --depth 4 --orders natural,reverse,best,worst,random:200 --plot "$D/othello-d4.plot.svg" > /dev/null
$G compare aima --orders natural,reverse --picture "$D/aima.natural-reverse.svg" > /dev/null 2>&1
$G compare aima --orders natural,best --picture "$D/aima.natural-best.svg" > /dev/null 2>&1
$G compare tictactoe -p board=.o.x..x.o --techniques tt --repeat 1 --picture "$D/tictactoe.alphabeta-tt.svg" > /dev/null 2>&1
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
$G run othello --depth 6 -o "$T/othello-d6.jsonl" -q > /dev/null
$G stats "$T/othello-d6.jsonl" --plot "$D/othello-d6.stats.svg" -q > /dev/null
$G run chess -p fen="r1bqk2r/pppp1ppp/2n2n2/2b1p3/2BPP3/2P2N2/PP3PPP/RNBQK2R b KQkq d3 0 5" \
    -a enhanced --technique id,tt,killer --depth 4 -o "$T/giuoco.jsonl" -q > /dev/null
$G stats "$T/giuoco.jsonl" --by-class --class-plot "$D/giuoco.classes.svg" > /dev/null 2>&1
$G run tictactoe -p board=x...o.... -a alphabeta --capture c1/b1/a2 -o "$T/c1b1a2.json" -q > /dev/null
$G render "$T/c1b1a2.json" -o "$D/tictactoe.capture.svg" > /dev/null 2>&1
# what --check compares the pictures with: their bytes as drawn here (docs/img/pictures.sha256)
M=docs/img/pictures.sha256
{ grep -v "  $D/" "$M" 2>/dev/null || true; sha256sum "$D"/*.svg; } | sort -k2 > "$M.new"
mv "$M.new" "$M"
