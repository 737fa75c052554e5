// The anywidget module of mandalakit.widgets.play.board.BoardView: shows the engine's SVG and
// forwards clicks and keys to the kernel. No game logic: what a target means, whether it is
// highlighted and what a click does are decided in Python.
//
// Targets are the SVG elements with a `data-mk-target` id; the drawing marks highlighted ones
// with the class `mk-active` and chosen ones with `mk-selected`. Chips are buttons for targets
// that are not drawn on the board (a count, "pass").
//
// The width the page gives the drawing goes back to the kernel as the `width` trait, so the
// drawing can be laid out for a narrow page: in 10 px steps and only once resizing pauses.
//
// Moves animate briefly: the drawing names its cards with `data-mk-key` (with `data-mk-colour`
// and the count `data-mk-n`). After a redraw, a card whose key was drawn elsewhere before
// slides from there; a new key slides from where a card of its colour left (its key gone, or
// its count down), else fades in. Only the drawing's own names are compared: no game logic.
// Nothing moves when the layout changed (another width), on the first drawing, or under
// prefers-reduced-motion.

const STYLE = `
.mk-board svg [data-mk-target] { cursor: pointer; }
.mk-board.mk-board-still svg [data-mk-target] { cursor: auto; }
.mk-board svg [data-mk-target]:focus { outline: none; }
.mk-board svg [data-mk-target]:focus-visible {
  outline: 3px solid #0072B2; filter: drop-shadow(0 0 3px #0072B2);
}
.mk-board-chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0; min-height: 0; }
/* The chips (a count, "pass") stay at the window's bottom edge while the board is in sight: on a
   phone the board is taller than the window, and they are the turn's next click. */
.mk-board-chips:not(:empty) { position: sticky; bottom: 0; z-index: 10; background: #ffffff; padding: 4px 0;
  box-shadow: 0 -2px 4px rgba(0, 0, 0, 0.15); }
.mk-board-chips button { font-size: 14px; padding: 4px 12px; border: 2px solid #000;
  border-radius: 14px; background: #fff; color: #000; cursor: pointer; }
.mk-board-chips button:focus-visible { outline: 3px solid #0072B2; outline-offset: 2px; }
.mk-board svg .mk-rule { cursor: help; }
.mk-board svg .mk-hint { filter: drop-shadow(0 0 4px #0072B2) drop-shadow(0 0 2px #0072B2); }
.mk-board-chips button.mk-hint { border-color: #0072B2; box-shadow: 0 0 0 3px #56B4E9; }
.mk-board svg .mk-last { filter: drop-shadow(0 0 3px #D55E00) drop-shadow(0 0 2px #D55E00); }
.mk-board { scroll-margin-top: 150px; }
`;
const MARK_MS = 2500;
const MOVE_MS = 380;
const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

// Where each keyed card is, relative to the drawing's corner, in the drawing's own units.
function cards(board) {
  const svg = board.querySelector("svg");
  const out = new Map();
  if (!svg) return { out, width: null };
  const box = svg.getBoundingClientRect();
  const scale = box.width / (svg.viewBox?.baseVal?.width || box.width || 1);
  for (const g of svg.querySelectorAll("[data-mk-key]")) {
    const r = g.getBoundingClientRect();
    out.set(g.dataset.mkKey, { g, x: (r.left - box.left) / scale, y: (r.top - box.top) / scale,
      colour: g.dataset.mkColour, n: Number(g.dataset.mkN) });
  }
  return { out, width: svg.getAttribute("width") };
}

// The keyed cards of `after` that are new or changed since `before`: what the last move did.
function changed(before, after) {
  if (!before.out.size || before.width !== after.width) return [];
  return [...after.out].filter(([k, c]) => {
    const was = before.out.get(k);
    return !was || was.n !== c.n || Math.abs(was.x - c.x) + Math.abs(was.y - c.y) >= 1;
  }).map(([, c]) => c.g);
}

function animate(before, after) {
  if (!before.out.size || before.width !== after.width || reduced()) return;
  const left = [...before.out.entries()].filter(([k, c]) => !after.out.has(k) || after.out.get(k).n < c.n);
  for (const [key, now] of after.out) {
    let from = before.out.get(key);
    if (!from) {
      const i = left.findIndex(([, c]) => c.colour === now.colour);
      from = i >= 0 ? left.splice(i, 1)[0][1] : null;
    }
    if (from) {
      const dx = from.x - now.x, dy = from.y - now.y;
      if (Math.abs(dx) + Math.abs(dy) < 1) continue;
      now.g.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
                    { duration: MOVE_MS, easing: "ease-out" });
    } else if (before.out.size) {
      now.g.animate([{ opacity: 0 }, { opacity: 1 }], { duration: MOVE_MS, easing: "ease-out" });
    }
  }
}

// The page's scroller: the outermost ancestor that scrolls (Voilà's page scrolls in a box, not
// in the window; a widget box inside it may scroll by a pixel or two of its own).
function scroller(node) {
  let found = null;
  for (let e = node.parentElement; e; e = e.parentElement) {
    const y = getComputedStyle(e).overflowY;
    if ((y === "auto" || y === "scroll") && e.scrollHeight > e.clientHeight + 1) found = e;
  }
  return found ?? document.scrollingElement;
}

// The room a turn has on the screen: from under the status line on top (sticky: its own
// height once the page has scrolled past it) down to the window's bottom edge.
function room(el) {
  const bar = el.closest(".mk-game-view")?.querySelector(".mk-top");
  const chips = el.querySelector(".mk-board-chips");  // sticky at the bottom edge when it has chips
  const under = chips && chips.childElementCount ? chips.offsetHeight : 0;
  return { top: (bar ? bar.offsetHeight : 0) + 8, bottom: window.innerHeight - under - 8 };
}

// The span of rects, or null.
function span(rects) {
  rects = rects.filter((r) => r.height > 0);
  if (!rects.length) return null;
  return { upper: Math.min(...rects.map((r) => r.top)), lower: Math.max(...rects.map((r) => r.bottom)) };
}

// How far to scroll (px, down positive) so that `want` (a span) is in the room, moving as little
// as it can; `board`'s top goes under the status line first when everything fits (the
// drawing's title stays in sight). A span taller than the room shows its top.
function shift(want, board, r, whole) {
  let dy = whole && board ? board.top - r.top : 0;
  if (!whole && want.upper >= r.top && want.lower <= r.bottom) return 0;
  if (want.lower - dy > r.bottom) dy = want.lower - r.bottom;
  if (want.upper - dy < r.top) dy = want.upper - r.top;
  return dy;
}

const board_of = (el) => el.querySelector(".mk-board-svg");
const rects = (el, selector) => [...el.querySelectorAll(selector)].map((e) => e.getBoundingClientRect());

// A turn brought into the room (issue 30: a turn needs no scrolling): every place of the turn
// drawn on the board (its targets: the hand and where its cards may go; the chips stick to the
// window's bottom edge) when they fit together, else what answers the next click and what is chosen. `whole`
// (*New game*): the board's top under the status line first, then the turn. Otherwise the page
// moves only when some of it is out of the window, and only while the pupil looks at the board.
function turn_into_view(el, whole, smooth) {
  const svg = el.querySelector(".mk-board-svg svg");
  if (!svg) return;
  const r = room(el);
  const board = svg.getBoundingClientRect();
  if (!whole && (board.bottom < r.top || board.top > r.bottom)) return;  // the pupil looks elsewhere
  let want = span(rects(board_of(el), "[data-mk-target]"));
  if (!want) return;
  if (want.lower - want.upper > r.bottom - r.top) {
    want = span(rects(board_of(el), ".mk-active, .mk-selected")) ?? want;
  }
  const dy = shift(want, board, r, whole);
  if (Math.abs(dy) >= 1) scroller(el).scrollBy({ top: dy, behavior: smooth && !reduced() ? "smooth" : "auto" });
}

// What glows on the board (.mk-hint) brought into the window when it is out of it (the model's
// "reveal" raised by one: a guided game's step or milestone; the board carries the class
// mk-board-revealing until then): into the middle of the room below the sticky status line and
// the guide's words (its top first if it is taller). Lit things already in view leave the page
// where it is.
function lit_into_view(el) {
  const lit = span(rects(el, ".mk-hint"));
  if (!lit) return;
  const bar = el.closest(".mk-game-view")?.querySelector(".mk-top")?.getBoundingClientRect();
  const top = Math.max(bar ? bar.bottom : 0, 0), bottom = window.innerHeight;
  const { upper, lower } = lit;
  if (upper >= top && lower <= bottom) return;
  const dy = lower - upper > bottom - top - 16 ? upper - top - 8 : (upper + lower) / 2 - (top + bottom) / 2;
  scroller(el).scrollBy({ top: dy, behavior: "auto" });
}

export default {
  render({ model, el }) {
    const style = document.createElement("style");
    style.textContent = STYLE;
    const board = document.createElement("div");
    board.className = "mk-board-svg";
    const chips = document.createElement("div");
    chips.className = "mk-board-chips";
    chips.setAttribute("role", "group");
    el.classList.add("mk-board");
    el.append(style, board, chips);

    const send = (target) => model.send({ kind: "click", target });
    // Which target had the keyboard focus, so a redraw does not throw the pupil back to the top.
    let focused = null;
    let shown = null;  // the drawing on the page
    let revealing = null;  // a pending look at what glows, once the cards have stopped sliding
    let following = null;  // a pending look at the turn, once the cards have stopped sliding
    // The page brings the turn into the window once the cards have stopped sliding; meanwhile
    // the board carries the class mk-board-settling (what a test waits on).
    let whole = false;  // the pending look is New game's: the board's top first
    const follow = (all) => {
      clearTimeout(following);
      whole = whole || all;
      el.classList.add("mk-board-settling");
      following = setTimeout(() => {
        el.classList.remove("mk-board-settling");
        if (model.get("clickable")) turn_into_view(el, whole, whole);
        whole = false;
      }, reduced() ? 0 : MOVE_MS + 40);
    };

    const draw = () => {
      const hadFocus = el.contains(document.activeElement);
      if (model.get("svg") !== shown) {  // chips alone leave the drawing (and its moves) as it is
        const before = cards(board);
        const again = Boolean(shown);  // not the page's first drawing: that leaves the page at its top
        shown = model.get("svg");
        board.innerHTML = shown;
        const after = cards(board);
        animate(before, after);
        if (model.get("marked")) {  // another player's move: its cards glow for a moment
          const marked = changed(before, after);
          for (const g of marked) g.classList.add("mk-last");
          setTimeout(() => { for (const g of marked) g.classList.remove("mk-last"); }, MARK_MS);
        }
        if (again && shown) follow(false);
      }
      // A board only looked at (`clickable` false) stays an image (role="img") with no stops
      // for Tab. Else its parts are buttons, and an image hides its parts from screen readers.
      el.classList.toggle("mk-board-still", !model.get("clickable"));
      if (!model.get("clickable")) return;
      board.querySelector("svg")?.setAttribute("role", "group");
      for (const g of board.querySelectorAll("[data-mk-target]")) {
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        if (g.dataset.mkLabel) g.setAttribute("aria-label", g.dataset.mkLabel);
        g.setAttribute("aria-pressed", g.classList.contains("mk-selected") ? "true" : "false");
      }
      const hint = new Set(model.get("hint"));
      chips.replaceChildren(...model.get("chips").map(([target, label]) => {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        b.dataset.mkTarget = target;
        b.classList.toggle("mk-hint", hint.has(target));
        b.addEventListener("click", () => { focused = target; send(target); });
        return b;
      }));
      chips.setAttribute("aria-label", model.get("chips_label"));
      for (const g of board.querySelectorAll("[data-mk-target]")) g.classList.toggle("mk-hint", hint.has(g.dataset.mkTarget));
      if (hadFocus && focused !== null) {
        const all = [...el.querySelectorAll("[data-mk-target]")];
        const again = all.find((e) => e.dataset.mkTarget === focused)
          ?? el.querySelector(".mk-active") ?? all[0];
        again?.focus();
      }
    };

    const target = (event) => {
      if (!model.get("clickable")) return null;
      const g = event.target.closest?.("[data-mk-target]");
      return g && board.contains(g) ? g.dataset.mkTarget : null;
    };
    board.addEventListener("click", (event) => {
      const t = target(event);
      if (t !== null) { focused = t; send(t); }
    });
    el.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        model.send({ kind: "key", key: "Escape" });
        event.preventDefault();
        return;
      }
      const t = target(event);
      if (t !== null && (event.key === "Enter" || event.key === " ")) {
        focused = t;
        send(t);
        event.preventDefault();
      }
    });
    let resized = null;
    const observer = new ResizeObserver(() => {
      clearTimeout(resized);
      resized = setTimeout(() => {
        const width = Math.floor(board.clientWidth / 10) * 10;
        if (width > 0 && width !== model.get("width")) {  // 0: hidden, e.g. behind the cover
          model.set("width", width);
          model.save_changes();
        }
      }, 150);
    });
    observer.observe(board);
    // No game lost to a reload: keep the record the kernel sends, and offer back what was kept.
    const storage = () => { try { return window.localStorage; } catch { return null; } };
    const key = () => model.get("store_key");
    const kept = key() ? storage()?.getItem(key()) : null;
    if (kept && kept !== model.get("record")) model.send({ kind: "resume", record: kept });
    const keep = () => {
      const store = storage();
      if (!store || !key()) return;
      try {
        if (model.get("record")) store.setItem(key(), model.get("record"));
        else store.removeItem(key());
      } catch { /* storage full or refused: the game goes on without it */ }
    };
    model.on("change:record", keep);
    const into_view = () => follow(true);
    model.on("change:scroll", into_view);
    const reveal = () => {
      clearTimeout(revealing);
      el.classList.add("mk-board-revealing");
      revealing = setTimeout(() => { el.classList.remove("mk-board-revealing"); lit_into_view(el); },
                             reduced() ? 0 : MOVE_MS + 40);
    };
    model.on("change:reveal", reveal);
    draw();
    model.on("change:svg", draw);
    model.on("change:chips", draw);
    model.on("change:hint", draw);
    // Shown now, with the widgets around it (a board question's feedback): the kernel sends
    // again what a reload restored, should it have come before they could take it.
    model.send({ kind: "ready" });
    return () => {
      observer.disconnect();
      clearTimeout(resized);
      clearTimeout(revealing);
      clearTimeout(following);
      model.off("change:reveal", reveal);
      model.off("change:svg", draw);
      model.off("change:chips", draw);
      model.off("change:hint", draw);
      model.off("change:record", keep);
      model.off("change:scroll", into_view);
    };
  },
};
