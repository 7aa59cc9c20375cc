// Pickers for a long choice on the seat page: more than a dozen inputs of one kind are chosen step by
// step instead of from a wall of buttons.
//
// The server gives each such input its steps in words ("steps": [[question, answer], ...]), and may
// give the last answer a heading ("group": "Europe") or a square on a grid ("cell": [row, column] with
// "grid": {rows, columns}), or let its answers come in any order ("any_order": two colour cards). The
// picker asks one step at a time, offering only answers that lead to a legal input, with a way back; a
// step of many answers gets a search box (accents and case ignored) and its headings fold. An input
// without steps is listed under the first word of its label after the verb. The page never reads the
// notation to find any of this. table.js draws the buttons that play.
"use strict";

window.pnpPickers = (() => {
  const { el, t } = window.pnpPage;

  const MANY = 12; // more answers than this at one step: a search box, and a list that folds or scrolls
  const SHORT = 8; // answers no longer than this sit three to a row
  const FEW = 4; // a group of more inputs than this is a picker where the game gives their steps (else MANY)
  const LONGEST = 26; // characters: about what a group's heading holds on a line of a 320 px phone, its arrow beside
  const fold = (text) => String(text).toLowerCase().normalize("NFKD").replace(/[^\p{L}\p{N}]+/gu, "");
  const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }).compare;
  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

  // What the player did in each picker, for the version of the game drawn: the answers chosen (each
  // marked when the picker chose it as the only one), the search typed and the headings opened.
  let version = null;
  const walks = new Map(); // group key -> { path: [{ answer, only }], search, open: Set }
  let latest = null; // { stepBack, row }: the picker drawn last part way through, and its trail

  // The browser's Back while a picker is part way: a step back, as the picker's own ‹ Back takes; false
  // when there is none to take.
  function browserBack() {
    if (!latest || !latest.row.isConnected) return false;
    latest.stepBack();
    return true;
  }

  function walkOf(key) {
    if (!walks.has(key)) walks.set(key, { path: [], search: "", open: new Set() });
    return walks.get(key);
  }

  const stepped = (items) => items.every((b) => Array.isArray(b.steps) && b.steps.length);

  // Whether a group of inputs is chosen in a picker rather than from its buttons.
  const wanted = (items) => items.length > MANY || (items.length > FEW && stepped(items));

  const wordsOf = (b) => (b.label || b.move).split(" ");

  // How many words every one of ``words`` (each a label's) begins with, leaving each ``after`` more at least.
  function shared(words, after = 0) {
    let n = 0;
    while (words.every((w) => w.length > n + after && w[n] === words[0][n])) n += 1;
    return n;
  }

  // A group's title, in the words its buttons say (never its notation's verb): the words all its labels begin
  // with (a lone button's: its whole label), to the end of their first phrase, which a colon, a comma or a bracket
  // ends in any language ("Extra move: fly …", "fly jet 2 to Colombo, then …", "pass (nothing else …)"). Where the
  // labels part within a phrase ("fly jet 1 to Port Moresby" and "… to Port Louis", "poser le 5 en a1" and "… en
  // b1"), that phrase is left out whole, from its small word on ("Fly jet 1", "Poser le 5"), unless that word is an
  // article, whose noun every label shares ("Choisir un ballon" over "… orange" and "… jaune"): the small words and
  // articles are the page's language's (table.title.small, table.title.articles), and no small word ends a title. A
  // title longer than a 320 px phone's heading holds on a line is cut back again, at its last small word but an
  // article, else by a word. Failing words, its first question ("Transport for strip 1"). A secret is named by what
  // it fills ("your goal"); a group the game gives a title, by that ("Choose your transports", where the labels
  // share only "choose").
  function title({ kind, verb, items }) {
    if (kind === "secret") return capital(verb);
    const given = items[0].title;
    if (given && items.every((b) => b.title === given)) return capital(given);
    const labels = items.map(wordsOf);
    const n = shared(labels);
    const along = labels[0].slice(0, n).join(" ");
    const phrase = along.split(/[:,;](?= |$)| \(/)[0]; // French sets its colon apart: "Coup en plus : voler …"
    let words = phrase.split(" ").filter(Boolean);
    const [small, articles] = ["small", "articles"].map((key) => new Set(t(`table.title.${key}`).split(" ")));
    const isSmall = (word) => small.has(word.toLowerCase());
    const cut = () => words.findLastIndex((word, i) => i > 0 && isSmall(word) && !articles.has(word.toLowerCase()));
    const trim = () => {
      while (words.length && isSmall(words[words.length - 1])) words.pop();
    };
    if (phrase === along && labels.every((w) => w.length > n) && cut() > 0) words = words.slice(0, cut());
    trim();
    while (words.join(" ").length > LONGEST && words.length > 1) {
      words = words.slice(0, cut() > 0 ? cut() : -1);
      trim();
    }
    if (words.some((w) => /\p{L}{2}/u.test(w))) return capital(words.join(" "));
    const asked = items.find((b) => Array.isArray(b.steps) && b.steps.length && b.steps[0][0]);
    return asked ? capital(asked.steps[0][0]) : t("table.picker.choose");
  }

  // Each input's steps: its own, or else one step, its label, under a heading made of the words all the
  // labels begin with and the first word where they part ("place the 5", "jet 2"), when that makes a few.
  function stepsOf(items) {
    if (stepped(items)) return items;
    const words = items.map(wordsOf);
    const n = shared(words, 1);
    const heading = (w) => w.slice(0, n + 1).join(" ").replace(/[:,]$/, "");
    const headings = new Set(words.map(heading)).size;
    const grouped = headings > 1 && headings <= MANY;
    return items.map((b, i) => ({ ...b, steps: [["", b.label || b.move]], group: grouped ? heading(words[i]) : "" }));
  }

  // The answers of ``b`` still to give once the answers of ``path`` are given: in the order of its steps, or
  // (``any_order``) whichever of them are left; null when the path does not lead to ``b``.
  function rest(b, path) {
    const left = b.steps.map(([, answer]) => answer);
    if (!b.any_order) return path.every((step, i) => left[i] === step.answer) ? left.slice(path.length) : null;
    for (const step of path) {
      const at = left.indexOf(step.answer);
      if (at < 0) return null;
      left.splice(at, 1);
    }
    return left;
  }

  const follows = (b, path) => rest(b, path) !== null;

  // The answers at the step after ``path`` of ``items`` (all following it), in name order; each with the
  // inputs it leads to, its heading and its square.
  function answersAt(items, path) {
    const n = path.length;
    const answers = new Map();
    for (const b of items) {
      const left = rest(b, path);
      if (!left.length) continue;
      const question = b.steps[n][0];
      for (const answer of b.any_order ? new Set(left) : [left[0]]) {
        if (!answers.has(answer)) {
          answers.set(answer, { answer, question, group: "", cell: null, grid: null, inputs: [] });
        }
        const a = answers.get(answer);
        a.inputs.push(b);
        if (left.length === 1) {
          a.group = b.group || "";
          if (Array.isArray(b.cell)) [a.cell, a.grid] = [b.cell, b.grid];
        }
      }
    }
    return [...answers.values()].sort((x, y) => byName(x.answer, y.answer));
  }

  // The picker of one group: ``button(b, text)`` makes the button that plays input ``b`` showing ``text``.
  function draw(group, drawn, button) {
    if (drawn !== version) {
      version = drawn;
      walks.clear();
    }
    const box = el("div", { class: "chooser", "data-key": group.key });
    const redraw = (focus) => {
      const fresh = draw(group, drawn, button);
      box.replaceWith(fresh);
      const target = focus && fresh.querySelector(focus);
      if (target) target.focus();
    };
    const items = stepsOf(group.items);
    const walk = walkOf(group.key);
    if (!items.some((b) => follows(b, walk.path))) walk.path = [];
    // where the path leads: the answers of its next step, and the inputs it makes up already
    const ahead = () => {
      const here = items.filter((b) => follows(b, walk.path));
      return [answersAt(here, walk.path), here.filter((b) => b.steps.length === walk.path.length)];
    };
    let [answers, finished] = ahead();
    // a step with one answer that leads on is taken at once (and skipped again on the way back)
    while (answers.length === 1 && answers[0].inputs.length > 1 && !finished.length) {
      walk.path.push({ answer: answers[0].answer, only: true });
      [answers, finished] = ahead();
    }
    const n = walk.path.length;

    if (n) box.append(trail(walk, redraw));
    if (finished.length) {
      box.append(el("div", { class: "buttons" }, ...finished.map((b) => button(b, capital(b.label || b.move)))));
    }
    if (answers.length) {
      const question = answers[0].question;
      const heading = el("p", {
        class: "question",
        id: `ask-${fold(group.key)}-${n}`,
        tabIndex: -1, // where the focus goes when a step is taken or undone, so a screen reader says it
        text: question ? capital(question) : t("table.picker.choose"),
      });
      box.append(heading);
      const onGrid = answers.filter((a) => a.cell);
      if (onGrid.length) box.append(grid(onGrid, walk, redraw, button, question));
      const listed = answers.filter((a) => !a.cell);
      if (listed.length) box.append(list(listed, walk, redraw, button, heading.id));
    }
    return box;
  }

  // Where the player is: each answer chosen, and a step back.
  function trail(walk, redraw) {
    const back = el("button", { type: "button", class: "secondary back", text: t("table.picker.back") });
    const stepBack = () => {
      walk.path.pop();
      while (walk.path.length && walk.path[walk.path.length - 1].only) walk.path.pop();
      walk.search = "";
      redraw(".question");
    };
    back.addEventListener("click", stepBack);
    const chosen = walk.path.map((step) => step.answer);
    const row = el("p", { class: "trail" }, el("span", { class: "chosen", text: chosen.join(" › ") }));
    // a back that leads nowhere (every step so far was the only one) is left out; one that leads somewhere
    // is also the browser's Back (``browserBack``), in the picker drawn last
    if (walk.path.some((step) => !step.only)) {
      row.prepend(back);
      latest = { stepBack, row };
    }
    return row;
  }

  // An answer that leads to one input plays it; one that leads to several takes the player a step on.
  function answerButton(a, walk, redraw, button, text = a.answer) {
    if (a.inputs.length === 1) return button(a.inputs[0], text);
    const next = el("button", { type: "button", class: "step", "data-answer": a.answer, text: a.answer });
    next.addEventListener("click", () => {
      walk.path.push({ answer: a.answer, only: false });
      walk.search = "";
      redraw(".question");
    });
    return next;
  }

  // What the button of answer ``a`` says: the answer, and where it leads when it plays an input whose other answers the
  // player would never see ("aircraft 4 (to a2)": Air King's departure to the only square the aircraft may take),
  // in the input's own words, those of its label after the answer's (else its answers left).
  function leading(a, walk) {
    const [b] = a.inputs;
    const left = a.inputs.length === 1 ? rest(b, [...walk.path, { answer: a.answer }]) : [];
    if (!left.length) return a.answer;
    const label = b.label || b.move;
    let at = label.indexOf(a.answer);
    while (at >= 0 && !wordsAt(label, at, a.answer)) at = label.indexOf(a.answer, at + 1);
    const after = at < 0 ? "" : label.slice(at + a.answer.length).replace(/^[\s:,]+/, "");
    return t("table.picker.leads", { answer: a.answer, rest: after || left.join(" › ") });
  }

  // Whether ``words`` stand in ``label`` at ``i`` as words of their own ("aircraft 1" does not in "aircraft 10"; "avion
  // 3" does in "l'avion 3").
  const wordsAt = (label, i, words) => !/[\p{L}\p{N}]/u.test(`${label[i - 1] || ""}${label[i + words.length] || ""}`);

  // The answers as buttons: under folding headings when they have any, with a search box when many.
  function list(answers, walk, redraw, button, labelledBy) {
    const holder = el("div", { class: "answers" });
    const groups = new Map();
    for (const a of answers) {
      if (!groups.has(a.group)) groups.set(a.group, []);
      groups.get(a.group).push(a);
    }
    const headed = groups.size > 1 || !groups.has("");
    const nodes = [];
    for (const name of [...groups.keys()].sort(byName)) {
      const buttons = groups.get(name).map((a) => {
        const node = answerButton(a, walk, redraw, button, leading(a, walk));
        node.dataset.search = fold(`${a.answer} ${name}`);
        return node;
      });
      const short = groups.get(name).every((a) => a.answer.length <= SHORT);
      const box = el(
        "div",
        { class: short ? "buttons short" : "buttons", role: "group", "aria-labelledby": labelledBy },
        ...buttons,
      );
      if (!headed) {
        nodes.push(box);
        continue;
      }
      const details = el(
        "details",
        { class: "heading", "data-heading": name, open: walk.open.has(name) },
        el(
          "summary",
          {},
          el("span", { text: name || t("table.picker.other") }),
          " ",
          el("span", { class: "tally", text: String(buttons.length) }),
        ),
        box,
      );
      details.addEventListener("toggle", () => {
        if (walk.search) return; // opened by the search, not the player
        if (details.open) walk.open.add(name);
        else walk.open.delete(name);
      });
      nodes.push(details);
    }
    const long = answers.length > MANY;
    holder.classList.toggle("long", long && !headed); // one long list scrolls within its box
    if (long) holder.append(search(holder, walk));
    holder.append(...nodes);
    if (long) filter(holder, walk);
    return holder;
  }

  function search(holder, walk) {
    const input = el("input", {
      type: "search",
      class: "find",
      autocomplete: "off",
      spellcheck: false,
      placeholder: t("table.picker.type"),
      "aria-label": t("table.picker.find"),
      value: walk.search,
    });
    input.addEventListener("input", () => {
      walk.search = input.value;
      filter(holder, walk);
    });
    // what the search finds, shown under the box and said by a screen reader as it is typed (a polite status, there
    // from the start so that each change is heard): how many answers, or none; nothing while nothing is typed
    const found = el("p", { class: "muted found", role: "status" });
    return el("p", { class: "search" }, input, found);
  }

  // Show the answers whose words hold what was typed; a heading with a match opens while a search is typed,
  // and is as the player left it once the search is cleared.
  function filter(holder, walk) {
    const typed = fold(walk.search);
    let shown = 0;
    for (const node of holder.querySelectorAll("button[data-search]")) {
      node.hidden = typed !== "" && !node.dataset.search.includes(typed);
      if (!node.hidden) shown += 1;
    }
    for (const details of holder.querySelectorAll("details.heading")) {
      const matches = details.querySelectorAll("button[data-search]:not([hidden])").length;
      details.hidden = matches === 0;
      details.open = typed ? matches > 0 : walk.open.has(details.dataset.heading);
    }
    const found = typed ? (shown ? t("table.picker.found", { count: shown }) : t("table.picker.nothing")) : "";
    holder.querySelector(".found").textContent = found;
  }

  // Answers that are squares: the whole grid, the squares offered as buttons, the others greyed.
  function grid(answers, walk, redraw, button, question) {
    const { rows, columns } = answers[0].grid;
    const at = new Map(answers.map((a) => [`${a.cell[0]},${a.cell[1]}`, a]));
    const names = [el("span", { class: "corner", "aria-hidden": "true" })]; // the rows' names, beside the squares
    const cells = columns.map((name) => el("span", { class: "axis", "aria-hidden": "true", text: name }));
    rows.forEach((rowName, r) => {
      names.push(el("span", { class: "axis row", "aria-hidden": "true", text: rowName }));
      columns.forEach((columnName, c) => {
        const a = at.get(`${r},${c}`);
        if (a) {
          const node = answerButton(a, walk, redraw, button);
          node.classList.add("square");
          const one = a.inputs.length === 1 ? a.inputs[0] : null;
          node.setAttribute("aria-label", one ? one.label || one.move : `${capital(question)} ${a.answer}`);
          cells.push(node);
        } else {  // seen, to place the others on the field; a screen reader lists only the squares offered
          cells.push(el("button", { type: "button", class: "square off", disabled: true, "aria-hidden": "true" }));
        }
      });
    });
    // the columns share the width, none narrower than a fingertip (1.75rem, more with the phone's text larger); a
    // field wider than that scrolls in a box of its own, right of the rows' names, which hide none of its squares
    const wrap = el("div", { class: "grid-wrap" }, ...cells);
    wrap.style.gridTemplateColumns = `repeat(${columns.length}, minmax(1.75rem, 1fr))`;
    const board = el("div", { class: "squares", role: "group", "aria-label": capital(question) }, ...names, wrap);
    board.style.gridTemplateRows = `repeat(${rows.length + 1}, auto)`; // the scrolled box's rows are these (subgrid)
    showOffered(wrap);
    return board;
  }

  // A field wider than the phone scrolls sideways: once laid out (its group may open later), it shows the squares
  // offered, centred where they fit, else from the first.
  function showOffered(wrap) {
    const watch = new ResizeObserver(() => {
      if (!wrap.clientWidth) return;
      watch.disconnect();
      const box = wrap.getBoundingClientRect();
      const offered = [...wrap.querySelectorAll("button.square:not(.off)")].map((b) => b.getBoundingClientRect());
      if (!offered.length || wrap.scrollWidth <= wrap.clientWidth) return;
      const left = Math.min(...offered.map((r) => r.left));
      const right = Math.max(...offered.map((r) => r.right));
      wrap.scrollLeft += Math.min(left - box.left, (left + right - box.left - box.right) / 2);
    });
    watch.observe(wrap);
  }

  // Walk ``group``'s picker to the step that shows ``move`` (a suggestion); false when the group lacks it.
  function reveal(group, move) {
    const b = stepsOf(group.items).find((x) => x.move === move);
    if (!b) return false;
    walkOf(group.key).path = b.steps.slice(0, -1).map(([, answer]) => ({ answer, only: false }));
    return true;
  }

  return Object.freeze({ draw, reveal, wanted, fold, title, browserBack });
})();
