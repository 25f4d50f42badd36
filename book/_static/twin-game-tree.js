// The in-page twin of widgets.game_tree_explorer() (lessons_lib/widgets/game_tree.py): the whole
// game tree of Kuhn poker, walked one action at a time. Menus pick the deal and an ending to jump
// to; a button per action (named as a poker player would), "back" and "restart" move along the
// tree. The SVG tree draws the path so far thick and rings the information set of the player to
// act, with a bracket joining its histories. DATA (game_tree_data) brings the library's layout
// (columns and rows of every history), every label and the app's status text of every history.

"use strict";

BookTwins.register("game-tree", (root, data) => {
  const T = BookTwins;
  const colours = data.player_colours;
  const nodes = data.nodes;
  const lookup = new Map(nodes.map((node, i) => [`${node.deal}|${node.actions}`, i]));
  const parent = new Map();
  nodes.forEach((node, i) => (node.children || []).forEach((c) => parent.set(c.node, i)));
  let deal = data.start.deal;
  let actions = data.start.actions;

  // ----- Controls, as the app's: the deal, an ending, one button per action, back, restart -----

  const dealMenu = T.select("deal", data.deals.map((d, i) => [String(i), d.name]), String(deal),
    (value) => onDeal(Number(value)));
  const endingMenu = T.select("jump to", [["", "step by step"], ...data.endings], "",
    (value) => { if (value) { actions = value; draw(); } });
  const actionButtons = data.actions.map((action) => {
    const node = T.button(action, () => onAction(action));
    node.dataset.action = action;
    return node;
  });
  const backButton = T.button("back", () => movedTo(actions.slice(0, -1)));
  const restartButton = T.button("restart", () => movedTo(""));
  const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
  const figure = T.element("div", { class: "twin-panel twin-wide-panel" });
  root.append(T.row(dealMenu.node, endingMenu.node), T.row(...actionButtons, backButton, restartButton),
    status, T.element("div", { class: "twin-panels" }, figure));

  const current = () => lookup.get(`${deal}|${actions}`);

  function onDeal(value) {
    deal = value;
    if (current() === undefined) actions = ""; // the same public actions may not exist in every deal
    draw();
  }

  function movedTo(actionsNow) {
    actions = actionsNow;
    endingMenu.menu.value = ""; // as the app: a move leaves the ending menu at "step by step"
    draw();
  }

  function onAction(action) {
    const node = nodes[current()];
    const child = (node.children || []).find((c) => c.action === action);
    if (child) movedTo(nodes[child.node].actions);
  }

  // ----- The tree, drawn once; the path and the information set drawn anew on each move -------

  const columnWidth = 150, rowHeight = 18, left = 84, top = 66, radius = 7.5;
  const width = left + columnWidth * Math.max(...data.columns.map(([x]) => x)) + 56;
  const legendY = top + rowHeight * (data.rows - 1) + 34;
  const height = legendY + 30;
  const px = (x) => left + columnWidth * x;
  const py = (y) => top - rowHeight * y;
  const tree = T.svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "twin-plot twin-tree twin-wide", role: "img" });
  const layer = (name) => { const g = T.svg("g", { class: name }); tree.append(g); return g; };
  const edges = layer("twin-tree-edges"), path = layer("twin-tree-path"), marks = layer("twin-tree-nodes");
  const overlay = layer("twin-tree-overlay"), labels = layer("twin-tree-labels");

  function text(parentNode, x, y, content, { fill, ...attributes } = {}) {
    const node = T.svg("text", { x, y, class: "twin-plot-text", ...attributes });
    if (fill) node.style.fill = fill; // over the class's colour of plain text
    node.textContent = content;
    parentNode.append(node);
    return node;
  }
  const elbow = (from, to, attributes) => T.svg("path", {
    d: `M${px(from[0])},${py(from[1])}V${py(to[1])}H${px(to[0])}`, fill: "none", ...attributes,
  });

  const heading = text(tree, width / 2, 20, "", { class: "twin-plot-text twin-plot-title", "text-anchor": "middle" });
  for (const [x, name] of data.columns) {
    text(tree, px(x), 46, name, { class: "twin-plot-text twin-tree-heading", "text-anchor": "middle" });
  }
  // The chance node, its edges to the deals, each deal's cards on its edge.
  const chance = data.chance;
  data.roots.forEach((r, i) => {
    const rootNode = nodes[r];
    edges.append(elbow(chance, [rootNode.x, rootNode.y], { stroke: data.chance_colour, "stroke-width": 1.3 }));
    const label = text(labels, px(chance[0]) + 9, py(rootNode.y) - 3, "", { class: "twin-plot-text twin-tree-deal" });
    const [first, second] = data.deals[i].cards;
    label.append(tspan(first, colours[1]), tspan(" vs "), tspan(second, colours[2]));
  });
  function tspan(content, colour) {
    const node = T.svg("tspan", colour ? { fill: colour, "font-weight": "bold" } : {});
    node.textContent = content;
    return node;
  }
  const [cx, cy] = [px(chance[0]), py(chance[1])];
  const diamond = `M${cx - 9},${cy}L${cx},${cy - 9}L${cx + 9},${cy}L${cx},${cy + 9}Z`;
  marks.append(T.svg("path", { d: diamond, fill: data.chance_colour }));
  const same = new Set(data.deals.map((d) => d.probability)).size === 1;
  text(labels, cx - 13, cy - 3, same ? "each deal" : "deal", { "text-anchor": "end", fill: data.chance_colour });
  if (same) {
    text(labels, cx - 13, cy + 12, data.deals[0].probability, { "text-anchor": "end", fill: data.chance_colour });
  }

  const gap = radius + 3;
  nodes.forEach((node, i) => {
    const x = px(node.x), y = py(node.y);
    if (node.children) {
      node.children.forEach((c, number) => {
        const child = nodes[c.node];
        edges.append(elbow([node.x, node.y], [child.x, child.y], { class: "twin-tree-edge" }));
        const above = number < node.children.length - 1 || node.children.length === 1;
        text(labels, x + gap, py(child.y) + (above ? -3 : 11), c.action, { class: "twin-plot-text twin-tree-small" });
      });
      const circle = T.svg("circle", { cx: x, cy: y, r: radius, fill: colours[node.player], "data-node": i });
      circle.append(Object.assign(T.svg("title"), { textContent: `${node.label} (information set ${node.key})` }));
      marks.append(circle);
      text(marks, x, y + 3.5, String(node.player), { class: "twin-tree-player", "text-anchor": "middle" });
      text(labels, x - 0.75 * gap, y + 0.75 * gap + 8, node.key, {
        class: "twin-plot-text twin-tree-small", "text-anchor": "end", fill: colours[node.player],
      });
    } else {
      const square = { x: x - 4, y: y - 4, width: 8, height: 8, class: "twin-tree-terminal", "data-node": i };
      marks.append(T.svg("rect", square));
      const payoff = node.payoff;
      const shown = `${payoff < 0 ? "−" : "+"}${T.general(Math.abs(payoff), 6)}`;
      text(labels, x + gap, y + 4.5, shown, {
        class: "twin-plot-text twin-tree-payoff",
        fill: payoff > 0 ? colours[1] : payoff < 0 ? colours[2] : "currentColor",
      });
      text(labels, x - gap, y - 2, node.actions, {
        class: "twin-plot-text twin-tree-small twin-tree-muted", "text-anchor": "end",
      });
    }
  });

  // The legend, below the tree, as the figure's.
  const legend = T.svg("g", { class: "twin-tree-legend" });
  tree.append(legend);
  figure.append(tree);

  function drawLegend(key) {
    const entries = [
      ...data.players.map((p) => ({ label: `player ${p} decides`, mark: "node", colour: colours[p] })),
      { label: "end of the hand", mark: "terminal" },
      { label: "what happened", mark: "path" },
    ];
    if (key) {
      const colour = colours[nodes[data.info_sets[key][0]].player];
      entries.push({ label: `information set ${key}`, mark: "ring", colour });
    }
    legend.replaceChildren();
    const spacing = (width - 40) / entries.length;
    entries.forEach((entry, k) => {
      const x = 20 + k * spacing, y = legendY;
      const mark = {
        node: () => T.svg("circle", { cx: x + 8, cy: y, r: 6, fill: entry.colour }),
        terminal: () => T.svg("rect", { x: x + 4, y: y - 4, width: 8, height: 8, class: "twin-tree-terminal" }),
        path: () => T.svg("line", { x1: x, x2: x + 18, y1: y, y2: y, class: "twin-tree-path-line" }),
        ring: () => T.svg("circle", { cx: x + 8, cy: y, r: 7, class: "twin-tree-ring", stroke: entry.colour }),
      }[entry.mark];
      legend.append(mark());
      text(legend, x + 22, y + 4, entry.label);
    });
  }

  // ----- What changes with the reader's moves --------------------------------------------------

  function pathTo(i) {
    const on = [i];
    while (parent.has(on[0])) on.unshift(parent.get(on[0]));
    return on;
  }

  function drawOverlay(i) {
    path.replaceChildren();
    overlay.replaceChildren();
    const on = pathTo(i);
    on.forEach((n, k) => {
      const from = k ? [nodes[on[k - 1]].x, nodes[on[k - 1]].y] : chance, to = nodes[n];
      path.append(elbow(from, [to.x, to.y], { class: "twin-tree-path-line", "data-to": to.label }));
    });
    const node = nodes[i];
    overlay.append(T.svg("circle", { cx: px(node.x), cy: py(node.y), r: radius + 4, class: "twin-tree-highlight" }));
    if (!node.children) return [];
    const members = data.info_sets[node.key];
    const colour = colours[node.player];
    for (const m of members) {
      const [x, y] = [px(nodes[m].x), py(nodes[m].y)];
      const ring = { cx: x, cy: y, r: radius + 2.5, class: "twin-tree-ring", stroke: colour, "data-node": m };
      overlay.append(T.svg("circle", ring));
    }
    if (members.length > 1) {
      const x = px(nodes[members[0]].x - 0.3);
      const ys = members.map((m) => py(nodes[m].y));
      const [low, high] = [Math.min(...ys), Math.max(...ys)];
      const line = (x1, x2, y1, y2, dashes = "none") => overlay.append(T.svg("line", {
        x1, x2, y1, y2, class: "twin-tree-bracket", stroke: colour, "stroke-dasharray": dashes,
      }));
      line(x, x, low, high, "6 4");
      for (const y of ys) line(x, px(nodes[members[0]].x - 0.1), y, y);
      const middle = (low + high) / 2;
      text(overlay, x - 6, middle, node.key, {
        class: "twin-plot-text twin-tree-key", fill: colour, "text-anchor": "middle",
        transform: `rotate(-90 ${x - 6} ${middle})`,
      });
    }
    return members.map((m) => nodes[m].label);
  }

  let ringed = [];

  function draw() {
    const i = current();
    const node = nodes[i];
    for (const b of actionButtons) {
      const child = (node.children || []).find((c) => c.action === b.dataset.action);
      b.disabled = !child;
      if (child) b.textContent = child.button; // a disabled button keeps its last name, as the app's
    }
    backButton.disabled = !actions;
    dealMenu.menu.value = String(deal);
    heading.textContent = `${node.label}: the path so far in the whole tree`;
    tree.setAttribute("aria-label", heading.textContent);
    ringed = drawOverlay(i);
    drawLegend(node.key);
    status.innerHTML = node.status;
  }

  function state() {
    const node = nodes[current()];
    return {
      deal,
      deal_name: data.deals[deal].name,
      actions,
      label: node.label,
      terminal: !node.children,
      key: node.key || null,
      payoff: node.children ? null : node.payoff,
      path: [...path.children].map((edge) => edge.dataset.to),
      ringed,
      title: heading.textContent,
      legend: [...legend.querySelectorAll("text")].map((t) => t.textContent),
      buttons: [...actionButtons, backButton, restartButton]
        .map((b) => ({ label: b.textContent, disabled: b.disabled })),
      ending: endingMenu.menu.value,
      status: status.textContent,
      status_html: status.innerHTML,
    };
  }

  draw();
  return { state };
});
