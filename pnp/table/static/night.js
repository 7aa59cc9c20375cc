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

  const withKey = (path) => (KEY ? `${path}${path.includes("?") ? "&" : "?"}host=${encodeURIComponent(KEY)}` : path);

  const { el } = window.pnpPage;

  async function api(path, post) {
    const headers = { Accept: "application/json" };
    if (KEY) headers["X-Pnp-Host"] = KEY;
    if (post) headers["Content-Type"] = "application/json";
    const response = await fetch(path, { method: post ? "POST" : "GET", cache: "no-store", headers, body: post ? "{}" : undefined });
    const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
    if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
    return data;
  }

  function seatCard(seat, joined) {
    const open = !joined || shown.has(seat);
    const toggle = el("button", {
      type: "button",
      class: "quiet",
      text: open ? "Hide the code" : "Show the code again",
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
      el("span", { class: "status", text: joined ? "✓ joined" : "scan with this player's phone" }),
      open ? el("img", { src: withKey(`${GAME}/qr/${encodeURIComponent(seat)}.svg`), alt: `QR code of ${seat}'s link` }) : null,
      joined ? toggle : null
    );
  }

  let drawn = "";
  function draw(game) {
    const joined = new Set(game.joined);
    const key = JSON.stringify([game.joined, [...shown]]);
    if (key === drawn) return;
    drawn = key;
    const rematch = el("button", { type: "button", class: "primary", text: "Rematch", onclick: rematchNow });
    const fresh = el("button", { type: "button", class: "quiet", text: "New game", onclick: () => location.assign(withKey("/")) });
    const results = el("button", { type: "button", class: "quiet", text: "Tonight's results", onclick: () => location.assign(withKey("/#tonight")) });
    panel.replaceChildren(
      el("ul", { class: "seats" }, ...Object.keys(game.seats).map((seat) => seatCard(seat, joined.has(seat)))),
      el("p", { class: "row" }, rematch, fresh, results),
      el("p", { class: "error", id: "night-error", role: "alert", hidden: true })
    );
    panel.hidden = false;
  }

  async function rematchNow() {
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
})();
