// Step: the search of the permalink's tree (or a stored trace), frame by frame, with the
// alpha/beta window, Italian wording and the print theme as toggles.
import { post, searchRequest } from "./api.js";
import { el } from "./dom.js";
import { go, register } from "./router.js";
import { listenKeys, stepper } from "./stepper.js";

export async function renderStep(view, params) {
  const options = {
    lang: params.get("lang") || "en",
    theme: params.get("theme") || "colour",
    window: params.get("window") === "1",
  };
  let trace;
  if (params.get("id")) trace = params.get("id");
  else trace = (await post("v1/search", searchRequest(params))).trace;
  const result = await post("v1/frames", { trace, options });
  const toggle = (name, label, on, value) => el("label", {},
    el("input", { type: "checkbox", id: `toggle-${name}`, checked: on ? "" : null,
                  onchange: (e) => {
                    const next = new URLSearchParams(params);
                    next.set(name, e.target.checked ? value : "");
                    go("step", next);
                  } }), ` ${label}`);
  const s = stepper(result.frames);
  listenKeys((event) => s.key(event));
  view.append(
    el("h2", { id: "step-title" }, result.caption),
    el("div", { class: "row" },
       toggle("window", "α/β window", options.window, "1"),
       toggle("lang", "Italiano", options.lang === "it", "it"),
       toggle("theme", "Print theme", options.theme === "print", "print")),
    s.root);
}

register("step", renderStep);
