"""The words of the checker: the reasons of its verdicts, its report and its diagnosis,
one table per language, in the form of the drawings' tables
(:mod:`tracer.render.model.wording`, read through :class:`tracer.render.model.text.Words`):
a key, and an English and an Italian template with the same ``{fields}``.  The checker
sits below the renderer (it never draws), so :class:`Words` here reads these tables the
way the renderer's reads its own.

The Italian follows the course's vocabulary: *potato* for pruned, *taglio* for a cut,
*esplorato* for searched, *valutato* for evaluated, *riporta* for a value backed up
(*valore riportato*), *alfa* / *beta*, *limite di profondità*; alpha-beta's fail-hard
and fail-soft are *rigida* and *morbida* as in the drawings'
:data:`~tracer.render.model.wording.VARIANTS_IT`, with the English names beside them
where the advice names the convention.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["EN", "IT", "LANGS", "Words"]

LANGS = ("en", "it")
"""The languages the checker writes (those of the drawings)."""


@dataclass(frozen=True)
class Words:
    """The checker's words in one language: ``w("check.never", node="I")``."""

    lang: str = "en"

    def __call__(self, key: str, **fmt: object) -> str:
        text = _TABLES[self.lang][key]
        return text.format(**fmt) if fmt else text


EN = {
    "check.alpha": "alpha",
    "check.beta": "beta",
    "check.unknown": "no node {node} in the tree (its nodes: {shown})",
    "check.after.leaf": "leaf {node} = {value}",
    "check.after.returned": "{node} returned {value}",
    "check.test.equal": "{lo} = {hi} = {value}, and the cut test is strict (alpha > beta)",
    "check.cut.one": "at {node}, after {after}: {test}, so {node}'s remaining child "
                     "({pruned}) is pruned",
    "check.cut.many": "at {node}, after {after}: {test}, so {node}'s remaining children "
                      "({pruned}) are pruned",
    "check.every.child": "{algorithm} searches every child: after {child}, {node} goes on "
                         "to {next}",
    "check.no.cut": "at {node}, after {after}: {test}, so there is no cut and {node} goes "
                    "on to {next}",
    "check.in.subtree": "{node} is in {top}'s subtree",
    "check.first.path": "{node} lies on the first path the search goes down, which nothing "
                        "can cut",
    "check.never": "{node} is never searched",
    "check.never.after": "{cut}{inside}, so {node} is never searched",
    "check.expanded": "{node} is expanded, not evaluated: it is an inner node{limit}",
    "check.above.limit": " above the depth limit {depth}",
    "check.at.limit": "{node} is at the depth limit {depth}: it is evaluated, not expanded",
    "check.twice": "you evaluated {node} more than once; the search evaluates each leaf once",
    "check.order.natural": "left to right",
    "check.order.reverse": "right to left",
    "check.order.other": "in {order} order",
    "check.order.after": "after {previous} it evaluates {node}",
    "check.order.first": "it evaluates {node} first",
    "check.order": "the search goes depth first, children {way}: {step}; you put {put} there",
    "check.value.leaf": "{node} is a leaf: its value is {value}",
    "check.value.depth": "{node} is evaluated at the depth limit: its value is {value}",
    "check.bound.le": ", only an upper bound: {node} {value}",
    "check.bound.ge": ", only a lower bound: {node} {value}",
    "check.value.cut": "{node} is a {player} node; after {after}: {test}, so it is cut and "
                       "returns {value}{bound}",
    "check.value.best": "{node} is a {player} node: {function}({children}) = {best}",
    "check.fail.hard": "; fail-hard returns its bound {value} instead",
    "check.window.leaf": "{node} is a leaf: alpha and beta belong to the nodes the search "
                         "expands",
    "check.window.start": "{node} starts with alpha = {alpha}, beta = {beta}",
    "check.window.from": " (from {node})",
    "check.window.after": "after {after}: {changes}",
    "check.window.end": "it ends with alpha = {alpha}, beta = {beta}",
    "check.move": "{root} = {value} comes from {move}, the first child to reach it",
    "check.move.returns": "; {node} returns {value}",
    "check.move.stranger": "; {node} is not a child of {root}",
    "check.move.chosen": "{text}; you chose {node}",
    "check.then": "{text}; {then}",
    "check.you.wrote": "{text}; you wrote {given}",
    "check.mark.move": "you chose this move",
    "check.mark.window": "you wrote {name} = {given}; it is {expected}",
    "check.mark.never": "you wrote {given}, but it is never searched",
    "check.mark.value": "you wrote the value {given}; it is {expected}",
    "check.note.bound": "it is only a bound: {node} {relation} {value}",
    "check.exact": "; it is exact here, not a bound",
    "check.other.way": "; the bound goes the other way: {value}",
    "check.you.unmarked": "you did not mark {nodes} as pruned",
    "check.you.pruned": "you pruned {nodes}",
    "check.you.evaluated": "you evaluated {nodes}",
    "check.you.skipped": "you did not evaluate {nodes}",
    "check.mark.unmarked": "you did not mark it pruned",
    "check.mark.pruned": "you pruned it, but it is searched",
    "check.mark.evaluated": "you evaluated it, but it is never searched",
    "check.mark.skipped": "you did not evaluate it",
    "check.title": "{algorithm} ({variant}) on {source}",
    "check.title.trace": "the recorded trace {source} ({algorithm}, {variant})",
    "check.report.checking": "Checking {solution} against {title}",
    "check.report.answer": "the answer",
    "check.report.conventions": "conventions: {conventions}",
    "check.report.right": "right",
    "check.report.wrong": "WRONG",
    "check.report.expected": "expected {expected}; you wrote {given}{part}",
    "check.report.blank": "not answered (expected {expected})",
    "check.report.partly": "  (partly right: {score})",
    "check.report.empty": "The answer gives no items to check.",
    "check.report.score": "score: {score} / {n} ({percent}%)",
    "check.report.all.right": "All right!",
    "check.report.at.event": ", at event {seq} of the expected trace",
    "check.report.first": "First mistake ({item}{where}):",
    "check.report.expected.only": "expected {expected}",
    "check.report.others": "The other mistakes:",
    "check.report.diagnosis": "Diagnosis:",
    "check.shown.(none)": "(none)",
    "check.shown.(not searched)": "(not searched)",
    "check.shown.(no such node)": "(no such node)",
    "check.conv.astar": "A* ({variant}), ties on f to the node generated first",
    "check.conv.algorithm": "{variant} {algorithm}",
    "check.conv.default": "default",
    "check.conv.natural": "children left to right",
    "check.conv.reverse": "children right to left",
    "check.conv.order": "children in {order} order",
    "check.conv.ge": "cut when alpha >= beta",
    "check.conv.gt": "cut only when alpha > beta",
    "check.conv.window.final": "alpha and beta when each node is finished (final window)",
    "check.conv.window.entry": "alpha and beta as each node receives them (window on entry)",
    "check.conv.depth": "depth limit {depth}",
    "check.conv.first": "{player} moves first",
    "check.diag.at": "at {node}",
    "check.diag.at.after": "at {node}, after {child}",
    "check.diag.and": " and ",
    "check.diag.evidence": "{evidence} follows {what}: {advice}.",
    "check.diag.order": "the order of your evaluated leaves ({leaves})",
    "check.diag.full": "your answer matches alpha-beta with {what}: {advice}.",
    "check.diag.part": "{n} of your {mistakes} mistakes ({items}) match {what}: {advice}.",
    "astar.title": "A* ({variant}, heuristic {heuristic}) on {source}",
    "astar.you.wrote": "{text}; you wrote {given}",
    "astar.goal": "the goal {node} is selected with g = {cost}; its path goes {path}",
    "astar.stops": "the search stops when the goal is selected, after {n} nodes",
    "astar.you.put": "you put {node} there",
    "astar.you.stopped": "you stopped there",
    "astar.selection": "selection {k}: the open list holds {waiting}; the lowest f is {f}, "
                       "and ties go to the node generated first: {node}; {you}",
    "astar.never": "{node} is never generated",
    "astar.h": "h({node}) = {h}, as the heuristic gives it",
    "astar.start": "{node} is the start: g = {g}",
    "astar.generated": "{node} is generated from {parent} by {action}: g = {up} + {step} = {g}",
    "astar.expanded": "already expanded",
    "astar.waiting": "waiting on the open list with g = {g}, no worse",
    "astar.repeats": "{node} repeats the state of {existing}, {state}: it is discarded; "
                     "you kept it",
    "astar.kept": "{node} is a state not seen before when it is generated: it is kept; "
                  "you discarded it",
    "mis.strict-cut": "a strict cut test (you cut only when alpha > beta)",
    "mis.strict-cut.advice": "the lecture cuts as soon as alpha >= beta: with alpha = beta "
                             "the remaining children cannot change the choice above",
    "mis.non-strict-cut": "a non-strict cut test (you cut when alpha >= beta)",
    "mis.non-strict-cut.advice": "these conventions cut only when alpha > beta",
    "mis.fail-hard": "fail-hard values (a cut node returns its bound, alpha or beta)",
    "mis.fail-hard.advice": "fail-soft alpha-beta (AIMA) returns the best value found so "
                            "far, which may lie outside the window",
    "mis.fail-soft": "fail-soft values (a cut node returns the best value found so far)",
    "mis.fail-soft.advice": "fail-hard alpha-beta (Pearl's AB) returns the bound instead: "
                            "alpha at a MIN node, beta at a MAX node",
    "mis.right-to-left": "children visited right to left",
    "mis.right-to-left.advice": "visit each node's children left to right, as the tree is "
                                "drawn",
    "mis.left-to-right": "children visited left to right",
    "mis.left-to-right.advice": "these conventions visit each node's children right to left",
    "mis.depth-minus-one": "a depth limit one ply too shallow",
    "mis.depth-minus-one.advice": "nodes are evaluated statically only at the depth limit "
                                  "itself",
    "mis.depth-plus-one": "a depth limit one ply too deep",
    "mis.depth-plus-one.advice": "nodes at the depth limit are evaluated statically, not "
                                 "expanded",
    "mis.no-window": "alpha and beta not passed down from the root (every node started from "
                     "alpha = -inf, beta = +inf, so nothing could be cut)",
    "mis.no-window.advice": "on the way down every child inherits its parent's alpha and beta",
    "mis.shallow": "alpha and beta passed down one level only (deep cut-offs missed)",
    "mis.shallow.advice": "a bound from any ancestor can cut, not only the parent's (Knuth & "
                          "Moore 1975: deep cut-offs)",
    "mis.missing-cut": "a missing cut",
    "mis.missing-cut.advice": "after every child, test alpha >= beta, and stop when it holds",
    "mis.extra-cut": "an extra cut",
    "mis.extra-cut.advice": "cut only when alpha >= beta holds; here it does not",
}
"""The checker's words in English: what ``gametrace check`` has always written."""

IT = {
    "check.alpha": "alfa",
    "check.beta": "beta",
    "check.unknown": "nessun nodo {node} nell'albero (i suoi nodi: {shown})",
    "check.after.leaf": "la foglia {node} = {value}",
    "check.after.returned": "{node} ha riportato {value}",
    "check.test.equal": "{lo} = {hi} = {value}, e il test di taglio è stretto (alfa > beta)",
    "check.cut.one": "in {node}, dopo {after}: {test}, quindi il figlio rimanente di {node} "
                     "({pruned}) è potato",
    "check.cut.many": "in {node}, dopo {after}: {test}, quindi i figli rimanenti di {node} "
                      "({pruned}) sono potati",
    "check.every.child": "{algorithm} esplora tutti i figli: dopo {child}, {node} passa a "
                         "{next}",
    "check.no.cut": "in {node}, dopo {after}: {test}, quindi non c'è taglio e {node} passa "
                    "a {next}",
    "check.in.subtree": "{node} è nel sottoalbero di {top}",
    "check.first.path": "{node} sta sul primo cammino che la ricerca percorre, che nessun "
                        "taglio può potare",
    "check.never": "{node} non viene mai esplorato",
    "check.never.after": "{cut}{inside}, quindi {node} non viene mai esplorato",
    "check.expanded": "{node} viene espanso, non valutato: è un nodo interno{limit}",
    "check.above.limit": " sopra il limite di profondità {depth}",
    "check.at.limit": "{node} è al limite di profondità {depth}: viene valutato, non espanso",
    "check.twice": "hai valutato {node} più di una volta; la ricerca valuta ogni foglia una "
                   "volta sola",
    "check.order.natural": "da sinistra a destra",
    "check.order.reverse": "da destra a sinistra",
    "check.order.other": "in ordine {order}",
    "check.order.after": "dopo {previous} valuta {node}",
    "check.order.first": "valuta per primo {node}",
    "check.order": "la ricerca va in profondità, figli {way}: {step}; al suo posto hai messo "
                   "{put}",
    "check.value.leaf": "{node} è una foglia: il suo valore è {value}",
    "check.value.depth": "{node} è valutato al limite di profondità: il suo valore è {value}",
    "check.bound.le": ", solo un limite superiore: {node} {value}",
    "check.bound.ge": ", solo un limite inferiore: {node} {value}",
    "check.value.cut": "{node} è un nodo {player}; dopo {after}: {test}, quindi è tagliato e "
                       "riporta {value}{bound}",
    "check.value.best": "{node} è un nodo {player}: {function}({children}) = {best}",
    "check.fail.hard": "; l'alfa-beta rigida (fail-hard) riporta invece il suo limite {value}",
    "check.window.leaf": "{node} è una foglia: alfa e beta appartengono ai nodi che la "
                         "ricerca espande",
    "check.window.start": "{node} parte con alfa = {alpha}, beta = {beta}",
    "check.window.from": " (da {node})",
    "check.window.after": "dopo {after}: {changes}",
    "check.window.end": "finisce con alfa = {alpha}, beta = {beta}",
    "check.move": "{root} = {value} viene da {move}, il primo figlio che lo raggiunge",
    "check.move.returns": "; {node} riporta {value}",
    "check.move.stranger": "; {node} non è un figlio di {root}",
    "check.move.chosen": "{text}; hai scelto {node}",
    "check.then": "{text}; {then}",
    "check.you.wrote": "{text}; hai scritto {given}",
    "check.mark.move": "hai scelto questa mossa",
    "check.mark.window": "hai scritto {name} = {given}; è {expected}",
    "check.mark.never": "hai scritto {given}, ma non viene mai esplorato",
    "check.mark.value": "hai scritto il valore {given}; è {expected}",
    "check.note.bound": "è solo un limite: {node} {relation} {value}",
    "check.exact": "; qui è esatto, non un limite",
    "check.other.way": "; il limite va nell'altro verso: {value}",
    "check.you.unmarked": "non hai segnato {nodes} tra i potati",
    "check.you.pruned": "hai potato {nodes}",
    "check.you.evaluated": "hai valutato {nodes}",
    "check.you.skipped": "non hai valutato {nodes}",
    "check.mark.unmarked": "non l'hai segnato tra i potati",
    "check.mark.pruned": "l'hai potato, ma viene esplorato",
    "check.mark.evaluated": "l'hai valutato, ma non viene mai esplorato",
    "check.mark.skipped": "non l'hai valutato",
    "check.title": "{algorithm} ({variant}) su {source}",
    "check.title.trace": "la traccia registrata {source} ({algorithm}, {variant})",
    "check.report.checking": "Verifica di {solution} rispetto a {title}",
    "check.report.answer": "la risposta",
    "check.report.conventions": "convenzioni: {conventions}",
    "check.report.right": "giusto",
    "check.report.wrong": "SBAGLIATO",
    "check.report.expected": "atteso {expected}; hai scritto {given}{part}",
    "check.report.blank": "senza risposta (atteso {expected})",
    "check.report.partly": "  (in parte giusto: {score})",
    "check.report.empty": "La risposta non contiene elementi da verificare.",
    "check.report.score": "punteggio: {score} / {n} ({percent}%)",
    "check.report.all.right": "Tutto giusto!",
    "check.report.at.event": ", all'evento {seq} della traccia attesa",
    "check.report.first": "Primo errore ({item}{where}):",
    "check.report.expected.only": "atteso {expected}",
    "check.report.others": "Gli altri errori:",
    "check.report.diagnosis": "Diagnosi:",
    "check.shown.(none)": "(nessuno)",
    "check.shown.(not searched)": "(non esplorato)",
    "check.shown.(no such node)": "(nodo inesistente)",
    "check.conv.astar": "A* ({variant}), a parità di f il nodo generato per primo",
    "check.conv.algorithm": "{algorithm} {variant}",
    "check.conv.default": "predefinita",
    "check.conv.natural": "figli da sinistra a destra",
    "check.conv.reverse": "figli da destra a sinistra",
    "check.conv.order": "figli in ordine {order}",
    "check.conv.ge": "taglio quando alfa >= beta",
    "check.conv.gt": "taglio solo quando alfa > beta",
    "check.conv.window.final": "alfa e beta a nodo finito (finestra finale)",
    "check.conv.window.entry": "alfa e beta come il nodo li riceve (finestra all'ingresso)",
    "check.conv.depth": "limite di profondità {depth}",
    "check.conv.first": "muove per primo {player}",
    "check.diag.at": "in {node}",
    "check.diag.at.after": "in {node}, dopo {child}",
    "check.diag.and": " e ",
    "check.diag.evidence": "{evidence} segue {what}: {advice}.",
    "check.diag.order": "l'ordine delle tue foglie valutate ({leaves})",
    "check.diag.full": "la tua risposta coincide con l'alfa-beta con {what}: {advice}.",
    "check.diag.part": "{n} dei tuoi {mistakes} errori ({items}) coincidono con {what}: "
                       "{advice}.",
    "astar.title": "A* ({variant}, euristica {heuristic}) su {source}",
    "astar.you.wrote": "{text}; hai scritto {given}",
    "astar.goal": "l'obiettivo {node} è selezionato con g = {cost}; il suo cammino passa per "
                  "{path}",
    "astar.stops": "la ricerca si ferma quando seleziona l'obiettivo, dopo {n} nodi",
    "astar.you.put": "al suo posto hai messo {node}",
    "astar.you.stopped": "ti sei fermato lì",
    "astar.selection": "selezione {k}: la lista aperta contiene {waiting}; la f minima è {f}, "
                       "e a parità vince il nodo generato per primo: {node}; {you}",
    "astar.never": "{node} non viene mai generato",
    "astar.h": "h({node}) = {h}, come la dà l'euristica",
    "astar.start": "{node} è la partenza: g = {g}",
    "astar.generated": "{node} è generato da {parent} con {action}: g = {up} + {step} = {g}",
    "astar.expanded": "già espanso",
    "astar.waiting": "in attesa nella lista aperta con g = {g}, non peggiore",
    "astar.repeats": "{node} ripete lo stato di {existing}, {state}: viene scartato; tu "
                     "l'hai tenuto",
    "astar.kept": "{node} è uno stato mai visto quando viene generato: viene tenuto; tu "
                  "l'hai scartato",
    "mis.strict-cut": "un test di taglio stretto (tagli solo quando alfa > beta)",
    "mis.strict-cut.advice": "a lezione si taglia appena alfa >= beta: con alfa = beta i "
                             "figli rimanenti non possono cambiare la scelta più in alto",
    "mis.non-strict-cut": "un test di taglio non stretto (tagli quando alfa >= beta)",
    "mis.non-strict-cut.advice": "queste convenzioni tagliano solo quando alfa > beta",
    "mis.fail-hard": "valori fail-hard (un nodo tagliato riporta il suo limite, alfa o beta)",
    "mis.fail-hard.advice": "l'alfa-beta morbida (fail-soft, AIMA) riporta il miglior valore "
                            "trovato fin lì, che può cadere fuori dalla finestra",
    "mis.fail-soft": "valori fail-soft (un nodo tagliato riporta il miglior valore trovato "
                     "fin lì)",
    "mis.fail-soft.advice": "l'alfa-beta rigida (fail-hard, AB di Pearl) riporta invece il "
                            "limite: alfa in un nodo MIN, beta in un nodo MAX",
    "mis.right-to-left": "figli visitati da destra a sinistra",
    "mis.right-to-left.advice": "visita i figli di ogni nodo da sinistra a destra, come "
                                "l'albero è disegnato",
    "mis.left-to-right": "figli visitati da sinistra a destra",
    "mis.left-to-right.advice": "queste convenzioni visitano i figli di ogni nodo da destra "
                                "a sinistra",
    "mis.depth-minus-one": "un limite di profondità più basso di un livello",
    "mis.depth-minus-one.advice": "la valutazione statica si fa solo al limite di profondità "
                                  "stesso",
    "mis.depth-plus-one": "un limite di profondità più profondo di un livello",
    "mis.depth-plus-one.advice": "i nodi al limite di profondità si valutano staticamente, "
                                 "non si espandono",
    "mis.no-window": "alfa e beta non passati in giù dalla radice (ogni nodo partiva da "
                     "alfa = -inf, beta = +inf, quindi nessun taglio era possibile)",
    "mis.no-window.advice": "scendendo, ogni figlio eredita alfa e beta del padre",
    "mis.shallow": "alfa e beta passati in giù di un solo livello (tagli profondi mancati)",
    "mis.shallow.advice": "può tagliare un limite di qualunque antenato, non solo quello del "
                          "padre (Knuth e Moore 1975: tagli profondi)",
    "mis.missing-cut": "un taglio mancante",
    "mis.missing-cut.advice": "dopo ogni figlio verifica alfa >= beta, e fermati quando vale",
    "mis.extra-cut": "un taglio di troppo",
    "mis.extra-cut.advice": "taglia solo quando vale alfa >= beta; qui non vale",
}
"""The checker's words in Italian (see the module docstring for the vocabulary)."""

_TABLES = {"en": EN, "it": IT}
