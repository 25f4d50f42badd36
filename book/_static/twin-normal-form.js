// The in-page twins of Chapter 1's three demos (lessons_lib/widgets/normal_form.py):
//   "self-play"       self_play_explorer(): two regret matchers, the simplex and the exploitability;
//   "fixed-opponent"  fixed_opponent_explorer(): a regret matcher against a mix the reader sets;
//   "play-bot"        play_against_bot(): the reader plays a regret-matching bot, round by round.
// DATA (matrix_game_data and bot_data in that module) brings the game, the sliders, the colours.
// The regret matching is the runtime's (BookTwins.regretMatching); around it, the library's order
// of operations: self_play's plain-float loop, numpy's reductions (numpy's summation order,
// ported below) and math.fsum (correctly rounded), so the numbers are the library's to the bit.

"use strict";

const NormalFormTwins = (() => {
  const T = BookTwins;

  // ----- Sums in the library's orders --------------------------------------------------------

  // numpy's pairwise summation of a contiguous float64 run (numpy/_core/src/umath/loops_utils.h).
  function pairwise(values, start, n) {
    if (n < 8) {
      let sum = 0;
      for (let i = start; i < start + n; i++) sum += values[i];
      return sum;
    }
    if (n <= 128) {
      const r = values.slice(start, start + 8);
      let i = 8;
      for (; i < n - (n % 8); i += 8) for (let j = 0; j < 8; j++) r[j] += values[start + i + j];
      let sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++) sum += values[start + i];
      return sum;
    }
    let half = Math.floor(n / 2);
    half -= half % 8;
    return pairwise(values, start, half) + pairwise(values, start + half, n - half);
  }

  // np.add.reduce (and .sum()) of a float64 vector: the pairwise sum of all its elements.
  const addReduce = (values) => pairwise(values, 0, values.length);

  // Python's math.fsum, from the runtime.
  const fsum = T.fsum;

  // lessons_lib.sums: sum_of_products (fsum of the products) and matrix_vector (M x, row by row).
  function sumOfProducts(x, y) {
    const products = new Array(x.length);
    for (let k = 0; k < x.length; k++) products[k] = x[k] * y[k];
    return fsum(products);
  }
  const transpose = (matrix) => matrix[0].map((_, j) => matrix.map((row) => row[j]));

  // ----- Numbers as Python prints them -------------------------------------------------------

  // f"{x:.{digits}f}" and f"{x:+.{digits}f}", to the last character (the runtime's pythonFixed).
  const pyFixed = (x, digits) => T.pythonFixed(x, digits);
  const pySigned = (x, digits) => T.pythonFixed(x, digits, true);
  const pyGeneral = (x, digits) => T.general(x, digits);

  // ----- Regret matching (lessons_lib.regret_matching) ----------------------------------------

  // regret_matching, the runtime's (its sum in the library's order, first action to last).
  const regretMatching = T.regretMatching;

  const matrixVector = (matrix, vector) => matrix.map((row) => rowTimes(row, vector));

  // Python's sum(map(mul, x, y)): the products added in order, from 0.
  function dot(x, y) {
    let sum = 0;
    for (let k = 0; k < x.length; k++) sum += x[k] * y[k];
    return sum;
  }

  // _running_mean: the cumulative sums (in order) over the round counts.
  function runningMean(rows) {
    const n = rows.length ? rows[0].length : 0, total = new Array(n).fill(0), means = new Array(rows.length);
    for (let t = 0; t < rows.length; t++) {
      const mean = new Array(n);
      for (let k = 0; k < n; k++) mean[k] = (total[k] += rows[t][k]) / (t + 1);
      means[t] = mean;
    }
    return means;
  }

  // sum_j row_j x_j as matrix_vector forms it: the products, then numpy's sum (in order below 8).
  function rowTimes(row, x) {
    if (row.length >= 8) return addReduce(row.map((m, j) => m * x[j]));
    let sum = 0;
    for (let j = 0; j < row.length; j++) sum += row[j] * x[j];
    return sum;
  }

  // self_play: both players' strategies, the averages and player 1's expected payoff per round.
  function selfPlay(payoffs, rounds, start1, start2) {
    const columns = transpose(payoffs), n = payoffs.length, m = columns.length;
    const regret1 = start1.slice(), regret2 = start2.slice();
    const played1 = [], played2 = [], payoff = [];
    const values1 = new Array(n), values2 = new Array(m);
    for (let t = 0; t < rounds; t++) {
      const sigma = regretMatching(regret1), tau = regretMatching(regret2);
      for (let a = 0; a < n; a++) values1[a] = dot(payoffs[a], tau); // (A tau)_a
      for (let b = 0; b < m; b++) values2[b] = -dot(columns[b], sigma); // -(sigma A)_b
      const value = dot(sigma, values1); // sigma A tau
      for (let a = 0; a < n; a++) regret1[a] = regret1[a] + values1[a] - value;
      for (let b = 0; b < m; b++) regret2[b] = regret2[b] + values2[b] + value;
      played1.push(sigma);
      played2.push(tau);
      payoff.push(value);
    }
    return { current: { 1: played1, 2: played2 }, average: { 1: runningMean(played1), 2: runningMean(played2) }, payoff };
  }

  // Trajectory.exploitability: 1/2 (max_a (A tau_t)_a + max_b -(sigma_t A)_b) after each round.
  function exploitabilities(payoffs, average) {
    const columns = transpose(payoffs);
    return average[1].map((sigma, t) => {
      let best1 = -Infinity, best2 = -Infinity;
      for (const row of payoffs) best1 = Math.max(best1, rowTimes(row, average[2][t]));
      for (const column of columns) best2 = Math.max(best2, -rowTimes(column, sigma));
      return 0.5 * (best1 + best2);
    });
  }

  // RegretMatcher: cumulative regrets, strategy() and observe(values).
  class RegretMatcher {
    constructor(n) {
      this.regret = new Array(n).fill(0);
      this.rounds = 0;
    }

    strategy() {
      return regretMatching(this.regret);
    }

    // Play sigma (the current strategy, unless given) against `values`; return sigma's value.
    observe(values, sigma = this.strategy()) {
      const value = sumOfProducts(sigma, values);
      for (let k = 0; k < values.length; k++) this.regret[k] += values[k] - value;
      this.rounds += 1;
      return value;
    }
  }

  // learn_against_fixed (player 1): the learner's strategies, their averages and its payoffs.
  function learnAgainstFixed(payoffs, opponent, rounds) {
    const values = matrixVector(payoffs, opponent);
    const learner = new RegretMatcher(values.length);
    const current = [], payoff = [];
    for (let t = 0; t < rounds; t++) {
      const sigma = learner.strategy();
      current.push(sigma);
      payoff.push(learner.observe(values, sigma)); // sigma's value: the same fsum as the payoff's
    }
    let total = 0;
    const meanPayoff = payoff.map((p, t) => (total += p) / (t + 1));
    return { current, average: runningMean(current), payoff, meanPayoff };
  }

  // best_response(game, 1, opponent): the largest action value (ties to the first action).
  function bestResponse(payoffs, opponent) {
    const values = matrixVector(payoffs, opponent);
    let best = 0;
    for (let a = 1; a < values.length; a++) if (values[a] > values[best]) best = a;
    return { value: values[best], action: best };
  }

  // ----- Figures (lessons_lib.plots.normal_form), drawn as SVG --------------------------------

  const svg = T.svg;

  const path = (points) => points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

  // Round tick positions between low and high (about `count` of them).
  function ticks(low, high, count) {
    const raw = (high - low) / count, power = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
    const first = Math.ceil(low / step - 1e-9) * step, marks = [];
    for (let x = first; x <= high + step * 1e-9; x += step) marks.push(Number(x.toPrecision(12)));
    return marks;
  }

  const tickText = (x) => (Math.abs(x) >= 1000 ? T.grouped(x) : String(Number(x.toFixed(6))));

  // A legend: one line per entry ({label, colour, width, dashed, marker}), at (x, y) downward,
  // or all on one line (`across`), as matplotlib's legend with one column per entry.
  function legend(plot, x0, y, entries, across = false) {
    let x = x0;
    entries.forEach(({ label, colour, width = 2, dashed, marker }, k) => {
      const cy = across ? y : y + 17 * k;
      if (across && k > 0) x += 40 + 6.5 * entries[k - 1].label.length;
      if (marker === "square") {
        plot.append(svg("rect", { x: x + 7, y: cy - 9, width: 9, height: 9, stroke: colour, "stroke-width": 2, class: "twin-hollow" }));
      } else {
        plot.append(svg("line", { x1: x, x2: x + 24, y1: cy - 4, y2: cy - 4, stroke: colour, "stroke-width": width, "stroke-dasharray": dashed ? "6 4" : "none" }));
      }
      plot.append(svg("text", { x: x + 30, y: cy, class: "twin-plot-text twin-legend" }, label));
    });
  }

  // A plot with a linear y axis and a linear or logarithmic x axis: lines, dashed levels, legend.
  function linePlot({ title, xLabel, yLabel, xRange, yRange, xLog = false, yTicks, lines, levels = [], width = 460, height = 340, legendBelow = false }) {
    const left = 64, right = 24, top = 32, bottom = 50;
    const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "twin-plot", role: "img", "aria-label": title });
    const fx = xLog ? Math.log10 : (x) => x;
    const [x0, x1] = xRange.map(fx), [y0, y1] = yRange;
    const sx = (x) => left + ((fx(x) - x0) / (x1 - x0)) * (width - left - right);
    const sy = (y) => top + ((y1 - y) / (y1 - y0)) * (height - top - bottom);
    plot.append(svg("rect", { x: left, y: top, width: width - left - right, height: height - top - bottom, class: "twin-plot-frame" }));
    const xMarks = xLog ? [] : ticks(xRange[0], xRange[1], 5);
    if (xLog) for (let k = Math.ceil(x0); k <= Math.floor(x1); k++) xMarks.push(10 ** k);
    for (const x of xMarks) {
      plot.append(svg("line", { x1: sx(x), x2: sx(x), y1: top, y2: height - bottom, class: "twin-plot-grid" }));
      const label = xLog ? (x === 1 ? "1" : `10${[...String(Math.round(Math.log10(x)))].map((c) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[c]).join("")}`) : tickText(x);
      plot.append(svg("text", { x: sx(x), y: height - bottom + 17, "text-anchor": "middle", class: "twin-plot-text" }, label));
    }
    for (const y of yTicks || ticks(y0, y1, 5)) {
      plot.append(svg("line", { x1: left, x2: width - right, y1: sy(y), y2: sy(y), class: "twin-plot-grid" }));
      plot.append(svg("text", { x: left - 6, y: sy(y) + 4, "text-anchor": "end", class: "twin-plot-text" }, tickText(y)));
    }
    plot.append(svg("text", { x: left + (width - left - right) / 2, y: height - 10, "text-anchor": "middle", class: "twin-plot-text" }, xLabel));
    const middle = top + (height - top - bottom) / 2;
    plot.append(svg("text", { x: 14, y: middle, "text-anchor": "middle", transform: `rotate(-90 14 ${middle})`, class: "twin-plot-text" }, yLabel));
    plot.append(svg("text", { x: width / 2, y: 20, "text-anchor": "middle", class: "twin-plot-text twin-plot-title" }, title));
    const clipY = (y) => Math.min(Math.max(y, y0), y1);
    for (const { y, colour, dotted } of levels) {
      plot.append(svg("line", { x1: left, x2: width - right, y1: sy(y), y2: sy(y), stroke: colour, "stroke-width": 1.4, "stroke-dasharray": dotted ? "2 3" : "6 4" }));
    }
    for (const { points, colour, width: lineWidth = 2 } of lines) {
      plot.append(svg("polyline", { points: path(points.map(([x, y]) => [sx(x), sy(clipY(y))])), fill: "none", stroke: colour, "stroke-width": lineWidth }));
    }
    const entries = [...lines, ...levels.map((l) => ({ ...l, dashed: true, width: 1.4 }))];
    // Where the lines are not: the top left, or the bottom right for a curve that rises.
    if (legendBelow) legend(plot, width - right - 210, height - bottom - 12 - 17 * (entries.length - 1), entries);
    else legend(plot, left + 10, top + 18, entries);
    return plot;
  }

  // The points of a long series worth drawing: every one for short series, else about 2,000
  // spread evenly (or geometrically on a log axis), always with the first and the last.
  function thinned(values, xLog) {
    const n = values.length, keep = 2000;
    if (n <= keep) return values.map((y, t) => [t + 1, y]);
    const rounds = new Set([1, n]);
    for (let k = 0; k < keep; k++) rounds.add(Math.round(xLog ? n ** (k / keep) : 1 + (k * (n - 1)) / keep));
    return [...rounds].sort((a, b) => a - b).map((t) => [t, values[t - 1]]);
  }

  // strategy_bars_figure: one group per action, one bar per named strategy, labelled to 2 digits.
  function barsFigure(strategies, actions, title) {
    const width = 460, height = 300, left = 50, right = 10, top = 32, bottom = 34;
    const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "twin-plot", role: "img", "aria-label": title });
    const sy = (p) => top + ((1.25 - p) / 1.25) * (height - top - bottom); // room for the legend
    const group = (width - left - right) / actions.length, barWidth = (0.8 * group) / strategies.length;
    plot.append(svg("rect", { x: left, y: top, width: width - left - right, height: height - top - bottom, class: "twin-plot-frame" }));
    for (const p of [0, 0.2, 0.4, 0.6, 0.8, 1]) {
      plot.append(svg("line", { x1: left, x2: width - right, y1: sy(p), y2: sy(p), class: "twin-plot-grid" }));
      plot.append(svg("text", { x: left - 6, y: sy(p) + 4, "text-anchor": "end", class: "twin-plot-text" }, p.toFixed(1)));
    }
    actions.forEach((action, a) => {
      const centre = left + group * (a + 0.5);
      plot.append(svg("text", { x: centre, y: height - bottom + 18, "text-anchor": "middle", class: "twin-plot-text" }, action));
      strategies.forEach(({ values, colour }, k) => {
        const x = centre + (k - (strategies.length - 1) / 2) * barWidth - barWidth / 2;
        plot.append(svg("rect", { x, y: sy(values[a]), width: barWidth, height: sy(0) - sy(values[a]), fill: colour, class: "twin-bar-rect" }));
        plot.append(svg("text", { x: x + barWidth / 2, y: sy(values[a]) - 4, "text-anchor": "middle", class: "twin-plot-text twin-bar-label" }, pyFixed(values[a], 2)));
      });
    });
    const middle = top + (height - top - bottom) / 2;
    plot.append(svg("text", { x: 14, y: middle, "text-anchor": "middle", transform: `rotate(-90 14 ${middle})`, class: "twin-plot-text" }, "probability"));
    plot.append(svg("text", { x: width / 2, y: 20, "text-anchor": "middle", class: "twin-plot-text twin-plot-title" }, title));
    legend(plot, left + 10, top + 13, strategies.map(({ label, colour }) => ({ label, colour, width: 8 })), true);
    return plot;
  }

  // The simplex panel of simplex_figure: the current and average paths of a three-action player.
  const CORNERS = [[0.5, Math.sqrt(3) / 2], [0, 0], [1, 0]];
  function simplexCoordinates(p) {
    return [0, 1].map((axis) => p[0] * CORNERS[0][axis] + p[1] * CORNERS[1][axis] + p[2] * CORNERS[2][axis]);
  }

  function simplexPanel(current, average, actions, colours) {
    const width = 420, height = 400, scale = 300, left = 60, top = 48;
    const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "twin-plot twin-simplex", role: "img", "aria-label": "on the simplex" });
    const at = ([x, y]) => [left + scale * x, top + scale * (CORNERS[0][1] - y)];
    plot.append(svg("polygon", { points: path(CORNERS.map(at)), fill: "none", stroke: colours.outline, "stroke-width": 0.8 }));
    const offsets = [[0, 0.05], [-0.04, -0.06], [0.04, -0.06]];
    CORNERS.forEach(([x, y], k) => {
      const [px, py] = at([x + offsets[k][0], y + offsets[k][1]]);
      plot.append(svg("text", { x: px, y: py + 4, "text-anchor": "middle", class: "twin-plot-text" }, `always ${actions[k]}`));
    });
    plot.append(svg("text", { x: width / 2, y: 18, "text-anchor": "middle", class: "twin-plot-text" }, "on the simplex"));
    const step = Math.max(1, Math.ceil(current.length / 3000)); // 20,000 rounds: every 7th point
    const pick = (rows) => rows.filter((_, t) => t % step === 0 || t === rows.length - 1);
    plot.append(svg("polyline", { points: path(pick(current).map((p) => at(simplexCoordinates(p)))), fill: "none", stroke: colours.current, "stroke-width": 1.6, "stroke-opacity": 0.85, class: "twin-current-path" }));
    plot.append(svg("polyline", { points: path(pick(average).map((p) => at(simplexCoordinates(p)))), fill: "none", stroke: colours.average, "stroke-width": 2.2, class: "twin-average-path" }));
    const [ex, ey] = at(simplexCoordinates(average[average.length - 1]));
    plot.append(svg("circle", { cx: ex, cy: ey, r: 4.5, fill: colours.average }));
    const [sx, sy] = at(simplexCoordinates(current[0]));
    plot.append(svg("rect", { x: sx - 4.5, y: sy - 4.5, width: 9, height: 9, stroke: colours.current, "stroke-width": 2, class: "twin-hollow" }));
    legend(plot, left, top + scale * CORNERS[0][1] + 44, [
      { label: "current strategy σᵗ", colour: colours.current, width: 1.6 },
      { label: "average strategy σ̄ᵀ", colour: colours.average, width: 2.2 },
      { label: "start", colour: colours.current, marker: "square" },
    ]);
    return plot;
  }

  // ----- Controls --------------------------------------------------------------------------------

  // The app's sliders, in its order, each read out as the app's (".2f": 0.50); `onInput` gets the
  // values by name.
  function sliders(data, onInput) {
    const made = {};
    for (const spec of data.sliders) {
      const digits = /^\.(\d)f$/.exec(spec.readout);
      const slider = T.slider(spec.label, spec.min, spec.max, spec.step, spec.value, () => {
        if (digits) shown.textContent = pyFixed(Number(slider.input.value), Number(digits[1]));
        onInput(values());
      });
      const shown = slider.node.querySelector("output");
      if (digits) shown.textContent = pyFixed(spec.value, Number(digits[1]));
      made[spec.name] = slider;
    }
    function values() {
      const out = {};
      for (const name of Object.keys(made)) out[name] = Number(made[name].input.value);
      return out;
    }
    return { nodes: Object.values(made).map((s) => s.node), values, inputs: made };
  }

  const plain = (html) => html.replace(/<\/?b>/g, "");

  // The explorers' frame: the sliders in a row, the status line, two panels (extra class `kind`).
  function layout(root, data, onInput, kind) {
    const controls = sliders(data, onInput);
    const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
    const boxes = [0, 1].map(() => T.element("div", { class: `twin-panel ${kind}`.trim() }));
    root.append(T.row(...controls.nodes), status, T.element("div", { class: "twin-panels" }, ...boxes));
    return { controls, status, boxes };
  }

  // ----- The twins ------------------------------------------------------------------------------

  T.register("self-play", (root, data) => {
    const { controls, status, boxes: [simplexBox, convergenceBox] } = layout(root, data, () => draw(), "twin-full-row");
    let computed;

    function compute() {
      const values = controls.values();
      const n = data.row_actions.length, m = data.column_actions.length;
      const start1 = new Array(n).fill(0), start2 = new Array(m).fill(0);
      start1[0] = values.bias_1;
      start2[0] = values.bias_2;
      const run = selfPlay(data.payoffs, values.rounds, start1, start2);
      run.exploitability = exploitabilities(data.payoffs, run.average);
      return { values, run };
    }

    function draw() {
      computed = compute();
      const { run } = computed, rounds = run.payoff.length;
      const colour = data.player_colours["1"], current = data.current_colour;
      const heading = T.element("div", { class: "twin-figure-title" }, `Player 1 in ${data.game}, ${T.grouped(rounds)} rounds`);
      const end = Math.min(data.series_rounds, rounds), first = data.row_actions[0];
      const series = linePlot({
        title: `the first ${T.grouped(end)} rounds`, xLabel: "round t", yLabel: `probability of ${first}`,
        xRange: [0, end], yRange: [-0.03, 1.25], yTicks: [0, 0.2, 0.4, 0.6, 0.8, 1], width: 420, height: 400,
        lines: [
          { label: `current σᵗ(${first})`, colour: current, width: 1, points: run.current[1].slice(0, end).map((p, t) => [t + 1, p[0]]) },
          { label: `average σ̄ᵗ(${first})`, colour, width: 2.2, points: run.average[1].slice(0, end).map((p, t) => [t + 1, p[0]]) },
        ],
      });
      const simplex = simplexPanel(run.current[1], run.average[1], data.row_actions,
        { current, average: colour, outline: data.outline_colour });
      simplexBox.replaceChildren(heading, T.element("div", { class: "twin-figure-row" }, simplex, series));
      const positive = run.exploitability.filter((e) => e > 0);
      const low = 10 ** Math.floor(Math.log10(Math.min(...positive))), high = 10 ** Math.ceil(Math.log10(Math.max(...positive)));
      const plot = T.logLogPlot({
        title: "Exploitability in self-play", xLabel: "iterations T", yLabel: "exploitability",
        xRange: [1, 10 ** Math.ceil(Math.log10(rounds))], yRange: [low, high === low ? low * 10 : high],
        series: [{ name: "average profile", label: "average profile", colour }],
      });
      plot.setSeries("average profile", thinned(run.exploitability, true));
      convergenceBox.replaceChildren(plot.node);
      const average = run.average[1][rounds - 1].map((p) => pyFixed(p, 3)).join(", ");
      status.innerHTML = `After ${T.grouped(rounds)} rounds player 1's average strategy is (${average}); ` +
        `exploitability ${pyFixed(run.exploitability[rounds - 1], 4)}.`;
    }

    function state() {
      const { values, run } = computed;
      return { ...values, current: run.current, average: run.average, payoff: run.payoff, exploitability: run.exploitability, status: plain(status.innerHTML) };
    }

    draw();
    return { state, draw };
  });

  T.register("fixed-opponent", (root, data) => {
    const { controls, status, boxes: [barsBox, payoffBox] } = layout(root, data, () => draw(), "");
    const colours = data.player_colours;
    let computed;

    function draw() {
      const { rock, paper, rounds } = controls.values();
      const scissors = 1.0 - rock - paper;
      if (scissors < -1e-9) {
        computed = { rock, paper, rounds, valid: false };
        barsBox.replaceChildren(T.element("div", { class: "twin-empty" }));
        payoffBox.replaceChildren(T.element("div", { class: "twin-empty" }));
        status.innerHTML = `<b>rock + paper = ${pyFixed(rock + paper, 2)} exceeds 1</b>: lower one of them.`;
        return;
      }
      let opponent = [rock, paper, Math.max(scissors, 0.0)];
      const total = addReduce(opponent);
      opponent = opponent.map((p) => p / total);
      const run = learnAgainstFixed(data.payoffs, opponent, rounds);
      const best = bestResponse(data.payoffs, opponent);
      const average = run.average[rounds - 1];
      computed = { rock, paper, rounds, valid: true, opponent, best_response_value: best.value, best_response: best.action, ...run };
      barsBox.replaceChildren(barsFigure([
        { label: "opponent (fixed)", values: opponent, colour: colours["2"] },
        { label: "learner's average", values: average, colour: colours["1"] },
      ], data.row_actions, "Regret matching finds the best response"));
      const ys = [...run.meanPayoff, best.value];
      let low = Math.min(...ys), high = Math.max(...ys);
      const pad = Math.max(0.05 * (high - low), 0.01);
      low -= pad;
      high += pad;
      payoffBox.replaceChildren(linePlot({
        title: "Regret matching against a fixed opponent", xLabel: "rounds", yLabel: "mean payoff per round",
        xRange: [1, 10 ** Math.ceil(Math.log10(rounds))], xLog: true, yRange: [low, high],
        lines: [{ label: "player 1's mean payoff", colour: colours["1"], width: 1.8, points: thinned(run.meanPayoff, true) }],
        levels: [{ y: best.value, colour: data.reference_colour, label: `best-response value ${pyGeneral(best.value, 3)}` }],
        legendBelow: true,
      }));
      status.innerHTML = `Opponent plays (${pyFixed(rock, 2)}, ${pyFixed(paper, 2)}, ${pyFixed(scissors, 2)}). ` +
        `Best-response value ${pyFixed(best.value, 3)}; the learner's mean payoff after ${T.grouped(rounds)} rounds is ` +
        `${pyFixed(run.meanPayoff[rounds - 1], 3)}.`;
    }

    const state = () => ({ ...computed, status: plain(status.innerHTML) });
    draw();
    return { state, draw };
  });

  // A small seeded generator (mulberry32): uniform numbers in [0, 1).
  function mulberry32(seed) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  // The bot's draw from `p` as numpy's Generator.choice makes it from a uniform u: the number of
  // cumulative probabilities (normalised by the last) at most u.
  function drawIndex(p, u) {
    let total = 0;
    const cdf = p.map((q) => (total += q));
    return cdf.filter((c) => c / cdf[cdf.length - 1] <= u).length;
  }

  // simulation.mean_and_interval: the mean and z s / sqrt(n), with numpy's sums.
  function meanAndInterval(payoffs, z) {
    const n = payoffs.length, mean = addReduce(payoffs) / n;
    const squares = payoffs.map((x) => (x - mean) * (x - mean));
    const deviation = Math.sqrt(addReduce(squares) / (n - 1));
    return [mean, (z * deviation) / Math.sqrt(n)];
  }

  T.register("play-bot", (root, data) => {
    const actions = data.row_actions, colours = data.player_colours;
    const columns = transpose(data.payoffs);
    let bot;
    const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
    const barsBox = T.element("div", { class: "twin-panel" });
    const moves = actions.map((action) => T.button(action[0].toUpperCase() + action.slice(1), () => play(action)));
    const newGame = T.button("New game", () => start());
    newGame.classList.add("twin-warning");
    root.append(T.row(...moves, newGame), status, T.element("div", { class: "twin-panels" }, barsBox));

    function start() {
      bot = { learner: new RegretMatcher(data.column_actions.length), random: mulberry32(data.seed), counts: actions.map(() => 0), score: { human: 0, draw: 0, bot: 0 }, history: [], uniforms: [], last: "" };
      show();
    }

    function frequencies() {
      const total = bot.counts.reduce((sum, c) => sum + c, 0);
      return total === 0 ? bot.counts.map(() => 1 / bot.counts.length) : bot.counts.map((c) => c / total);
    }

    // RegretMatchingBot.play: draw the bot's move, score the round, learn from the reader's move.
    function play(action) {
      const human = actions.indexOf(action);
      const u = bot.random();
      const move = drawIndex(bot.learner.strategy(), u);
      const payoff = data.payoffs[human][move];
      const oneHot = actions.map((_, a) => (a === human ? 1 : 0));
      bot.learner.observe(matrixVector(columns, oneHot).map((v) => -v));
      bot.counts[human] += 1;
      bot.score[payoff > 0 ? "human" : payoff < 0 ? "bot" : "draw"] += 1;
      const botAction = data.column_actions[move];
      bot.history.push([action, botAction, payoff]);
      bot.uniforms.push(u);
      const verdict = payoff > 0 ? "you win" : payoff < 0 ? "the bot wins" : "a draw";
      bot.last = `You played ${action}, the bot played ${botAction}: ${verdict}. `;
      show();
    }

    function meanLine() {
      const payoffs = bot.history.map(([, , p]) => p);
      if (payoffs.length >= 2) {
        const [mean, half] = meanAndInterval(payoffs, data.z);
        return ` · your mean ${pySigned(mean, 4)} ± ${pyFixed(half, 4)} per round (${Number((100 * data.confidence).toPrecision(6))}% interval)`;
      }
      if (payoffs.length === 1) return ` · your mean ${pySigned(payoffs[0], 4)} per round (an interval needs two rounds)`;
      return "";
    }

    function show() {
      const s = bot.score;
      status.innerHTML = `${bot.last}You ${s.human} · draws ${s.draw} · bot ${s.bot}${meanLine()}`;
      barsBox.replaceChildren(barsFigure([
        { label: "your frequencies", values: frequencies(), colour: colours["1"] },
        { label: "bot's current strategy", values: bot.learner.strategy(), colour: colours["2"] },
      ], actions, `After ${bot.history.length} rounds`));
    }

    function state() {
      const payoffs = bot.history.map(([, , p]) => p);
      const [mean, half_width] = payoffs.length >= 2 ? meanAndInterval(payoffs, data.z) : [null, null];
      return {
        history: bot.history, uniforms: bot.uniforms, score: bot.score, regret: bot.learner.regret,
        strategy: bot.learner.strategy(), human_frequencies: frequencies(), mean, half_width,
        status: plain(status.innerHTML),
      };
    }

    start();
    return { state, play, start };
  });

  return { addReduce, pairwise, fsum, pyFixed, pySigned, mulberry32, drawIndex, meanAndInterval, selfPlay, exploitabilities, learnAgainstFixed };
})();
