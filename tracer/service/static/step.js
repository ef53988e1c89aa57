// Step: the search of the permalink's tree (or a stored trace), frame by frame, with the
// alpha/beta window (on entry or final) and the print theme as toggles; the diagram and its captions speak
// the page's language (the header's menu).  The step shown is in the address (&at=K),
// so a change of option or language keeps it; long searches come a page of frames at a
// time.  The view can be stored (its address is then the stored trace's), shared and
// downloaded (SVG, PNG, PDF, the trace) in its language and theme.
import { blob, get, post, searchRequest } from "./api.js";
import { el } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { go, keepParams, onLeave, register } from "./router.js";
import { listenKeys, stepper } from "./stepper.js";

const PAGE = 50;
let menus = null;

async function catalogue() {
  if (!menus) menus = await get("v1/algorithms");
  return menus;
}

async function bodyLimit() {
  return (await catalogue()).limits.max_body;
}

/** The window the address asks for (&window=entry|final; any other value, as an old
 * address's &window=1: the library's default), null for none. */
function windowOf(params, render) {
  const asked = params.get("window");
  if (asked === null) return null;
  return render.windows.includes(asked) ? asked : render.window_default;
}

/** The trace to step: a stored id, or the search's trace (stored first when it is too
 * large to send back with each page of frames). */
async function traceOf(params) {
  if (params.get("id")) return { ref: params.get("id"), id: params.get("id") };
  const request = searchRequest(params);
  const found = await post("v1/search", request);
  if (JSON.stringify(found.trace).length < await bodyLimit() / 2) {
    return { ref: found.trace, id: null, trace: found.trace };
  }
  const stored = await post("v1/search", { ...request, store: true });
  return { ref: stored.id, id: stored.id };
}

function saveAs(data, name) {
  const url = URL.createObjectURL(data);
  const a = el("a", { href: url, download: name, hidden: "" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function renderStep(view, params) {
  const render = (await catalogue()).render;
  const options = {
    lang: currentLanguage(),
    theme: params.get("theme") === "print" ? "print" : "colour",
    window: windowOf(params, render),
  };
  let left = false;  // the page was left while its search or frames were on the way
  onLeave(() => { left = true; });
  const status = el("p", { id: "step-status", role: "status" });
  view.append(el("h2", { id: "step-title" }, t("step.loading")), status);
  const trace = await traceOf(params);
  const fetchPage = async (first, count) =>
    (await post("v1/frames", { trace: trace.ref, options, first, count })).frames;
  const head = await post("v1/frames", { trace: trace.ref, options, first: 0, count: PAGE });
  if (left) return;
  const at = Math.max(0, Math.min(head.count - 1, Number(params.get("at") || 1) - 1 || 0));
  const here = new URLSearchParams(params);
  const s = stepper({ total: head.count, page: PAGE, known: head.frames, fetch: fetchPage },
                    { at, onMove: (i) => {
                      if (left) return;
                      here.set("at", String(i + 1));
                      keepParams(here);
                    } });
  listenKeys((event) => s.key(event));
  const toggle = (name, on, value) => el("label", {},
    el("input", { type: "checkbox", id: `toggle-${name}`, checked: on ? "" : null,
                  onchange: (e) => {
                    const next = new URLSearchParams(here);
                    if (e.target.checked) next.set(name, value);
                    else next.delete(name);
                    go("step", next);
                  } }), t(`step.${name}`));
  // which window (the library's list, its default first chosen): on entry, or final
  const windowKind = el("select", { id: "window-kind", "aria-label": t("step.window.which"),
                                    disabled: options.window ? null : "",
                                    onchange: (e) => {
                                      const next = new URLSearchParams(here);
                                      next.set("window", e.target.value);
                                      go("step", next);
                                    } },
    ...render.windows.map((w) => el("option", {
      value: w, selected: w === (options.window || render.window_default) ? "" : null },
      t(`step.window.${w}`))));

  async function store() {
    status.textContent = t("step.storing");
    const stored = await post("v1/traces", { trace: trace.trace, tags: ["stepper"] });
    trace.id = stored.id;
    const next = new URLSearchParams();
    next.set("id", stored.id);
    for (const key of ["window", "theme", "at"]) if (here.get(key)) next.set(key, here.get(key));
    for (const key of [...here.keys()]) here.delete(key);
    for (const [key, value] of next) here.set(key, value);
    keepParams(here);
    status.textContent = t("step.stored");
    storeButton.disabled = true;
  }
  async function share() {
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = t("step.copied");
    } catch {
      status.replaceChildren(t("step.copy-this"), " ",
        el("input", { id: "step-address", readonly: "", value: location.href,
                      "aria-label": t("step.address"), translate: "no" }));
    }
  }
  async function download(fmt) {
    status.textContent = t("step.preparing");
    const name = `${trace.id ? trace.id.slice(0, 12) : "search"}-${options.lang}`;
    let data;
    if (fmt === "json") {
      data = trace.id ? await blob(`v1/traces/${trace.id}`)
        : new Blob([JSON.stringify(trace.trace)], { type: "application/json" });
    } else if (trace.id) {
      const query = new URLSearchParams({ lang: options.lang, theme: options.theme,
                                          window: options.window || "false" });
      data = await blob(`v1/traces/${trace.id}/diagram.${fmt}?${query}`);
    } else {
      data = await blob("v1/render", { trace: trace.ref, format: fmt, options });
    }
    saveAs(data, `${name}.${fmt}`);
    status.textContent = t("step.downloaded", { file: `${name}.${fmt}` });
  }
  const act = (fn) => async () => {
    try { await fn(); } catch (err) { status.textContent = err.message; }
  };
  const storeButton = el("button", { type: "button", id: "step-store", onclick: act(store),
                                     disabled: trace.id ? "" : null }, t("step.store"));
  const downloads = ["svg", "png", "pdf", "json"].map((fmt) =>
    el("button", { type: "button", id: `step-download-${fmt}`, onclick: act(() => download(fmt)) },
       t(`step.download.${fmt}`)));
  await s.ready;
  if (left) return;
  view.replaceChildren(
    el("h2", { id: "step-title" }, el("span", { translate: "no" }, head.title)),
    el("div", { class: "row options", role: "group", "aria-label": t("step.options") },
       toggle("window", options.window, options.window || render.window_default),
       windowKind,
       toggle("theme", options.theme === "print", "print")),
    s.root,
    el("div", { class: "row actions", role: "group", "aria-label": t("step.keep") },
       storeButton,
       el("button", { type: "button", id: "step-share", onclick: act(share) }, t("step.share")),
       ...downloads),
    status);
}

register("step", renderStep);
