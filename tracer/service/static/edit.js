// Edit: type a tree (live parse errors), or pick a lecture example, a game or a random
// exercise; choose the search; open it in the stepper, the quiz or the comparison.  The
// address always holds the tree and options shown, so the header's tabs carry them.
import { DEFAULT_TREE, get, post } from "./api.js";
import { el, select } from "./dom.js";
import { t } from "./i18n.js";
import { go, keepParams, onLeave, register } from "./router.js";

export async function renderEdit(view, params) {
  const [examples, games, algos] = await Promise.all([
    get("v1/examples"), get("v1/games"), get("v1/algorithms")]);
  const text = el("textarea", { id: "tree", rows: 4, spellcheck: "false" });
  text.value = params.get("tree") || (params.get("example") ? "" : DEFAULT_TREE);
  text.setAttribute("translate", "no");
  const status = el("div", { id: "parse-status", class: "error", "aria-live": "polite",
                             translate: "no" });
  const example = select("example", ["", ...examples.map((e) => e.name)],
                         params.get("example") || "");
  const game = select("game", ["", ...games.map((g) => g.name)], params.get("game") || "");
  const gameParams = el("input", { id: "params", size: 24, value: params.get("params") || "",
                                   placeholder: t("edit.params.placeholder") });
  const gameHelp = el("div", { id: "game-help", class: "hint", translate: "no" });
  function describeGame() {
    const spec = games.find((g) => g.name === game.value);
    gameHelp.textContent = spec ? spec.params.map((p) => `${p.name}=${p.default}`).join("  ")
      : "";
  }
  // every menu, its default and the depth's range come from the search spec's table
  const options = algos.options;
  const algorithm = select("algorithm", algos.algorithms.map((a) => a.name),
                           params.get("algorithm") || options.algorithm.default);
  const variant = el("select", { id: "variant", name: "variant" });
  const order = select("order", algos.orders, params.get("order") || options.order.default);
  const cutOn = select("cut_on", algos.cut_on, params.get("cut_on") || options.cut_on.default);
  const depth = el("input", { id: "depth", type: "number", min: options.depth.minimum,
                              max: options.depth.maximum, value: params.get("depth") || "" });
  const link = el("a", { id: "permalink" }, t("edit.permalink"));

  function fillVariants() {
    const family = algos.algorithms.find((a) => a.name === algorithm.value);
    variant.replaceChildren(...family.variants.map((v) =>
      el("option", { value: v, selected: v === params.get("variant") ? "" : null }, v)));
  }
  function current() {
    const out = {};
    if (game.value) {
      out.game = game.value;
      if (gameParams.value.trim()) out.params = gameParams.value.trim();
    }
    else if (example.value) out.example = example.value;
    else out.tree = text.value;
    out.algorithm = algorithm.value;
    out.variant = variant.value;
    out.order = order.value;
    out.cut_on = cutOn.value;
    if (depth.value !== "") out.depth = depth.value;
    return out;
  }
  let left = false;
  function updateLink() {
    if (left) return;  // a late answer must not rewrite another page's address
    link.href = `#/step?${new URLSearchParams(current()).toString()}`;
    keepParams(current());
  }
  let pending = 0;
  async function check() {
    updateLink();
    if (example.value || game.value) { status.textContent = ""; return; }
    const mine = ++pending;
    if (left) return;
    try {
      const parsed = await post("v1/parse", { tree: text.value });
      if (mine !== pending) return;
      status.className = "ok";
      status.textContent = t("edit.parsed", { nodes: parsed.nodes, leaves: parsed.leaves,
                                              height: parsed.height });
    } catch (err) {
      if (mine !== pending) return;
      status.className = "error";
      status.textContent = err.message;
    }
  }
  let timer = null;
  onLeave(() => { left = true; clearTimeout(timer); });
  text.addEventListener("input", () => {
    example.value = ""; game.value = "";
    clearTimeout(timer); timer = setTimeout(check, 150);
  });
  example.addEventListener("change", () => {
    const chosen = examples.find((e) => e.name === example.value);
    if (chosen) { text.value = chosen.tree; game.value = ""; }
    check();
  });
  game.addEventListener("change", () => { example.value = ""; describeGame(); check(); });
  gameParams.addEventListener("change", updateLink);
  algorithm.addEventListener("change", () => { fillVariants(); updateLink(); });
  for (const input of [variant, order, cutOn, depth]) input.addEventListener("change", updateLink);
  const random = el("button", { id: "random", type: "button", onclick: async () => {
    const ex = await post("v1/exercise", { branching: 3, depth: 2, cuts: [1, 3],
                                            seed: Math.floor(Math.random() * 100000) });
    example.value = ""; game.value = "";
    text.value = ex.text.trim();
    check();
  } }, t("edit.random"));
  fillVariants();
  describeGame();
  const labelled = (key, control) => el("label", { for: control.id },
    el("span", {}, t(key)), control);
  for (const menu of [example, game, algorithm, variant, order, cutOn]) {
    menu.setAttribute("translate", "no");  // names of the library's lists, as typed
  }
  view.append(
    el("h2", {}, el("label", { for: "tree" }, t("edit.tree"))),
    el("p", { class: "hint-text" }, t("edit.notation")),
    text, status,
    el("div", { class: "row" },
       labelled("edit.example", example), labelled("edit.game", game),
       labelled("edit.params", gameParams), random),
    gameHelp,
    el("h2", {}, t("edit.search")),
    el("div", { class: "row" },
       labelled("edit.algorithm", algorithm), labelled("edit.variant", variant),
       labelled("edit.order", order), labelled("edit.cut_on", cutOn),
       labelled("edit.depth", depth)),
    el("div", { class: "row" },
       el("button", { id: "open-step", type: "button", onclick: () => go("step", current()) },
          t("edit.open.step")),
       el("button", { id: "open-quiz", type: "button", onclick: () => go("quiz", current()) },
          t("edit.open.quiz")),
       el("button", { id: "open-compare", type: "button",
                      onclick: () => go("compare", current()) }, t("edit.open.compare")),
       link));
  await check();
}

register("edit", renderEdit);
