// A stepper over server-drawn frames: first / previous / next / last, a slider, the
// arrow keys; it starts paused on the first step (or the step asked for).  Node
// positions come from one layout, so nothing moves from step to step.  The frames are
// either all given (an array) or fetched a page at a time as they are needed
// ({ total, page, fetch(first, count) }: the page shown and the next one ahead).
// The caption is announced (a polite live region) and the diagram's text alternative
// says the caption and the values shown so far.
import { el, svgNode } from "./dom.js";
import { t } from "./i18n.js";
import { panZoom } from "./panzoom.js";
import { onLeave } from "./router.js";

function source(frames) {
  if (Array.isArray(frames)) {
    return { total: frames.length, page: frames.length || 1,
             fetch: async () => frames, known: frames };
  }
  return { known: [], ...frames };
}

/** The node values a server-drawn frame shows: "A = 3, B = 3" (its nodes' labels). */
function valuesOf(svg) {
  const out = [];
  for (const g of svg.querySelectorAll("g.node")) {
    const words = [...g.querySelectorAll("text")].map((x) => x.textContent.trim())
      .filter(Boolean);
    if (words.length > 1) out.push(`${words[0]} ${words.slice(1).join(" ")}`);
  }
  return out.join(", ");
}

export function stepper(frames, { id = "stepper", onMove = null, at = 0 } = {}) {
  const from = source(frames);
  const total = from.total;
  const cache = new Map(from.known.map((f, i) => [i, f]));
  const inflight = [];  // pages asked for: { first, count, done }
  let index = 0;
  let wanted = 0;
  const figure = el("div", { class: "figure", id: `${id}-figure`, role: "img",
                             "aria-roledescription": t("stepper.diagram") });
  const caption = el("div", { class: "caption", id: `${id}-caption`, "aria-live": "polite",
                              translate: "no" });
  const counter = el("span", { id: `${id}-counter`, translate: "no" });
  const slider = el("input", { type: "range", min: 1, max: Math.max(1, total), value: 1,
                               id: `${id}-slider`, "aria-label": t("stepper.slider") });
  const pictures = new Map();

  function fetchPage(first) {
    const count = Math.min(from.page, total - first);
    const asked = { first, count };
    asked.done = from.fetch(first, count).then((got) => {
      got.forEach((f, k) => cache.set(first + k, f));
    }).finally(() => inflight.splice(inflight.indexOf(asked), 1));
    inflight.push(asked);
    return asked.done;
  }
  /** Frame i in the cache: awaits a page asked for that covers it, else asks for the
   * page from i (or, stepping back, the page that ends at i). */
  async function load(i, back = false) {
    for (let tries = 0; !cache.has(i) && tries < 3; tries++) {
      const covering = inflight.find((a) => a.first <= i && i < a.first + a.count);
      if (covering) await covering.done;
      else await fetchPage(back && tries === 0 ? Math.max(0, i - from.page + 1) : i);
    }
    if (!cache.has(i)) throw new Error(t("stepper.missing", { step: i + 1 }));
  }
  function draw(i) {
    const frame = cache.get(i);
    let picture = pictures.get(i);
    if (!picture) {
      picture = svgNode(frame.svg);
      picture.setAttribute("aria-hidden", "true");
      if (pictures.size > 60) pictures.clear();  // keep memory bounded
      pictures.set(i, picture);
    }
    figure.replaceChildren(picture);
    caption.textContent = frame.caption;
    const values = valuesOf(picture);
    figure.setAttribute("aria-label", values
      ? t("stepper.alt", { caption: frame.caption, values }) : frame.caption);
  }
  async function show(i, notify = true) {
    const next = Math.max(0, Math.min(total - 1, i));
    wanted = next;
    counter.textContent = `${next + 1} / ${total}`;
    slider.value = next + 1;
    if (!cache.has(next)) {
      figure.setAttribute("aria-busy", "true");
      try {
        await load(next, next < index);
      } catch (err) {
        caption.textContent = err.message;
        return;
      } finally {
        figure.removeAttribute("aria-busy");
      }
      if (wanted !== next) return;  // moved on while this page came
    }
    index = next;
    draw(index);
    if (from.fetch && cache.size > 3 * from.page && !Array.isArray(frames)) {
      // a long search: keep the frames near this one only (a phone's memory)
      for (const k of cache.keys()) if (Math.abs(k - index) > from.page) cache.delete(k);
    }
    // the next page ahead, so that stepping on does not wait
    for (let k = index + 1; k < Math.min(total, index + from.page); k++) {
      if (!cache.has(k)) {
        if (!inflight.some((a) => a.first <= k && k < a.first + a.count)) {
          fetchPage(k).catch(() => {});
        }
        break;
      }
    }
    if (notify && onMove) onMove(index);
  }
  const button = (name, to) =>
    el("button", { type: "button", id: `${id}-${name}`, onclick: () => show(to()) },
       t(`stepper.${name}`));
  slider.addEventListener("input", () => show(Number(slider.value) - 1));
  const tools = panZoom(figure);
  const controls = el("div", { class: "row controls", role: "group",
                               "aria-label": t("stepper.controls") },
    button("first", () => 0), button("prev", () => wanted - 1),
    button("next", () => wanted + 1), button("last", () => total - 1),
    slider, counter);
  const root = el("div", { class: "stepper", id },
    controls, caption, el("div", { class: "figure-tools" }, tools), figure);
  const ready = show(at, false);
  return {
    root,
    ready,
    show,
    get index() { return index; },
    key(event) {
      if (event.key === "ArrowRight") show(wanted + 1);
      else if (event.key === "ArrowLeft") show(wanted - 1);
      else if (event.key === "Home") show(0);
      else if (event.key === "End") show(total - 1);
      else return false;
      return true;
    },
  };
}

let current = null;
document.addEventListener("keydown", (event) => {
  if (current && !["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) {
    if (current(event)) event.preventDefault();
  }
});

/** The steppers that answer the arrow keys (the page shown); the router forgets them when
 * the page is left. */
export function listenKeys(handler) {
  current = handler;
  if (handler) onLeave(() => { if (current === handler) current = null; });
}
