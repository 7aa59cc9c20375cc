// The picture's legend on a phone, as the page's own content under the board: in the picture it lies below the map,
// out of the frame a phone opens on (board.js), and legible only zoomed in on.
//
// Each entry of the legend (a group named "legend entry" inside the one named "legend": each game's picture marks
// them) becomes a line of the list under the board's buttons: its symbols (its groups named "legend symbol", with any
// texts on them) drawn apart, at the size the page's text gives its words (at most TALLEST em tall), and its words
// (its other texts) as the page's text, which wraps to the phone's width; words before a symbol are a caption on a line
// of their own. A symbol drawn apart is a copy of the picture's own, which keeps its references to the picture's
// definitions (clips): the list is made again from each new picture. table.js hands it each picture once the board has
// laid it out, and before that, to show the list's summary or not, as soon as it has the picture's text.
"use strict";

window.pnpLegend = (() => {
  const { el } = window.pnpPage;
  const SVG_NS = "http://www.w3.org/2000/svg";
  const TALLEST = 2.5; // em: the tallest a symbol is drawn, its proportions kept
  const WIDEST = 6; // em: the room at most that symbols followed by their words take, that the words line up in
  const ENTRY = 'g[data-name="legend"] g[data-name="legend entry"]';
  const SYMBOL = 'g[data-name="legend symbol"]';

  // The matrix from ``node``'s own units to those of the picture ``root`` (its viewBox's).
  const toPicture = (root, node) => root.getScreenCTM().inverse().multiply(node.getScreenCTM());

  // A text's size in the picture's units.
  function sizeOf(root, text) {
    const m = toPicture(root, text);
    return parseFloat(getComputedStyle(text).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  }

  // The parts of ``entry`` in the picture's order: its symbols, and its texts that lie on none.
  const partsOf = (entry) =>
    [...entry.querySelectorAll(`${SYMBOL}, text`)].filter(
      (node) => !node.parentElement.closest(SYMBOL) && (node.localName !== "text" || node.textContent.trim()),
    );

  // The box { x0, y0, x1, y1 } of ``b`` (an SVGRect) mapped by the matrix ``m``.
  function mapped(b, m) {
    const corners = [
      [b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height],
    ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
    const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  }

  const union = (a, b) => ({
    x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1),
  });

  // The box of what ``symbol`` shows, in the picture's units: each shape's with its stroke, cut to the clips round it
  // (a balloon's halves, a pattern's strokes), which getBBox leaves uncut; null for a symbol that shows nothing.
  function shownBox(root, symbol) {
    let shown = null;
    for (const shape of symbol.querySelectorAll("*")) {
      if (!(shape instanceof SVGGraphicsElement) || shape.localName === "g") continue;
      const m = toPicture(root, shape);
      const style = getComputedStyle(shape);
      const pad = style.stroke === "none" ? 0 : (parseFloat(style.strokeWidth) / 2) * Math.hypot(m.a, m.b);
      const b = mapped(shape.getBBox(), m);
      let cut = { x0: b.x0 - pad, y0: b.y0 - pad, x1: b.x1 + pad, y1: b.y1 + pad };
      for (let at = shape; at && symbol.contains(at); at = at.parentElement) {
        const clip = document.getElementById(/url\(#([^)]+)\)/.exec(at.getAttribute("clip-path") || "")?.[1]);
        const parts = clip ? [...clip.children].map((part) => mapped(part.getBBox(), toPicture(root, at))) : [];
        if (!parts.length) continue;
        const edge = parts.reduce(union);
        cut = { x0: Math.max(cut.x0, edge.x0), y0: Math.max(cut.y0, edge.y0), x1: Math.min(cut.x1, edge.x1), y1: Math.min(cut.y1, edge.y1) };
      }
      if (cut.x1 > cut.x0 && cut.y1 > cut.y0) shown = shown ? union(shown, cut) : cut;
    }
    return shown;
  }

  // ``symbol`` drawn apart at ``scale`` CSS px per unit of the picture ``root`` (less where that is taller than
  // TALLEST ``em``): an <svg> of what it shows, named by the texts on it for a screen reader (else hidden from one).
  function drawnApart(root, symbol, scale, em) {
    const m = toPicture(root, symbol);
    const shown = shownBox(root, symbol);
    if (!shown) return null;
    const { x0, y0, x1, y1 } = shown;
    const s = Math.min(scale, (TALLEST * em) / (y1 - y0));
    const svg = document.createElementNS(SVG_NS, "svg");
    const copy = symbol.cloneNode(true);
    copy.setAttribute("transform", `matrix(${m.a} ${m.b} ${m.c} ${m.d} ${m.e} ${m.f})`);
    svg.append(copy);
    const said = [...symbol.querySelectorAll("text")].map((t) => t.textContent.trim()).filter(Boolean).join(" ");
    const name = said ? { role: "img", "aria-label": said } : { "aria-hidden": "true" };
    const sized = { viewBox: `${x0} ${y0} ${x1 - x0} ${y1 - y0}`, width: (x1 - x0) * s, height: (y1 - y0) * s };
    for (const [key, value] of Object.entries({ ...sized, ...name })) svg.setAttribute(key, String(value));
    return svg;
  }

  // ``symbol`` (drawn apart) hidden from a screen reader: its words after it say what it is, and the texts on it (a
  // score's "7", a truck's "S") would be read out as an image before them. Its name stays on it, unread, saying what
  // it shows as any symbol's does. A key's chips after its caption ("R" on a red chip) are read: they are what the
  // key says.
  const unread = (symbol) => symbol.setAttribute("aria-hidden", "true");

  // ``entry`` as a line of the list: its symbols drawn apart and its words, in the picture's order.
  function line(root, entry, scale, em) {
    const item = el("li");
    for (const part of partsOf(entry)) {
      const last = item.lastElementChild;
      if (part.matches(SYMBOL)) {
        const drawn = drawnApart(root, part, scale, em);
        if (!drawn) continue;
        if (last && last.tagName === "SPAN") last.classList.add("caption"); // words before a symbol: its caption
        item.append(drawn);
      } else if (last && last.tagName === "SPAN") {
        last.textContent += ` ${part.textContent.trim()}`; // a text's next line
      } else {
        if (last) unread(last); // a symbol its words follow, which say what it is
        item.append(el("span", { class: "words", text: part.textContent.trim() }));
      }
    }
    return item;
  }

  // Whether ``root``, a picture about to be drawn, has a legend: its summary is shown (or not) at once, before the
  // picture's maps kept apart have come, so that the page is laid out as it will stay when it brings up the moves.
  function expect(root) {
    const details = document.getElementById("board-legend-details");
    if (details) details.hidden = !root.querySelector(ENTRY);
  }

  // The legend of ``root``, a picture shown and laid out, listed in the seat page's #board-legend.
  function show(root) {
    const list = document.getElementById("board-legend");
    if (!list || !root.getScreenCTM()) return;
    const entries = [...root.querySelectorAll(ENTRY)];
    const words = entries.flatMap((entry) => partsOf(entry).filter((part) => part.localName === "text"));
    const em = parseFloat(getComputedStyle(list).fontSize);
    const scale = em / Math.max(...words.map((text) => sizeOf(root, text)));
    const lines = words.length ? entries.map((entry) => line(root, entry, scale, em)) : [];
    // a symbol its words follow takes the room of the widest such, in its middle: the words line up
    const leading = lines.map((item) => item.firstElementChild).filter((first) => first?.nextSibling?.matches(".words"));
    const width = (symbol) => Number(symbol.getAttribute("width"));
    const room = Math.min(Math.max(0, ...leading.map(width)), WIDEST * em);
    for (const symbol of leading) symbol.style.marginInline = `${Math.max(room - width(symbol), 0) / 2}px`;
    document.getElementById("board-legend-details").hidden = lines.length === 0;
    list.replaceChildren(...lines);
  }

  return Object.freeze({ expect, show });
})();
