// Quiz: the tree with its leaf values only (its words in the page's language).  Pick the nodes that get pruned (on the tree,
// by click, touch or keyboard, or in the list of nodes), type the values (and alpha/beta
// if you like), press Check: a verdict per item named as a person would ("value of B"),
// the first mistake marked on the tree, the misconception behind the mistakes, a score.
import { get, post, searchRequest, sourceOf } from "./api.js";
import { el, nodeGroup, svgNode } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { panZoom } from "./panzoom.js";
import { go, register } from "./router.js";
import { copyLinkButton, postedBlob, saveButton, tableBox } from "./share.js";
import { listenKeys } from "./stepper.js";

function number(text) {
  const v = text.trim().replace(",", ".");
  return v !== "" && !Number.isNaN(Number(v)) ? Number(v) : v;
}

/** A value of the check's report as a person writes it: -inf as −∞, <=2 as ≤ 2. */
export function shownValue(text) {
  if (text === null || text === undefined || text === "" || text === "(none)") {
    return t("quiz.none");
  }
  return String(text).replace(/([-+]?)inf\b/g, (w, sign) => `${sign === "-" ? "−" : "+"}∞`)
    .replace(/<=\s*/g, "≤ ").replace(/>=\s*/g, "≥ ");
}

/** A check item's name as a person says it ("value of B", "alpha at C", "pruned nodes"). */
export function itemName(item, root) {
  const parts = item.split(".");
  if (item === "value") return t("quiz.item.value", { node: root });
  if (parts[0] === "values" && parts.length === 2) return t("quiz.item.value", { node: parts[1] });
  if (parts[0] === "alphabeta" && parts.length === 3) {
    return parts[2] === "alpha" ? t("quiz.item.alpha", { node: parts[1] })
      : t("quiz.item.beta", { node: parts[1] });
  }
  if (item === "pruned") return t("quiz.item.pruned");
  if (item === "evaluated") return t("quiz.item.evaluated");
  if (item === "move") return t("quiz.item.move");
  return item;
}

/** Text in the check's own words (from the library, in the language the request
 * asked for: the page's): marked with that language, and kept from the translator. */
const checker = (text) => el("span", { lang: currentLanguage(), translate: "no",
                                       class: "checker-text" }, text);
const data = (text) => el("span", { translate: "no" }, text);

export async function renderQuiz(view, params) {
  listenKeys(null);
  const source = searchRequest(params);
  const where = sourceOf(source);
  const theme = params.get("theme") === "print" ? "print" : "colour";
  const [sheet, plain, algos] = await Promise.all([
    post("v1/worksheet", { ...where, lang: currentLanguage(), theme }),
    post("v1/search", { ...where, algorithm: "minimax" }), get("v1/algorithms")]);
  // the alpha-beta variants with the textbook's window test (the lecture's slide-002 has
  // its own): the menus of GET /v1/algorithms, where --cut-on applies
  const windowed = algos.options.cut_on.applies.alphabeta;
  const svg = svgNode(sheet);
  const inner = plain.trace.events.filter((e) => e.type === "expand").map((e) => e.node);
  const root = plain.trace.header.root;
  const picked = new Set();
  const ticks = {};  // node -> its checkbox in the list
  const groups = {};  // node -> its <g> on the tree
  const prunedList = el("span", { id: "quiz-pruned", translate: "no" });
  function pick(key, on) {
    if (on) picked.add(key); else picked.delete(key);
    if (groups[key]) {
      groups[key].classList.toggle("picked", on);
      groups[key].setAttribute("aria-checked", String(on));
    }
    if (ticks[key]) ticks[key].checked = on;
    prunedList.textContent = [...picked].sort().join(" ");
    noneYet.hidden = picked.size > 0;
  }
  const noneYet = el("span", { id: "quiz-pruned-none" }, t("quiz.none"));
  const keys = [];
  for (const g of svg.querySelectorAll("g.node")) {
    const key = g.querySelector("title").textContent;
    if (key === root) continue;
    keys.push(key);
    groups[key] = g;
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "checkbox");
    g.setAttribute("aria-checked", "false");
    g.setAttribute("aria-label", t("quiz.node_pruned", { node: key }));
    g.addEventListener("click", () => pick(key, !picked.has(key)));
    g.addEventListener("keydown", (event) => {
      if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        pick(key, !picked.has(key));
      }
    });
  }
  keys.sort();
  const tickList = el("fieldset", { class: "quiz-ticks", id: "quiz-ticks" },
    el("legend", {}, t("quiz.pick_legend")),
    ...keys.map((key) => {
      ticks[key] = el("input", { type: "checkbox", id: `pick-${key}`,
                                 onchange: (e) => pick(key, e.target.checked) });
      return el("label", { for: `pick-${key}` }, ticks[key], data(key));
    }));
  const inputs = {};
  const boxes = inner.map((node) => {
    const box = (name, label) => el("input", { id: `${name}-${node}`, "aria-label": label,
                                               inputmode: "text", autocomplete: "off" });
    inputs[node] = {
      value: box("value", t("quiz.value_of", { node })),
      alpha: box("alpha", t("quiz.alpha_at", { node })),
      beta: box("beta", t("quiz.beta_at", { node })),
    };
    return el("tr", {}, el("th", { scope: "row", translate: "no" }, node),
              el("td", {}, inputs[node].value), el("td", {}, inputs[node].alpha),
              el("td", {}, inputs[node].beta));
  });
  const out = el("div", { id: "quiz-result", "aria-live": "polite" });
  async function check() {
    const answer = { values: {}, pruned: [...picked].sort() };
    const alphabeta = {};
    for (const [node, box] of Object.entries(inputs)) {
      if (box.value.value.trim() !== "") {
        if (node === root) answer.value = number(box.value.value);
        else answer.values[node] = number(box.value.value);
      }
      const window = {};
      if (box.alpha.value.trim() !== "") window.alpha = number(box.alpha.value);
      if (box.beta.value.trim() !== "") window.beta = number(box.beta.value);
      if (Object.keys(window).length) alphabeta[node] = window;
    }
    if (Object.keys(alphabeta).length) answer.alphabeta = alphabeta;
    const request = { ...where, answer, lang: currentLanguage() };
    for (const key of ["algorithm", "variant", "order", "cut_on"]) {
      if (source[key] && !(key === "algorithm" && !["minimax", "alphabeta"].includes(source[key]))) {
        request[key] = source[key];
      }
    }
    if (request.algorithm !== "minimax" && request.variant
        && !windowed.includes(request.variant)) {
      delete request.variant;
    }
    try {
      show(await post("v1/check", request));
    } catch (err) {
      out.replaceChildren(el("p", { class: "error" }, data(err.message)));
    }
  }
  function show(report) {
    for (const g of svg.querySelectorAll("g.node.mistake")) g.classList.remove("mistake");
    const first = report.first_mistake;
    if (first && first.marks) {
      for (const node of Object.keys(first.marks)) {
        const g = nodeGroup(svg, node);
        if (g) g.classList.add("mistake");
      }
    }
    const rows = report.items.map((item) => el("tr", { class: item.right ? "right" : "wrong" },
      el("th", { scope: "row", translate: "no" }, itemName(item.item, root)),
      el("td", {}, item.right ? t("quiz.right") : t("quiz.wrong")),
      el("td", { translate: "no" }, shownValue(item.given)),
      el("td", { translate: "no" }, item.right ? "" : shownValue(item.expected)),
      el("td", {}, item.why || item.note ? checker(item.why || item.note) : "")));
    out.replaceChildren(
      el("p", { class: "score" }, t("quiz.score"), " ",
         el("span", { id: "quiz-score", translate: "no" }, `${report.percent}%`)),
      first ? el("p", { id: "quiz-first-mistake" },
                 t("quiz.first_mistake", { item: itemName(first.item, root) }), " ",
                 checker(first.why || ""))
        : el("p", { id: "quiz-no-mistakes", class: "ok" }, t("quiz.no_mistakes")),
      ...report.diagnosis.map((d) => el("p", { class: "diagnosis" },
        t("quiz.misconception"), " ",
        ...d.causes.map((c) => checker(`${c.title} (${c.advice}) `)))),
      tableBox(t("quiz.items_caption"),
         el("table", { id: "quiz-items" },
            el("caption", {}, t("quiz.items_caption")),
            el("tr", {}, el("th", { scope: "col" }, t("quiz.col.item")),
               el("th", { scope: "col" }, t("quiz.col.verdict")),
               el("th", { scope: "col" }, t("quiz.col.yours")),
               el("th", { scope: "col" }, t("quiz.col.expected")),
               el("th", { scope: "col" }, t("quiz.col.why"))), ...rows)));
  }
  const figure = el("div", { class: "figure", id: "quiz-figure", role: "group",
                             "aria-label": t("quiz.figure_label") }, svg);
  const shared = el("span", { id: "quiz-shared", role: "status" });
  view.append(
    el("h2", {}, t("quiz.title")),
    el("p", {}, t("quiz.help")),
    el("div", { class: "quiz-layout" },
       el("div", { class: "quiz-tree" }, panZoom(figure), figure),
       el("div", { class: "quiz-answer" },
          el("p", {}, t("quiz.pruned"), " ", prunedList, noneYet),
          tickList,
          tableBox(t("quiz.values_caption"),
             el("table", { class: "values", id: "quiz-values" },
                el("caption", {}, t("quiz.values_caption")),
                el("tr", {}, el("th", { scope: "col" }, t("quiz.col.node")),
                   el("th", { scope: "col" }, t("quiz.col.value")),
                   el("th", { scope: "col", abbr: t("quiz.col.alpha_long") }, "α"),
                   el("th", { scope: "col", abbr: t("quiz.col.beta_long") }, "β")),
                ...boxes)),
          el("div", { class: "row" },
             el("button", { id: "quiz-check", type: "button", onclick: check },
                t("quiz.check")),
             el("button", { id: "quiz-solution", type: "button",
                            onclick: () => go("step", params) }, t("quiz.solution"))),
          out,
          el("div", { class: "row share" },
             copyLinkButton("quiz-copy-link", t("quiz.copy_link"), t("quiz.link_copied"),
                            shared),
             // the blank tree as the service draws it, in the page's language and theme
             ...["svg", "png", "pdf"].map((f) => saveButton(`quiz-download-${f}`,
               t("quiz.download_as", { format: f.toUpperCase() }), `quiz.${f}`,
               () => postedBlob("v1/worksheet", { ...where, lang: currentLanguage(),
                                                  theme, format: f }))),
             shared))));
}

register("quiz", renderQuiz);
