// The board on a phone: the state picture in a frame of its own, moved and zoomed by touch, pen, mouse or keys.
//
// table.js hands each new picture (already cleaned) to show(). The view is the SVG's viewBox: a centre in the
// picture's own units and a scale in CSS px per unit. A picture opens on this seat's focus (the root's
// data-seats {"SEAT": "x y w h"}, else its data-focus: what matters to this seat), zoomed in until every text
// in sight is at least LEGIBLE px tall, with the seat's own pieces (groups named "pieces:SEAT") and their
// labels in sight where they fit, its middle on the focus where it can be. A focus too large to show whole and
// legible gives way to the picture's places (data-places "x y w h;x y w h": where the play is, most first), the first
// the frame shows legibly and those after it that it shows with it (see framed). The starting frame cuts no text:
// each is wholly in it or wholly out, a name half shown reading as
// nothing, and a label's shape (groups named "label:...") is in sight only with its texts (see uncut); where it
// can, it shows each place wholly or not at all, and a grid's columns whole, zoomed a little to hold so many (see
// snaps), else none cut to a sliver. A frame on part of a grid
// (data-grids "x y w h;...") whose grid references are out of it pins those of the columns and rows it shows to its
// edges, in a margin as a printed map's, unless it comes to show the picture's own (see pinning); each of the
// seat's pieces out of the frame has a pointer at its edge turned its way, which a tap follows. Once the player moves the view, the pictures
// after the next moves keep it; "Close-up" hands the view back to the picture's focus, "Whole board" shows all of
// it. The frame takes the keyboard's focus (seat.html): the arrow keys move the view, + and - zoom about its
// centre, 0 or Home shows the whole board.
"use strict";

window.pnpBoard = (() => {
  const LEGIBLE = 12; // CSS px: the smallest text in sight at the starting frame
  const AIM = LEGIBLE * 1.001; // a hair over, so rounding never leaves a text just under LEGIBLE
  const DEEPEST = 4; // the closest zoom: this many times the scale at which the smallest text is LEGIBLE
  const TAP_MS = 300; // two taps this close in time (and TAP_PX in place) are a double tap
  const TAP_PX = 24;
  const WHEEL = 0.002; // zoom per wheel pixel (exponential)
  const KEY_STEP = 0.1; // an arrow key moves the view this much of its width (or height)
  const KEY_ZOOM = Math.SQRT2; // + or - zooms this many times: two presses are a double tap's
  const PIN_PAD = 0.3; // the room round a grid reference pinned to the frame's edge, in its text's size
  const MARK_PX = 22; // a pointer to a piece out of the frame has its middle this far inside the frame's edge
  // The starting frame zooms by steps of ZOOM_STEP times to cut no text: NEAR first (its scale as placed, or nearly:
  // further while legible, or closer), then CLOSER, up to about twice as close, before it lets the seat's pieces go.
  const ZOOM_STEP = 1.1;
  const NEAR = [0, -1, 1, -2, 2, 3];
  const CLOSER = [4, 5, 6, 7];
  const LINED = [0, 1, 2]; // the steps tried for a frame that cuts no grid's column to a sliver: as placed, or closer
  const NEARLY = 3 / 4; // of a place, along each axis, the least a starting frame may show of the one it opens on
  const SLIVER = 1 / 5; // of a grid's column, the most a frame shows of it, or the most it leaves out, where it cuts one
  const PIXEL = 1; // CSS px: a frame showing all of a column or a place but this much shows it whole (see snaps)
  const LABEL = 'g[data-name^="label:"]'; // a shape and the texts it carries (pnp.printing.canvas.label_of)
  const NO_MARGINS = { top: 0, right: 0, bottom: 0, left: 0 };
  const EDGES = { top: ["y0", 1], bottom: ["y1", -1], left: ["x0", 1], right: ["x1", -1] }; // a frame's side, inwards
  const columns = (side) => side === "top" || side === "bottom"; // a line of references along it names columns
  const SEAT = document.body.dataset.seat || "";

  let figure = null;
  let svg = null;
  let whole = null; // the picture's own viewBox: { x, y, w, h }
  let texts = []; // each text's box in picture units and its size: { x0, y0, x1, y1, size }; a label's, see labels
  let smallest = Infinity; // the smallest text's size, in picture units
  let yours = null; // the box round the seat's own pieces, in picture units, if the picture marks any
  let own = []; // each of the seat's own pieces' boxes, in picture units
  let grids = []; // each grid's box and its lines of references (see gridsOf)
  let spaces = []; // the picture's places (data-places), in picture units: { x0, y0, x1, y1 }
  let pinned = []; // the lines of references the starting frame keeps margins for, until the player moves the view
  let marks = []; // the pointers to the seat's pieces out of the frame: { mark, piece, left, top }
  const overlay = document.createElement("div"); // drawn over the picture: pinned references, pointers
  overlay.className = "board-overlay";
  overlay.setAttribute("aria-hidden", "true");
  let view = null; // { cx, cy, s }
  let touched = false; // the player moved the view: keep it for the next pictures
  let opensWhole = false; // an untouched view shows the whole picture (the game is over), not the focus
  const pointers = new Map(); // pointerId -> { x, y } in CSS px, relative to the frame
  let lastTap = null; // { t, x, y }
  let tapStart = null; // where a one-finger touch began, to tell a tap from a drag

  // A box written "x y w h" (a viewBox, a data-focus), or null.
  function box(text) {
    const [x, y, w, h] = (text || "").trim().split(/[\s,]+/).map(Number);
    return [x, y, w, h].every(Number.isFinite) && w > 0 && h > 0 ? { x, y, w, h } : null;
  }

  // The boxes an attribute of the picture lists ("x y w h;x y w h"): its places, most first, or its grids.
  const boxes = (name) => (svg.getAttribute(name) || "").split(";").map(box).filter(Boolean);

  // The box round two boxes.
  const joined = (a, b) => {
    const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
    return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
  };

  // This seat's own focus in the picture (data-seats, by name: not in an attribute's name, which the HTML
  // parser lowercases), or null.
  function seatFocus() {
    try {
      return JSON.parse(svg.getAttribute("data-seats") || "{}")[SEAT] || null;
    } catch {
      return null;
    }
  }

  const size = () => {
    const r = svg.getBoundingClientRect();
    return { W: r.width || 1, H: r.height || 1 };
  };

  // -- measuring the picture, once per picture: its texts, and the seat's own pieces ------------------
  // An element's box in the picture's units ({ x0, y0, x1, y1 }) and the scale of its own units in them;
  // null for an element that takes no room.
  function placedBox(element, toPicture) {
    const local = element.getBBox();
    if (!(local.width > 0 && local.height > 0)) return null;
    const m = toPicture.multiply(element.getScreenCTM());
    const corners = [
      [local.x, local.y], [local.x + local.width, local.y],
      [local.x, local.y + local.height], [local.x + local.width, local.y + local.height],
    ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
    const xs = corners.map((p) => p.x);
    const ys = corners.map((p) => p.y);
    const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys), scale };
  }

  // A text's box in the picture's units, kept with the text: an element of a picture never changes, and a map a
  // picture keeps apart stays in place from one picture to the next (table.js), its hundreds of names placed once.
  const textBoxes = new WeakMap();

  function textBox(text, toPicture) {
    if (!textBoxes.has(text)) textBoxes.set(text, placedBox(text, toPicture));
    return textBoxes.get(text);
  }

  function measure() {
    texts = [];
    yours = null;
    own = [];
    grids = [];
    const screen = svg.getScreenCTM();
    if (!screen) return; // not laid out (hidden): nothing to measure
    const toPicture = screen.inverse();
    const sized = new Map(); // each text drawn -> its box, size and content
    for (const text of svg.querySelectorAll("text")) {
      const font = parseFloat(getComputedStyle(text).fontSize);
      const b = textBox(text, toPicture);
      if (b && font > 0) sized.set(text, { ...b, size: font * b.scale, content: text.textContent.trim() });
    }
    const alone = [...sized].filter(([text]) => !text.closest(LABEL)).map(([, t]) => t);
    texts = [...alone, ...labels(sized, toPicture)];
    smallest = Math.min(...texts.map((t) => t.size), Infinity);
    grids = gridsOf(sized, toPicture);
    spaces = boxes("data-places").map(({ x, y, w, h }) => ({ x0: x, y0: y, x1: x + w, y1: y + h }));
    // the seat's own pieces (see the picture's focus in pnp.printing.canvas), each with its label: the texts
    // within half a text's size of it, and the labels it lies on or in (a callout holding a jet, a tile's words)
    const near = (b, t, d = t.words ? 0 : t.size / 2) =>
      t.x1 > b.x0 - d && t.x0 < b.x1 + d && t.y1 > b.y0 - d && t.y0 < b.y1 + d;
    for (const group of svg.querySelectorAll("g[data-name]")) {
      const b = group.getAttribute("data-name") === `pieces:${SEAT}` ? placedBox(group, toPicture) : null;
      if (!b) continue;
      own.push(texts.filter((t) => near(b, t)).reduce(union, b));
      yours = yours ? union(yours, own.at(-1)) : own.at(-1);
    }
  }

  // Each label of the picture as one text: the box round its shape, with its words (the box round every text
  // on it, its own and any drawn over it, such as a callout's tokens) and their smallest size.
  function labels(sized, toPicture) {
    const all = [...sized.values()];
    const on = (t, b, d = t.size / 8) => t.x0 >= b.x0 - d && t.x1 <= b.x1 + d && t.y0 >= b.y0 - d && t.y1 <= b.y1 + d;
    return [...svg.querySelectorAll(LABEL)].flatMap((group) => {
      const b = placedBox(group, toPicture);
      const written = b ? all.filter((t) => on(t, b)) : [];
      if (!written.length) return [];
      return [{ ...b, words: written.reduce(union), size: Math.min(...written.map((t) => t.size)) }];
    });
  }

  // The picture's grids (data-grids), each with its lines of references: the texts of its groups named "grid
  // references" beyond one of its edges, by side ("top" or "bottom": they name columns; "left" or "right": rows),
  // each line with the depth of the margin that holds it pinned to the frame's edge, and the grid's span along it.
  function gridsOf(sized, toPicture) {
    const named = [...svg.querySelectorAll('g[data-name="grid references"] text')].filter((text) => sized.has(text));
    const references = named.map((text) => {
      const t = sized.get(text);
      return { ...t, middle: middleOf(text, t, toPicture) };
    });
    return boxes("data-grids").map(({ x, y, w, h }) => {
      const grid = { x0: x, y0: y, x1: x + w, y1: y + h };
      const lines = Object.keys(EDGES).flatMap((side) => {
        const refs = references.filter((t) => sideOf(grid, t) === side);
        if (!refs.length) return [];
        // a margin along the top or bottom is as deep as its texts are tall, one down a side as they are wide
        const deep = (t) => (columns(side) ? t.y1 - t.y0 : t.x1 - t.x0) + 2 * PIN_PAD * t.size;
        const along = columns(side) ? [grid.x0, grid.x1] : [grid.y0, grid.y1];
        return [{ side, refs, depth: Math.max(...refs.map(deep)), along, ...refs.reduce(union) }];
      });
      return { ...grid, lines };
    });
  }

  // Where across the picture a grid reference ``text`` (its box ``t``) stands: on its anchor where it is centred on it
  // (its box's middle is off by a hair, the font's rounding at a picture's small sizes), else in its box's middle.
  function middleOf(text, t, toPicture) {
    const xs = text.x.baseVal, ys = text.y.baseVal;
    if (!xs.numberOfItems || getComputedStyle(text).textAnchor !== "middle") return (t.x0 + t.x1) / 2;
    const anchor = new DOMPoint(xs.getItem(0).value, ys.numberOfItems ? ys.getItem(0).value : 0);
    return anchor.matrixTransform(toPicture.multiply(text.getScreenCTM())).x;
  }

  // Which of a grid's edges text ``t`` lies beyond, naming the column above or below it or the row beside it.
  function sideOf(grid, t) {
    const x = (t.x0 + t.x1) / 2, y = (t.y0 + t.y1) / 2;
    if (x > grid.x0 && x < grid.x1 && (y < grid.y0 || y > grid.y1)) return y < grid.y0 ? "top" : "bottom";
    if (y > grid.y0 && y < grid.y1 && (x < grid.x0 || x > grid.x1)) return x < grid.x0 ? "left" : "right";
    return null;
  }

  // The box round two boxes { x0, y0, x1, y1 }.
  const union = (a, b) => ({
    x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1),
  });

  // -- the view -----------------------------------------------------------------------------------
  const fitScale = (b) => {
    const { W, H } = size();
    return Math.min(W / b.w, H / b.h);
  };

  // The centre moved so the view stays on the picture (centred on an axis the picture does not fill).
  function clamped(cx, cy, s) {
    const { W, H } = size();
    s = Math.min(Math.max(s, fitScale(whole)), deepest());
    const along = (c, half, start, length) =>
      2 * half >= length ? start + length / 2 : Math.min(Math.max(c, start + half), start + length - half);
    return { cx: along(cx, W / 2 / s, whole.x, whole.w), cy: along(cy, H / 2 / s, whole.y, whole.h), s };
  }

  function deepest() {
    const legible = Number.isFinite(smallest) ? AIM / smallest : fitScale(whole);
    return DEEPEST * Math.max(legible, fitScale(whole));
  }

  // The smallest text in sight of a view, in picture units (Infinity when none is).
  function smallestInSight(v) {
    const { W, H } = size();
    const x0 = v.cx - W / 2 / v.s, x1 = v.cx + W / 2 / v.s, y0 = v.cy - H / 2 / v.s, y1 = v.cy + H / 2 / v.s;
    let least = Infinity;
    for (const t of texts) {
      if (t.x1 > x0 && t.x0 < x1 && t.y1 > y0 && t.y0 < y1) least = Math.min(least, t.size);
    }
    return least;
  }

  // Whether box ``b`` fits the frame with every text in sight legible; or with ``most`` under 1, whether the frame
  // on it, zoomed in as far as that takes (a few rounds: each step closer shows fewer texts), holds that much of it
  // along each axis.
  function legible(b, most = 1) {
    const { W, H } = size();
    let v = clamped(b.x + b.w / 2, b.y + b.h / 2, fitScale(b));
    for (let round = 0; round < 4 && most < 1 && v.s * smallestInSight(v) < AIM; round += 1) {
      v = clamped(v.cx, v.cy, AIM / smallestInSight(v));
    }
    return v.s * smallestInSight(v) >= LEGIBLE && Math.min(W / v.s / b.w, H / v.s / b.h) >= Math.min(most, 1 - 1e-9);
  }

  // What the starting frame holds, as { target, lead, passed }: ``focus``, or where it is not legible whole, the places
  // the frame shows legibly together, weighed in the order the game lists them (most first): the first place it shows
  // legibly, NEARLY whole (the lead, which the frame keeps in sight: see uncut), then each next one it can add whole.
  // A place it shows only in part (Hauling Astronauts' strip, its dice under its transports, on a phone on its side)
  // leads none, and is ``passed`` (the box round those before the lead), shown in part where it can be: zoomed in to
  // read it, the frame showed its top only, the transports, and left out its dice and the dock it would depart to.
  function framed(focus) {
    const all = boxes("data-places");
    if (!all.length || legible(focus)) return { target: focus, lead: null, passed: null };
    const first = all.findIndex((place) => legible(place, NEARLY));
    if (first < 0) return { target: all[0], lead: null, passed: null };
    let target = all[first];
    for (const other of all.slice(first + 1)) if (legible(joined(target, other))) target = joined(target, other);
    const passed = first ? all.slice(0, first).reduce(joined) : null;
    return { target, lead: all[first], passed };
  }

  // The starting frame (see frameWith), with margins for the lines of grid references it pins (see pinning): each
  // margin taken, the frame is placed again, until it needs no other. Sets ``pinned``.
  function startFrame() {
    pinned = [];
    for (;;) {
      const v = frameWith(depths(pinned));
      const more = pinning(v, pinned).filter((line) => !pinned.includes(line));
      if (!more.length) return unpinned(v);
      pinned = [...pinned, ...more];
    }
  }

  // View ``v`` placed again without the margins it no longer needs: placed for its margins, a frame may have come to
  // show the picture's own line of references that a margin stands for, which then read twice, one under the other
  // (Take Off!'s letters at 390 x 844). Where, placed without them, the frame would need them again, it stays where it
  // is without those that hide no text running past its edge (Aloft's row numbers, beside its first column).
  function unpinned(v) {
    const axes = new Set(pinning(v, pinned).map((line) => columns(line.side)));
    const fewer = pinned.filter((line) => axes.has(columns(line.side)));
    if (fewer.length === pinned.length) return v;
    const needs = (view, lines) => pinning(view, lines).some((line) => !lines.includes(line));
    const w = frameWith(depths(fewer));
    if (!needs(w, fewer)) {
      pinned = fewer;
      return w;
    }
    const kept = pinned.filter((line) => fewer.includes(line) || uncovers(v, pinned.filter((other) => other !== line)));
    if (!needs(v, kept) && !uncovers(v, kept)) pinned = kept;
    return v;
  }

  // Whether view ``v`` without the margins of ``pinned`` but ``lines`` shows a text in part: one they hid that runs
  // past the frame's edge.
  function uncovers(v, lines) {
    const was = inner(v, pinned), now = inner(v, lines);
    const meets = (t, f) => t.x1 > f.x0 && t.x0 < f.x1 && t.y1 > f.y0 && t.y0 < f.y1;
    const within = (t, f) => t.x0 >= f.x0 && t.x1 <= f.x1 && t.y0 >= f.y0 && t.y1 <= f.y1;
    return texts.some((t) => meets(t, now) && !meets(t, was) && !within(t.words || t, now));
  }

  // The starting frame with ``margins`` (picture units) along its edges: what it holds (see framed) fitted (but no
  // closer than makes the smallest text LEGIBLE: a small focus is not blown up), then closer until every text in
  // sight is legible. Each step closer shows less, so fewer texts: a few rounds settle it.
  function frameWith(margins) {
    const focus = box(seatFocus()) || box(svg.getAttribute("data-focus")) || whole;
    const { target, lead, passed } = framed(focus);
    let s = Math.min(fitScale(target), deepest() / DEEPEST);
    let v = null;
    for (let round = 0; round < 8; round += 1) {
      v = uncut(placed(target, s, focus), { target, lead, passed }, focus, margins);
      const need = AIM / smallestInSight(v);
      if (v.s >= need - 1e-9) break;
      s = need;
    }
    return v;
  }

  // -- grid references pinned to the frame's edges -------------------------------------------------
  // The lines of references to pin to the edges of view ``v`` (its frame less the margins of ``kept``): for each
  // grid the frame shows part of, and each axis, where no line of references of that axis is wholly in the frame,
  // the nearer one naming a column (or row) the frame shows whole.
  function pinning(v, kept = []) {
    const f = inner(v, kept);
    const pins = [];
    for (const grid of grids.filter((g) => g.x1 > f.x0 && g.x0 < f.x1 && g.y1 > f.y0 && g.y0 < f.y1)) {
      for (const axis of [true, false]) {
        const lines = grid.lines.filter((line) => columns(line.side) === axis);
        const [a, b] = axis ? ["y0", "y1"] : ["x0", "x1"]; // along the line's depth
        const [c, d] = axis ? ["x0", "x1"] : ["y0", "y1"]; // along the line
        if (lines.some((line) => line[a] >= f[a] && line[b] <= f[b])) continue;
        const naming = lines.filter((line) => line.refs.some((t) => t[c] >= f[c] && t[d] <= f[d]));
        const away = (line) => (EDGES[line.side][1] > 0 ? f[a] - line[a] : line[b] - f[b]);
        if (naming.length) pins.push(naming.reduce((p, q) => (away(q) < away(p) ? q : p)));
      }
    }
    return pins;
  }

  // The margins ``lines`` pinned to the frame's edges take, per side, in picture units.
  function depths(lines) {
    const taken = { ...NO_MARGINS };
    for (const line of lines) taken[line.side] = Math.max(taken[line.side], line.depth);
    return taken;
  }

  // The frame of view ``v`` in picture units ({ x0, y0, x1, y1 }), less the margins of ``lines`` pinned to it.
  function inner(v, lines = []) {
    const { W, H } = size();
    const f = { x0: v.cx - W / 2 / v.s, y0: v.cy - H / 2 / v.s, x1: v.cx + W / 2 / v.s, y1: v.cy + H / 2 / v.s };
    for (const [side, depth] of Object.entries(depths(lines))) f[EDGES[side][0]] += EDGES[side][1] * depth;
    return f;
  }

  // -- a frame cuts no text: each is wholly in it or wholly out ------------------------------------
  // Where along one axis a frame ``span`` long may not start, so that a text (or label) spanning [o0, o1], its words
  // [i0, i1], has its words wholly in it or is wholly out (open intervals: a frame may start or end on an edge).
  const cutting = (o0, o1, i0, i1, span) =>
    i1 - i0 > span ? [[o0 - span, o1]] : [[o0 - span, i1 - span], [i0, o1]];

  // The start nearest ``want`` within [low, high] in none of the ``bad`` intervals, or null.
  function nearest(want, low, high, bad) {
    if (!(low <= high)) return null;
    bad.sort((p, q) => p[0] - q[0]);
    const start = Math.min(Math.max(want, low), high);
    let best = null;
    const consider = (c) => {
      if (c >= low && c <= high && (best === null || Math.abs(c - want) < Math.abs(best - want))) best = c;
    };
    let from = low; // the free stretch [from, ...] before the next bad interval
    for (const [a, b] of bad) {
      if (b <= from) continue;
      if (a >= from) consider(Math.min(Math.max(start, from), a)); // nearest in [from, a]
      from = Math.max(from, b);
      if (from > high) break;
    }
    if (from <= high) consider(Math.min(Math.max(start, from), high));
    return best;
  }

  // Where the part of a frame ``w`` x ``h`` that margins ``m`` leave may start (its top-left corner), per axis
  // [low, high]: the frame on the picture, its middle on box ``focus`` (where not null), that part holding box
  // ``held`` whole (null where it cannot) and box ``within`` too where it fits, else staying within it where it can.
  function range(held, within, focus, w, h, m) {
    const axis = (start, length, span, k0, k1, [f0, f1], before, after) => {
      if (span >= length) return [start + (length - span) / 2, start + (length - span) / 2]; // centred
      const middle = (before + span + after) / 2 - before; // from where the part starts to the frame's middle
      let low = Math.max(start, f0 - middle), high = Math.min(start + length - span, f1 - middle);
      if (low > high) return null;
      // each box cut to the picture: one drawn on its edge may lie a hair beyond it
      const cut = (k) => [Math.max(k[k0], start), Math.min(k[k1], start + length)];
      if (held) {
        const [a, b] = cut(held);
        if (b - a > span) return null;
        [low, high] = [Math.max(low, b - span), Math.min(high, a)];
      }
      if (within) {
        const [a, b] = cut(within);
        const [l, h] = b - a <= span ? [b - span, a] : [a, b - span];
        if (Math.max(low, l) <= Math.min(high, h)) [low, high] = [Math.max(low, l), Math.min(high, h)];
      }
      return [low, high];
    };
    const on = focus || whole;
    const x = axis(whole.x + m.left, whole.w - m.left - m.right, w, "x0", "x1", [on.x, on.x + on.w], m.left, m.right);
    const y = axis(whole.y + m.top, whole.h - m.top - m.bottom, h, "y0", "y1", [on.y, on.y + on.h], m.top, m.bottom);
    return x && y ? [x, y] : null;
  }

  // View ``v`` moved as little as it takes (zoomed a little where it must) so that the frame less ``margins`` (in
  // picture units, along its edges) cuts no text, keeping the seat's own pieces and ``target`` in sight as placed
  // did; where their labels do not fit with them, the pieces alone, then one of them; then the same zoomed in further,
  // up to about twice as close (where the frame is taller than the part of the picture round the pieces that it may
  // show, as between Take Off!'s title and its table's rows); then the target alone, then neither: a label half in
  // the frame reads as nothing. Where the target is places, the pieces are kept only with its ``lead`` NEARLY in
  // sight; else (and without pieces) the lead comes first, whole, with the places passed over before it where they fit
  // (else the rest of the target, else alone), from the target's middle rather than where the pieces drew the view
  // (pointers say where they are).
  // Each try holds whole columns of the grids first (see snaps), with the places that fit whole (see wholes), then
  // without; then no sliver of a column (see onLines) at the scale as placed or a little closer, with those places,
  // then without; then those places alone, then as it may. The lead held whole, whole columns come before any frame
  // less, the lead alone before the target cut: a frame zoomed in to hold whole columns may no longer hold the target,
  // nor start within it (Aloft's row numbers, beside its first column, on a phone on its side).
  function uncut(v, { target, lead, passed }, focus, margins = NO_MARGINS) {
    const edges = (b) => b && { x0: b.x, y0: b.y, x1: b.x + b.w, y1: b.y + b.h };
    const aim = edges(target);
    const ones = own.length > 1 ? own.flatMap((piece) => [[piece, aim], [piece, null]]) : [];
    const keeping = yours ? [[yours, aim], [yours, null], ...ones] : [];
    const middle = clamped(target.x + target.w / 2, target.y + target.h / 2, v.s);
    const kept = [
      ...keeping.map(([held, within]) => [held, within, NEAR, lead]),
      ...keeping.map(([held, within]) => [held, within, CLOSER, lead]),
    ];
    const withLead = lead ? [...(passed ? [edges(passed)] : []), aim] : [];
    const leading = withLead.map((within) => [edges(lead), within, NEAR, null, middle]);
    const alone = lead ? [[edges(lead), null, NEAR, null, middle]] : [];
    const targets = [[null, aim, NEAR], [null, null, NEAR]];
    const kinds = spaces.length ? [true, false] : [true]; // with the places whole, then without
    const snapped = ([held, within, , led, from = v], inPlaces) =>
      [held, within, snaps(from, margins), inPlaces, 0, led, from];
    const loose = ([held, within, steps, led, from = v]) => [
      ...kinds.map((inPlaces) => [held, within, LINED, inPlaces, SLIVER, led, from]),
      ...(spaces.length ? [[held, within, steps, true, null, led, from]] : []),
      [held, within, steps, false, null, led, from],
    ];
    const each = (t) => [...kinds.map((inPlaces) => snapped(t, inPlaces)), ...loose(t)];
    const levels = [
      ...kept.flatMap(each),
      ...kinds.flatMap((inPlaces) => [...leading, ...alone].map((t) => snapped(t, inPlaces))),
      ...leading.flatMap(loose),
      ...targets.flatMap(each),
    ];
    // each with the frame's middle on the focus, then as it may: a frame that cuts no text found nowhere else
    for (const on of [focus, null]) {
      for (const [held, within, steps, inPlaces, slack, led, from] of levels) {
        const view = uncutKeeping(from, held, within, on, margins, steps, inPlaces, slack);
        if (view && (!led || showing(view, margins, led) >= NEARLY)) return view;
      }
    }
    return v;
  }

  // How much of box ``b`` ({ x, y, w, h }) the frame of view ``v`` less margins ``m`` shows, on its axis showing less.
  function showing(v, m, b) {
    const { W, H } = size();
    const x0 = v.cx - W / 2 / v.s + m.left, x1 = v.cx + W / 2 / v.s - m.right;
    const y0 = v.cy - H / 2 / v.s + m.top, y1 = v.cy + H / 2 / v.s - m.bottom;
    const part = (a0, a1, start, length) => Math.max(0, Math.min(a1, start + length) - Math.max(a0, start)) / length;
    return Math.min(part(x0, x1, b.x, b.w), part(y0, y1, b.y, b.h));
  }

  // The places the part of a frame ``w`` x ``h`` at scale ``s`` shows wholly or not at all where it can, as labels
  // without words (see uncutKeeping): those that fit it, a move's spaces cut to a sliver at the frame's edge reading as
  // nothing (Aloft's balloon to launch). Each is taken a PIXEL inside its edges, a frame on a grid's lines (see snaps)
  // falling that short of them; across, ``slack`` of it where that is more, as the grid's columns are (see onLines).
  function wholes(w, h, s, slack) {
    const d = PIXEL / s;
    return spaces.filter((p) => p.x1 - p.x0 <= w && p.y1 - p.y0 <= h).map((p) => {
      const across = Math.max(d, (slack || 0) * (p.x1 - p.x0));
      const inside = { x0: p.x0 + across, y0: p.y0 + d, x1: p.x1 - across, y1: p.y1 - d };
      return { ...inside, words: inside };
    });
  }

  // The columns ([left, right], in picture units) of the grids wider than ``w``: a grid's lines between its columns are
  // its edges and the middles between the references above or below it.
  function columnsWider(w) {
    return grids.flatMap((grid) => {
      const line = grid.lines.find((l) => columns(l.side));
      if (!line || grid.x1 - grid.x0 <= w) return [];
      const middles = line.refs.map((t) => t.middle).sort((p, q) => p - q);
      const lines = [grid.x0, ...middles.slice(1).map((middle, k) => (middles[k] + middle) / 2), grid.x1];
      return lines.slice(1).map((b, k) => [lines[k], b]);
    });
  }

  // The steps (see uncutKeeping) at which the part of the frame that margins ``m`` leave spans whole columns of a grid,
  // from a line between its columns (or the picture's edge) to another, a column more or less than view ``v`` shows at
  // most: nearest first (further while legible, or closer). Columns the frame falls short of by a PIXEL at most, it
  // holds as placed.
  function snaps(v, m) {
    const cells = columnsWider(0);
    if (!cells.length) return [];
    const { W } = size();
    const shown = W / v.s - m.left - m.right;
    const column = Math.max(...cells.map(([a, b]) => b - a));
    const widest = Math.max(...grids.map((grid) => grid.x1 - grid.x0)); // a frame as wide cuts no column
    const lines = [whole.x + m.left, ...cells.flat(), whole.x + whole.w - m.right];
    const stepTo = (span) => (span >= shown && (span - shown) * v.s <= PIXEL ? 0
      : Math.log(W / (span + m.left + m.right) / v.s) / Math.log(ZOOM_STEP));
    const steps = lines
      .flatMap((a) => lines.map((b) => b - a))
      .filter((span) => span > 0 && span < widest && Math.abs(span - shown) < column)
      .map(stepTo)
      .sort((p, q) => Math.abs(p) - Math.abs(q));
    return steps.filter((step, k) => k === 0 || Math.abs(step - steps[k - 1]) > 1e-6);
  }

  // Where a frame ``w`` wide may start across so that each column of a grid that it cuts shows at most ``slack`` of it
  // or leaves out at most that much (SLIVER; 0: whole columns), or length ``give`` (a PIXEL) where that is more, the
  // pieces drawn in its middle whole or out (Aloft's balloon on a truck was cut in half): the starts putting an edge on
  // a line between columns, or that far off one; null where the frame is as wide as the grids (it cuts none of their
  // columns).
  function onLines(w, slack, give) {
    const cells = columnsWider(w);
    if (!cells.length) return null;
    const cut = (a, b) => Math.max(slack * (b - a), give);
    const shows = (x0, x1) => cells.every(([a, b]) => {
      const part = Math.min(b, x1) - Math.max(a, x0);
      return part <= cut(a, b) + 1e-9 || part >= b - a - cut(a, b) - 1e-9;
    });
    const starts = cells.flatMap(([a, b]) => {
      const d = slack * (b - a);
      return [a, a + d, b - d, b].flatMap((at) => [at, at - w]);
    });
    return starts.filter((x) => shows(x, x + w));
  }

  // ``v`` moved as little as it takes, at each scale of ``steps`` (in steps of ZOOM_STEP: further while legible, or
  // closer) in turn, for the frame less margins ``m`` to cut no text, nor any place that fits it where ``inPlaces``
  // (see wholes), nor a grid's column by more than ``slack`` where that is not null (see onLines), and hold box
  // ``held`` whole, and ``within`` and ``focus`` as range does; or null.
  function uncutKeeping(v, held, within, focus, m, steps, inPlaces, slack) {
    for (const step of steps) {
      const s = v.s * ZOOM_STEP ** step;
      const { W, H } = size();
      const w = W / s - m.left - m.right, h = H / s - m.top - m.bottom; // the part of the frame the margins leave
      const units = inPlaces ? wholes(w, h, s, slack) : [];
      const room = range(held, within, focus, w, h, m);
      if (!room) continue;
      const [[xl, xh], [yl, yh]] = room;
      const [x0, y0] = [v.cx - W / 2 / s + m.left, v.cy - H / 2 / s + m.top]; // where that part starts now
      const wantX = Math.min(Math.max(x0, xl), xh), wantY = Math.min(Math.max(y0, yl), yh);
      // an eighth of its size round each text (measured at another zoom, it is drawn a little larger or smaller),
      // within the picture, whose edges no frame passes
      const pad = (b, d) => ({
        x0: Math.max(b.x0 - d, whole.x), x1: Math.min(b.x1 + d, whole.x + whole.w),
        y0: Math.max(b.y0 - d, whole.y), y1: Math.min(b.y1 + d, whole.y + whole.h),
      });
      const nearby = texts
        .map((t) => ({ ...pad(t, t.size / 8), words: pad(t.words || t, t.size / 8) }))
        .concat(units)
        .filter((t) => t.x1 > xl && t.x0 < xh + w && t.y1 > yl && t.y0 < yh + h);
      // each start along x where some text changes from out to cut to in, nearest the wanted one first (where the
      // frame keeps to a grid's lines, each start that puts an edge on one)
      const lines = slack === null ? null : onLines(w, slack, PIXEL / s);
      if (slack !== null && !lines) return null;
      // (a grid's lines are found from its references' middles: one a hair beyond the range is taken at its end)
      const hair = w / 100;
      const onto = (x) => (x < xl && x > xl - hair ? xl : x > xh && x < xh + hair ? xh : x);
      const xs = (lines?.map(onto) || [wantX, ...nearby.flatMap((t) => [t.x0 - w, t.x1, t.words.x0, t.words.x1 - w])])
        .filter((x) => x >= xl && x <= xh)
        .sort((p, q) => Math.abs(p - wantX) - Math.abs(q - wantX));
      let best = null;
      for (const x of xs) {
        const dx = Math.abs(x - wantX);
        if (best && dx >= best.cost) break;
        const bad = [];
        for (const t of nearby) {
          const i = t.words;
          if (t.x1 <= x || t.x0 >= x + w) continue; // out of the frame across
          if (i.x0 >= x && i.x1 <= x + w) bad.push(...cutting(t.y0, t.y1, i.y0, i.y1, h)); // words in across
          else bad.push([t.y0 - h, t.y1]); // words cut across: out down
        }
        const y = nearest(wantY, yl, yh, bad);
        if (y !== null && (!best || dx + Math.abs(y - wantY) < best.cost)) {
          best = { x, y, cost: dx + Math.abs(y - wantY) };
        }
      }
      // rounded: the texts' boxes, measured through the view of the moment, differ in their last bits from one
      // view to the next, and the same picture opens on the same frame
      const even = (c) => Math.round(c * 1e4) / 1e4;
      const found = best && clamped(even(best.x) - m.left + W / 2 / s, even(best.y) - m.top + H / 2 / s, s);
      if (found && (step >= 0 || found.s * smallestInSight(found) >= AIM)) return found;
    }
    return null;
  }

  // A view at scale ``s`` on the target's centre, kept on the focus where it is smaller than the focus, then
  // moved as little as it takes to keep the seat's own pieces in sight (where they fit; else centred on them).
  function placed(target, s, focus) {
    const { W, H } = size();
    const within = (c, half, start, length) =>
      2 * half >= length ? c : Math.min(Math.max(c, start + half), start + length - half);
    let cx = within(target.x + target.w / 2, W / 2 / s, focus.x, focus.w);
    let cy = within(target.y + target.h / 2, H / 2 / s, focus.y, focus.h);
    if (yours) {
      const along = (c, half, low, high) =>
        high - low > 2 * half ? (low + high) / 2 : Math.min(Math.max(c, high - half), low + half);
      cx = along(cx, W / 2 / s, yours.x0, yours.x1);
      cy = along(cy, H / 2 / s, yours.y0, yours.y1);
    }
    return clamped(cx, cy, s);
  }

  function apply() {
    view = clamped(view.cx, view.cy, view.s);
    const { W, H } = size();
    const w = W / view.s;
    const h = H / view.s;
    svg.setAttribute("viewBox", `${view.cx - w / 2} ${view.cy - h / 2} ${w} ${h}`);
    drawOver();
  }

  // -- drawn over the picture: grid references pinned to the frame's edges, pointers to the seat's pieces ------
  // The starting frame's pinned lines (see startFrame); once the player moves the view, those it needs then.
  function drawOver() {
    const lines = touched ? pinning(view) : pinned;
    const f = inner(view, lines);
    marks = pointing(f);
    overlay.replaceChildren(...lines.map((line) => margin(line, f, touched)), ...marks.map(({ mark }) => mark));
  }

  // A point of the picture on the frame, in CSS px from its top-left corner.
  function onFrame(x, y) {
    const { W, H } = size();
    return { left: (x - view.cx) * view.s + W / 2, top: (y - view.cy) * view.s + H / 2 };
  }

  // A line of grid references pinned to its side of the frame, in a margin as a printed map's: the references of
  // the columns (or rows) the frame less the margins, ``f``, shows whole, each across from its column (or row). The
  // margin runs the frame's whole side, which the starting frame was placed for (see startFrame); ``alongGrid``, in a
  // view the player moved, only along its grid, leaving what the picture has beyond it in sight (Take Off!'s table
  // under its map, beside its row numbers).
  function margin(line, f, alongGrid) {
    const across = columns(line.side); // along the top or bottom
    const strip = element("board-margin");
    strip.dataset.side = line.side;
    strip.style[across ? "height" : "width"] = `${line.depth * view.s}px`;
    const { W, H } = size();
    const length = across ? W : H; // of the frame's side, in CSS px
    const onSide = (c) => (across ? onFrame(c, 0).left : onFrame(0, c).top); // a point of the picture along it
    const [from, to] = alongGrid ? line.along.map(onSide) : [0, length];
    const start = Math.max(from, 0); // where the strip starts along the side
    strip.style[across ? "left" : "top"] = `${start}px`;
    strip.style[across ? "right" : "bottom"] = `${length - Math.max(Math.min(to, length), start)}px`;
    const [a, b] = across ? ["x0", "x1"] : ["y0", "y1"];
    for (const t of line.refs.filter((ref) => ref[a] >= f[a] && ref[b] <= f[b])) {
      const ref = element("board-reference", t.content);
      const at = onFrame((t.x0 + t.x1) / 2, (t.y0 + t.y1) / 2);
      ref.style[across ? "left" : "top"] = `${(across ? at.left : at.top) - start}px`;
      ref.style.fontSize = `${t.size * view.s}px`;
      strip.append(ref);
    }
    return strip;
  }

  // A pointer for each of the seat's pieces wholly out of ``f`` (the frame less its margins): a mark just inside
  // its edge, on the way from the frame's middle to the piece, its arrow turned to it; one for pieces side by side.
  function pointing(f) {
    const cx = (f.x0 + f.x1) / 2, cy = (f.y0 + f.y1) / 2;
    const reach = MARK_PX / view.s; // from the edge to the mark's middle, in picture units
    const found = [];
    for (const piece of own.filter((p) => p.x1 <= f.x0 || p.x0 >= f.x1 || p.y1 <= f.y0 || p.y0 >= f.y1)) {
      const dx = (piece.x0 + piece.x1) / 2 - cx, dy = (piece.y0 + piece.y1) / 2 - cy;
      const k = Math.min(
        dx ? Math.max((f.x1 - f.x0) / 2 - reach, 0) / Math.abs(dx) : Infinity,
        dy ? Math.max((f.y1 - f.y0) / 2 - reach, 0) / Math.abs(dy) : Infinity,
      );
      const at = onFrame(cx + dx * k, cy + dy * k);
      if (found.some(({ left, top }) => Math.hypot(at.left - left, at.top - top) < MARK_PX)) continue;
      const mark = element("board-pointer");
      Object.assign(mark.style, { left: `${at.left}px`, top: `${at.top}px`, rotate: `${Math.atan2(dy, dx)}rad` });
      found.push({ mark, piece, ...at });
    }
    return found;
  }

  function element(className, text = "") {
    const made = document.createElement("span");
    made.className = className;
    made.textContent = text;
    return made;
  }

  // Zoom by ``factor`` about a point of the frame (CSS px), which stays where it is.
  function zoomAt(px, py, factor) {
    const { W, H } = size();
    const ux = view.cx + (px - W / 2) / view.s;
    const uy = view.cy + (py - H / 2) / view.s;
    const s = clamped(view.cx, view.cy, view.s * factor).s;
    view = { cx: ux - (px - W / 2) / s, cy: uy - (py - H / 2) / s, s };
  }

  function panBy(dx, dy) {
    view = { cx: view.cx - dx / view.s, cy: view.cy - dy / view.s, s: view.s };
  }

  function moved() {
    touched = true;
    apply();
  }

  // -- pointers: one drags, two pinch, a double tap zooms in (or back out to the whole board) --------
  // A finger, a pen or a mouse's main button alike (Pointer Events). Each pointer is followed by the frame, which
  // outlives the pictures drawn in it: one that comes mid-drag leaves the drag to end where it will, and a pointer
  // the frame loses (its capture taken away) is forgotten, never left to make the next drag a pinch.
  function at(event) {
    const r = svg.getBoundingClientRect();
    return { x: event.clientX - r.left, y: event.clientY - r.top };
  }

  function down(event) {
    if (!svg || !svg.isConnected) return; // nothing drawn, or a page that could not draw its picture
    if (event.pointerType === "mouse" && event.button !== 0) return; // a right click's menu may keep its release
    try {
      figure.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser does not know as active (one made up): followed without capture
    }
    pointers.set(event.pointerId, at(event));
    tapStart = pointers.size === 1 ? at(event) : null;
  }

  function move(event) {
    const before = pointers.get(event.pointerId);
    if (!before || !view) return;
    const now = at(event);
    if (pointers.size === 1) {
      panBy(now.x - before.x, now.y - before.y);
    } else {
      const [other] = [...pointers].filter(([id]) => id !== event.pointerId).map(([, p]) => p);
      const was = Math.hypot(before.x - other.x, before.y - other.y);
      const is = Math.hypot(now.x - other.x, now.y - other.y);
      panBy((now.x - before.x) / 2, (now.y - before.y) / 2);
      if (was > 0) zoomAt((now.x + other.x) / 2, (now.y + other.y) / 2, is / was);
    }
    pointers.set(event.pointerId, now);
    moved();
  }

  function up(event) {
    if (!pointers.delete(event.pointerId)) return;
    const p = at(event);
    const tap = tapStart && Math.hypot(p.x - tapStart.x, p.y - tapStart.y) < TAP_PX / 2;
    tapStart = null;
    if (!tap) return;
    const hit = markAt(event);
    if (hit && view) {
      lastTap = null;
      view = { cx: (hit.piece.x0 + hit.piece.x1) / 2, cy: (hit.piece.y0 + hit.piece.y1) / 2, s: view.s }; // onto it
      moved();
      return;
    }
    const t = performance.now();
    const near = lastTap && t - lastTap.t < TAP_MS && Math.hypot(p.x - lastTap.x, p.y - lastTap.y) < TAP_PX;
    lastTap = near ? null : { t, ...p };
    if (!near || !view) return;
    if (view.s * 2 > deepest()) view = clamped(whole.x + whole.w / 2, whole.y + whole.h / 2, fitScale(whole));
    else zoomAt(p.x, p.y, 2);
    moved();
  }

  // The pointer to a piece out of the frame that ``event`` is on (or a finger's slack from), if any.
  function markAt(event) {
    const d = TAP_PX / 2;
    return marks.find(({ mark }) => {
      const r = mark.getBoundingClientRect();
      const [x, y] = [event.clientX, event.clientY];
      return x > r.left - d && x < r.right + d && y > r.top - d && y < r.bottom + d;
    });
  }

  function wheel(event) {
    if (!view) return;
    event.preventDefault(); // the picture zooms, the page stays
    const p = at(event);
    zoomAt(p.x, p.y, Math.exp(-event.deltaY * WHEEL));
    moved();
  }

  // -- keys, on the frame when it has the focus: arrows move the view, + and - zoom, 0 or Home shows it whole --
  // A key held with Ctrl, Alt or Meta is the browser's (Ctrl + zooms the page); a key handled moves no page.
  function key(event) {
    if (!svg || !svg.isConnected || !view || event.ctrlKey || event.altKey || event.metaKey) return;
    const { W, H } = size();
    const arrows = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (event.key in arrows) {
      const [x, y] = arrows[event.key]; // the picture moves the other way from the view
      panBy(x * W * KEY_STEP, y * H * KEY_STEP);
    } else if (event.key === "+" || event.key === "=") {
      zoomAt(W / 2, H / 2, KEY_ZOOM);
    } else if (event.key === "-" || event.key === "_") {
      zoomAt(W / 2, H / 2, 1 / KEY_ZOOM);
    } else if (event.key === "0" || event.key === "Home") {
      view = wholeView();
    } else {
      return;
    }
    event.preventDefault(); // the board moves, the page stays
    moved();
  }

  // -- the buttons and a new picture --------------------------------------------------------------
  function wholeView() {
    return { cx: whole.x + whole.w / 2, cy: whole.y + whole.h / 2, s: fitScale(whole) };
  }

  function showWhole() {
    if (!svg) return;
    view = wholeView();
    moved();
  }

  function showStart() {
    if (!svg) return;
    touched = false;
    view = startFrame();
    apply();
  }

  // Show ``picture`` (a cleaned SVG root, not yet in the page) in ``frame``, keeping the view the player
  // chose, if they moved it (a page shows one game: a rematch is a page of its own); ``over``: the game
  // is over, and an untouched view opens on the whole picture rather than on the seat's focus.
  function show(frame, picture, over = false) {
    opensWhole = over;
    if (frame !== figure) attach(frame);
    whole = box(picture.getAttribute("viewBox")) || { x: 0, y: 0, w: 1, h: 1 };
    if (svg === picture && view) {
      apply(); // a picture drawn into the one shown (table.js) keeps its view while it is measured: laid out once
    } else {
      frame.replaceChildren(picture, overlay);
      svg = picture;
    }
    measure();
    if (!(touched && view)) {
      touched = false;
      view = opening();
    }
    apply();
  }

  // Where an untouched view opens: the seat's focus, or the whole picture once the game is over.
  function opening() {
    pinned = [];
    return opensWhole ? wholeView() : startFrame();
  }

  // Nothing shown: a later picture opens on its own focus.
  function clear(frame) {
    frame.replaceChildren();
    if (frame === figure) svg = null;
  }

  function attach(frame) {
    figure = frame;
    frame.addEventListener("pointerdown", down);
    frame.addEventListener("pointermove", move);
    frame.addEventListener("pointerup", up);
    const forget = (event) => {
      if (pointers.delete(event.pointerId)) tapStart = null;
    };
    frame.addEventListener("pointercancel", forget);
    frame.addEventListener("lostpointercapture", forget); // after its release (forgotten then), or taken away
    frame.addEventListener("wheel", wheel, { passive: false });
    frame.addEventListener("keydown", key);
    document.getElementById("board-whole").addEventListener("click", showWhole);
    document.getElementById("board-start").addEventListener("click", showStart);
    new ResizeObserver(() => {
      if (!svg || !svg.isConnected) return;
      if (!touched) view = opening();
      apply();
    }).observe(frame);
  }

  return Object.freeze({ show, clear });
})();
