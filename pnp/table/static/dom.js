// What every table page script shares (table.js, lobby.js, night.js): one way to make an element, so
// data from the server only ever becomes text or attributes, never markup; the page's own words and numbers; the
// shared screen's addresses, with its key; and light or dark colours.
"use strict";

(() => {
  // Light or dark, on every page (the lobby's too): as the device is set (prefers-color-scheme), unless chosen on this
  // phone (a seat's page offers the choice, kept under THEME). table.css holds both sets of colours.
  const THEME = "pnp.table.theme";
  const darkDevice = window.matchMedia("(prefers-color-scheme: dark)");

  function applyTheme() {
    const chosen = localStorage.getItem(THEME);
    const dark = chosen === "dark" || (chosen !== "light" && darkDevice.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  }

  darkDevice.addEventListener("change", applyTheme);
  applyTheme();

  let words = null; // the page's words by key, in the session's language: read once from #pnp-words

  let plural = null; // the page's language's plural rule, as the catalogue's {count:one|other} chooses a form

  // The page's words for ``key`` (table.yaml), each {name} filled from ``values``: t("table.last", { move }); a
  // {count:one|other} is the form the count takes in the page's language.
  function t(key, values = {}) {
    if (words === null) words = JSON.parse(document.getElementById("pnp-words")?.textContent || "{}");
    plural ??= new Intl.PluralRules(document.documentElement.lang || "en");
    const text = words[key] ?? key;
    return text.replace(/\{(\w+)(?::([^{}|]*)\|([^{}]*))?\}/g, (whole, name, one, other) => {
      if (!(name in values)) return whole;
      if (one === undefined) return String(values[name]);
      return plural.select(Number(values[name])) === "one" ? one : other;
    });
  }

  window.pnpPage = Object.freeze({
    t,
    THEME,
    applyTheme,

    // A probability as the page writes it: whole percents from 10 % up, else with one decimal, its mark in the
    // page's language (2.5 %; 2,5 % in French: table.decimal); one that would read 0.0 % as under 0.1 % (< 0,1 %).
    percent(p) {
      if (p >= 0.1) return `${Math.round(p * 100)} %`;
      const written = (p * 100).toFixed(1);
      const under = p > 0 && Number(written) === 0;
      return `${under ? "< " : ""}${(under ? "0.1" : written).replace(".", t("table.decimal"))} %`;
    },

    // The address ``path`` on the night's shared screen ("/", "/#tonight", a game's "/g/RECORD/"), carrying the key
    // this page's own address carries (?host=KEY), if any: in its query, before any fragment ("/?host=KEY#tonight").
    withKey(path) {
      const key = new URLSearchParams(location.search).get("host");
      if (!key) return path;
      const [before, fragment] = path.split(/(?=#)/, 2);
      return `${before}${before.includes("?") ? "&" : "?"}host=${encodeURIComponent(key)}${fragment || ""}`;
    },

    // Whether the page's <dialog> ``dialog`` is answered OK: true once it closes with "ok" (Escape and the safe
    // button leave it "cancel"). The safe button (``safe``, doing nothing) takes the focus, the safe answer to Enter;
    // but a dialog taller than the screen (a phone's text at 200 %) would scroll down to it, its question out of view
    // above: there the question (``question``) takes the focus, as WAI-ARIA's dialog pattern advises, and the dialog
    // opens at its top (Tab goes on to the safe button).
    confirmed(dialog, question, safe) {
      dialog.returnValue = "cancel";
      return new Promise((resolve) => {
        dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
        dialog.showModal();
        dialog.scrollTop = 0;
        (dialog.scrollHeight > dialog.clientHeight ? question : safe).focus();
      });
    },

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
})();
