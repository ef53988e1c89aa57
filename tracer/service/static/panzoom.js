// Pan and zoom for a diagram: drag (mouse or one finger) to pan, the wheel or two fingers
// to zoom, the + / - / reset buttons or the keys + - 0 when the figure has the focus.
// The picture moves by a CSS transform, so the page itself never scrolls sideways.
import { el } from "./dom.js";
import { t } from "./i18n.js";

const MIN = 0.25;
const MAX = 8;

/** Makes figure (a .figure element whose child is the picture) pan and zoom; returns the
 * toolbar of buttons to put next to it.  Safe to call again after the picture changes:
 * the view (scale and offset) is kept from picture to picture. */
export function panZoom(figure) {
  if (figure.panZoomTools) return figure.panZoomTools;
  let scale = 1, x = 0, y = 0;
  const pointers = new Map();
  let pinch = null;
  function apply() {
    const picture = figure.firstElementChild;
    if (picture) {
      picture.style.transformOrigin = "0 0";
      picture.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
    }
  }
  function zoom(factor, cx = figure.clientWidth / 2, cy = figure.clientHeight / 2) {
    const next = Math.max(MIN, Math.min(MAX, scale * factor));
    x = cx - (cx - x) * (next / scale);
    y = cy - (cy - y) * (next / scale);
    scale = next;
    apply();
  }
  function reset() { scale = 1; x = 0; y = 0; apply(); figure.panZoomCentre(); }
  // a picture wider than its frame starts with its middle in view (a tree's root)
  figure.panZoomCentre = () => {
    const picture = figure.firstElementChild;
    if (!picture) return;
    const wider = picture.getBoundingClientRect().width / scale - figure.clientWidth;
    if (wider > 0) { x = -wider / 2; apply(); }
  };
  figure.classList.add("pannable");
  figure.tabIndex = 0;
  figure.addEventListener("wheel", (event) => {
    event.preventDefault();
    const box = figure.getBoundingClientRect();
    zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top);
  }, { passive: false });
  figure.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  figure.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    if (pointers.size === 1) {
      if (Math.abs(now.x - last.x) + Math.abs(now.y - last.y) > 0) {
        x += now.x - last.x; y += now.y - last.y; apply();
      }
    } else if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const box = figure.getBoundingClientRect();
      zoom(distance / pinch, (a.x + b.x) / 2 - box.left, (a.y + b.y) / 2 - box.top);
      pinch = distance;
    }
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  figure.addEventListener("pointerup", release);
  figure.addEventListener("pointercancel", release);
  figure.addEventListener("keydown", (event) => {
    if (event.key === "+" || event.key === "=") zoom(1.25);
    else if (event.key === "-") zoom(1 / 1.25);
    else if (event.key === "0") reset();
    else return;
    event.preventDefault();
    event.stopPropagation();
  });
  new MutationObserver(apply).observe(figure, { childList: true });
  const button = (key, label, action) => el("button", {
    type: "button", class: "zoom", "aria-label": t(key), title: t(key), onclick: action }, label);
  figure.panZoomTools = el("div", { class: "zoom-tools", role: "group",
                                    "aria-label": t("zoom.tools") },
    button("zoom.in", "+", () => zoom(1.25)), button("zoom.out", "−", () => zoom(1 / 1.25)),
    button("zoom.reset", "⟲", reset));
  return figure.panZoomTools;
}
