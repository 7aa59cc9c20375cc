// What every table page script shares (table.js, lobby.js, night.js): one way to make an element, so
// data from the server only ever becomes text or attributes, never markup.
"use strict";

window.pnpPage = Object.freeze({
  el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = String(value);
      else if (key === "class") node.className = value;
      else if (/^(data-|aria-)/.test(key) || ["role", "title", "for"].includes(key)) node.setAttribute(key, String(value));
      else node[key] = value;
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child); // strings become text nodes
    }
    return node;
  },
});
