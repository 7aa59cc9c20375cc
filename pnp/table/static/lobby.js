// The game night's lobby (pnp table), on the shared screen: the games, a game's players, options and map, the
// unfinished games to carry on or set aside, and tonight's results. It holds no game logic: everything comes from the
// lobby's API (GET /lobby, GET /lobby/results, POST /lobby/games, POST /lobby/games/RECORD/aside). Data from the
// server is only ever written as text. Its words are the night's (t: lobby.* in table.yaml), and so is what the server
// says of each game.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const KEY = new URLSearchParams(location.search).get("host") || "";
  const NAME = /^[\p{L}\p{N}_-]{1,24}$/u; // letters and digits of any script, as the server takes them
  const LANGUAGE = "pnp.lobby.language"; // the language last chosen for a game, offered first for the next

  let lobby = null; // the last GET /lobby
  let chosen = null; // the game being set up

  const { confirmed, el, t, withKey } = window.pnpPage;

  async function api(path, payload) {
    const options = { cache: "no-store", headers: { Accept: "application/json" } };
    if (KEY) options.headers["X-Pnp-Host"] = KEY;
    if (payload !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(payload);
    }
    const response = await fetch(path, options);
    const status = t("table.line.status", { status: response.status });
    const data = await response.json().catch(() => ({ error: status }));
    if (!response.ok) throw new Error(data.error || status);
    return data;
  }

  function setConn(kind, text) {
    const node = $("conn");
    node.dataset.conn = kind;
    node.textContent = text;
  }

  const players = (least, most) =>
    least === most ? t("lobby.players.count", { count: least }) : t("lobby.players.range", { least, most });

  // names as a list says them: "ann", "ann and bob", "ann, bob and cy"
  const listed = (names) =>
    names.length < 2 ? names.join("") : t("lobby.results.and", { names: names.slice(0, -1).join(", "), last: names.at(-1) });

  // -- the games and the records to carry on ----------------------------------------------------
  function drawGames() {
    $("games").replaceChildren(
      ...lobby.games.map((game) =>
        el(
          "li",
          {},
          el(
            "button",
            { type: "button", class: "game-card", "data-game": game.name, onclick: () => choose(game) },
            el("span", { class: "game-title", text: game.title }),
            el("span", { class: "game-players", text: players(game.min_players, game.max_players) }),
            el("span", { class: "game-summary", text: game.summary })
          )
        )
      )
    );
    $("resume-section").hidden = lobby.records.length === 0;
    $("resume").replaceChildren(...lobby.records.map(resumable));
  }

  // A game to carry on: its link, and the button that sets it aside (described by the link, to tell the buttons apart).
  function resumable(r, n) {
    const id = `resume-${n}`;
    return el(
      "li",
      {},
      el("a", { class: "record", id, href: withKey(`/g/${encodeURIComponent(r.record)}/`) }, carryOn(r)),
      el("button", {
        type: "button",
        class: "quiet aside",
        "data-record": r.record,
        "aria-describedby": id,
        text: t("lobby.aside"),
        onclick: () => setAside(r, n),
      })
    );
  }

  // A game to carry on, told from others with the same players by when it started ("2026-11-28T21:05:09" gives
  // 21:05; a record the night did not name has no time) and how far it went.
  function carryOn(r) {
    const started = r.started ? ` · ${t("lobby.carry_on.started", { time: r.started.slice(11, 16) })}` : "";
    const moves = r.moves === 0 ? t("lobby.carry_on.no_moves") : t("lobby.carry_on.moves", { count: r.moves });
    return `${t("lobby.carry_on.game", { game: r.title, players: r.players.join(", ") })}${started} · ${moves}`;
  }

  // -- setting a game aside ----------------------------------------------------------------------
  // Whether to set ``r`` aside, asked in the page's dialog: its Keep it listed (or Escape) leaves the game listed and
  // takes the focus, the safe answer to Enter; a dialog taller than the screen opens at its question instead.
  function askAside(r) {
    const dialog = $("aside-ask");
    $("aside-what").textContent = carryOn(r);
    return confirmed(dialog, $("aside-title"), $("aside-keep"));
  }

  // The ``n``th game under Carry on set aside, once asked; the lobby is then drawn again as the server has it (another
  // screen may have set games aside too), the focus on the game that took its place, else on the line said in the
  // list's place (that it is set aside, or why not).
  async function setAside(r, n) {
    if (!(await askAside(r))) {
      $("resume").querySelectorAll("button.aside")[n]?.focus();
      return;
    }
    $("resume-error").hidden = true;
    $("resume-said").textContent = "";
    try {
      await api(`/lobby/games/${encodeURIComponent(r.record)}/aside`, {});
      $("resume-said").textContent = t("lobby.aside.done", { game: r.title, players: listed(r.players) });
    } catch (error) {
      $("resume-error").textContent = error.message;
      $("resume-error").hidden = false;
    }
    await load();
    const left = $("resume").querySelectorAll("button.aside");
    (left[Math.min(n, left.length - 1)] || $($("resume-error").hidden ? "resume-said" : "resume-error")).focus();
  }

  // -- setting a game up -------------------------------------------------------------------------
  function choose(game) {
    chosen = game;
    $("choose").hidden = true;
    $("setup").hidden = false;
    $("setup-h").textContent = game.title;
    $("setup-summary").textContent = `${game.summary} (${players(game.min_players, game.max_players)})`;
    const suggested = lobby.players.slice(0, game.max_players);
    const count = Math.max(game.min_players, suggested.length);
    $("players").replaceChildren();
    for (let i = 0; i < count; i += 1) addPlayer(suggested[i] || "");
    drawOptions(game);
    drawMap(game);
    drawVariant(game);
    drawLanguage(game);
    hideError();
    $("players").querySelector("input").focus();
  }

  function addPlayer(name) {
    const list = $("players");
    const n = list.children.length + 1;
    const id = `player-${n}`;
    list.append(
      el(
        "li",
        {},
        el("label", { for: id, text: t("lobby.player", { n }) }),
        el("input", {
          id,
          type: "text",
          value: name,
          required: true,
          maxLength: 24,
          autocomplete: "off",
          autocapitalize: "none",
          spellcheck: false,
          pattern: "[\\p{L}\\p{N}_\\-]{1,24}",
          title: t("lobby.player.hint"),
        })
      )
    );
    fitPlayers();
  }

  function fitPlayers() {
    const count = $("players").children.length;
    $("add-player").disabled = count >= chosen.max_players;
    $("remove-player").disabled = count <= chosen.min_players;
  }

  function drawOptions(game) {
    $("options-set").hidden = game.options.length === 0;
    $("options").replaceChildren(...game.options.map(optionField));
  }

  // An option's label: its name, and under it what it does in smaller words.
  const optionLabel = (id, option) =>
    el("label", { for: id }, el("strong", { text: option.name }), el("span", { class: "option-help", text: option.help }));

  function optionField(option) {
    const id = `option-${option.key}`;
    let input;
    if (typeof option.default === "boolean") {
      input = el("input", { id, type: "checkbox", checked: option.default });
      return el("p", { class: "option check" }, input, optionLabel(id, option));
    }
    if (option.choices.length) {
      input = el(
        "select",
        { id },
        // each choice by its name in words; the value sent is the choice as typed
        ...option.choices.map((c, i) => el("option", { value: c, text: option.choice_names[i], selected: c === option.default }))
      );
      if (option.choice_help.length) {
        // what the chosen value does, under the box, following the choice
        const said = el("span", { class: "muted choice-help", id: `${id}-help`, "aria-live": "polite" });
        const say = () => (said.textContent = option.choice_help[option.choices.indexOf(input.value)] || "");
        input.setAttribute("aria-describedby", said.id);
        input.addEventListener("change", say);
        say();
        return el("p", { class: "option" }, optionLabel(id, option), input, said);
      }
    } else if (typeof option.default === "number") {
      input = el("input", { id, type: "number", value: option.default, step: 1 });
      if (option.minimum !== null) input.min = option.minimum;
      if (option.maximum !== null) input.max = option.maximum;
    } else {
      input = el("input", { id, type: "text", value: option.default });
    }
    return el("p", { class: "option" }, optionLabel(id, option), input);
  }

  // A label over its box, as an option's (see optionField).
  const field = (id, label, box) => el("p", { class: "option" }, el("label", { for: id, text: label }), box);

  // A game's map: its own, or one of the map files in the folder that are for it; a game that draws its maps
  // (Aeronaut Odyssey) draws one from a number, or takes a file. Shown where there is a choice.
  function drawMap(game) {
    const files = (lobby.maps || {})[game.name] || [];
    const seeded = game.maps === "seed";
    $("map-set").hidden = !seeded && !(game.maps && files.length);
    const parts = [];
    if (game.maps && files.length) {
      const first = t(seeded ? "lobby.map.drawn" : "lobby.map.own");
      const choices = [el("option", { value: "", text: first }), ...files.map((m) => el("option", { value: m, text: m }))];
      parts.push(field("map-file", t("lobby.map.file"), el("select", { id: "map-file" }, ...choices)));
    }
    if (seeded) {
      const number = el("input", { id: "map-seed", type: "number", min: 0, step: 1, value: 1 + Math.floor(Math.random() * 9999) });
      parts.push(field("map-seed", t("lobby.map.seed"), number));
    }
    $("map").replaceChildren(...parts);
    const file = $("map-file");
    if (file && seeded) {
      const shown = () => ($("map-seed").parentElement.hidden = Boolean(file.value)); // a file is not drawn
      file.addEventListener("change", shown);
    }
  }

  function drawVariant(game) {
    const files = (lobby.variants || {})[game.name] || [];
    $("variant-set").hidden = !files.length;
    const choices = [el("option", { value: "", text: t("lobby.variant.own") }), ...files.map((f) => el("option", { value: f, text: f }))];
    $("variant").replaceChildren(field("variant-file", t("lobby.variant.file"), el("select", { id: "variant-file" }, ...choices)));
  }

  // The languages the game speaks, the one last chosen first, else the night's (the page's). A variant file that
  // names its own language speaks it: a line says which, in place of the choice; one that names none speaks the
  // language chosen.
  function drawLanguage(game) {
    const codes = game.languages.map((l) => l.code);
    const first = localStorage.getItem(LANGUAGE) ?? document.documentElement.lang;
    const choices = game.languages.map((l) => el("option", { value: l.code, text: l.name, selected: l.code === first }));
    const select = el("select", { id: "language-choice" }, ...choices);
    select.addEventListener("change", () => localStorage.setItem(LANGUAGE, select.value));
    const choice = field("language-choice", t("lobby.language.label"), select);
    const own = el("p", { class: "option", id: "language-own", hidden: true });
    $("language").replaceChildren(choice, own);
    const shown = () => {
      const spoken = (lobby.variant_languages || {})[$("variant-file").value];
      own.textContent = spoken ? t("lobby.language.variant", { language: spoken }) : "";
      own.hidden = !spoken;
      choice.hidden = Boolean(spoken);
      $("language-set").hidden = !spoken && codes.length < 2;
    };
    $("variant-file").addEventListener("change", shown);
    shown();
  }

  function readSetup() {
    const names = [...$("players").querySelectorAll("input")].map((input) => input.value.trim());
    const bad = names.find((name) => !NAME.test(name));
    if (bad !== undefined) throw new Error(bad ? t("lobby.refused.name", { name: bad }) : t("lobby.refused.unnamed"));
    const options = {};
    for (const option of chosen.options) {
      const input = $(`option-${option.key}`);
      if (typeof option.default === "boolean") options[option.key] = input.checked;
      else if (typeof option.default === "number") options[option.key] = wholeNumber(option, input.value);
      else options[option.key] = input.value;
    }
    let map = null;
    if (chosen.maps === "seed") map = `seed:${Math.max(0, Math.floor(Number($("map-seed").value) || 0))}`;
    if ($("map-file")?.value) map = $("map-file").value;
    const variant = $("variant-file").value || null;
    const code = $("language-choice").value;
    // the first is the game's own; a variant with a language of its own speaks it
    const spoken = variant !== null && variant in (lobby.variant_languages || {});
    const language = spoken || (variant === null && code === chosen.languages[0].code) ? null : code;
    return { game: chosen.name, players: names, options, map, variant, language };
  }

  // A whole-number option's value read from its box (the text it holds), refused in words when it is no whole number
  // (a fraction, nothing) or is out of its bounds (the box's own min and max).
  function wholeNumber(option, text) {
    const value = text.trim() ? Number(text) : NaN;
    if (!Number.isSafeInteger(value)) throw new Error(t("lobby.refused.whole", { option: option.help }));
    const named = { option: option.help, value };
    if (option.minimum !== null && value < option.minimum) throw new Error(t("lobby.refused.low", { ...named, least: option.minimum }));
    if (option.maximum !== null && value > option.maximum) throw new Error(t("lobby.refused.high", { ...named, most: option.maximum }));
    return value;
  }

  async function start(event) {
    event.preventDefault();
    hideError();
    $("start").disabled = true;
    try {
      const started = await api("/lobby/games", readSetup());
      location.assign(withKey(started.host));
    } catch (error) {
      showError(error.message);
      $("start").disabled = false;
    }
  }

  function showError(text) {
    const node = $("setup-error");
    node.textContent = text;
    node.hidden = false;
  }

  function hideError() {
    $("setup-error").hidden = true;
  }

  function back() {
    chosen = null;
    $("setup").hidden = true;
    $("choose").hidden = false;
  }

  // -- tonight's results -------------------------------------------------------------------------
  function drawResults(results) {
    const games = results.games;
    $("no-games").hidden = games.length > 0;
    $("results").hidden = games.length === 0;
    $("results-rows").replaceChildren(
      ...games.map((g) =>
        el(
          "tr",
          {},
          el("td", {}, el("a", { href: withKey(`/g/${encodeURIComponent(g.record)}/`), text: g.title })),
          el("td", { text: g.players.join(", ") }),
          el("td", { text: g.final ? listed(g.winners) : t(g.set_aside ? "lobby.results.aside" : "lobby.results.playing") }),
          el("td", { text: Object.entries(g.scores).map(([name, score]) => `${name} ${score}`).join(", ") }),
          el("td", { text: g.minutes === null ? "" : String(g.minutes) })
        )
      )
    );
    $("unreadable-h").hidden = results.unreadable.length === 0;
    $("unreadable").replaceChildren(...results.unreadable.map((line) => el("li", { text: line })));
    const wins = Object.entries(results.wins);
    $("wins-h").hidden = !games.some((g) => g.final);
    // players with as many wins share a place (1, 1, 3): the list's numbers are each one's place
    const place = (n) => 1 + wins.filter(([, other]) => other > n).length;
    $("wins").replaceChildren(
      ...(games.some((g) => g.final) ? wins : []).map(([name, n]) =>
        el("li", { value: place(n), text: t("lobby.wins.player", { name, count: n }) })
      )
    );
  }

  async function load() {
    try {
      lobby = await api("/lobby");
      drawGames();
      drawResults(await api("/lobby/results"));
      setConn("live", t("lobby.ready"));
    } catch (error) {
      setConn("offline", error.message);
    }
  }

  $("setup").addEventListener("submit", start);
  $("back").addEventListener("click", back);
  $("add-player").addEventListener("click", () => {
    addPlayer("");
    $("players").lastElementChild.querySelector("input").focus();
  });
  $("remove-player").addEventListener("click", () => {
    $("players").lastElementChild.remove();
    fitPlayers();
  });
  load();
})();
