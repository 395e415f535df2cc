// The account screen: register or log in; once in, the seats to return to and the
// invite links of the tables this account hosts.

import { api } from "./api.js";
import { banner, h, isolated } from "./dom.js";
import { errorLine, errorText, gameTitle, parts, seatNameIn, t, when } from "./i18n.js";
import { account, loadAccount, tellOtherTabs } from "./session.js";

function link(gameId, seat, token) { return `#/play/${gameId}/${seat}/${token}`; }

export function showAccount(root) {
  async function submit(form, kind) {
    const body = { username: form.querySelector("input[name=username]").value,
      password: form.querySelector("input[name=password]").value };
    try {
      await api(`/api/account/${kind}`, body);
      banner("");
      await loadAccount();
      tellOtherTabs();
    } catch (error) { banner(errorLine(errorText(error))); }
  }

  // an empty box is said in the page's language, not in the browser's ("Please fill out
  // this field.")
  const saidEmpty = {
    oninvalid: (e) => {
      e.target.setCustomValidity(e.target.validity.valueMissing ? t("field_required") : "");
    },
    oninput: (e) => e.target.setCustomValidity(""),
  };

  function loginForm() {
    const form = h("form", { class: "panel account-form", id: "account-form",
      onsubmit: (e) => { e.preventDefault(); submit(form, e.submitter?.value || "login"); } },
    h("h2", {}, t("account")),
    h("label", {}, t("username"), " ", h("input", { name: "username",
      autocomplete: "username", required: true, ...saidEmpty })),
    h("label", {}, t("password"), " ", h("input", { name: "password", type: "password",
      autocomplete: "current-password", required: true, ...saidEmpty })),
    h("div", {}, h("button", { type: "submit", value: "login", id: "login" }, t("log_in")),
      " ", h("button", { type: "submit", value: "register", id: "register" },
        t("register"))),
    h("p", { class: "hint" }, t("account_hint")));
    return form;
  }

  function mine(me) {
    return h("div", { class: "account" },
      h("section", { class: "panel" }, h("h2", {}, parts("logged_in_as", [isolated(me.username)])),
        h("a", { class: "button", href: `#/player/${encodeURIComponent(me.username)}` },
          t("rating")), " ",
        h("button", { type: "button", id: "logout", onclick: async () => {
          try { await api("/api/account/logout", {}); } catch (error) {
            banner(errorLine(errorText(error))); }
          await loadAccount();
          tellOtherTabs();
        } }, t("log_out"))),
      h("section", { class: "panel" }, h("h2", {}, t("my_seats")),
        me.seats.length ? h("ul", { id: "my-seats" }, me.seats.map((s) => h("li", {},
          // a game that no longer replays: its line says why instead of leading to it
          s.unreadable ? [`${gameTitle(s.game, s.game)} · ${seatNameIn([s], s.seat)} · `
            + `${when(s.created)}`, h("p", { class: "hint unreadable" },
            errorText(s.unreadable))]
            : h("a", { href: link(s.id, s.seat, s.token), class: "my-seat" },
              `${gameTitle(s.game, s.game)} · ${seatNameIn([s], s.seat)} · `
              + `${when(s.created)}`))))
          : h("p", {}, t("none_yet"))),
      h("section", { class: "panel" }, h("h2", {}, t("my_tables")),
        me.hosted.length ? h("ul", {}, me.hosted.map((g) => h("li", {},
          `${gameTitle(g.game, g.game)} · ${when(g.created)} `,
          g.unreadable ? h("p", { class: "hint unreadable" }, errorText(g.unreadable))
            : g.invites.map((i) => h("a", { class: "button",
              href: link(g.id, i.seat, i.token) }, seatNameIn([i], i.seat))))))
          : h("p", {}, t("none_yet"))));
  }

  function render(event) {
    const me = account();
    const form = root.querySelector("#account-form");
    // Still a guest when the answer to "who am I" comes: the form stays as it is (drawing
    // it again dropped what was being typed). Drawn again in another language, it keeps
    // what was typed.
    if (form && !me && event?.type === "keizai:account") return;
    const next = me ? mine(me) : loginForm();
    for (const input of form ? form.querySelectorAll("input") : []) {
      const again = next.querySelector(`input[name=${input.name}]`);
      if (again) again.value = input.value;
    }
    root.replaceChildren(next);
  }

  window.addEventListener("keizai:account", render);
  window.addEventListener("keizai:lang", render);
  loadAccount();
  render();
  return () => {
    window.removeEventListener("keizai:account", render);
    window.removeEventListener("keizai:lang", render);
  };
}
