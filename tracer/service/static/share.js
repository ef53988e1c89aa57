// Sharing and downloading from a page, and a box for wide tables: a button that copies the page's link (the permalink
// is the address), and a button that saves what a function makes as a file.  The words
// are the caller's (already through t()); a status element says what happened.
import { el } from "./dom.js";

/** A button that copies the page's address; ``status`` gets ``done`` or, where the
 * browser refuses the clipboard, the address itself to copy by hand. */
export function copyLinkButton(id, label, done, status) {
  return el("button", { id, type: "button", onclick: async () => {
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      status.replaceChildren(done);
    } catch {
      status.replaceChildren(el("a", { href: link, translate: "no" }, link));
    }
  } }, label);
}

/** A button that saves ``await make()`` (a Blob) as ``name``. */
export function saveButton(id, label, name, make, { attrs = {} } = {}) {
  return el("button", { id, type: "button", ...attrs, onclick: async () => {
    const url = URL.createObjectURL(await make());
    const a = el("a", { href: url, download: name, hidden: "" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } }, label);
}

/** A Blob of a POST answer's bytes (a drawing of /v1/render), or an error's message. */
export async function postedBlob(path, body) {
  const response = await fetch(path, { method: "POST",
    headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) {
    const problem = await response.json().catch(() => ({}));
    throw new Error(problem.detail || `HTTP ${response.status}`);
  }
  return response.blob();
}

/** A box that scrolls a wide table inside itself (never the page): a region named
 * ``label`` that takes the focus, so the keyboard scrolls it too. */
export function tableBox(label, table) {
  return el("div", { class: "table-box", role: "region", tabindex: "0", "aria-label": label },
            table);
}
