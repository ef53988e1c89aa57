"""The chess and OpenSpiel adapters asked the wrong things from the real CLI: each case
ends with exit 2 (or 1), one line naming what was wrong and what to give, no traceback
and no file written.  Run through the fault harness (tests/faults/harness.py)."""

from __future__ import annotations

from pathlib import Path

from harness import Case, problems, run_cases


def _cases() -> list[Case]:
    chess, spiel = "chess", "openspiel"
    return [
        Case("adapter-chess-unbounded", ["run", "chess", "-o", "c.json"], codes=(2,),
             contains="a full search of chess never ends: give a depth limit (--depth N) "
                      "or a node budget (--max-nodes N)", category=chess),
        Case("adapter-chess-unbounded-time", ["run", "chess", "--time-limit", "1",
                                              "-o", "c.jsonl"],
             codes=(2,), contains="never ends", category=chess),
        Case("adapter-chess-bad-fen", ["run", "chess", "-p", "fen=rnbqkbnr/8 w", "--depth",
                                       "1", "-o", "c.json"],
             codes=(2,), contains="bad chess fen", category=chess),
        Case("adapter-chess-no-king", ["run", "chess", "-p", "fen=8/8/8/8/8/8/8/8 w - - 0 1",
                                       "--depth", "1"],
             codes=(2,), contains="not a legal position: no white king", category=chess),
        Case("adapter-chess-long-fen", ["run", "chess", "-p", "fen=" + "8/" * 5_000,
                                        "--depth", "1"],
             codes=(2,), contains="at most 100 characters", category=chess),
        Case("adapter-chess-eval", ["run", "chess", "-p", "eval=mobility", "--depth", "1"],
             codes=(2,), contains="choose from: material+pst, material", category=chess),
        Case("adapter-spiel-unknown", ["run", "openspiel:chesss", "-o", "s.json"],
             codes=(2,), contains="unknown OpenSpiel game 'chesss'", category=spiel),
        Case("adapter-spiel-empty", ["run", "openspiel:"], codes=(2,), category=spiel),
        Case("adapter-spiel-hidden", ["run", "openspiel:kuhn_poker", "-a", "expectiminimax"],
             codes=(2,), contains="imperfect information", category=spiel),
        Case("adapter-spiel-simultaneous", ["run", "openspiel:goofspiel"], codes=(2,),
             contains="simultaneous moves", category=spiel),
        Case("adapter-spiel-depth", ["run", "openspiel:tic_tac_toe", "--depth", "3",
                                     "-o", "t.json"],
             codes=(2,), contains="no static evaluation", category=spiel),
        Case("adapter-spiel-param", ["run", "openspiel:pig", "-p", "winscore=huge"],
             codes=(2,), contains="parameter 'winscore' of openspiel:pig: "
                                  "expected a whole number written with the digits 0-9, got 'huge'",
             category=spiel),
        Case("adapter-spiel-param-bound", ["run", "openspiel:pig", "-p",
                                           "winscore=99999999999"],
             codes=(2,), contains="expected a number in 1..1000000, got 99999999999",
             category=spiel),
        Case("adapter-spiel-players", ["run", "openspiel:pig", "-p", "players=4"],
             codes=(2,), contains="players must be 2", category=spiel),
        Case("adapter-spiel-unknown-param", ["run", "openspiel:tic_tac_toe", "-p", "size=4"],
             codes=(2,), contains="unknown parameter 'size' for openspiel:tic_tac_toe "
                                  "(parameters: none)", category=spiel),
        # pyspiel's own check fails: its C++ message is held, ours is the one line
        Case("adapter-spiel-refused-value", ["run", "openspiel:breakthrough", "-p", "rows=1",
                                             "--max-nodes", "10"],
             codes=(2,), contains="pyspiel refused openspiel:breakthrough", category=spiel),
        # a size pyspiel does not check (0 rows crash its C++): refused before
        Case("adapter-spiel-zero-size", ["run", "openspiel:connect_four", "-p", "rows=0"],
             codes=(2,), contains="expected a number in 1..1000000, got 0", category=spiel),
    ]


def test_adapter_faults(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path)
    bad = [f"{c.name}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
