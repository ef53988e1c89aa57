// The course page's gradebook: per student and item the score (the attempts, time and
// answer of each cell too), per item the statistics across the class, a chart of the
// misconceptions found (HTML bars, each with its count written out), and the CSV,
// fetched with the teacher token in a header and saved; for a course of an LMS, its
// members who never opened the tool (lti.js).
import { el } from "./dom.js";
import { currentLanguage, moment, number, percent, percentOf, t } from "./i18n.js";
import { download, itemWords, scroller } from "./classroom.js";
import { neverOpened } from "./lti.js";

const enc = encodeURIComponent;

export function gradebook(book, course, token) {
  const section = el("section", { id: "course-gradebook" }, el("h3", {}, t("course.gradebook")));
  const csv = (id, dialect, key) => el("button", { type: "button", id, onclick: () =>
    download(`v1/courses/${enc(course)}/gradebook.csv?lang=${currentLanguage()}`
             + `&dialect=${dialect}`, token, `gradebook-${course}${dialect === "excel" ? ""
               : `-${dialect}`}.csv`) },
    t(key));
  section.append(el("div", { class: "row" }, csv("course-csv", "excel", "course.gradebook.csv"),
    csv("course-csv-it", "excel-it", "course.gradebook.csv_it")));
  const roster = neverOpened(book);
  if (roster) section.append(roster);
  if (!book.students.length) {
    section.append(el("p", {}, t("course.gradebook.empty")));
    return section;
  }
  const columns = book.columns.map(column);
  const label = Object.fromEntries(columns.map((c) => [c.key, c.label]));
  const words = Object.fromEntries(columns.map((c) => [c.key, c.words || c.label]));
  // the assignments (the service's list; else the columns'), each over its items'
  // columns and its percentage: the title once above, each item by its words below
  const assignments = (book.assignments || []).map((a) => ({ id: a.id, title: a.title }));
  for (const c of columns) {
    if (c.assignment && !assignments.some((a) => a.id === c.assignment)) {
      assignments.push({ id: c.assignment, title: c.assignment });
    }
  }
  const per = assignments.length > 0 && book.students.some((r) => r.assignments);
  const under = (a) => columns.filter((c) => c.assignment === a.id);
  const loose = columns.filter((c) => !assignments.some((a) => a.id === c.assignment));
  const itemHead = (c) => el("th", { scope: "col", translate: "no", lang: currentLanguage(),
                                     "data-key": c.key, title: c.label }, c.words || c.label);
  const both = { scope: "col", rowspan: 2 };
  const head = [
    el("tr", {}, el("th", both, t("course.column.student")),
       el("th", both, t("course.column.name")),
       ...assignments.map((a) => el("th", { scope: "colgroup", translate: "no",
         colspan: under(a).length + (per ? 1 : 0), class: "class-group",
         "data-assignment": a.id }, a.title)),
       ...loose.map((c) => el("th", { scope: "col", rowspan: 2, translate: "no",
                                      "data-key": c.key }, c.label)),
       el("th", both, t("course.column.total")),
       el("th", both, t("course.column.misconception"))),
    el("tr", {}, ...assignments.flatMap((a) => [...under(a).map(itemHead),
       ...(per ? [el("th", { scope: "col", "data-percent": a.id },
                     t("course.column.percent"))] : [])]))];
  const cellOf = (r, c) => {
    const cell = r.items[c.key];
    if (!cell) return el("td", {}, "");
    return el("td", { class: cell.right ? "right" : "wrong", translate: "no",
      title: t("course.cell", { attempts: cell.attempts, at: moment(cell.at),
                                given: cell.given }) },
      number(cell.score));
  };
  const percentCell = (r, a) => {
    const cell = (r.assignments || {})[a.id];
    if (!cell || !cell.submitted) {
      return el("td", { class: "class-none", "data-assignment": a.id }, t("course.no_submission"));
    }
    return el("td", { translate: "no", class: "class-percent", "data-assignment": a.id },
      percentOf(cell.percent), cell.late ? ` (${t("course.late.yes")})` : "");
  };
  const rows = book.students.map((r) => el("tr", { "data-student": r.student },
    el("th", { scope: "row", translate: "no" }, r.student),
    el("td", { translate: "no", class: "class-text" }, r.name),
    ...assignments.flatMap((a) => [...under(a).map((c) => cellOf(r, c)),
                                   ...(per ? [percentCell(r, a)] : [])]),
    ...loose.map((c) => cellOf(r, c)),
    el("td", { translate: "no", class: "class-total" },
       per ? percentOf(r.total) : number(r.total)),
    el("td", { translate: "no", class: "class-misconception class-text",
               lang: currentLanguage() }, found(r).map((m) => named(book, m)).join(", "))));
  section.append(scroller(t("course.gradebook.caption"),
    el("table", { id: "course-book" }, el("caption", {}, t("course.gradebook.caption")),
       ...head, ...rows)));
  const details = el("table", { id: "course-cells" },
    el("caption", {}, t("course.cells.caption")),
    el("tr", {}, ...["student", "item", "score", "attempts", "at", "given", "misconception"]
      .map((k) => el("th", { scope: "col" }, t(`course.column.${k}`)))),
    ...book.students.flatMap((r) => Object.entries(r.items).map(([c, cell]) => el("tr", {},
      el("td", { translate: "no" }, r.student),
      el("td", { translate: "no", lang: currentLanguage() },
         (assignments.length > 1 ? label : words)[c] || itemWords(c)),
      el("td", { translate: "no" }, number(cell.score)),
      el("td", { translate: "no" }, String(cell.attempts)),
      el("td", { translate: "no" }, moment(cell.at)),
      el("td", { translate: "no" }, cell.given),
      el("td", { translate: "no" }, cell.misconception ? named(book, cell.misconception) : "")))));
  section.append(el("details", {}, el("summary", {}, t("course.cells.show")),
                    scroller(t("course.cells.caption"), details)));
  const stats = el("table", { id: "course-stats" },
    el("caption", {}, t("course.stats.caption")),
    el("tr", {}, ...["item", "answered", "mean", "share_right", "wrong_answer", "misconception"]
      .map((k) => el("th", { scope: "col" }, t(`course.column.${k}`)))),
    ...book.items.map((s) => el("tr", {},
      el("th", { scope: "row", translate: "no", lang: currentLanguage() },
         (assignments.length > 1 ? label : words)[s.column] || column(s.column).label),
      el("td", { translate: "no" }, String(s.answered)),
      el("td", { translate: "no" }, number(s.mean)),
      el("td", { translate: "no" }, percent(s.share_right, 0)),
      el("td", { translate: "no" },
         s.wrong_answer ? `${s.wrong_answer.given} (×${s.wrong_answer.count})` : ""),
      el("td", { translate: "no" },
         s.misconception ? `${named(book, s.misconception.id)} (×${s.misconception.count})`
           : ""))));
  section.append(scroller(t("course.stats.caption"), stats));
  section.append(misconceptionChart(book));
  return section;
}

/** A column of the gradebook: {key, assignment, item, label} (a key alone from an older
 * service, labelled by its item's words). */
function column(c) {
  if (typeof c !== "string") return { ...c, label: c.label || itemWords(c.item || c.key) };
  const [, item] = c.includes(":") ? c.split(/:(.*)/) : [null, c];
  return { key: c, item, label: itemWords(item) };
}

/** The misconceptions found in a student's work (each once): per item, per assignment. */
function found(r) {
  return [...new Set([...Object.values(r.misconceptions || {}),
    ...Object.values(r.assignments || {}).map((c) => c.misconception)].filter(Boolean))];
}

/** A misconception's name in the page's language (the gradebook was asked in it), its id
 * if the service gave none. */
function named(book, id) {
  return (book.misconception_titles || {})[id] || id;
}

/** How many students each misconception was found in: HTML bars, each with its text. */
function misconceptionChart(book) {
  const counts = new Map();
  for (const r of book.students) {
    for (const m of found(r)) {
      counts.set(m, (counts.get(m) || 0) + 1);
    }
  }
  const total = book.students.length;
  const none = total - book.students.filter((r) => found(r).length).length;
  const bars = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const bar = (label, count, id) => el("li", { class: "class-bar", "data-misconception": id },
    el("span", { class: "class-bar-label", translate: id ? "no" : null },
       label),
    el("span", { class: "class-bar-track", "aria-hidden": "true" },
       el("span", { class: "class-bar-fill", style: `width: ${(100 * count) / total}%` })),
    el("span", { class: "class-bar-count" },
       t("course.chart.count", { count, total })));
  return el("figure", { id: "course-chart", class: "class-chart" },
    el("figcaption", {}, t("course.chart.caption")),
    el("ul", {}, ...bars.map(([m, n]) => bar(named(book, m), n, m)),
       bar(t("course.chart.none"), none, "")));
}
