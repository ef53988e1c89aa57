// A stepper over server-drawn frames: first / previous / next / last, a slider, the
// arrow keys; it starts paused on the first step.  Node positions come from one layout,
// so nothing moves from step to step.
import { el, svgNode } from "./dom.js";

export function stepper(frames, { id = "stepper", onMove = null } = {}) {
  let index = 0;
  const figure = el("div", { class: "figure", id: `${id}-figure` });
  const caption = el("div", { class: "caption", id: `${id}-caption` });
  const counter = el("span", { id: `${id}-counter` });
  const slider = el("input", { type: "range", min: 1, max: frames.length, value: 1,
                               id: `${id}-slider` });
  const pictures = frames.map((f) => svgNode(f.svg));
  function show(i, notify = true) {
    index = Math.max(0, Math.min(frames.length - 1, i));
    figure.replaceChildren(pictures[index]);
    caption.textContent = frames[index].caption;
    counter.textContent = `${index + 1} / ${frames.length}`;
    slider.value = index + 1;
    if (notify && onMove) onMove(index);
  }
  const button = (name, label, to) =>
    el("button", { type: "button", id: `${id}-${name}`, onclick: () => show(to()) }, label);
  slider.addEventListener("input", () => show(Number(slider.value) - 1));
  const root = el("div", { class: "stepper", id },
    el("div", { class: "row controls" },
       button("first", "First", () => 0), button("prev", "◀ Prev", () => index - 1),
       button("next", "Next ▶", () => index + 1), button("last", "Last", () => frames.length - 1),
       slider, counter),
    caption, figure);
  show(0, false);
  return {
    root,
    show,
    get index() { return index; },
    key(event) {
      if (event.key === "ArrowRight") show(index + 1);
      else if (event.key === "ArrowLeft") show(index - 1);
      else if (event.key === "Home") show(0);
      else if (event.key === "End") show(frames.length - 1);
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

/** The steppers that answer the arrow keys (the last page shown). */
export function listenKeys(handler) { current = handler; }
