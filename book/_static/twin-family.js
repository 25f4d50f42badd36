// The in-page twin of widgets.family_explorer() (lessons_lib/widgets/kuhn_family.py): a slider over
// Kuhn's equilibrium family, alpha in [0, 1/3] in steps of 1/60; the status line with the member's
// mixed probabilities, its bluff share, exploitability and value; the figure of the family and of
// the member (lessons_lib.plots.kuhn_family.family_figure). DATA (kuhn_family.family_data) brings
// the slider's positions, the library's exploitability at each, the figure's words and colours.

"use strict";

BookTwins.register("family", (root, data) => {
  const T = BookTwins;
  const colours = data.player_colours, grey = data.reference_colour;
  const words = data.figure;
  const moving = new Set(data.mixed_decisions);
  const third = 1 / 3;
  const tenths = [0, 0.2, 0.4, 0.6, 0.8, 1].map((v) => [v, T.pythonFixed(v, 1)]);

  // P(b | key) of the member alpha, as lessons_lib.kuhn_equilibria computes it.
  function betProbabilities(alpha) {
    return {
      "J:": alpha, "Q:": 0, "K:": 3 * alpha,
      "J:p": third, "Q:p": 0, "K:p": 1,
      "J:b": 0, "Q:b": third, "K:b": 1,
      "J:pb": 0, "Q:pb": alpha + third, "K:pb": 1,
    };
  }

  function member(alpha) {
    const bets = betProbabilities(alpha), policy = {};
    for (const [key] of data.info_sets) policy[key] = [1 - bets[key], bets[key]];
    return policy;
  }

  // The slider: positions 0..20, each one of the library's alphas (k / 60).
  const id = `twin-${Math.random().toString(36).slice(2)}`;
  const input = T.element("input", {
    id, type: "range", min: 0, max: data.alphas.length - 1, step: 1, value: data.start,
  });
  const readout = T.element("output", { for: id });
  const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
  const figureBox = T.element("div", { class: "twin-panel" });
  root.append(
    T.row(T.element("label", { for: id, class: "twin-label" }, data.slider_label, " ", input, readout)),
    status,
    T.element("div", { class: "twin-panels" }, figureBox),
  );
  input.addEventListener("input", () => draw());

  function state() {
    const position = Number(input.value);
    const alpha = data.alphas[position];
    const policy = member(alpha);
    const bluff = policy["J:"][1], valueBet = policy["K:"][1];
    return {
      position,
      alpha,
      policy,
      bluff,
      value_bet: valueBet,
      queen_call: policy["Q:pb"][1],
      bluff_share: bluff + valueBet > 0 ? bluff / (bluff + valueBet) : null,
      exploitability: data.exploitability[position],
      exploitability_port: T.exploitability(policy),
      value: T.expectedValue(policy),
      member_title: `The member α = ${T.pythonFixed(alpha, 3)}`,
      bar_labels: data.info_sets.map(([key]) => T.pythonFixed(policy[key][1], 2)),
      readout: readout.textContent,
      status: status.textContent,
      status_html: status.innerHTML,
    };
  }

  // The app's status line (kuhn_family._status), word for word.
  function statusHtml(s) {
    const f3 = (x) => T.pythonFixed(x, 3);
    const lines = [
      `α = ${f3(s.alpha)}: player 1 bluffs the jack with ${f3(s.bluff)}, bets the king with ` +
        `3α = ${f3(s.value_bet)} and calls a bet with the queen with α + 1/3 = ${f3(s.queen_call)}.`,
    ];
    if (s.bluff_share !== null) {
      lines.push(`Of the bets a queen faces, ${f3(s.bluff_share)} are bluffs (the jack and the king ` +
        "are equally likely to be opposite her).");
    } else {
      lines.push("At α = 0 player 1 never bets first: no bluffs and no value bets.");
    }
    const rounding = Math.abs(s.exploitability) < 1e-12 ? " (zero up to rounding)" : "";
    lines.push(`Exploitability ${T.exponential(s.exploitability, 1)} chips per hand${rounding}; ` +
      `player 1's expected value ${T.pythonFixed(s.value, 4, true)} chips per hand.`);
    return lines.join("<br>");
  }

  // lessons_lib.plots.kuhn_family.family_figure: the family (left) and the member (right).
  function drawFigure(s) {
    const plot = T.figure({ width: 890, height: 470, title: words.suptitle });
    const [familyWords, memberWords] = words.axes;
    const family = plot.axes({
      box: [66, 52, 340, 330], title: familyWords.title, xLabel: familyWords.xlabel,
      yLabel: familyWords.ylabel,
      x: { range: [-0.02, third + 0.02], ticks: [0, 1, 2, 3, 4, 5, 6, 7].map((k) => [k * 0.05, T.pythonFixed(k * 0.05, 2)]) },
      y: { range: [-0.05, 1.08], ticks: tenths },
    });
    family.span(0, third, { colour: grey, opacity: 0.13 });
    const grid = Array.from({ length: 101 }, (_, k) => (third * k) / 100);
    const members = grid.map(member);
    const styles = ["solid", "dashed", "dotted"];
    data.mixed_decisions.forEach((key, k) => {
      family.line(grid.map((a, n) => [a, members[n][key][1]]), { colour: colours[1], style: styles[k], name: key });
    });
    family.line([[s.alpha, -1], [s.alpha, 2]], { colour: grey, style: "dashed", width: 1, name: "member" });
    family.markers(data.mixed_decisions.map((key) => [s.alpha, s.policy[key][1]]), { colour: colours[1], radius: 5, name: "member" });
    family.legend([
      { label: familyWords.legend[0], colour: grey, kind: "patch", opacity: 0.25 },
      ...data.mixed_decisions.map((key, k) => ({ label: familyWords.legend[k + 1], colour: colours[1], style: styles[k] })),
    ], "upper left");

    const bars = plot.axes({
      box: [530, 52, 345, 300], title: s.member_title, xLabel: memberWords.xlabel,
      yLabel: memberWords.ylabel,
      x: { range: [-0.6, data.info_sets.length - 0.4], ticks: data.info_sets.map(([key], k) => [k, key]), rotate: true },
      y: { range: [0, 1.18], ticks: tenths },
    });
    data.info_sets.forEach(([key, player], k) => {
      const height = s.policy[key][1];
      bars.bar(k, 0.75, height, { colour: colours[player], hatched: moving.has(key), name: key });
      bars.text(bars.sx(k), bars.sy(height + 0.02) - 2, s.bar_labels[k], { "text-anchor": "middle", class: "twin-plot-text twin-bar-label" });
    });
    bars.legend([
      { label: memberWords.legend[0], colour: colours[1], kind: "patch" },
      { label: memberWords.legend[1], colour: colours[2], kind: "patch" },
      { label: memberWords.legend[2], colour: colours[1], kind: "hatch" },
    ], "upper left", 3);
    figureBox.replaceChildren(plot.node);
  }

  function draw() {
    const s = state();
    readout.textContent = T.pythonFixed(s.alpha, 3);
    input.setAttribute("aria-valuetext", `α = ${readout.textContent}`);
    status.innerHTML = statusHtml(s);
    drawFigure(s);
  }

  draw();
  return { state };
});
