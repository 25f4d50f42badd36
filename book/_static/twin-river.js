// The in-page twin of widgets.river_explorer() (lessons_lib/widgets/river.py): a solved no-limit
// hold'em river, one solve per entry of a small bet menu. Three menus (bet size, which grid, hand
// class); the 13 x 13 grid coloured by player 1's betting or player 2's calling frequency; the
// status line with the solve's quality and the chosen class's frequencies at both decisions.
// DATA (river.river_data) brings every frequency, colour and title from the library: the browser
// only displays them, formatted as Python formats them.

"use strict";

BookTwins.register("river", (root, data) => {
  const T = BookTwins;
  let entry = data.start, view = 0, hand = data.hand;

  const sizeMenu = T.select("bet size", data.entries.map((e, k) => [String(k), e.label]),
    String(entry), (value) => { entry = Number(value); draw(); });
  const viewMenu = T.select("grid", data.views.map((v, k) => [String(k), v]), "0",
    (value) => { view = Number(value); draw(); });
  const hands = data.names.flat();
  const handMenu = T.select("hand", hands.map((h) => [h, h]), hand,
    (value) => { hand = value; draw(); });
  const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
  const gridBox = T.element("div", { class: "twin-panel twin-river-grid" });
  root.append(T.row(sizeMenu.node, viewMenu.node, handMenu.node), status,
    T.element("div", { class: "twin-panels" }, gridBox));

  function cellOf(name) {
    for (let r = 0; r < 13; r++) {
      const c = data.names[r].indexOf(name);
      if (c >= 0) return [r, c];
    }
    throw new Error(`no class ${name}`);
  }

  // river.status_html, word for word.
  function statusHtml(e, name) {
    const [r, c] = cellOf(name);
    const lines = [`Menu ${e.label}: solved by DCFR to ${T.pythonFixed(e.exploitability_percent, 3)}% ` +
      `of the pot in ${e.iterations} iterations.`];
    for (const [player, frequencies, where] of [[1, e.root, "first to act"], [2, e.facing, `facing ${e.bet}`]]) {
      if (!e.present[String(player)][r][c]) {
        lines.push(`Player ${player} (${where}): ${name} is not in the range.`);
        continue;
      }
      const parts = frequencies.map(([action, grid]) => `${action} ${T.pythonFixed(100 * grid[r][c], 1)}%`);
      lines.push(`Player ${player} (${where}) with ${name}: ${parts.join(", ")}.`);
    }
    return lines.join("<br>");
  }

  // The grid of plots.holdem.range_grid_figure: the class and its frequency in percent.
  function cellText(v, r, c) {
    const name = data.names[r][c];
    return v.present[r][c] ? [name, T.pythonFixed(100 * v.values[r][c], 0)] : [name];
  }

  function drawGrid(v, chosen) {
    const table = T.element("table", { class: "twin-river-table" });
    table.append(T.element("caption", {}, v.title));
    for (let r = 0; r < 13; r++) {
      const row = T.element("tr");
      for (let c = 0; c < 13; c++) {
        const [name, number] = cellText(v, r, c);
        const cell = T.element("td", {
          style: `background:${v.colours[r][c]};color:${v.dark[r][c] ? "white" : "black"}`,
          "data-colour": v.colours[r][c], "data-class": name,
        }, T.element("span", { class: "twin-river-name" }, name));
        if (number !== undefined) cell.append(T.element("span", { class: "twin-river-number" }, number));
        if (r === chosen[0] && c === chosen[1]) cell.classList.add("twin-river-chosen");
        row.append(cell);
      }
      table.append(row);
    }
    gridBox.replaceChildren(table, T.element("p", { class: "twin-note" },
      `Cell numbers: ${v.bar} in percent; grey: not in the range.`));
  }

  function state() {
    const e = data.entries[entry], v = e.views[view];
    return {
      label: e.label, view: data.views[view], hand, title: v.title, bar: v.bar,
      cells: v.values.map((row, r) => row.map((_, c) => cellText(v, r, c).join("\n"))),
      colours: v.colours,
      status_html: status.innerHTML,
    };
  }

  function draw() {
    const e = data.entries[entry];
    status.innerHTML = statusHtml(e, hand);
    drawGrid(e.views[view], cellOf(hand));
  }

  draw();
  return { state };
});
