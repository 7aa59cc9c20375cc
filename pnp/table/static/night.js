// A game's shared screen during a game night (pnp table): a big QR code per seat until its phone has
// opened its link (and again on request), and the night's next steps: a rematch, a new game, the results.
// table.js draws the game itself; this script only adds the panel above it.
"use strict";

(() => {
  const panel = document.getElementById("night");
  if (!panel) return;
  const KEY = new URLSearchParams(location.search).get("host") || "";
  const RECORD = decodeURIComponent(location.pathname.split("/")[2] || "");
  const GAME = `/lobby/games/${encodeURIComponent(RECORD)}`;
  const LOOK_EVERY = 3000; // ms between looks at which phones have joined
  const shown = new Set(); // seats whose code is shown again after their phone joined
  // a code's side, in rem: 18 scans from about a metre; the codes shrink towards 10 so that every seat's card
  // fits on the screen at once (a laptop's 1366 x 768 holds six at about 15), and below 10 the page scrolls
  const CODE_REM = { most: 18, least: 10 };

  const { el, t, withKey } = window.pnpPage;

  async function api(path, post) {
    const headers = { Accept: "application/json" };
    if (KEY) headers["X-Pnp-Host"] = KEY;
    if (post) headers["Content-Type"] = "application/json";
    const response = await fetch(path, { method: post ? "POST" : "GET", cache: "no-store", headers, body: post ? "{}" : undefined });
    const status = t("table.line.status", { status: response.status });
    const data = await response.json().catch(() => ({ error: status }));
    if (!response.ok) throw new Error(data.error || status);
    return data;
  }

  function seatCard(seat, joined) {
    const open = !joined || shown.has(seat);
    const toggle = el("button", {
      type: "button",
      class: "quiet",
      text: t(open ? "table.night.hide" : "table.night.show"),
      onclick: () => {
        if (open) shown.delete(seat);
        else shown.add(seat);
        look();
      },
    });
    return el(
      "li",
      { class: `seat${open ? "" : " joined"}`, "data-seat": seat },
      el("span", { class: "name", text: seat }),
      el("span", { class: "joining", text: t(joined ? "table.night.joined" : "table.night.scan") }),
      open ? el("img", { src: withKey(`${GAME}/qr/${encodeURIComponent(seat)}.svg`), alt: t("table.night.qr", { seat }) }) : null,
      joined ? toggle : null
    );
  }

  let drawn = "";
  function draw(game) {
    const joined = new Set(game.joined);
    const key = JSON.stringify([game.joined, [...shown]]);
    if (key === drawn) return;
    drawn = key;
    const rematch = el("button", { type: "button", class: "primary", text: t("table.night.rematch"), onclick: rematchNow });
    const fresh = el("button", { type: "button", class: "quiet", text: t("table.night.new"), onclick: () => location.assign(withKey("/")) });
    const results = el("button", { type: "button", class: "quiet", text: t("table.night.results"), onclick: () => location.assign(withKey("/#tonight")) });
    panel.replaceChildren(
      el("ul", { class: "seats" }, ...Object.keys(game.seats).map((seat) => seatCard(seat, joined.has(seat)))),
      el("p", { class: "row" }, rematch, fresh, results),
      el("p", { class: "error", id: "night-error", role: "alert", hidden: true })
    );
    panel.hidden = false;
    fitCodes();
  }

  // The codes' side (--code) as large as lets every seat's card fit below the list's top, in rows of as many
  // as the width allows, within CODE_REM: each card is as wide as its code (its name and words wrap to it). What
  // the panel holds under the list (Rematch, New game, Tonight's results) stays on the screen with them: six
  // codes filling a 1280 x 720 screen to its bottom edge left that row under it.
  function fitCodes() {
    const list = panel.querySelector(".seats");
    const codes = list ? [...list.querySelectorAll(".seat:not(.joined) img")] : [];
    if (!codes.length) return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
    const width = list.clientWidth;
    const { top, bottom } = list.getBoundingClientRect();
    const under = panel.getBoundingClientRect().bottom - bottom; // the row, the list's margin, the panel's padding
    const height = innerHeight - (top + scrollY) - under - gap;
    const seats = list.children.length;
    for (let pass = 0; pass < 2; pass += 1) { // again once the words over a code have wrapped to its new side
      const around = { x: 0, y: 0 }; // the most any card adds to its code (a long name wraps onto two lines)
      for (const code of codes) {
        const card = code.closest(".seat");
        around.x = Math.max(around.x, card.offsetWidth - code.offsetWidth);
        around.y = Math.max(around.y, card.offsetHeight - code.offsetHeight);
      }
      let best = 0;
      for (let columns = 1; columns <= seats; columns += 1) {
        const rows = Math.ceil(seats / columns);
        const across = (width - (columns - 1) * gap) / columns - around.x - 1; // a pixel for rounding
        const down = (height - (rows - 1) * gap) / rows - around.y;
        best = Math.max(best, Math.min(across, down));
      }
      const side = Math.floor(Math.min(CODE_REM.most * rem, Math.max(CODE_REM.least * rem, best)));
      list.style.setProperty("--code", `${side}px`);
    }
  }

  // Whether the rematch of an unfinished game goes ahead, asked in a dialog of the page's own, as the seats' pages ask
  // theirs, in the night's language.
  function askEarly() {
    const dialog = el(
      "dialog",
      { id: "night-early", lang: panel.lang, "aria-labelledby": "night-early-title", "aria-describedby": "night-early-text" },
      el(
        "form",
        { method: "dialog" },
        el("h2", { id: "night-early-title", text: t("table.night.early.title") }),
        el("p", { id: "night-early-text", text: t("table.night.early") }),
        el(
          "p",
          { class: "row" },
          el("button", { type: "submit", value: "keep", class: "quiet", text: t("table.night.early.keep") }),
          el("button", { type: "submit", value: "ok", class: "primary", text: t("table.night.rematch") })
        )
      )
    );
    document.body.append(dialog);
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => (dialog.remove(), resolve(dialog.returnValue === "ok")), { once: true });
      dialog.showModal();
    });
  }

  async function rematchNow() {
    const over = document.getElementById("turn")?.dataset.turn === "over"; // as table.js shows the game
    if (!over && !(await askEarly())) return;
    try {
      const next = await api(`${GAME}/rematch`, true);
      location.assign(withKey(next.host));
    } catch (error) {
      const line = document.getElementById("night-error");
      line.textContent = error.message;
      line.hidden = false;
    }
  }

  async function look() {
    try {
      draw(await api(GAME));
    } catch (_) {
      // the game's own page says when the server cannot be reached
    }
  }

  look();
  setInterval(look, LOOK_EVERY);
  addEventListener("resize", fitCodes);
})();
