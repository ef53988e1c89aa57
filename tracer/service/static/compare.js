// Compare: the counts of every ordering (each column explained), and two of them side by
// side (stacked on a phone), stepped together: one set of controls and the arrow keys
// move both runs to the same step, each as far as it goes.
import { post, searchRequest, sourceOf } from "./api.js";
import { el, select, svgNode } from "./dom.js";
import { currentLanguage, number, percent, t } from "./i18n.js";
import { panZoom } from "./panzoom.js";
import { go, register } from "./router.js";
import { copyLinkButton, postedBlob, saveButton, tableBox } from "./share.js";
import { listenKeys } from "./stepper.js";

/** A cell of the table, written as the page's language writes numbers. */
function cell(key, value) {
  if (value === null || value === undefined) return "–";
  if (typeof value !== "number") return String(value);
  if (key === "first_share") return percent(value, 0);
  if (key === "ebf") return number(value, 2);  // 3 is 3.00 in a column of 2.65
  return number(value, Number.isInteger(value) ? 0 : 2);
}

/** The table's columns: the report's field, its heading, and what it counts. */
function columns() {
  return [
    ["leaves", t("compare.col.leaves"), t("compare.about.leaves")],
    ["expanded", t("compare.col.expanded"), t("compare.about.expanded")],
    ["cuts", t("compare.col.cuts"), t("compare.about.cuts")],
    ["pruned", t("compare.col.pruned"), t("compare.about.pruned")],
    ["first_share", t("compare.col.first_share"), t("compare.about.first_share")],
    ["ebf", t("compare.col.ebf"), t("compare.about.ebf")],
  ];
}

/** Every frame of a search's trace in the page's language (fetched page by page when the
 * service answers them in pages). */
async function framesOf(trace, options) {
  const first = await post("v1/frames", { trace, options });
  const frames = [...first.frames];
  const total = first.count ?? frames.length;
  while (frames.length < total) {
    const more = await post("v1/frames", { trace, options, first: frames.length });
    if (!more.frames.length) break;
    frames.push(...more.frames);
  }
  return frames;
}

export async function renderCompare(view, params) {
  listenKeys(null);
  const source = searchRequest(params);
  const where = sourceOf(source);
  const algorithm = ["minimax", "alphabeta"].includes(source.algorithm) ? source.algorithm
    : "alphabeta";
  const depth = source.depth;  // a game position is compared to a depth, if given one
  const lang = currentLanguage();
  const report = await post("v1/compare", { ...where, algorithm, depth, lang,
                                            orders: params.get("orders") || undefined });
  const runs = [report.minimax, ...report.orderings];
  const cols = columns();
  const table = el("table", { id: "compare-table", "aria-describedby": "compare-columns" },
    el("caption", {}, t("compare.caption")),
    el("tr", {}, el("th", { scope: "col" }, t("compare.col.ordering")),
       ...cols.map(([key, name, about]) => el("th", { scope: "col", "data-column": key },
                                              el("abbr", { title: about }, name)))),
    ...runs.map((r) => el("tr", { "data-ordering": r.ordering },
      el("th", { scope: "row", translate: "no" }, r.ordering),
      ...cols.map(([key]) => el("td", {}, cell(key, r[key]))))));
  const glossary = el("dl", { id: "compare-columns", class: "glossary" },
    ...cols.flatMap(([, name, about]) => [el("dt", {}, name), el("dd", {}, about)]));
  const names = report.orderings.map((r) => r.ordering);
  const left = select("left", names, params.get("left") || names[0]);
  const right = select("right", names, params.get("right") || names[1] || names[0]);
  for (const option of [...left.options, ...right.options]) option.dataset.user = "";
  const theme = params.get("theme") === "print" ? "print" : "colour";
  const options = { visit_order: true, lang, theme };

  // the linked stepper: one step number for both runs, each shows min(step, its last)
  let step = 0;
  let sides = [];
  const counter = el("span", { id: "compare-counter" });
  const spoken = el("p", { id: "compare-live", class: "visually-hidden", "aria-live": "polite",
                           translate: "no" });
  const pair = el("div", { class: "pair", id: "compare-pair" });
  const longest = () => Math.max(...sides.map((s) => s.frames.length));
  function show(to) {
    step = Math.max(0, Math.min(longest() - 1, to));
    for (const s of sides) {
      const i = Math.min(step, s.frames.length - 1);
      s.figure.replaceChildren(s.pictures[i]);
      s.caption.textContent = s.frames[i].caption;
      s.counter.textContent = `${i + 1} / ${s.frames.length}`;
      s.figure.setAttribute("aria-label", t("compare.figure_label", {
        ordering: s.name, step: i + 1, count: s.frames.length, caption: s.frames[i].caption }));
    }
    counter.textContent = t("compare.step", { step: step + 1, count: longest() });
    spoken.textContent = sides.map((s) => `${s.name}: ${s.caption.textContent}`).join(" · ");
  }
  function key(event) {
    if (event.key === "ArrowRight") show(step + 1);
    else if (event.key === "ArrowLeft") show(step - 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(longest() - 1);
    else return false;
    return true;
  }
  const button = (id, label, symbol, to) => el("button", {
    type: "button", id: `compare-${id}`, "aria-label": label, title: label,
    onclick: () => show(to()) }, symbol);
  const controls = el("div", { class: "row controls", role: "group",
                               "aria-label": t("compare.controls") },
    button("first", t("compare.first"), "|◀", () => 0),
    button("prev", t("compare.prev"), "◀", () => step - 1),
    button("next", t("compare.next"), "▶", () => step + 1),
    button("last", t("compare.last"), "▶|", () => longest() - 1),
    counter);

  async function side(id, order) {
    const found = await post("v1/search", { ...where, algorithm, order, depth });
    const frames = await framesOf(found.trace, options);
    const figure = el("div", { class: "figure", id: `${id}-figure`, role: "img" });
    const stem = `${order}`.replace(/[^\w-]+/g, "_");
    const drawing = (format) => () => postedBlob("v1/render", { trace: found.trace, format,
                                                                options: { lang, theme } });
    const s = {
      name: order, frames, figure, pictures: frames.map((f) => svgNode(f.svg)),
      caption: el("p", { class: "caption", id: `${id}-caption`, translate: "no" }),
      counter: el("span", { id: `${id}-counter`, translate: "no" }),
    };
    s.root = el("section", { class: "run", "aria-labelledby": `${id}-name` },
      el("h3", { id: `${id}-name` }, el("span", { translate: "no" }, order), " ", s.counter),
      s.caption, panZoom(figure), figure,
      el("div", { class: "row downloads", role: "group",
                  "aria-label": t("compare.downloads", { ordering: order }) },
         ...["svg", "png", "pdf"].map((f) => saveButton(`${id}-download-${f}`,
           t(`compare.download_${f}`), `${stem}.${f}`, drawing(f),
           { attrs: { "aria-label": t("compare.download_as", { format: f.toUpperCase(),
                                                             ordering: order }) } })),
         saveButton(`${id}-download-trace`, t("compare.download_trace"), `${stem}.json`,
                    async () => new Blob([JSON.stringify(found.trace)],
                                         { type: "application/json" }))));
    return s;
  }
  async function draw() {
    // the address keeps the pair, so the link shared is this comparison
    const next = new URLSearchParams(params);
    next.set("left", left.value);
    next.set("right", right.value);
    history.replaceState(null, "", `#/compare?${next.toString()}`);
    sides = await Promise.all([side("left", left.value), side("right", right.value)]);
    pair.replaceChildren(...sides.map((s) => s.root));
    show(step);
    listenKeys(key);
  }
  for (const s of [left, right]) s.addEventListener("change", draw);
  async function store() {
    // both runs go to the library (the same search twice is one record), each opened
    // in the stepper by its link
    const kept = await Promise.all(sides.map((s) => post("v1/search", {
      ...where, algorithm, order: s.name, depth, store: true, tags: ["compare"] })));
    shared.replaceChildren(t("compare.stored"), " ", ...kept.flatMap((found, i) => [
      el("a", { href: `#/step?id=${found.id}`, translate: "no", class: "stored" },
         sides[i].name), " "]));
  }
  const shared = el("span", { id: "compare-shared", role: "status" });
  view.append(
    el("h2", { id: "compare-title" }, t("compare.title"), " ",
       el("span", { translate: "no", lang }, report.title)),
    el("p", {}, t("compare.bounds", { bound: report.knuth_moore ?? "–",
                                      critical: report.critical_tree ?? "–" })),
    tableBox(t("compare.caption"), table),
    el("h3", { class: "columns" }, t("compare.columns")), glossary,
    el("div", { class: "row" },
       el("label", { for: "left" }, t("compare.left"), " ", left),
       el("label", { for: "right" }, t("compare.right"), " ", right),
       el("button", { type: "button", onclick: () => go("edit", params) }, t("compare.edit"))),
    el("p", { class: "hint" }, t("compare.keys")),
    controls, spoken, pair,
    el("div", { class: "row share" },
       el("button", { type: "button", id: "compare-store", onclick: store }, t("compare.store")),
       copyLinkButton("compare-copy-link", t("compare.copy_link"), t("compare.link_copied"),
                      shared), shared));
  await draw();
}

register("compare", renderCompare);
