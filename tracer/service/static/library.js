// Library: the recorded traces, newest first, a page at a time, searched by title; open
// one in the stepper, download its diagram (in the page's language and the theme chosen)
// or the trace itself.
import { get } from "./api.js";
import { el } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { go, register } from "./router.js";
import { tableBox } from "./share.js";
import { listenKeys } from "./stepper.js";

export const PAGE_SIZE = 20;

function whole(text, lowest) {
  const n = Number.parseInt(text || "", 10);
  return Number.isFinite(n) && n >= lowest ? n : lowest;
}

export async function renderLibrary(view, params) {
  listenKeys(null);
  const text = params.get("text") || "";
  const page = whole(params.get("page"), 1);
  const theme = params.get("theme") === "print" ? "print" : "colour";
  const lang = currentLanguage();
  const query = new URLSearchParams({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (text) query.set("text", text);
  const listing = await get(`v1/traces?${query.toString()}`);
  const total = listing.total ?? listing.items.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const to = (changes) => {
    const next = { text, page, theme, ...changes };
    if (!next.text) delete next.text;
    if (next.theme === "colour") delete next.theme;
    go("library", next);
  };

  const search = el("input", { id: "library-text", type: "search", value: text,
                               name: "text", autocomplete: "off" });
  const form = el("form", { role: "search", class: "row", id: "library-search",
                            onsubmit: (event) => {
                              event.preventDefault();
                              to({ text: search.value.trim(), page: 1 });
                            } },
    el("label", { for: "library-text" }, t("library.search")), search,
    el("button", { type: "submit", id: "library-search-go" }, t("library.search_go")),
    text ? el("button", { type: "button", id: "library-search-clear",
                          onclick: () => to({ text: "", page: 1 }) }, t("library.search_clear"))
      : null);
  const themes = el("select", { id: "library-theme",
                                onchange: (event) => to({ theme: event.target.value }) },
    el("option", { value: "colour", selected: theme === "colour" ? "" : null },
       t("library.theme_colour")),
    el("option", { value: "print", selected: theme === "print" ? "" : null },
       t("library.theme_print")));
  const from = total ? (page - 1) * PAGE_SIZE + 1 : 0;
  const shown = el("p", { id: "library-total", role: "status" },
    total === 0 ? t(text ? "library.none_found" : "library.none")
      : t("library.total", { from, to: from + listing.items.length - 1, total }));
  const picture = (r, format) => `v1/traces/${r.id}/diagram.${format}?` + new URLSearchParams(
    { lang, theme }).toString();
  const list = el("table", { id: "library-list" },
    el("caption", {}, t("library.caption")),
    el("tr", { class: "head" }, el("th", { scope: "col" }, t("library.col.trace")),
       el("th", { scope: "col" }, t("library.col.algorithm")),
       el("th", { scope: "col" }, t("library.col.tags")),
       el("th", { scope: "col" }, t("library.col.download"))),
    ...listing.items.map((r) => el("tr", {},
      el("th", { scope: "row" },
         el("a", { href: `#/step?id=${r.id}`, class: "open", translate: "no" }, r.title)),
      el("td", { translate: "no" }, `${r.algorithm} (${r.variant})`),
      el("td", { translate: "no" }, r.tags.join(", ")),
      el("td", { class: "downloads" },
         ...["svg", "png", "pdf"].map((f) => el("a", {
           href: picture(r, f), download: "", class: `download-${f}`,
           "aria-label": t("library.download_as", { format: f.toUpperCase(), title: r.title }),
         }, f.toUpperCase())),
         el("a", { href: `v1/traces/${r.id}`, download: `${r.id.slice(0, 12)}.json`,
                   class: "download-trace",
                   "aria-label": t("library.download_trace_of", { title: r.title }) },
            t("library.trace"))))));
  const pager = el("nav", { class: "row pager", "aria-label": t("library.pages") },
    el("button", { type: "button", id: "library-prev", disabled: page <= 1 ? "" : null,
                   onclick: () => to({ page: page - 1 }) }, t("library.prev")),
    el("span", { id: "library-page" }, t("library.page", { page, pages })),
    el("button", { type: "button", id: "library-next", disabled: page >= pages ? "" : null,
                   onclick: () => to({ page: page + 1 }) }, t("library.next")));
  view.append(
    el("h2", {}, t("library.title")),
    form,
    el("div", { class: "row" }, el("label", { for: "library-theme" }, t("library.theme")),
       themes),
    shown,
    tableBox(t("library.caption"), list),
    pager);
}

register("library", renderLibrary);
