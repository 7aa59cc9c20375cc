// The Rules panel of the table page: the game's player aid, in the printed aid's own words, with the
// rule of the stage the game is in first ("Now: set-up"). The aid does not change during a game: it is
// fetched once, when the panel first opens, and kept. The stage is the one table.js last drew (#turn's
// data-stage). Everything is built with DOM calls as elements and text: never innerHTML.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const dialog = $("rules");
  const opener = $("rules-open");
  if (!dialog || !opener) return;
  const { el, t } = window.pnpPage;
  const API = document.body.dataset.api || "";
  const GIVE_UP = 10000; // ms: an answer that takes longer is taken as not coming (the next opening asks again)
  // The stage as the panel says it ("Now: ..."), by the name State.stage() gives it.
  const NOW = Object.fromEntries(["set-up", "play", "reveal", "over"].map((stage) => [stage, t(`table.stage.${stage}`)]));

  let asked = null; // the answer of API/rules: a promise, kept once it has come

  function rules() {
    if (asked === null) {
      asked = fetch(`${API}/rules`, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(GIVE_UP) })
        .then((response) => {
          if (!response.ok) throw new Error(`status ${response.status}`);
          return response.json();
        })
        .catch((failure) => {
          asked = null;
          throw failure;
        });
    }
    return asked;
  }

  // A paragraph's or a list item's runs: the emphasised ones (bold on paper) as <em>, the others as text.
  const runs = (list) => list.map((run) => (run.em ? el("em", { text: run.text }) : run.text));

  // A table's first row and first column are its headers, as on paper.
  function table(rows) {
    const cell = (text, r, k) =>
      r === 0 || k === 0 ? el("th", { scope: r === 0 ? "col" : "row", text }) : el("td", { text });
    const row = (cells, r) => el("tr", {}, ...cells.map((text, k) => cell(text, r, k)));
    return el("div", { class: "rules-table" }, el("table", {}, el("tbody", {}, ...rows.map(row))));
  }

  function block(b) {
    if (b.kind === "heading") return el("h3", { text: b.text });
    if (b.kind === "text") return el("p", {}, ...runs(b.runs));
    if (b.kind === "items") {
      return el(b.numbered ? "ol" : "ul", {}, ...b.items.map((item) => el("li", {}, ...runs(item))));
    }
    if (b.kind === "table") return table(b.rows);
    return null;
  }

  // The aid without ``now`` where ``now`` is one of its sections (a turn's rule): it is shown first, not twice.
  function rest(aid, now) {
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const at = aid.findIndex((_, i) => same(aid.slice(i, i + now.length), now));
    return at < 0 ? aid : [...aid.slice(0, at), ...aid.slice(at + now.length)];
  }

  function section(kind, label, blocks) {
    const title = el("p", { class: "rules-stage", text: label });
    return el("section", { class: `rules-${kind}`, "aria-label": label }, title, ...blocks.map(block));
  }

  function draw(data) {
    const stage = $("turn") ? $("turn").dataset.stage || "" : "";
    const now = (data.stages || {})[stage] || [];
    const whole = data.aid || [];
    const aid = rest(whole, now);
    $("rules-title").textContent = t("table.rules.title", { game: data.game });
    $("rules-body").replaceChildren(
      now.length ? section("now", t("table.rules.now", { stage: NOW[stage] || stage }), now) : "",
      aid.length ? section("aid", t(aid.length < whole.length ? "table.rules.rest" : "table.rules.aid"), aid) : "",
      whole.length ? "" : el("p", { class: "muted", text: t("table.rules.none") }),
    );
  }

  function say(text) {
    $("rules-body").replaceChildren(el("p", { class: "muted", text }));
  }

  async function show() {
    if (!dialog.open) dialog.showModal();
    let data;
    try {
      data = await rules();
    } catch {
      say(t("table.rules.failed"));
      return;
    }
    if (dialog.open) draw(data);
  }

  opener.addEventListener("click", () => {
    say(t("table.rules.loading"));
    show();
  });
  // a tap on the backdrop closes the panel, as Close and Escape do
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  // the game moves on to another stage while the panel is open: its rule comes first at once
  if ($("turn")) {
    new MutationObserver(() => {
      if (dialog.open && asked !== null) show();
    }).observe($("turn"), { attributes: true, attributeFilter: ["data-stage"] });
  }
})();
