// The book's in-page demos ("twins" of the ipywidgets apps), for the static site.
//
// A chapter cell that builds a live demo also gives, for the static page, an HTML fallback:
//   <div class="book-twin" data-twin="NAME"><script type="application/json">DATA</script></div>
// where DATA is computed by lessons_lib at build time (lessons_lib/widgets/twins.py). This file is
// the one runtime of all twins: it finds those elements and mounts the twin registered under NAME.
// It holds what every twin needs: controls, a status line, tables, SVG plots, and ports of the
// library's Kuhn poker, its one regret matching and the one loop of its CFR engines
// (lessons_lib.games.kuhn, .regret_matching, .core.engine.iterate, .cfr.readable); each twin is a
// short function of its own, registered with BookTwins.register. No framework, no network.
//
// Every twin exposes what it computed as element.twin.state(), so that the tests
// (tests/test_twin_*.py) compare it with lessons_lib.

"use strict";

const BookTwins = (() => {
  const registry = {};

  function register(name, mount) {
    registry[name] = mount;
  }

  function mountAll() {
    for (const root of document.querySelectorAll(".book-twin[data-twin]")) {
      if (root.twin) continue;
      const mount = registry[root.dataset.twin];
      const data = JSON.parse(root.querySelector('script[type="application/json"]').textContent);
      if (!mount) {
        root.append(element("p", { class: "twin-error" }, `No demo named ${root.dataset.twin}.`));
        continue;
      }
      root.twin = mount(root, data);
    }
  }

  // ----- Page elements ---------------------------------------------------------------------

  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }

  function button(label, onClick) {
    const node = element("button", { type: "button", class: "twin-button" }, label);
    node.addEventListener("click", onClick);
    return node;
  }

  function select(label, options, value, onChange) {
    const id = `twin-${Math.random().toString(36).slice(2)}`;
    const menu = element("select", { id, class: "twin-select" });
    for (const [optionValue, text] of options) {
      const option = element("option", { value: optionValue }, text);
      if (optionValue === value) option.selected = true;
      menu.append(option);
    }
    menu.addEventListener("change", () => onChange(menu.value));
    return { node: element("label", { for: id, class: "twin-label" }, label, " ", menu), menu };
  }

  function slider(label, min, max, step, value, onInput) {
    const id = `twin-${Math.random().toString(36).slice(2)}`;
    const input = element("input", { id, type: "range", min, max, step, value });
    const shown = element("output", { for: id }, String(value));
    input.addEventListener("input", () => {
      shown.textContent = input.value;
      onInput(Number(input.value));
    });
    return { node: element("label", { for: id, class: "twin-label" }, label, " ", input, shown), input };
  }

  function row(...children) {
    return element("div", { class: "twin-row" }, ...children);
  }

  // ----- Numbers as the library prints them ------------------------------------------------

  const grouped = (n) => Math.round(n).toLocaleString("en-US");
  const fixed = (x, digits) => (Object.is(x, -0) ? 0 : x).toFixed(digits);
  // Python's f"{x:+.5f}" (pythonFixed, below, rounds halves to even as Python does).
  const signed = (x, digits) => pythonFixed(x, digits, true);
  // lessons_lib.plots.tables' differences, f"{round(x, 3) + 0.0:+.3f}": never "-0.000".
  const difference = (x) => { const text = pythonFixed(x, 3, true); return text === "-0.000" ? "+0.000" : text; };

  function exponential(x, digits) {
    // Python's f"{x:.3e}": two-digit exponents with their sign.
    const [mantissa, exponent] = x.toExponential(digits).split("e");
    const power = Number(exponent);
    return `${mantissa}e${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
  }

  function general(x, digits) {
    // Python's f"{x:.3g}" for the numbers the demos show.
    if (x === 0) return "0";
    const power = Math.floor(Math.log10(Math.abs(x)));
    if (power < -4 || power >= digits) return exponential(x, digits - 1).replace(/\.?0+e/, "e");
    return String(Number(x.toPrecision(digits)));
  }

  // ----- An SVG plot with logarithmic axes -------------------------------------------------

  const SVG = "http://www.w3.org/2000/svg";

  function svg(tag, attributes = {}, content) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    if (content !== undefined) node.textContent = content;
    return node;
  }

  const SUPERSCRIPTS = { "-": "⁻", 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹" };
  const powerOfTen = (k) => (k === 0 ? "1" : k === 1 ? "10" : `10${[...String(k)].map((c) => SUPERSCRIPTS[c]).join("")}`);

  // The book's black (plain CFR's colour) is the page's text colour here, so that it stays
  // visible in dark mode; every other colour of the book reads on both backgrounds.
  const ink = (colour) => (colour.toUpperCase() === "#000000" ? "var(--pst-color-text-base)" : colour);

  // A log-log plot: xRange and yRange are [low, high] in data units (powers of ten). Returns an
  // object whose setSeries(name, points) redraws one named line ([[x, y], ...]).
  function logLogPlot({ title, xLabel, yLabel, xRange, yRange, series, reference }) {
    const width = 640, height = 400, left = 70, right = 16, top = 34, bottom = 52;
    const plot = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, class: "twin-plot", role: "img", "aria-label": title,
    });
    const [x0, x1] = xRange.map(Math.log10), [y0, y1] = yRange.map(Math.log10);
    const sx = (x) => left + ((Math.log10(x) - x0) / (x1 - x0)) * (width - left - right);
    const sy = (y) => top + ((y1 - Math.log10(y)) / (y1 - y0)) * (height - top - bottom);
    const text = (x, y, content, attributes = {}) => {
      const node = svg("text", { x, y, class: "twin-plot-text", ...attributes });
      node.textContent = content;
      plot.append(node);
      return node;
    };
    plot.append(svg("rect", { x: left, y: top, width: width - left - right, height: height - top - bottom, class: "twin-plot-frame" }));
    for (let k = Math.ceil(x0); k <= Math.floor(x1); k++) {
      const x = sx(10 ** k);
      plot.append(svg("line", { x1: x, x2: x, y1: top, y2: height - bottom, class: "twin-plot-grid" }));
      text(x, height - bottom + 18, powerOfTen(k), { "text-anchor": "middle" });
    }
    for (let k = Math.ceil(y0); k <= Math.floor(y1); k++) {
      const y = sy(10 ** k);
      plot.append(svg("line", { x1: left, x2: width - right, y1: y, y2: y, class: "twin-plot-grid" }));
      text(left - 8, y + 4, powerOfTen(k), { "text-anchor": "end" });
    }
    text(left + (width - left - right) / 2, height - 10, xLabel, { "text-anchor": "middle" });
    text(16, top + (height - top - bottom) / 2, yLabel, {
      "text-anchor": "middle", transform: `rotate(-90 16 ${top + (height - top - bottom) / 2})`,
    });
    const heading = text(width / 2, 20, title, { "text-anchor": "middle", class: "twin-plot-text twin-plot-title" });
    if (reference) {
      const [from, to] = xRange;
      const line = svg("line", {
        x1: sx(from), y1: sy(reference(from)), x2: sx(to), y2: sy(reference(to)), class: "twin-plot-reference",
      });
      plot.append(line);
    }
    const lines = {};
    let legendY = top + 16;
    for (const { name, label, colour, dashed, dotted } of series) {
      const dashes = dashed ? "6 4" : dotted ? "1.5 3" : "none";
      const style = `stroke:${ink(colour)};stroke-width:2;stroke-dasharray:${dashes};stroke-linecap:round`;
      // round caps and joins: a line of one point still shows as a dot
      lines[name] = svg("polyline", { fill: "none", style: `${style};stroke-linejoin:round` });
      plot.append(lines[name]);
      plot.append(svg("line", { x1: width - right - 200, x2: width - right - 176, y1: legendY - 4, y2: legendY - 4, style }));
      text(width - right - 170, legendY, label);
      legendY += 18;
    }
    const clip = (y) => Math.min(Math.max(y, yRange[0]), yRange[1]);
    return {
      node: plot,
      setTitle: (content) => { heading.textContent = content; },
      setSeries(name, points) {
        const shown = points.filter(([, y]) => y > 0).map(([x, y]) => `${sx(x).toFixed(1)},${sy(clip(y)).toFixed(1)}`);
        if (shown.length === 1) shown.push(shown[0]); // one point: a zero-length line, drawn as a dot
        lines[name].setAttribute("points", shown.join(" "));
      },
    };
  }

  // ----- Kuhn poker (lessons_lib.games.kuhn) ------------------------------------------------

  // Cards 0, 1, 2 are J, Q, K; the actions are p (pass: check or fold) and b (bet or call).
  const Kuhn = (() => {
    const cards = ["J", "Q", "K"];
    const deals = [];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) if (a !== b) deals.push([a, b]);
    const chance = 1 / deals.length;
    const terminal = new Set(["pp", "pbp", "pbb", "bp", "bb"]);
    const histories = ["", "p", "b", "pb"]; // the decision points, shallow first
    const infoSets = [];
    for (const h of histories) for (const c of cards) infoSets.push(`${c}:${h}`);
    const actor = (actions) => (actions.length % 2 === 0 ? 1 : 2);

    function utility(deal, actions, player) {
      // Player 1's payoff: the ante (1) and the bets; a fold loses what was put in.
      let value;
      if (actions === "bp") value = 1;
      else if (actions === "pbp") value = -1;
      else {
        const stake = actions === "pp" ? 1 : 2;
        value = deal[0] > deal[1] ? stake : -stake;
      }
      return player === 1 ? value : -value;
    }
    const key = (deal, actions) => `${cards[deal[actor(actions) - 1]]}:${actions}`;
    return { cards, deals, chance, terminal, histories, infoSets, actor, utility, key, actions: ["p", "b"] };
  })();

  // The value of a history for `player` when both play `policy` (lessons_lib.exploitability).
  function historyValue(policy, deal, actions, player) {
    if (Kuhn.terminal.has(actions)) return Kuhn.utility(deal, actions, player);
    const strategy = policy[Kuhn.key(deal, actions)];
    return strategy[0] * historyValue(policy, deal, actions + "p", player)
      + strategy[1] * historyValue(policy, deal, actions + "b", player);
  }

  function expectedValue(policy, player = 1) {
    let value = 0;
    for (const deal of Kuhn.deals) value += Kuhn.chance * historyValue(policy, deal, "", player);
    return value;
  }

  // A best response of `player` to the other player's part of `policy`, deepest information
  // sets first; returns its value (lessons_lib.exploitability.best_response_value).
  function bestResponseValue(policy, player) {
    const choice = {};
    const value = (deal, actions) => {
      if (Kuhn.terminal.has(actions)) return Kuhn.utility(deal, actions, player);
      const key = Kuhn.key(deal, actions);
      if (Kuhn.actor(actions) === player) return value(deal, actions + Kuhn.actions[choice[key]]);
      const strategy = policy[key];
      return strategy[0] * value(deal, actions + "p") + strategy[1] * value(deal, actions + "b");
    };
    const reachOfOther = (deal, actions) => {
      let reach = 1;
      for (let t = 0; t < actions.length; t++) {
        if (Kuhn.actor(actions.slice(0, t)) !== player) {
          reach *= policy[Kuhn.key(deal, actions.slice(0, t))][actions[t] === "p" ? 0 : 1];
        }
      }
      return reach;
    };
    const mine = Kuhn.histories.filter((h) => Kuhn.actor(h) === player).reverse();
    for (const actions of mine) {
      for (let card = 0; card < 3; card++) {
        const totals = [0, 0];
        for (const deal of Kuhn.deals) {
          if (deal[player - 1] !== card) continue;
          const weight = Kuhn.chance * reachOfOther(deal, actions);
          for (let a = 0; a < 2; a++) totals[a] += weight * value(deal, actions + Kuhn.actions[a]);
        }
        choice[`${Kuhn.cards[card]}:${actions}`] = totals[1] > totals[0] ? 1 : 0;
      }
    }
    let total = 0;
    for (const deal of Kuhn.deals) total += Kuhn.chance * value(deal, "");
    return total;
  }

  // Exploitability: the mean of the two best responses' gains, in chips per hand.
  const exploitability = (policy) => (bestResponseValue(policy, 1) + bestResponseValue(policy, 2)) / 2;

  // ----- Regret matching and the loop of every CFR engine (lessons_lib.regret_matching, .core) --

  // A sum in the library's order for the sums over an information set's actions: first to last,
  // ((0 + x0) + x1) + x2 ..., as np.bincount adds (lessons_lib.sums.Segments), for any length.
  function inOrder(values) {
    let total = 0;
    for (const x of values) total += x;
    return total;
  }

  // regret_matching: each action's positive regret over their sum, or uniform if no regret is
  // positive. A sum that overflows is taken again on the positive regrets scaled by their largest,
  // as the library does. The twins' only regret matching: the average strategy is regret matching
  // on the strategy sums too (core.state.average_strategy; they are their own positive parts).
  function regretMatching(regret) {
    let positive = regret.map((r) => Math.max(r, 0));
    let total = inOrder(positive);
    if (total === Infinity) {
      const largest = positive.reduce((a, b) => Math.max(a, b));
      positive = positive.map((p) => p / largest);
      total = inOrder(positive);
    }
    return positive.map((p) => (total > 0 ? p / total : 1 / regret.length));
  }

  // core.variants.update_groups: who learns together within one iteration, in order. Simultaneous
  // updates: one group of every player; alternating: one group per player, in turn.
  const updateGroups = (updates, players) => (updates === "simultaneous" ? [players] : players.map((p) => [p]));

  // core.engine.iterate: iteration t of `variant` on `learner`, the loop of every engine. Each
  // group accumulates (its players' regrets and strategies of iteration t, with weight w_t), then
  // each of its players updates (discounts, then regret matching). The learner supplies
  // `players`, `accumulate(group, weight)` and `update(player, variant, t)`.
  function iterate(learner, variant, updates, t) {
    const weight = variant.weight(t);
    for (const group of updateGroups(updates, learner.players)) {
      learner.accumulate(group, weight);
      for (const player of group) learner.update(player, variant, t);
    }
  }

  // core.variants.power_discount: t^e / (t^e + 1), computed as 1 / (1 + t^-e).
  function powerDiscount(t, exponent) {
    const x = exponent * Math.log(t);
    if (x >= 0) return 1 / (1 + Math.exp(-x));
    const small = Math.exp(x);
    return small / (1 + small);
  }

  // core.variants: the weight w_t of iteration t's strategy in the average, the discounts of the
  // regrets and the strategy sums after iteration t, and the update order. DCFR(alpha, beta,
  // gamma) discounts positive and negative regrets apart; Linear CFR is DCFR(1, 1, 1).
  function discounted(alpha, beta, gamma) {
    return {
      weight: () => 1,
      regrets(r, t) {
        const up = powerDiscount(t, alpha), down = powerDiscount(t, beta);
        return r.map((x) => x * (x > 0 ? up : down));
      },
      // (t / (t + 1)) ** gamma is V8's power; the library's is C's pow, which is not always
      // correctly rounded: for gamma = 2 glibc 2.36's differs in the last bit from the correctly
      // rounded square, which V8 gives, at t = 794, 9,593, 14,096 and 17,038.
      sums(s, t) {
        const factor = (t / (t + 1)) ** gamma;
        return s.map((x) => x * factor);
      },
      updates: "alternating",
    };
  }

  const VARIANTS = {
    cfr: { weight: () => 1, regrets: (r) => r, sums: (s) => s, updates: "simultaneous" },
    "cfr+": { weight: (t) => t, regrets: (r) => r.map((x) => Math.max(x, 0)), sums: (s) => s, updates: "alternating" },
    lcfr: discounted(1, 1, 1),
    dcfr: discounted(1.5, 0, 2),
  };

  // CFR and its variants on Kuhn poker as the readable engine runs them (lessons_lib.cfr.readable):
  // a learner of `iterate` whose accumulate walks every deal for each player of the group against
  // the current strategies, and whose update is the variant's discounts and regret matching.
  class KuhnCFR {
    constructor(algorithm) {
      this.algorithm = algorithm;
      this.variant = VARIANTS[algorithm];
      this.players = [1, 2];
      this.iteration = 0;
      this.regret = {};
      this.strategySum = {};
      this.strategy = {}; // sigma^{t+1}, regret matching on the regrets
      this.keysOf = { 1: [], 2: [] };
      for (const key of Kuhn.infoSets) {
        this.regret[key] = [0, 0];
        this.strategySum[key] = [0, 0];
        this.strategy[key] = regretMatching(this.regret[key]);
        this.keysOf[Kuhn.actor(key.split(":")[1])].push(key);
      }
    }

    currentPolicy() {
      const policy = {};
      for (const key of Kuhn.infoSets) policy[key] = this.strategy[key].slice();
      return policy;
    }

    averagePolicy() {
      const policy = {};
      for (const key of Kuhn.infoSets) policy[key] = regretMatching(this.strategySum[key]);
      return policy;
    }

    // u_i(sigma, h) for the updating player i; at i's histories, adds
    // pi_{-i}(h) (u_i(sigma, h.a) - u_i(sigma, h)) to the regrets and w_t (pi_i(h) sigma(I, a)) to
    // the strategy sums (core.variants.average_increment).
    traverse(deal, actions, player, chance, reach1, reach2, weight) {
      if (Kuhn.terminal.has(actions)) return Kuhn.utility(deal, actions, player);
      const key = Kuhn.key(deal, actions);
      const actor = Kuhn.actor(actions);
      const strategy = this.strategy[key];
      const values = [0, 0];
      for (let a = 0; a < 2; a++) {
        const r1 = actor === 1 ? reach1 * strategy[a] : reach1;
        const r2 = actor === 2 ? reach2 * strategy[a] : reach2;
        values[a] = this.traverse(deal, actions + Kuhn.actions[a], player, chance, r1, r2, weight);
      }
      const value = strategy[0] * values[0] + strategy[1] * values[1];
      if (actor === player) {
        const others = chance * (player === 1 ? reach2 : reach1);
        const own = player === 1 ? reach1 : reach2;
        for (let a = 0; a < 2; a++) {
          this.regret[key][a] += others * (values[a] - value);
          this.strategySum[key][a] += weight * (own * strategy[a]);
        }
      }
      return value;
    }

    accumulate(group, weight) {
      for (const player of group) {
        for (const deal of Kuhn.deals) this.traverse(deal, "", player, Kuhn.chance, 1, 1, weight);
      }
    }

    update(player, variant, t) {
      for (const key of this.keysOf[player]) {
        this.regret[key] = variant.regrets(this.regret[key], t);
        this.strategySum[key] = variant.sums(this.strategySum[key], t);
        this.strategy[key] = regretMatching(this.regret[key]);
      }
    }

    step() {
      iterate(this, this.variant, this.variant.updates, this.iteration + 1);
      this.iteration += 1;
    }

    train(iterations) {
      for (let k = 0; k < iterations; k++) this.step();
    }
  }

  // ----- The table of a learned strategy (lessons_lib.plots.tables) ------------------------

  function strategyTable(learned, reference, referenceLabel, caption, colours) {
    const table = element("table", { class: "twin-table" });
    table.append(element("caption", {}, caption));
    const head = element("tr");
    for (const name of ["player", "information set", "action", "learned", referenceLabel, "difference"]) {
      head.append(element("th", { scope: "col" }, name));
    }
    table.append(element("thead", {}, head));
    const body = element("tbody");
    for (const key of Kuhn.infoSets) {
      const player = Kuhn.actor(key.split(":")[1]);
      const p = learned[key][1], q = reference[key][1];
      const facing = key.endsWith("b");
      const bar = element("span", { class: "twin-bar" });
      bar.style.setProperty("--filled", `${(100 * p).toFixed(1)}%`);
      bar.style.setProperty("--mark", `${(100 * q).toFixed(1)}%`);
      bar.style.setProperty("--colour", colours[player]);
      const cells = [
        element("td", { style: `color:${colours[player]};font-weight:bold` }, String(player)),
        element("td", { style: `color:${colours[player]}` }, key),
        element("td", {}, facing ? "call" : "bet"),
        element("td", {}, pythonFixed(p, 3)),
        element("td", {}, pythonFixed(q, 3)),
        element("td", {}, difference(p - q)),
        element("td", {}, bar),
      ];
      body.append(element("tr", {}, ...cells));
    }
    table.append(body);
    return table;
  }

  // ----- Exact sums, Python's fixed-point numbers, counterfactual values ------------------
  // (for twin-counterfactual.js; svg, above, is exported for twin-game-tree.js)

  // math.fsum: the correctly rounded sum (Shewchuk's partials, with CPython's final correction).
  function fsum(values) {
    const partials = [];
    for (let x of values) {
      let i = 0;
      for (let j = 0; j < partials.length; j++) {
        let y = partials[j];
        if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
        const hi = x + y;
        const lo = y - (hi - x);
        if (lo) partials[i++] = lo;
        x = hi;
      }
      partials.length = i;
      partials.push(x);
    }
    let n = partials.length, hi = 0, lo = 0;
    if (n > 0) {
      hi = partials[--n];
      while (n > 0) {
        const x = hi, y = partials[--n];
        hi = x + y;
        lo = y - (hi - x);
        if (lo) break;
      }
      // Round half to even when the partials left over push the sum past a half-way point.
      if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
        const y = lo * 2, x = hi + y;
        if (y === x - hi) hi = x;
      }
    }
    return hi;
  }

  // Python's f"{x:.{digits}f}" (with plus, f"{x:+.{digits}f}"), to the last character: halves of
  // the last digit round to even (toFixed rounds them up), and negative zero keeps its "-".
  function pythonFixed(x, digits, plus = false) {
    const magnitude = Math.abs(x);
    let text = magnitude.toFixed(digits);
    const exact = magnitude.toFixed(100); // the binary value's decimal digits, exactly
    const point = exact.indexOf(".");
    const cut = digits === 0 ? point : point + 1 + digits;
    const rest = exact.slice(digits === 0 ? point + 1 : cut);
    if (/^50*$/.test(rest) && Number(exact[cut - 1]) % 2 === 0) text = exact.slice(0, cut);
    const negative = x < 0 || Object.is(x, -0);
    return `${negative ? "-" : plus ? "+" : ""}${text}`;
  }

  // Counterfactual values of Kuhn poker under `policy` (lessons_lib.counterfactual): one walk of
  // each deal gives every history's reach pi_c, pi_1, pi_2 and value u_1(sigma, h), and adds
  // pi_{-i}(h) u_i(sigma, h) and pi_{-i}(h) u_i(sigma, h.a) to the sums of h's information set,
  // with the library's arithmetic (each information set has two histories, so the order in
  // which they are added does not change a bit).
  function counterfactualValues(policy, includeChance = true) {
    const reach = {}, ownReach = {}, infoSetValue = {}, actionValues = {};
    const historyReach = {}, historyValues = {};
    for (const key of Kuhn.infoSets) { reach[key] = 0; infoSetValue[key] = 0; actionValues[key] = [0, 0]; }
    const walk = (deal, actions, reach1, reach2) => {
      const label = `${Kuhn.cards[deal[0]]}${Kuhn.cards[deal[1]]}:${actions}`;
      historyReach[label] = { chance: Kuhn.chance, player_1: reach1, player_2: reach2 };
      if (Kuhn.terminal.has(actions)) return (historyValues[label] = Kuhn.utility(deal, actions, 1));
      const key = Kuhn.key(deal, actions), actor = Kuhn.actor(actions), strategy = policy[key];
      const children = [0, 1].map((a) => walk(deal, actions + Kuhn.actions[a],
        actor === 1 ? reach1 * strategy[a] : reach1, actor === 2 ? reach2 * strategy[a] : reach2));
      const value = strategy[0] * children[0] + strategy[1] * children[1];
      const others = (actor === 1 ? reach2 : reach1) * (includeChance ? Kuhn.chance : 1);
      const weight = others * (actor === 1 ? 1 : -1); // u_2 = -u_1
      reach[key] += others;
      ownReach[key] = actor === 1 ? reach1 : reach2;
      infoSetValue[key] += weight * value;
      for (let a = 0; a < 2; a++) actionValues[key][a] += weight * children[a];
      return (historyValues[label] = value);
    };
    const roots = Kuhn.deals.map((deal) => walk(deal, "", 1, 1));
    const regrets = {};
    for (const key of Kuhn.infoSets) regrets[key] = actionValues[key].map((v) => v - infoSetValue[key]);
    return {
      include_chance: includeChance, reach, own_reach: ownReach, info_set_value: infoSetValue,
      action_values: actionValues, regrets, history_reach: historyReach, history_values: historyValues,
      expected_value: fsum(roots.map((value) => Kuhn.chance * value)),
    };
  }

  // ----- Figures with linear and log axes, a seeded generator ---
  // (used by the twins "family" and "play-kuhn"; the library's figures are matplotlib's, these
  // draw the same lines, bands, bars and labels from the numbers the page holds)

  // Ticks at multiples of 1, 2, 2.5 or 5 times a power of ten (matplotlib's default choice),
  // about `count` of them between low and high.
  function linearTicks(low, high, count = 6) {
    const raw = (high - low) / count;
    const power = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 2.5, 5, 10].map((s) => s * power).find((s) => s >= raw * (1 - 1e-9));
    const ticks = [];
    for (let k = Math.ceil(low / step - 1e-9); k * step <= high + step * 1e-9; k++) {
      ticks.push(Number((k * step).toPrecision(12)));
    }
    return ticks;
  }

  // Labels of evenly spaced ticks, all with the decimals of the step, and a true minus sign.
  function tickLabels(ticks) {
    const step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
    const decimals = (String(Number(step.toPrecision(6))).split(".")[1] || "").length;
    return ticks.map((v) => [v, v.toFixed(decimals).replace("-", "−")]);
  }

  // The data range matplotlib would show: the extremes, widened by 5% on each side.
  function paddedRange(values, fallback = [-1, 1]) {
    let low = Infinity, high = -Infinity;
    for (const v of values) { if (v < low) low = v; if (v > high) high = v; }
    if (!(low <= high)) return fallback;
    if (low === high) return [low - 1, high + 1];
    const margin = 0.05 * (high - low);
    return [low - margin, high + margin];
  }

  let patternCount = 0;

  // A figure: a title and axes side by side in one SVG. figure.axes({...}) adds axes in the box
  // [left, top, width, height] (SVG units) with x.scale "linear" or "log", x.range and y.range,
  // and optional x.ticks and y.ticks ([[value, label], ...]); the axes draw lines, bands,
  // bars, markers, text and a legend.
  function figure({ width, height, title, label }) {
    const node = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, class: "twin-plot twin-figure", role: "img",
      "aria-label": label || title,
    });
    const defs = svg("defs");
    node.append(defs);
    const heading = svg("text", { x: width / 2, y: 18, "text-anchor": "middle", class: "twin-plot-text twin-plot-title" });
    heading.textContent = title || "";
    node.append(heading);

    function axes({ box, title: axesTitle, xLabel, yLabel, x, y }) {
      const [left, top, w, h] = box;
      const log = x.scale === "log";
      const fx = (v) => (log ? Math.log10(v) : v);
      const [x0, x1] = x.range.map(fx), [y0, y1] = y.range;
      const sx = (v) => left + ((fx(v) - x0) / (x1 - x0)) * w;
      const sy = (v) => top + ((y1 - v) / (y1 - y0)) * h;
      const group = svg("g", { class: "twin-axes" });
      node.append(group);
      const add = (tag, attributes) => { const child = svg(tag, attributes); group.append(child); return child; };
      const text = (px, py, content, attributes = {}) => {
        const child = add("text", { x: px, y: py, class: "twin-plot-text", ...attributes });
        child.textContent = content;
        return child;
      };
      add("rect", { x: left, y: top, width: w, height: h, class: "twin-plot-area" });
      const xTicks = x.ticks || (log
        ? Array.from({ length: Math.floor(x1) - Math.ceil(x0) + 1 }, (_, k) => {
          const power = Math.ceil(x0) + k;
          return [10 ** power, `10${[...String(power)].map((c) => SUPERSCRIPTS[c]).join("")}`];
        })
        : tickLabels(linearTicks(...x.range)));
      for (const [value, tickLabel] of xTicks) {
        const px = sx(value);
        if (px < left - 0.5 || px > left + w + 0.5) continue;
        add("line", { x1: px, x2: px, y1: top, y2: top + h, class: "twin-plot-grid" });
        if (x.rotate) {
          text(px, top + h + 14, tickLabel, { "text-anchor": "end", transform: `rotate(-45 ${px} ${top + h + 14})`, class: "twin-plot-text twin-plot-tick" });
        } else {
          text(px, top + h + 16, tickLabel, { "text-anchor": "middle", class: "twin-plot-text twin-plot-tick" });
        }
      }
      const yTicks = y.ticks || tickLabels(linearTicks(...y.range));
      for (const [value, tickLabel] of yTicks) {
        const py = sy(value);
        if (py < top - 0.5 || py > top + h + 0.5) continue;
        add("line", { x1: left, x2: left + w, y1: py, y2: py, class: "twin-plot-grid" });
        text(left - 6, py + 4, tickLabel, { "text-anchor": "end", class: "twin-plot-text twin-plot-tick" });
      }
      const data = svg("g");
      const clipId = `twin-clip-${++patternCount}`;
      const clip = svg("clipPath", { id: clipId });
      clip.append(svg("rect", { x: left, y: top, width: w, height: h }));
      defs.append(clip);
      data.setAttribute("clip-path", `url(#${clipId})`);
      group.append(data);
      add("rect", { x: left, y: top, width: w, height: h, class: "twin-plot-frame" });
      text(left + w / 2, top - 8, axesTitle || "", { "text-anchor": "middle", class: "twin-plot-text twin-plot-title" });
      text(left + w / 2, top + h + (x.rotate ? 58 : 36), xLabel || "", { "text-anchor": "middle" });
      const my = top + h / 2, mx = left - 48;
      text(mx, my, yLabel || "", { "text-anchor": "middle", transform: `rotate(-90 ${mx} ${my})` });
      const draw = (tag, attributes) => { const child = svg(tag, attributes); data.append(child); return child; };

      // At most four points per pixel column (first, lowest, highest, last), so that a long
      // series draws fast and looks the same.
      function thinned(points) {
        if (points.length <= 2 * w) return points;
        const kept = [];
        for (let start = 0; start < points.length;) {
          const column = Math.floor(sx(points[start][0]));
          let end = start, low = start, high = start;
          while (end + 1 < points.length && Math.floor(sx(points[end + 1][0])) === column) {
            end += 1;
            if (points[end][1] < points[low][1]) low = end;
            if (points[end][1] > points[high][1]) high = end;
          }
          for (const k of [...new Set([start, low, high, end])].sort((i, j) => i - j)) kept.push(points[k]);
          start = end + 1;
        }
        return kept;
      }
      const coordinates = (points) => thinned(points).map(([a, b]) => `${sx(a).toFixed(1)},${sy(b).toFixed(1)}`).join(" ");
      const dashes = { solid: "none", dashed: "7 4", dotted: "2 3" };

      return {
        sx, sy, text,
        line(points, { colour, style = "solid", width: lineWidth = 2, name }) {
          return draw("polyline", { points: coordinates(points), fill: "none", stroke: colour, "stroke-width": lineWidth, "stroke-dasharray": dashes[style], "data-name": name || "" });
        },
        markers(points, { colour, radius = 3, name }) {
          const markerGroup = draw("g", { fill: colour, "data-name": name || "" });
          for (const [a, b] of points) markerGroup.append(svg("circle", { cx: sx(a).toFixed(1), cy: sy(b).toFixed(1), r: radius }));
          return markerGroup;
        },
        // The region between lows and highs: points are [x, low, high].
        band(points, { colour, opacity = 0.2, name }) {
          const upper = thinned(points.map(([a, , high]) => [a, high]));
          const lower = thinned(points.map(([a, low]) => [a, low])).reverse();
          const outline = [...upper, ...lower].map(([a, b]) => `${sx(a).toFixed(1)},${sy(b).toFixed(1)}`).join(" ");
          return draw("polygon", { points: outline, fill: colour, "fill-opacity": opacity, stroke: "none", "data-name": name || "" });
        },
        // A vertical band from x = from to x = to over the whole height.
        span(from, to, { colour, opacity = 0.13 }) {
          return draw("rect", { x: sx(from), y: top, width: sx(to) - sx(from), height: h, fill: colour, "fill-opacity": opacity });
        },
        bar(at, barWidth, barHeight, { colour, hatched = false, name }) {
          const px = sx(at - barWidth / 2), py = sy(Math.max(barHeight, 0)), pw = sx(at + barWidth / 2) - px;
          const ph = Math.abs(sy(barHeight) - sy(0));
          const bar = draw("rect", { x: px, y: py, width: pw, height: ph, fill: colour, stroke: "white", "stroke-width": 1, "data-name": name || "", "data-height": barHeight });
          if (hatched) draw("rect", { x: px, y: py, width: pw, height: ph, fill: `url(#${hatch()})`, stroke: "none" });
          return bar;
        },
        // entries: [{label, colour, style, kind: "line" | "patch" | "hatch" | "marker"}].
        legend(entries, corner = "upper left", columns = 1) {
          const rowHeight = 16, sample = 22;
          const widths = entries.map((e) => sample + 8 + 6.1 * e.label.length);
          const columnWidth = Math.max(...widths);
          const rows = Math.ceil(entries.length / columns);
          const lw = columnWidth * columns + 8, lh = rows * rowHeight + 6;
          const lx = corner.endsWith("left") ? left + 6 : left + w - lw - 6;
          const ly = corner.startsWith("upper") ? top + 6 : top + h - lh - 6;
          const legendGroup = add("g", { class: "twin-legend" });
          legendGroup.append(svg("rect", { x: lx, y: ly, width: lw, height: lh, rx: 3, class: "twin-legend-box" }));
          entries.forEach((entry, k) => {
            const ex = lx + 6 + (k % columns) * columnWidth, ey = ly + 3 + Math.floor(k / columns) * rowHeight + rowHeight / 2;
            if (entry.kind === "patch" || entry.kind === "hatch") {
              legendGroup.append(svg("rect", { x: ex, y: ey - 5, width: sample, height: 10, fill: entry.kind === "patch" ? entry.colour : "none", "fill-opacity": entry.opacity ?? 1, stroke: entry.kind === "hatch" ? entry.colour : "none" }));
              if (entry.kind === "hatch") legendGroup.append(svg("rect", { x: ex, y: ey - 5, width: sample, height: 10, fill: `url(#${hatch(entry.colour)})` }));
            } else {
              legendGroup.append(svg("line", { x1: ex, x2: ex + sample, y1: ey, y2: ey, stroke: entry.colour, "stroke-width": 2, "stroke-dasharray": dashes[entry.style || "solid"] }));
              if (entry.marker) legendGroup.append(svg("circle", { cx: ex + sample / 2, cy: ey, r: 3, fill: entry.colour }));
            }
            const label = svg("text", { x: ex + sample + 6, y: ey + 4, class: "twin-plot-text twin-legend-text" });
            label.textContent = entry.label;
            legendGroup.append(label);
          });
          return legendGroup;
        },
      };
    }

    // Diagonal lines (matplotlib's "//"), white over a bar or in `colour` over nothing.
    function hatch(colour = "white") {
      const id = `twin-hatch-${++patternCount}`;
      const pattern = svg("pattern", { id, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
      pattern.append(svg("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: colour, "stroke-width": 1.5 }));
      defs.append(pattern);
      return id;
    }

    return { node, axes };
  }

  // A small seeded generator of uniform numbers in [0, 1) (mulberry32), for dealing and drawing.
  function seededRandom(...seeds) {
    let a = 0x9e3779b9;
    for (const s of seeds) a = Math.imul(a ^ (s >>> 0), 0x85ebca6b) + 0x27d4eb2f | 0;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  document.addEventListener("DOMContentLoaded", () => setTimeout(mountAll));

  return {
    register, mountAll, element, button, select, slider, row, logLogPlot, ink, grouped, fixed, signed,
    exponential, general, Kuhn, KuhnCFR, regretMatching, inOrder, updateGroups, iterate, powerDiscount,
    expectedValue, bestResponseValue, exploitability, strategyTable, VARIANTS,
    svg, fsum, pythonFixed, counterfactualValues, linearTicks, paddedRange, figure, seededRandom,
  };
})();
