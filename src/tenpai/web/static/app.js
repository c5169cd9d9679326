// Keeps what a player types while a request is under way. htmx swaps a form with the
// server's answer, which holds the values that were sent: the keys pressed in a text field
// since then would be lost. They are put back into the new field, and sent when the field
// is left (a "change", as if typed there).
"use strict";
(function () {
  const texts = "input[id]:not([type]), input[id][type=text], input[id][type=search]";
  let sent = new Map();
  let typed = new Map();
  document.addEventListener("htmx:beforeRequest", function (e) {
    const form = e.detail.elt.closest("form");
    sent = new Map();
    if (form) {
      for (const x of form.querySelectorAll(texts)) { sent.set(x.id, x.value); }
    }
  });
  document.addEventListener("htmx:beforeSwap", function () {
    typed = new Map();
    for (const [id, value] of sent) {
      const x = document.getElementById(id);
      if (x && x.value !== value) { typed.set(id, x.value); }
    }
  });
  document.addEventListener("htmx:afterSwap", function () {
    for (const [id, value] of typed) {
      const x = document.getElementById(id);
      if (x && x.value !== value) { x.value = value; x.dataset.unsent = "1"; }
    }
    typed = new Map();
  });
  document.addEventListener("input", function (e) {
    if (e.target instanceof HTMLInputElement) { delete e.target.dataset.unsent; } // typed on: the browser's own change
  });
  document.addEventListener("focusout", function (e) {
    const x = e.target;
    if (x instanceof HTMLInputElement && x.dataset.unsent) {
      delete x.dataset.unsent;
      x.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });
})();
