// The in-page twin of widgets.river_explorer() (lessons_lib/widgets/river.py): one solved
// no-limit hold'em river. Two menus (the decision node, by its action path; the hand class); the
// node's 13 x 13 grid, each cell the class's whole action mix as a horizontal stacked bar as tall
// as the share of the class that gets there (plots.holdem.strategy_mix_figure); the status line
// with the solve's quality, the node's overall action shares and the chosen class's mix.
// DATA (river.river_data) brings every frequency (in tenths of a percent), fill and title from
// the library: the browser only displays them, formatted as Python formats them.

"use strict";

BookTwins.register("river", (root, data) => {
  const T = BookTwins;
  const hands = data.names.flat();
  let node = data.start, hand = data.hand;

  const nodeMenu = T.select("node", data.nodes.map((n, k) => [String(k), n.label]), String(node),
    (value) => { node = Number(value); draw(); });
  const handMenu = T.select("hand", hands.map((h) => [h, h]), hand,
    (value) => { hand = value; draw(); });
  const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
  const gridBox = T.element("div", { class: "twin-panel twin-river-grid" });
  root.append(T.row(nodeMenu.node, handMenu.node), status,
    T.element("div", { class: "twin-panels" }, gridBox));

  // river._percent and river._mix_text: tenths of a percent, one decimal.
  const percent = (tenths) => `${T.pythonFixed(tenths / 10, 1)}%`;
  const mixText = (actions, tenths) => actions.map((a, k) => `${a} ${percent(tenths[k])}`).join(", ");
  const classMix = (n, cell) => n.mix.map((row) => row[cell]);

  // river.status_html, word for word.
  function statusHtml(n, name) {
    const cell = hands.indexOf(name), who = data.player_names[String(n.player)];
    const played = n.overall.some((t) => t > 0);
    const lines = [
      `Solved by ${data.algorithm} to ${T.pythonFixed(data.exploitability_percent, 3)}% of the ` +
        `pot in ${T.grouped(data.iterations)} iterations.`,
      `${n.situation}: ${percent(n.range_share)} of its range gets here` +
        (played ? ` and plays ${mixText(n.actions, n.overall)}.` : "."),
    ];
    if (!data.in_range[n.player - 1][cell]) lines.push(`${name} is not in ${who}'s range.`);
    else if (n.reach[cell] === 0) lines.push(`${name} does not get here (less than 0.05% of its combos).`);
    else {
      lines.push(`${name} (${percent(n.reach[cell])} of its combos get here): ` +
        `${mixText(n.actions, classMix(n, cell))}.`);
    }
    return lines.join("<br>");
  }

  // One cell: the class's name above its bar, the bar's segments left to right.
  function drawCell(n, cell) {
    const name = hands[cell];
    const shown = data.in_range[n.player - 1][cell] && n.reach[cell] > 0;
    const background = shown ? data.background : data.empty;
    const td = T.element("td", {
      style: `background:${background};border:1px solid ${data.line}`, "data-class": name, "data-colour": background,
    },
      T.element("span", { class: "twin-river-name" }, name));
    if (!shown) return td;
    const mix = classMix(n, cell);
    td.title = `${name}: ${mixText(n.actions, mix)}`;
    const bar = T.element("div", { class: "twin-river-bar", style: `height:${n.reach[cell] / 10}%` });
    n.actions.forEach((action, k) => {
      if (mix[k] === 0) return;
      bar.append(T.element("div", {
        class: "twin-river-segment", style: `width:${mix[k] / 10}%;background:${n.fills[k]}`,
        "data-action": action, "data-tenths": String(mix[k]), "data-fill": n.fills[k],
      }));
    });
    td.append(T.element("div", { class: "twin-river-bars", style: `height:${100 * data.bar_height}%` }, bar));
    return td;
  }

  function drawGrid(n, chosen) {
    const table = T.element("table", { class: "twin-river-table" });
    for (let r = 0; r < 13; r++) {
      const row = T.element("tr");
      for (let c = 0; c < 13; c++) {
        const td = drawCell(n, 13 * r + c);
        if (13 * r + c === chosen) td.classList.add("twin-river-chosen");
        row.append(td);
      }
      table.append(row);
    }
    const legend = T.element("div", { class: "twin-river-legend" }, ...n.actions.map((action, k) =>
      T.element("span", { class: "twin-river-key", "data-action": action, "data-fill": n.fills[k] },
        T.element("span", { class: "twin-river-swatch", style: `background:${n.fills[k]}` }), action)));
    gridBox.replaceChildren(T.element("p", { class: "twin-river-title" }, n.situation), table, legend,
      T.element("p", { class: "twin-note" },
      "Each bar: the class's actions, left to right, as wide as their frequencies; its height: " +
      "the share of the class that gets here. A cell grey all over: not in the range, or never " +
      "gets here."));
  }

  // What the page shows, read back from the page itself.
  function state() {
    const n = data.nodes[node];
    const cells = [...gridBox.querySelectorAll("td")].map((td) => {
      const bar = td.querySelector(".twin-river-bar");
      return {
        name: td.dataset.class,
        colour: td.dataset.colour,
        height: bar ? bar.style.height : null,
        segments: bar ? [...bar.children].map((s) =>
          [s.dataset.action, Number(s.dataset.tenths), s.style.width, s.dataset.fill]) : [],
      };
    });
    return {
      node: n.label, path: n.path, hand, title: gridBox.querySelector(".twin-river-title").textContent,
      cells,
      legend: [...gridBox.querySelectorAll(".twin-river-key")].map((k) => [k.textContent, k.dataset.fill]),
      chosen: gridBox.querySelector(".twin-river-chosen").dataset.class,
      status_html: status.innerHTML,
    };
  }

  function draw() {
    const n = data.nodes[node];
    status.innerHTML = statusHtml(n, hand);
    drawGrid(n, hands.indexOf(hand));
  }

  draw();
  return { state };
});
