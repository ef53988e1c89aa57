#!/usr/bin/env bash
# Regenerate the pictures of docs/ordering.md (run by `make docs`).
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
