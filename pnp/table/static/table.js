// pnp's table page: one script for the host screen (/) and each seat's phone (/s/TOKEN).
//
// The page holds no game logic. It fetches API/state, draws it, plays a move with POST API/play and
// follows every change of the record through the Server-Sent Events at API/events. Data from the
// server is only ever written as text (textContent, attributes): never innerHTML. The one exception
// is the state picture, an SVG document drawn by pnp's own code, parsed where nothing runs or loads and
// inserted after sanitising (below).
"use strict";

(() => {
  const body = document.body;
  const API = body.dataset.api || "";
  const SEAT = body.dataset.seat || null; // null on the host page
  const $ = (id) => document.getElementById(id);

  // Up to ALL_OPEN moves every group is open; past that, only groups of up to OPEN_UP_TO (a player opens
  // the others with one tap, or finds a move with the filter box, shown from FILTER_FROM moves on). A
  // long group is a picker (pickers.js: pnpPickers.wanted), which counts as one.
  const ALL_OPEN = 40;
  const OPEN_UP_TO = 12;
  const FILTER_FROM = 13;

  let state = null; // the last state drawn
  let picture = null; // the SVG text drawn, to skip redrawing an unchanged picture
  let busy = false; // a play or undo is on its way: buttons wait
  let movesFocused = null; // the move whose button had the keyboard's focus when the page went busy
  let asked = 0; // state requests sent, and the newest one drawn: an older answer never overwrites a newer
  let drawn = 0;
  let drawnText = null; // the state drawn, as the server sent it
  const toggled = new Map(); // group key -> open, as the player left it
  const picks = new Map(); // chance picker key -> faces tapped so far
  let suggested = null; // the search bot's suggestion for this page's version: { version, move, label }
  let drawnGroups = []; // the groups of moves drawn, as drawMoves made them

  // -- small helpers ---------------------------------------------------------------------------
  const { confirmed, el, t, percent, THEME, applyTheme } = window.pnpPage;

  const oneLine = (text) => String(text).replace(/\s+/g, " ").trim();
  const { fold } = window.pnpPickers;
  const moveCount = (n) => t(n === 1 ? "table.count.one" : "table.count.many", { count: n });
  const odds = (b) =>
    typeof b.probability === "number" ? el("span", { class: "odds", text: t("table.odds", { percent: percent(b.probability) }) }) : null;

  // -- the state ----------------------------------------------------------------------------------
  const GIVE_UP = 10000; // ms: a state that takes longer is taken as not coming

  // The newest state, drawn; null when it could not be fetched. "no-cache" revalidates every time: the
  // server answers 304 when nothing changed, and the browser hands back the copy it has.
  async function refresh() {
    const mine = ++asked;
    let response;
    try {
      response = await fetch(`${API}/state`, {
        cache: "no-cache",
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(GIVE_UP),
      });
    } catch {
      unreached();
      return null;
    }
    if (!response.ok) {
      if (response.status === 404) {
        setConn("gone", t("table.gone"));
        showError("", t("table.gone.line"));
      } else showError("", (await answerOf(response)).error);
      return null;
    }
    let text, data;
    try {
      text = await response.text();
      data = JSON.parse(text);
    } catch {
      showError("", t("table.unreadable"));
      return null;
    }
    contact = Date.now();
    if (streamAlive()) setLive();
    if (mine < drawn) return state;
    drawn = mine;
    // the state drawn already (a retry while offline, a refused input) changes nothing: the page is left
    // as the player has it, folds and all
    if (text !== drawnText) draw(data);
    drawnText = text;
    if (unanswered) settle(unanswered.sent, unanswered.failure, data);
    return data;
  }

  // -- the connection -------------------------------------------------------------------------------
  // One EventSource per page follows the record. The server sends a "beat" when the stream opens and
  // then at least every 5 s, so a stream that has beaten and then stays SILENT ms without a word is
  // dead (a server without beats is judged by the stream's errors and the browser's offline event).
  // While the server cannot be reached, the page looks at the state and reopens the stream every RETRY ms, and at
  // once when the network comes back or the page is shown again: changes missed while away are never waited for.
  // What the page says then hangs on how long it has heard nothing from the server, never on which try failed last
  // (a broken stream and a failed look at the state once took turns, and of six phones three said "Reconnecting…"
  // and three "Offline"): "Reconnecting…" for SILENT ms, "Offline" from then on, on every page alike; "Offline" at
  // once where the phone has no network.
  const SILENT = 20000;
  const RETRY = 3000;
  let events = null;
  let beating = false; // this stream has sent a beat: its silence means something
  let heard = 0; // when this stream last said anything (Date.now())
  let contact = Date.now(); // when the page last heard from the server at all: a stream's word, a state
  let offline = false; // the server cannot be reached: the page tries again
  let retried = 0; // when the page last tried again while offline

  function setConn(kind, text) {
    const node = $("conn");
    if (node.dataset.conn === kind && node.textContent === text) return; // a screen reader hears changes only
    node.dataset.conn = kind;
    node.textContent = text;
    changeStatus(() => {
      body.dataset.conn = kind; // the turn, kept in view, says when it may be out of date
    });
  }

  function setLive() {
    if ($("conn").dataset.conn === "gone") return;
    offline = false;
    setConn("live", t("table.live"));
  }

  // The server cannot be reached (or is silent): said as long as the page has heard nothing from it (see SILENT).
  function unreached() {
    if ($("conn").dataset.conn === "gone") return;
    offline = true;
    if (navigator.onLine === false) setConn("offline", t("table.offline.network"));
    else if (Date.now() - contact > SILENT) setConn("offline", t("table.offline.retrying"));
    else setConn("reconnecting", t("table.offline.reconnecting"));
  }

  const silent = () => beating && Date.now() - heard > SILENT;
  const streamAlive = () =>
    navigator.onLine !== false && events !== null && events.readyState === EventSource.OPEN && !silent();

  function listen() {
    if (events) events.close();
    const source = new EventSource(`${API}/events`);
    events = source;
    beating = false;
    heard = Date.now();
    const own = (handler) => (event) => {
      if (source === events) handler(event); // a stream replaced since says nothing any more
    };
    source.addEventListener(
      "open",
      own(() => {
        heard = contact = Date.now();
        if (navigator.onLine !== false) setLive();
        refresh();
      }),
    );
    source.addEventListener(
      "beat",
      own((event) => {
        beating = true;
        news(event);
      }),
    );
    source.addEventListener("change", own(news));
    if (SEAT) source.addEventListener("rematch", own(follow)); // a game night's rematch has begun
    // the browser tries again by itself unless the stream is CLOSED; either way the page says so
    source.addEventListener("error", own(unreached));
  }

  // In a game night (pnp table), a rematch gives each seat a new page: this phone goes to its own.
  async function follow() {
    try {
      const response = await fetch(`${API}/next`, { cache: "no-store", headers: { Accept: "application/json" } });
      const next = response.ok ? await response.json() : null;
      if (next && next.to) location.assign(next.to);
    } catch {
      /* offline: the next rematch event, or a reload, tries again */
    }
  }

  // A beat or a change: the stream lives; a version other than the one drawn is fetched.
  function news(event) {
    heard = contact = Date.now();
    if (navigator.onLine !== false) setLive();
    let version = null;
    try {
      version = JSON.parse(event.data).version;
    } catch {
      /* no version given: fetch anyway */
    }
    if (!state || version === null || version !== state.version) refresh();
  }

  // Try again now: the state, and a new stream unless the one open still lives (``fresh``: a new one
  // anyway, since a stream may outlive a lost network or a phone's sleep without a word).
  function catchUp(fresh = false) {
    retried = Date.now();
    if (fresh || !streamAlive()) listen();
    refresh();
  }

  // Each second: a silent stream or a lost network is said, and so is "Offline" once the server has been silent
  // SILENT ms; while offline, the page tries again every RETRY ms.
  function watch() {
    if (offline || silent() || navigator.onLine === false) unreached();
    if (offline && Date.now() - retried >= RETRY) catchUp();
  }

  window.addEventListener("offline", unreached);
  window.addEventListener("online", () => catchUp(true));
  // a phone asleep misses events (and its timers): look again when the page is shown
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") catchUp(true);
  });

  // -- what became of an input: one readable line -----------------------------------------------
  // The answer to a POST, as {error, kind}. A server that names no kind is read by its status.
  const KIND_OF_STATUS = { 409: "stale", 403: "turn", 422: "refused", 507: "unsaved" };

  async function answerOf(response) {
    let data = null;
    try {
      data = await response.json();
    } catch {
      /* not JSON */
    }
    let text = data && typeof data.error === "string" ? data.error : "";
    if (!text) {
      if (response.status === 413) text = t("table.line.too_long");
      else if (response.status === 404) text = t("table.line.no_link");
      else text = t("table.line.status", { status: `${response.status} ${response.statusText}`.trim() });
    }
    const kind = data && typeof data.kind === "string" ? data.kind : KIND_OF_STATUS[response.status] || "";
    return { kind, error: oneLine(text) };
  }

  function showError(lead, text, tone = "bad") {
    changeStatus(() => {
      $("error-lead").textContent = lead;
      $("error-text").textContent = oneLine(text);
      $("error").dataset.tone = tone;
      $("error").hidden = false;
    });
  }

  function clearError() {
    changeStatus(() => {
      $("error").hidden = true;
      $("error-lead").textContent = "";
      $("error-text").textContent = "";
    });
  }

  // The status changed by ``change``: it grows or shrinks as it says more or less (the last move's line wraps, the page
  // goes offline, a refusal comes). Where it stays at the top, the browser would keep what lies under it where it was
  // on the screen (scroll anchoring), half hidden under a taller status or below a gap: the page moves with the
  // status's edge instead, the first part of the page under it staying as far below it.
  function changeStatus(change) {
    const edge = statusEnd();
    const stuck = edge > 0 && document.querySelector(".status").getBoundingClientRect().bottom <= edge + 0.5;
    const below = stuck && [...$("main").children].find((node) => node.getBoundingClientRect().bottom > edge);
    const gap = below ? below.getBoundingClientRect().top - edge : 0;
    change();
    if (below) window.scrollBy(0, below.getBoundingClientRect().top - statusEnd() - gap);
  }

  // How far down the screen the status ends while it stays at the top (0 where it scrolls with the page): not where it
  // ends now, which on a page at its top is lower, below the header.
  function statusEnd() {
    const status = document.querySelector(".status");
    const style = getComputedStyle(status);
    return style.position === "sticky" ? parseFloat(style.top) + status.getBoundingClientRect().height : 0;
  }

  // -- the state picture -------------------------------------------------------------------------
  // The SVG comes from pnp's own drawing code (its SVG writer escapes every text), but player names
  // and map names flow into it, so it is still treated as untrusted: parsed into a template's inert
  // content (``parsed``), cleaned, and only then moved into the page. Inline rather than an <img>: its
  // text stays readable to screen readers, is searchable on the page, and takes the page's fonts.
  // Cleaning keeps drawing elements only (no script, foreignObject, style or image), drops every on*
  // handler and any link that leaves the picture (href/url() other than #id), so the picture can
  // neither run code nor fetch anything.
  const SVG_NS = "http://www.w3.org/2000/svg";
  const DRAWING = new Set([
    "svg", "g", "defs", "title", "desc", "rect", "circle", "ellipse", "line", "polyline", "polygon",
    "path", "text", "tspan", "clipPath", "mask", "pattern", "marker", "symbol", "use",
    "linearGradient", "radialGradient", "stop",
  ]);

  // The root of the picture ``text``, or null unless it is an <svg>: read by the HTML parser, as an <svg> written
  // in a page is (two to four times faster than DOMParser's XML), into a template, whose content is inert.
  function parsed(text) {
    const holder = document.createElement("template");
    holder.innerHTML = text;
    const root = holder.content.firstElementChild;
    return root && root.namespaceURI === SVG_NS && root.localName === "svg" ? root : null;
  }

  // One pass over a flat list of every element, about a third of the time of a walk that copied each element's
  // children and attributes (a map of 600 elements: 1 to 3 ms instead of 2 to 8). A removed element's descendants
  // are still in the list: cleaned for nothing, and harmlessly.
  function clean(root) {
    for (const node of [root, ...root.querySelectorAll("*")]) {
      if (node !== root && (node.namespaceURI !== SVG_NS || !DRAWING.has(node.localName))) {
        node.remove();
        continue;
      }
      for (const name of node.getAttributeNames()) {
        const lower = name.toLowerCase();
        const value = node.getAttribute(name).trim();
        if (lower.startsWith("on")) node.removeAttribute(name);
        else if (lower.split(":").pop() === "href" && !value.startsWith("#")) node.removeAttribute(name);
        else if (/url\s*\(\s*['"]?(?!#)/i.test(value)) node.removeAttribute(name);
        else if (/javascript:/i.test(value)) node.removeAttribute(name);
      }
    }
  }

  // A picture may leave out what stays the same for a whole session (Take Off's world map): in its place
  // a marker <g data-kept="DIGEST"/>, whose drawing the page fetches once from API/kept/DIGEST, cleans
  // like the rest and keeps, so each change of the game sends only what changed.
  const kept = new Map(); // digest -> a promise of the cleaned <g>
  let pictures = 0; // pictures asked to be drawn, so a slower older one never overwrites a newer
  // The kept drawing in the picture shown, as { digest, node }. A next picture that leaves out the same one is
  // drawn into the picture shown around it: the map stays where it is, and the browser does not style, lay
  // out and paint its thousands of shapes again (most of a redraw of Take Off's page, on a phone).
  let drawnKept = null;

  function keptDrawing(digest) {
    if (!kept.has(digest)) {
      const fetched = fetch(`${API}/kept/${encodeURIComponent(digest)}`, { headers: { Accept: "image/svg+xml" } })
        .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
        .then((text) => {
          const group = parsed(text)?.firstElementChild;
          if (!group) throw new Error("unreadable");
          clean(group);
          return group;
        });
      fetched.catch(() => kept.delete(digest)); // asked again with the next picture
      kept.set(digest, fetched);
    }
    return kept.get(digest);
  }

  async function drawPicture(svgText) {
    if (svgText === picture) return;
    picture = svgText;
    const mine = ++pictures;
    const frame = $("picture");
    if (!svgText) {
      if (frame.classList.contains("board")) window.pnpBoard.clear(frame);
      else frame.replaceChildren();
      return;
    }
    const root = parsed(svgText);
    if (!root) {
      frame.replaceChildren(el("p", { class: "muted", text: t("table.picture.failed") }));
      return;
    }
    clean(root);
    if (frame.classList.contains("board")) window.pnpLegend.expect(root); // laid out before the maps kept apart come
    const markers = [...root.querySelectorAll("g[data-kept]")];
    const shownRoot = frame.firstElementChild;
    const around = keptAround(root, markers, shownRoot);
    if (!around) {
      let drawing = null; // the kept drawing this picture will hold
      for (const marker of markers) {
        try {
          const digest = marker.getAttribute("data-kept");
          const node = (await keptDrawing(digest)).cloneNode(true);
          marker.replaceWith(node);
          if (markers.length === 1 && node.parentNode === root) drawing = { digest, node };
        } catch {
          if (mine === pictures) picture = null; // the next state tries again
        }
      }
      if (mine !== pictures) return;
      drawnKept = drawing;
    }
    // Fit the width of the screen: the viewBox keeps the proportions; a fixed size in mm would not fit.
    if (!root.hasAttribute("viewBox")) {
      const w = parseFloat(root.getAttribute("width"));
      const h = parseFloat(root.getAttribute("height"));
      if (w > 0 && h > 0) root.setAttribute("viewBox", `0 0 ${w} ${h}`);
    }
    root.removeAttribute("width");
    root.removeAttribute("height");
    root.setAttribute("preserveAspectRatio", "xMidYMid meet");
    // a phone's picture is a board view it can move and zoom (board.js); the shared screen shows it whole,
    // and so does a phone once the game is over (the result is the score table's, not one seat's part)
    // one image to a screen reader, named by its figure: its labels run together would be no help
    root.setAttribute("aria-hidden", "true");
    const shown = around ? drawnAround(shownRoot, root, around, drawnKept.node) : document.adoptNode(root);
    const over = state !== null && (state.stage === "over" || state.to_move === null);
    if (frame.classList.contains("board")) {
      window.pnpBoard.show(frame, shown, over);
      window.pnpLegend.show(shown); // under the board, where its opening frame leaves the picture's legend out
    } else if (frame.firstChild !== shown || frame.childNodes.length !== 1) frame.replaceChildren(shown);
  }

  // The marker of ``root`` (a new picture) that the picture shown, ``shownRoot``, already holds the drawing of,
  // where that is the only marker and a child of the root, as the shown one is of its own; else null.
  function keptAround(root, markers, shownRoot) {
    if (markers.length !== 1 || markers[0].parentNode !== root || drawnKept === null) return null;
    const same = drawnKept.digest === markers[0].getAttribute("data-kept") && drawnKept.node.parentNode === shownRoot;
    return same ? markers[0] : null;
  }

  // ``shownRoot`` made the picture ``root`` is, but for its kept drawing ``node``, which stays in place of ``marker``.
  function drawnAround(shownRoot, root, marker, node) {
    for (const name of shownRoot.getAttributeNames()) if (!root.hasAttribute(name)) shownRoot.removeAttribute(name);
    for (const name of root.getAttributeNames()) shownRoot.setAttribute(name, root.getAttribute(name));
    for (const child of [...shownRoot.childNodes]) if (child !== node) child.remove();
    const children = [...root.childNodes];
    const at = children.indexOf(marker);
    node.before(...children.slice(0, at));
    node.after(...children.slice(at + 1));
    return shownRoot;
  }

  // -- drawing the state -------------------------------------------------------------------------
  function draw(data) {
    if (state && state.version !== data.version) picks.clear(); // faces picked belong to the state they were picked in
    state = data;
    body.dataset.version = data.version; // the version drawn: what a tap now plays on
    changeStatus(() => drawTurn(data));
    drawPicture(data.picture || "");
    drawWords(data.description || []);
    drawScore(data.score);
    drawLog(data.log || []);
    // a record the server cannot write is shown as it is, with nothing to enter
    const readOnly = data.read_only === true;
    $("read-only").hidden = !readOnly;
    if (SEAT !== null) {
      drawPrivate(data.private || {});
      $("tools").hidden = readOnly;
      const over = data.stage === "over" || data.to_move === null;
      // the server lets a seat take back only its own last move: offer undo only then, and never after the end
      const log = data.log || [];
      $("undo").hidden = readOnly || over || !(log.length && log[log.length - 1].player === SEAT);
      drawForced(data);
      // at the end the phone leads with the result, and there are no moves left to show
      $("moves-section").hidden = over || readOnly;
      const score = $("score-section");
      const anchor = over ? $("picture") : $("moves-section").nextElementSibling;
      if (anchor !== score && score.nextElementSibling !== anchor) score.parentNode.insertBefore(score, anchor);
      drawExample(data.buttons || []);
      // last: it folds what the page cannot hold, measured with all else drawn for this state
      const refocused = drawMoves(data);
      if (refocused) showFocused(refocused);
      turnCame(!over && !readOnly && data.to_move === SEAT);
    }
  }

  // The typing box's example: a move of this game offered now (kept from an earlier turn while none is).
  function drawExample(buttons) {
    const example = buttons.find((b) => b.kind === "choice") || buttons.find((b) => b.kind === "chance");
    if (!example) return;
    $("typed-example").querySelector("code").textContent = example.move;
    $("typed-example").hidden = false;
  }

  // The stage in words (set-up, reveals): said beside the turn when it is not plain play.
  const STAGES = {
    "set-up": t("table.stage.set-up"),
    reveal: t("table.stage.reveal"),
  };

  function drawTurn(data) {
    const turn = $("turn");
    const stage = STAGES[data.stage] || "";
    let kind;
    let text;
    if (data.stage === "over" || data.to_move === null || data.to_move === undefined) {
      kind = "over";
      const winners = (data.score && data.score.winners) || [];
      text = winners.length ? t("table.turn.won", { winners: winnersText(winners) }) : t("table.turn.over");
    } else if (SEAT !== null && data.to_move === SEAT) {
      kind = "yours";
      text = t("table.turn.yours");
    } else {
      kind = "waiting";
      const player = data.to_move;
      text = SEAT !== null ? t("table.turn.waiting", { player }) : t("table.turn.to_move", { player });
    }
    turn.dataset.turn = kind;
    turn.dataset.stage = data.stage || "";
    const mark = { yours: "▶ ", over: "■ " }[kind];
    turn.replaceChildren(
      mark ? el("span", { class: "mark", "aria-hidden": "true", text: mark }) : "",
      text,
      stage && kind !== "over" ? el("span", { class: "badge stage", text: stage }) : "",
    );
    const log = data.log || [];
    const last = log[log.length - 1];
    const shown = last ? t("table.last", { move: said(last) }) : t("table.no_moves_yet");
    const back = data.taken_back; // whose move an undo just took back: the board went back a move
    const undone = back ? t(back === SEAT ? "table.taken_back.yours" : "table.taken_back", { player: back }) : "";
    $("last").textContent = undone ? `${undone} ${shown}` : shown;
    const game = data.game || document.title;
    document.title = kind === "yours" ? `▶ ${t("table.turn.yours")} · ${game}` : SEAT !== null ? `${SEAT} · ${game}` : game;
  }

  function winnersText(winners) {
    if (winners.length === 1) return t("table.wins", { player: winners[0] });
    return t("table.share", { players: winners.join(t("table.and")) });
  }

  // The board in words: one paragraph per sentence, under a summary that stays in place whatever the sentences; left
  // out for a game that says nothing in words. The picture's description (its aria-describedby) is the hidden copy
  // beside it (words.html): the same sentences, kept in step here.
  function drawWords(sentences) {
    $("board-words-details").hidden = sentences.length === 0;
    $("board-words").replaceChildren(...sentences.map((text) => el("p", { text })));
    $("board-words-said").textContent = sentences.join(" ");
  }

  function drawPrivate(secrets) {
    const list = $("private");
    const entries = Object.entries(secrets);
    $("private-section").hidden = entries.length === 0;
    list.replaceChildren(
      ...entries.flatMap(([name, text]) => [el("dt", { text: name }), el("dd", { text: String(text) })]),
    );
  }

  function drawScore(score) {
    const box = $("score");
    if (!score || !score.players) {
      box.replaceChildren();
      return;
    }
    $("score-h").textContent = t(score.final ? "table.score.final" : "table.score.so_far");
    const winners = new Set(score.winners || []);
    const rows = score.players.map((p) => {
      const parts = Object.entries(p.breakdown || {}).map(([k, v]) => `${k} ${v}`);
      const won = score.final && winners.has(p.name);
      return el(
        "tr",
        { class: won ? "won" : "", role: "row" },
        el(
          "th",
          { scope: "row", role: "rowheader" },
          p.name,
          ...(won ? [" ", el("span", { class: "badge", text: t("table.score.winner") })] : []),
        ),
        el("td", { class: "num", role: "cell", text: p.score }),
        el("td", { class: "parts", role: "cell" }, ...partsOf(parts)),
      );
    });
    const head = el(
      "tr",
      { role: "row" },
      el("th", { scope: "col", role: "columnheader", text: t("table.score.player") }),
      el("th", { scope: "col", role: "columnheader", class: "num", text: t("table.score") }),
      el("th", { scope: "col", role: "columnheader", class: "parts", text: t("table.score.parts") }),
    );
    // laid out as a grid on a phone (table.css): the roles keep it a table for screen readers
    const table = el(
      "table",
      { role: "table" },
      el("thead", { role: "rowgroup" }, head),
      el("tbody", { role: "rowgroup" }, ...rows),
    );
    const extra = [];
    if (score.final && winners.size) extra.push(el("p", { class: "winners", text: `${winnersText([...winners])}.` }));
    for (const note of score.notes || []) extra.push(el("p", { class: "note", text: note }));
    box.replaceChildren(table, ...extra);
    $("score-section").dataset.final = score.final ? "yes" : "no";
  }

  // Each part of a breakdown kept whole ("bonus 3 ·") where it fits: a line breaks between parts first.
  function partsOf(parts) {
    return parts.flatMap((part, i) => [i ? " " : "", el("span", { text: i < parts.length - 1 ? `${part} ·` : part })]);
  }

  // A log entry in words (the game's label), with its player: "ann: fly jet 1 to Midway".
  const words = (entry) => entry.label || entry.text;
  const who = (entry) => (entry.player ? `${t("table.log.who", { player: entry.player })} ` : "");
  const said = (entry) => `${who(entry)}${words(entry)}`;

  // The log in words, newest first; the same moves in notation wait in the folded "Notation" list. No log
  // before the first move: the turn line says there is none.
  function drawLog(log) {
    $("log-section").hidden = log.length === 0;
    $("log-count").textContent = log.length ? `(${log.length})` : "";
    const entries = log.slice().reverse();
    const item = (entry, text) => {
      const player = entry.player ? el("span", { class: "player", text: who(entry) }) : null;
      return el("li", { value: entry.n }, player, text);
    };
    $("log").replaceChildren(...entries.map((entry) => item(entry, words(entry))));
    $("notation").replaceChildren(...entries.map((entry) => item(entry, entry.text)));
  }

  // -- the seat's moves --------------------------------------------------------------------------
  // Buttons are grouped by their verb (the notation's first word), one group per kind: choices,
  // chance inputs (what the table's dice or cards show), secrets (confirmed first) and reveals. A group
  // is titled in its buttons' words (pnpPickers.title), never by that verb.
  const KINDS = new Set(["chance", "secret", "reveal"]); // the kinds shown with a badge and a hint

  function drawMoves(data) {
    const holder = $("moves");
    const buttons = data.buttons || []; // the server sends every move as a button
    const groups = new Map();
    for (const b of buttons) {
      const kind = b.kind;
      // a secret's group is its slot in the game's words ("your goal card"): the value is what is chosen
      const verb = kind === "secret" && b.secret ? t("table.secret.group", { secret: b.secret }) : b.verb;
      const key = `${kind}:${verb}`;
      if (!groups.has(key)) groups.set(key, { key, kind, verb, items: [] });
      groups.get(key).items.push(b);
    }
    const total = buttons.length;
    // a picker counts as one button: it is what the filter and the opening rule see
    const shown = (g) => (pickedAsOne(g) ? 1 : g.items.length);
    const listed = [...groups.values()].reduce((n, g) => n + shown(g), 0);
    drawnGroups = [...groups.values()];
    const nodes = [];
    let together = null; // the box of the lone moves that stand without a title, where the first of them comes
    for (const g of drawnGroups) {
      const named = window.pnpPickers.title(g);
      if (!alone(g, named)) nodes.push(drawGroup(g, named, groups.size, listed));
      else if (KINDS.has(g.kind)) nodes.push(aloneBox(g.kind, drawAlone(g)));
      else if (together) together.lastChild.append(drawAlone(g));
      else nodes.push((together = aloneBox(null, drawAlone(g))));
    }
    const focused = holder.contains(document.activeElement) || movesFocused !== null; // a move this redraw removes
    holder.replaceChildren(...nodes);
    const refocused = focused ? keepFocus(holder) : null;
    // forget the faces picked in a picker that is gone
    for (const key of [...picks.keys()]) if (!groups.has(key)) picks.delete(key);

    const mine = data.to_move === SEAT && data.stage !== "over";
    $("moves-section").dataset.yours = mine ? "yes" : "no";
    $("no-moves").textContent = total
      ? ""
      : data.stage === "over" || data.to_move === null
        ? t("table.no_moves.over")
        : mine
          ? t("table.no_moves.yours")
          : t("table.no_moves.waiting", { player: data.to_move });
    $("filter-wrap").hidden = listed < FILTER_FROM;
    applyFilter();
    // a suggestion is worth asking for when the player has a real choice (dice and secrets are not choices)
    const choices = buttons.filter((b) => b.kind === "choice").length;
    $("suggest-wrap").hidden = !(mine && choices > 1);
    if (suggested && suggested.version !== data.version) suggested = null;
    showSuggestion();
    fit(); // the page measured as it now is, the filter, the suggestion and what it says of no moves included
    return refocused;
  }

  // -- the turn comes to this seat: a nudge, and the moves brought into view -------------------------
  // Vibration where the phone has it, and a short beep if the player turned the sound on (made by
  // WebAudio: no sound file). A browser lets a page sound only once it has been tapped, so the sound
  // is made ready on a tap. The first state drawn only brings the moves into view.
  const SOUND = "pnp.table.sound";
  let yourTurn = null; // whether the last state drawn was this seat's turn (null before the first)
  let audio = null;

  const soundOn = () => localStorage.getItem(SOUND) === "on";

  function turnCame(yours) {
    if (yours && yourTurn === false) {
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      if (soundOn()) beep();
    }
    if (yours && yourTurn !== true) showMoves();
    yourTurn = yours;
  }

  // Scroll the moves up to just under the status where it stays at the top (else to the top), unless they
  // start in the upper half of the screen already. The seat's own hand, just above them, comes up with them
  // when the moves still start in the upper half: it is never left half hidden under the status.
  function showMoves() {
    const top = $("moves-section").getBoundingClientRect().top;
    const under = statusEnd();
    if (top >= under && top <= innerHeight / 2) return;
    const mine = $("private-section");
    const hand = mine.hidden ? top : mine.getBoundingClientRect().top;
    window.scrollBy(0, uncut((top - hand <= innerHeight / 2 - under ? hand : top) - under, under));
  }

  // What a player may tap, for uncut: the board's frame included (a tap on it zooms).
  const TAPPED = "button, summary, input, select, textarea, a[href], [tabindex='0']";

  // A scroll ``by`` px down, less where the page ends before it and its end would leave something a player taps cut
  // by the status's edge, ``under`` px down the screen: that comes into view whole. (Scrolled the whole way, the
  // moves, or the hand, start at that edge, and all above them is hidden whole.)
  function uncut(by, under) {
    let scroll = Math.min(by, document.documentElement.scrollHeight - innerHeight - scrollY);
    const boxes = [...document.querySelectorAll(TAPPED)]
      .filter((node) => !node.closest(".status") && node.checkVisibility())
      .map((node) => node.getBoundingClientRect());
    let cut;
    while ((cut = boxes.find((b) => b.top - scroll < under - 0.5 && b.bottom - scroll > under + 0.5))) {
      scroll = cut.top - under;
    }
    return scroll;
  }

  function readySound() {
    if (!audio && window.AudioContext) audio = new AudioContext();
    if (audio && audio.state === "suspended") audio.resume();
  }

  function beep() {
    if (!audio) return;
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.2, now);
    volume.gain.exponentialRampToValueAtTime(0.001, now + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.3);
  }

  // -- the screen kept on while the page is shown (the Screen Wake Lock, where the browser offers it) --
  let lock = null;
  let locking = false;

  async function keepAwake() {
    if (lock || locking || !navigator.wakeLock || document.visibilityState !== "visible") return;
    locking = true;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => {
        lock = null;
      });
    } catch {
      /* refused (a battery saver, or a page not served over HTTPS): the screen may dim as usual */
    } finally {
      locking = false;
    }
  }

  function letSleep() {
    if (lock) lock.release();
    lock = null;
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") keepAwake();
    else letSleep();
  });

  // -- a forced move, played after a countdown the player can stop ------------------------------------
  // When this seat's one input is a pass or the end of its turn (a choice that shows nothing hidden),
  // the page plays it after FORCED_WAIT seconds unless the player taps Stop. A table setting, kept on
  // this phone; on unless turned off.
  const FORCED_VERBS = new Set(["pass", "end"]);
  const FORCED_WAIT = 3;
  const AUTO_FORCED = "pnp.table.auto-forced";
  let forced = null; // { version, button, left, timer }: timer is null once stopped or played

  const autoForced = () => localStorage.getItem(AUTO_FORCED) !== "off";

  function forcedButton(data) {
    const buttons = data.buttons || [];
    if (data.read_only || data.to_move !== SEAT || buttons.length !== 1) return null;
    const [b] = buttons;
    return b.kind === "choice" && FORCED_VERBS.has(b.verb) ? b : null;
  }

  // Start a countdown for a new state whose one input is forced; a state already counted keeps its own.
  function drawForced(data) {
    const button = autoForced() ? forcedButton(data) : null;
    const version = button ? data.version : null;
    if (forced && forced.version === version) return;
    stopForced();
    forced = button ? { version, button, left: FORCED_WAIT, timer: setInterval(tickForced, 1000) } : null;
    showForced();
  }

  function tickForced() {
    forced.left -= 1;
    if (forced.left <= 0) {
      const { version, button } = forced;
      stopForced();
      if (state && state.version === version) play(button.move);
    }
    showForced();
  }

  function stopForced() {
    if (forced && forced.timer !== null) clearInterval(forced.timer);
    if (forced) forced.timer = null;
    showForced();
  }

  function showForced() {
    const counting = forced !== null && forced.timer !== null;
    $("forced").hidden = !counting;
    if (counting) $("forced-text").textContent = t("table.forced", { move: forced.button.label, seconds: forced.left });
  }

  // -- a suggested move (the search bot, on the server) -------------------------------------------
  function showSuggestion() {
    $("suggestion").textContent = suggested ? t("table.suggest.said", { move: suggested.label }) : "";
    for (const button of document.querySelectorAll("#moves button.move")) {
      const match = suggested !== null && button.dataset.move === suggested.move;
      button.classList.toggle("suggested", match);
      if (match) {
        const group = button.closest("details");
        if (group) group.open = true;
      }
    }
  }

  async function suggest() {
    if (busy || !state) return;
    const version = state.version;
    const asking = $("suggest");
    asking.disabled = true;
    $("suggestion").textContent = t("table.suggest.thinking");
    clearError();
    try {
      const response = await fetch(`${API}/hint`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ version }),
      });
      if (!response.ok) {
        $("suggestion").textContent = "";
        showError(t("table.suggest.none"), (await answerOf(response)).error);
        return;
      }
      const answer = await response.json();
      if (state && state.version === version) {
        suggested = { version, move: String(answer.move), label: String(answer.label) };
        // a suggestion inside a picker is shown by walking the picker to it
        if (drawnGroups.some((g) => chooser(g) && window.pnpPickers.reveal(g, suggested.move))) drawMoves(state);
        showSuggestion();
        const button = document.querySelector("#moves button.move.suggested");
        if (button) button.scrollIntoView({ block: "nearest" });
      }
    } catch {
      $("suggestion").textContent = "";
      showError(t("table.suggest.none"), t("table.line.network"));
    } finally {
      asking.disabled = false;
    }
  }

  // A page taller than FIT screens folds its tallest open groups, those the player has not opened or
  // closed, until it fits (or one group is left open): every choice stays a tap or two away. FIT leaves
  // a quarter of a screen under three for what the page shows later (a refusal, a suggestion, a step
  // taken). Looked at again whenever the page changes size (the picture drawn, a picker's step taken); a
  // group is folded once at most.
  const FIT = 2.75;
  const fitted = new WeakSet(); // groups fit() has folded

  function fit() {
    const open = [...document.querySelectorAll("#moves > details.group[open]")];
    const foldable = open.filter((g) => !toggled.has(g.dataset.key) && !fitted.has(g));
    let left = open.length + document.querySelectorAll("#moves > .group.alones").length; // lone moves never fold
    for (const group of foldable.sort((a, b) => b.offsetHeight - a.offsetHeight)) {
      if (document.documentElement.scrollHeight <= FIT * innerHeight || left <= 1) return;
      fitted.add(group);
      group.open = false;
      left -= 1;
    }
  }

  // The page grown or shrunk: fitted again, and nothing a player taps left cut by the status's edge (see uncover).
  if (SEAT !== null) {
    new ResizeObserver(() => {
      fit();
      uncover();
    }).observe($("main"));
  }

  // A page that shrank at its end (a phone waiting while the others play: its moves gone, its groups folded) is moved
  // up by the browser to end at the screen's bottom, wherever that leaves the status's edge: Close-up and Whole board
  // sat half hidden under the turn and Last: lines. Where the page ends at the screen's bottom, what the status's edge
  // cuts comes into view whole (the page cannot go on down to hide it).
  function uncover() {
    const under = statusEnd();
    if (under > 0 && scrollY >= document.documentElement.scrollHeight - innerHeight - 1) {
      window.scrollBy(0, uncut(0, under));
    }
  }

  const chooser = (g) => !(g.kind === "chance" && pickerShape(g.items)) && window.pnpPickers.wanted(g.items);
  const pickedAsOne = (g) => (g.kind === "chance" && pickerShape(g.items)) || chooser(g);

  function drawGroup(group, named, groupCount, total) {
    const { key, kind, verb, items } = group;
    const chancePicker = kind === "chance" && pickerShape(items);
    const size = pickedAsOne(group) ? 1 : items.length;
    const open = toggled.has(key) ? toggled.get(key) : groupCount === 1 || total <= ALL_OPEN || size <= OPEN_UP_TO;
    const details = el("details", {
      class: `group kind-${kind}`,
      "data-key": key,
      "data-verb": verb,
      "data-kind": kind,
      open,
    });
    const badge = KINDS.has(kind) ? el("span", { class: "badge", text: t(`table.kind.${kind}`) }) : null;
    // a lone move's group is not counted: its title is that move's own words (or what its one question asks)
    const counted = !chancePicker && items.length > 1;
    const summary = el(
      "summary",
      {},
      el("span", { class: "title", text: named }),
      " ",
      badge,
      " ",
      el("span", { class: "count", text: counted ? moveCount(items.length) : "" }),
    );
    // what the player opens or closes (a tap or a key on the summary) stays so, and a group they work in
    // stays open; the page's own folding (fit) is not the player's
    details.addEventListener("focusin", (event) => event.target !== summary && toggled.set(key, true));
    summary.addEventListener("click", () => toggled.set(key, !details.open));
    details.append(summary);
    if (KINDS.has(kind)) details.append(el("p", { class: "hint", text: t(`table.hint.${kind}`) }));
    if (chancePicker) details.append(drawPicker(key, named, items, chancePicker));
    else if (chooser(group)) details.append(window.pnpPickers.draw(group, state.version, moveButton));
    else details.append(el("div", { class: "buttons" }, ...items.map((b) => moveButton(b))));
    return details;
  }

  // Whether ``group`` is one move whose title, ``named``, would only say again what its button begins with
  // ("Finir le tour" over "finir le tour"): a title that says something else (a secret's slot, a question) stays.
  function alone(group, named) {
    const [b, ...others] = group.items;
    return !others.length && !pickedAsOne(group) && fold(b.label || b.move).startsWith(fold(named));
  }

  // A lone move that its title would repeat: its button, with no heading to fold, in a box it shares with the other
  // such moves (``kind`` null), or has to itself with its kind's badge beside its hint (a reveal, a chance).
  function aloneBox(kind, first) {
    const box = el("div", { class: `group alones${kind ? ` kind-${kind}` : ""}` });
    if (kind) {
      const badge = el("span", { class: "badge", text: t(`table.kind.${kind}`) });
      box.append(el("p", { class: "hint" }, badge, " ", t(`table.hint.${kind}`)));
    }
    box.append(el("div", { class: "buttons" }, first));
    return box;
  }

  const drawAlone = ({ key, kind, verb, items }) =>
    el("div", { class: "alone", "data-key": key, "data-verb": verb, "data-kind": kind }, moveButton(items[0]));

  // The button that plays ``b``, showing ``text`` (a picker's last answer) or else its label.
  function moveButton(b, text = null) {
    const chance = b.kind === "chance" && typeof b.probability === "number";
    const button = el(
      "button",
      {
        type: "button",
        class: `move kind-${b.kind}`,
        "data-move": b.move,
        "aria-label": text !== null && text !== b.label ? b.label : null,
      },
      el("span", { class: "label", text: text || b.label || b.move }),
      chance ? odds(b) : null,
    );
    button.dataset.search = fold(`${b.label || ""} ${b.move}`);
    button.addEventListener("click", () => {
      if (b.kind === "secret") confirmSecret(b);
      else play(b.move);
    });
    return button;
  }

  // A chance input of several faces (roll 1 3 6: three dice) is picked face by face, in any order,
  // from the faces that can still complete a listed input: 56 outcomes become six buttons.
  function pickerShape(items) {
    const words = items.map((b) => b.move.split(" ").slice(1));
    const n = words[0].length;
    if (n < 2 || words.some((w) => w.length !== n)) return null;
    const faces = [];
    for (const w of words) for (const face of w) if (!faces.includes(face)) faces.push(face);
    const outcomes = items.map((b, i) => ({ button: b, faces: words[i] }));
    const names = faceNames(outcomes);
    // the faces of one kind together, each kind where it first comes, in number order within it ("1" to "6",
    // then "red 1" to "red 6"), whatever order the outcomes come in
    const kindOf = (face) => faceName(names, face).replace(/\d+/g, "#");
    const kinds = [...new Set(faces.map(kindOf))];
    const number = (face) => parseInt(faceName(names, face).replace(/\D+/g, ""), 10) || 0;
    faces.sort((a, b) => kinds.indexOf(kindOf(a)) - kinds.indexOf(kindOf(b)) || number(a) - number(b));
    return { n, faces, outcomes, names };
  }

  // A face as the outcomes' steps name it (``names``, from faceNames), else as its notation writes it.
  function faceName(names, face) {
    return names?.get(face)?.name || face;
  }

  // Each face's name and colour as the server gives them, one step of an outcome a face ("roll R T": its steps
  // answer "red" and "TAKE OFF!", the first coloured red), where every outcome has a step a face; else null, and
  // each face is called by its notation.
  function faceNames(outcomes) {
    const names = new Map();
    for (const { button, faces } of outcomes) {
      if (!Array.isArray(button.steps) || button.steps.length !== faces.length) return null;
      for (const [i, face] of faces.entries()) {
        names.set(face, { name: button.steps[i][1], colour: button.colours?.[i] || null });
      }
    }
    return names;
  }

  const counts = (list) => list.reduce((m, x) => m.set(x, (m.get(x) || 0) + 1), new Map());
  function fitsWithin(small, big) {
    const have = counts(big);
    for (const [face, n] of counts(small)) if ((have.get(face) || 0) < n) return false;
    return true;
  }

  function drawPicker(key, named, items, shape) {
    const label = t("table.picker.faces", { name: named, count: shape.n });
    const box = el("div", { class: "picker", role: "group", "data-key": key, "aria-label": label });
    const picked = picks.get(key) || [];
    const nameOf = (face) => faceName(shape.names, face);
    const colourOf = (face) => shape.names?.get(face)?.colour || null;
    const slots = el(
      "p",
      { class: "slots", "aria-live": "polite" },
      el("span", { class: "slots-label", text: t("table.picker.slots", { name: named }) }),
      ...Array.from({ length: shape.n }, (_, i) =>
        el("span", {
          class: picked[i] ? "slot full" : "slot",
          "data-colour": picked[i] ? colourOf(picked[i]) : null,
          text: picked[i] ? nameOf(picked[i]) : "?",
        }),
      ),
    );
    const faces = el(
      "div",
      { class: shape.names && shape.faces.some((f) => nameOf(f) !== f) ? "buttons faces named" : "buttons faces" },
      ...shape.faces.map((face) => {
        const next = [...picked, face];
        const possible = picked.length < shape.n && shape.outcomes.some((o) => fitsWithin(next, o.faces));
        const button = el(
          "button",
          {
            type: "button",
            class: "face",
            disabled: !possible,
            "data-face": face,
            "data-colour": colourOf(face),
            "aria-label": `${named} ${nameOf(face)}`,
          },
          nameOf(face),
        );
        button.addEventListener("click", () => {
          picks.set(key, next);
          redrawMoves(key, face);
        });
        return button;
      }),
    );
    const done = picked.length === shape.n ? shape.outcomes.find((o) => fitsWithin(picked, o.faces)) : null;
    const actions = el("p", { class: "row" });
    const clear = el("button", { type: "button", class: "secondary", disabled: picked.length === 0, text: t("table.picker.clear") });
    clear.addEventListener("click", () => {
      picks.delete(key);
      redrawMoves(key, null);
    });
    actions.append(clear);
    if (done) {
      const b = done.button;
      const enter = el(
        "button",
        { type: "button", class: "move enter", "data-move": b.move },
        el("span", { class: "label", text: t("table.picker.enter", { move: b.label || b.move }) }),
        odds(b),
      );
      enter.addEventListener("click", () => play(b.move));
      actions.append(enter);
    }
    box.append(slots, faces, actions);
    return box;
  }

  // The keyboard's focus was on a move the redraw removed: on the first of the moves now (a group's title, a
  // button), else the moves' heading, so a keyboard or a screen reader goes on from there, not the page's top. Not
  // scrolled to yet: the page is laid out first (draw, then showFocused); a picker's redraw keeps its own focus.
  function keepFocus(holder) {
    movesFocused = null;
    const next = holder.querySelector("summary, button:not([disabled])") || $("moves-h");
    next.focus({ preventScroll: true });
    return next;
  }

  const RING = 6; // px: room for the focus ring round what it rings (3 px, 2 px out: table.css)

  // The focus moved to ``target`` by a redraw (keepFocus), brought into view with the turn line, which says what
  // happens now. Where the turn line stays at the top (large text too, table.css), the target comes just under it
  // unless it is in view already; where the line scrolls with the page (a phone on its side), the page shows it at the
  // top with the target under it where both fit on the screen, else the target at the top. The moves' heading comes
  // with what it says of no moves.
  function showFocused(target) {
    const shown = (target === $("moves-h") ? $("moves-section") : target).getBoundingClientRect();
    const [top, bottom] = [shown.top - RING, shown.bottom + RING]; // its focus ring in view too
    const under = statusEnd();
    if (under > 0) {
      if (top < under - 0.5 || bottom > innerHeight + 0.5) window.scrollBy(0, uncut(top - under, under));
      return;
    }
    const status = document.querySelector(".status").getBoundingClientRect().top;
    if (bottom - status <= innerHeight) window.scrollBy(0, status);
    else if (top < 0 || bottom > innerHeight) window.scrollBy(0, top);
  }

  // Redraw after a face was tapped, keeping the keyboard focus in that picker.
  function redrawMoves(key, face) {
    if (state) drawMoves(state);
    const picker = [...document.querySelectorAll("#moves .picker")].find((p) => p.dataset.key === key);
    if (!picker) return;
    const same = [...picker.querySelectorAll("button.face:not([disabled])")];
    const target = picker.querySelector(".enter") || same.find((b) => b.dataset.face === face) || same[0];
    if (target) target.focus();
  }

  function applyFilter() {
    const input = $("filter");
    const wanted = $("filter-wrap").hidden ? "" : fold(input.value);
    for (const group of document.querySelectorAll("#moves .group")) {
      if (group.querySelector(".picker, .chooser")) continue;
      let shown = 0;
      for (const button of group.querySelectorAll("button.move")) {
        const match = !wanted || button.dataset.search.includes(wanted);
        button.hidden = !match;
        if (match) shown += 1;
      }
      group.hidden = shown === 0;
      if (group.tagName !== "DETAILS") continue; // the lone moves' box: neither counted nor folded (aloneBox)
      const count = group.querySelector(".count");
      const all = group.querySelectorAll("button.move").length;
      const found = wanted ? t("table.count.found", { shown, count: moveCount(all) }) : moveCount(all);
      if (all > 1) count.textContent = found; // a lone move's group is not counted (drawGroup)
      if (wanted && shown) group.open = true;
    }
  }

  // -- playing -----------------------------------------------------------------------------------
  function setBusy(on) {
    busy = on;
    body.classList.toggle("busy", on);
    // a disabled button loses the keyboard's focus: it is given back after (see keepFocus)
    if (on && $("moves").contains(document.activeElement)) movesFocused = document.activeElement;
    for (const button of document.querySelectorAll("#moves button, #undo, #typed button, #suggest")) {
      if (on) {
        button.dataset.wasDisabled = button.disabled ? "yes" : "no";
        button.disabled = true;
      } else if (button.dataset.wasDisabled) {
        button.disabled = button.dataset.wasDisabled === "yes";
        delete button.dataset.wasDisabled;
      }
    }
    if (!on && movesFocused) {
      if (movesFocused.isConnected) movesFocused.focus({ preventScroll: true }); // refused: back on the move
      movesFocused = null;
    }
  }

  // An input that failed in a way that leaves its fate open ({sent, failure}), sent while the state
  // could not be fetched either: the next state drawn settles it.
  let unanswered = null;

  // ``label``: the words of the move sent, said in place of its notation in a refusal.
  async function post(path, payload, label = null) {
    if (busy || !state || state.read_only) return false;
    const body = { ...payload, version: state.version, tap: tapId() };
    const undo = path === "/undo";
    const sent = { path, body, undo, version: state.version, log: state.log || [], move: payload.move, label };
    setBusy(true);
    clearError();
    unanswered = null;
    let failure = null;
    try {
      const response = await send(sent);
      if (!response.ok) failure = await answerOf(response);
    } catch {
      failure = { kind: "network", error: "" };
    }
    // the events will bring the new state too, but a player's own tap should not wait for them; and
    // after a failure, the server is asked whether the input counted
    const now = await refresh();
    if (failure) await settle(sent, failure, now);
    setBusy(false);
    return failure === null;
  }

  const send = (sent) =>
    fetch(`${API}${sent.path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(sent.body),
    });

  // A tap's id: the server answers the same tap sent again with what it made, and never plays it twice.
  const tapId = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

  // The log's words for the input ``sent`` if it counted, else null: the same tap is sent again, and the
  // server answers it with the version it made if it took it. Asked only once the game has moved on from
  // the version it was sent on, so the server cannot play it now: a tap it never had is refused as stale.
  // (Another phone on the same seat playing in between is not mistaken for this tap.)
  async function counted(sent, log) {
    try {
      if (!(await send(sent)).ok) return null;
    } catch {
      return null;
    }
    const n = sent.log.length;
    if (sent.undo) return n ? words(sent.log[n - 1]) : t("table.line.your_last");
    return log[n] ? words(log[n]) : sent.label || sent.move; // it counted: named by the log where it can be
  }

  // The kinds of refusal after which the server promises the record is as it was.
  const UNCHANGED = new Set(["refused", "stale", "turn", "read_only", "unsaved", "bad_request", "forbidden", "busy"]);

  // Say in one line what became of an input the server did not answer with success, judged by the
  // state ``now`` fetched after it (null: the server could not be reached for it either).
  async function settle(sent, failure, now) {
    unanswered = null;
    const unknown = !UNCHANGED.has(failure.kind); // the server may have taken it all the same
    const moved = now && now.version !== sent.version;
    const done = unknown && moved ? await counted(sent, now.log || []) : null;
    if (done) {
      const lead = t(sent.undo ? "table.lead.taken_back" : "table.lead.played");
      showError(lead, t("table.line.lost", { move: done }), "ok");
      return;
    }
    if (unknown && moved) failure = { kind: "stale", error: "" }; // not this tap: the game moved on without it
    if (!now && unknown) {
      unanswered = { sent, failure };
      showError(t("table.lead.unknown"), t("table.line.unknown"));
      return;
    }
    const not = t(sent.undo ? "table.lead.not_taken_back" : "table.lead.not_played");
    const line = {
      refused: [t("table.lead.refused"), inWords(failure.error, sent)],
      stale: [not, t("table.line.stale")],
      read_only: [not, t("table.line.read_only")],
      network: [not, t("table.line.network")],
    }[failure.kind] || [not, failure.error]; // turn, unsaved, internal and any other kind: the server's line
    showError(...line);
  }

  // A refusal quotes the move as typed: a move from a button is named by its label instead.
  function inWords(text, sent) {
    if (!sent.move || !sent.label || sent.label === sent.move) return text;
    return text.split(`'${sent.move}'`).join(`“${sent.label}”`).split(sent.move).join(sent.label);
  }

  // The label of a move offered now (null for a move typed in notation that no button offers).
  const labelOf = (move) => ((state && state.buttons) || []).find((b) => b.move === move)?.label || null;

  async function play(move) {
    const ok = await post("/play", { move }, labelOf(move));
    if (ok) picks.clear();
    return ok;
  }

  // -- confirmations (a <dialog>: focus stays inside it; Escape cancels) ---------------------------
  // ``keepLabel`` names the button that does nothing (Cancel, unless that could read as the step itself: an undo's)
  function confirmStep(title, what, text, okLabel, keepLabel = t("table.confirm.cancel")) {
    const dialog = $("confirm");
    $("confirm-title").textContent = title;
    $("confirm-what").textContent = what;
    $("confirm-text").textContent = text;
    $("confirm-ok").textContent = okLabel;
    $("confirm-cancel").textContent = keepLabel;
    return confirmed(dialog, $("confirm-title"), $("confirm-cancel")); // Cancel, or the question, takes the focus
  }

  async function confirmSecret(b) {
    const slot = b.secret || t("table.kind.secret");
    const ok = await confirmStep(
      t("table.seal.title", { slot }),
      b.label || b.move,
      t("table.seal.text"),
      t("table.seal.ok"),
    );
    if (!ok) return;
    // the game may have moved on while the dialog was open (the seat's other phone sealed this slot)
    const offered = ((state && state.buttons) || []).some((other) => other.move === b.move);
    if (offered) play(b.move);
    else showError(t("table.lead.not_played"), t("table.line.chose"));
  }

  async function undo() {
    const log = (state && state.log) || [];
    const last = log[log.length - 1];
    const what = last ? said(last) : t("table.takeback.what");
    const ok = await confirmStep(
      t("table.takeback.title"),
      what,
      t("table.takeback.text"),
      t("table.takeback.ok"),
      t("table.takeback.keep"),
    );
    if (ok) post("/undo", {});
  }

  // -- start -------------------------------------------------------------------------------------
  function start() {
    $("error-close").addEventListener("click", clearError);
    if (SEAT !== null) {
      // The browser's Back takes a picker one step back, as its own ‹ Back does; with no step to take back,
      // it leaves the page as usual. One entry of the page's own keeps Back on the page meanwhile.
      history.pushState({ seat: true }, "");
      addEventListener("popstate", () => {
        if (window.pnpPickers.browserBack()) history.pushState({ seat: true }, "");
        else history.back();
      });
      $("undo").addEventListener("click", undo);
      $("forced-stop").addEventListener("click", stopForced);
      const theme = $("theme");
      theme.value = localStorage.getItem(THEME) || "";
      theme.addEventListener("change", () => {
        if (theme.value) localStorage.setItem(THEME, theme.value);
        else localStorage.removeItem(THEME);
        applyTheme();
      });
      const sound = $("sound");
      sound.checked = soundOn();
      sound.addEventListener("change", () => {
        localStorage.setItem(SOUND, sound.checked ? "on" : "off");
        if (sound.checked) readySound();
      });
      document.addEventListener("pointerdown", () => soundOn() && readySound());
      const auto = $("auto-forced");
      auto.checked = autoForced();
      auto.addEventListener("change", () => {
        localStorage.setItem(AUTO_FORCED, auto.checked ? "on" : "off");
        if (!auto.checked) stopForced();
      });
      $("suggest").addEventListener("click", suggest);
      $("filter").addEventListener("input", applyFilter);
      $("typed").addEventListener("submit", async (event) => {
        event.preventDefault();
        const input = $("typed-move");
        const move = oneLine(input.value);
        if (move && (await play(move))) input.value = "";
      });
    }
    refresh();
    listen();
    keepAwake();
    setInterval(watch, 1000);
  }

  start();
})();
