// Library: the recorded traces; open one in the stepper, download its pictures.
import { get } from "./api.js";
import { el } from "./dom.js";
import { go, register } from "./router.js";
import { listenKeys } from "./stepper.js";

export async function renderLibrary(view, params) {
  listenKeys(null);
  const text = el("input", { id: "library-text", placeholder: "search titles",
                             value: params.get("text") || "" });
  const list = el("table", { id: "library-list" });
  async function load() {
    const query = new URLSearchParams();
    if (text.value) query.set("text", text.value);
    const listing = await get(`v1/traces?${query.toString()}`);
    list.replaceChildren(
      el("tr", {}, el("th", {}, "trace"), el("th", {}, "algorithm"), el("th", {}, "tags"),
         el("th", {}, "download")),
      ...listing.items.map((r) => el("tr", {},
        el("td", {}, el("a", { href: `#/step?id=${r.id}`, class: "open" }, r.title)),
        el("td", {}, `${r.algorithm} (${r.variant})`), el("td", {}, r.tags.join(", ")),
        el("td", {}, ...["svg", "png", "pdf"].map((f) =>
             el("a", { href: `v1/traces/${r.id}/diagram.${f}`, download: "" }, `${f} `)),
           el("a", { href: `v1/traces/${r.id}`, download: `${r.id.slice(0, 12)}.json` },
              "trace")))));
  }
  text.addEventListener("change", () => go("library", { text: text.value }));
  view.append(el("h2", {}, "Recorded traces"), el("div", { class: "row" }, text), list);
  await load();
}

register("library", renderLibrary);
