// The in-page twin of widgets.counterfactual_explorer() (lessons_lib/widgets/counterfactual.py):
// six sliders set player 2's probability of betting after a check and of calling a bet, at each
// card; a checkbox puts chance's probability into pi_{-1} or leaves it out. Player 1 keeps the
// strategy DATA brings (uniform in the chapter). The page computes the reach probabilities and
// counterfactual values of the profile (BookTwins.counterfactualValues, the library's arithmetic)
// and shows, as the app does, player 1's action values and information-set values, the regrets,
// and the status line listing every regret. DATA (counterfactual_data) also brings the controls'
// labels and ranges and the texts and colours of the app's two figures.

"use strict";

BookTwins.register("counterfactual", (root, data) => {
  const T = BookTwins;
  const probability = {}; // player 2's probability of the second action (bet, call) per key

  // ----- Controls: one slider per information set of player 2, and the checkbox -------------

  const sliders = data.sliders.map((s) => {
    probability[s.key] = s.value;
    const control = T.slider(s.label, s.min, s.max, s.step, s.value, (value) => {
      probability[s.key] = value;
      readout.textContent = value.toFixed(2);
      draw();
    });
    const readout = control.node.querySelector("output");
    readout.textContent = s.value.toFixed(2); // as the app's slider reads it: two decimals
    control.input.dataset.key = s.key;
    return control;
  });
  const id = `twin-${Math.random().toString(36).slice(2)}`;
  const checkbox = T.element("input", { id, type: "checkbox" });
  checkbox.checked = data.include_chance.value;
  checkbox.addEventListener("change", () => draw());
  const chanceControl = T.element("label", { for: id, class: "twin-label" }, checkbox, " ",
    data.include_chance.label);
  const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
  const valuesBox = T.element("div", { class: "twin-panel twin-wide-panel" });
  const regretsBox = T.element("div", { class: "twin-panel twin-wide-panel" });
  // Two columns, as the information sets come: player 2's bets after a check, then the calls.
  const grid = T.element("div", { class: "twin-slider-grid" }, ...sliders.map((s) => s.node));
  grid.style.setProperty("--rows", Math.ceil(sliders.length / 2));
  const panels = T.element("div", { class: "twin-panels" }, valuesBox, regretsBox);
  root.append(grid, T.row(chanceControl), status, panels);

  // ----- Grouped bars (lessons_lib.plots.counterfactual): one group per information set -------

  // Round tick steps of 1, 2, 2.5 or 5 times a power of ten, at most about seven ticks.
  function ticks(low, high) {
    const rough = (high - low) / 6;
    const power = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough);
    const values = [];
    for (let k = Math.ceil(low / step); k * step <= high + 1e-12; k++) values.push(k * step);
    const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9) + (step / power === 2.5 ? 1 : 0));
    return values.map((v) => [v, T.pythonFixed(Math.abs(v) < step / 1e6 ? 0 : v, digits).replace("-", "−")]);
  }

  // A colour at `opacity` over white, made opaque: the bar as the library's figure (white behind it)
  // shows it, which stays as light on a dark page.
  function overWhite(hex, opacity) {
    const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return `rgb(${channels.map((c) => Math.round(opacity * c + (1 - opacity) * 255)).join(",")})`;
  }

  function barChart(box, figure, series, title) {
    const width = 760, height = 330, left = 70, right = 12, top = 34, bottom = 86;
    const keys = data.keys;
    const heights = series.flat();
    const low = Math.min(0, ...heights), high = Math.max(0, ...heights);
    const margin = 0.15 * Math.max(high - low, 1e-9); // room for the labels, as the figure's
    const [y0, y1] = [low - margin, high + margin];
    const plotWidth = width - left - right, plotHeight = height - top - bottom;
    const sx = (x) => left + ((x + 0.6) / (keys.length + 0.2)) * plotWidth;
    const sy = (y) => top + ((y1 - y) / (y1 - y0)) * plotHeight;
    const chart = T.svg("svg", {
      viewBox: `0 0 ${width} ${height}`, class: "twin-plot twin-wide", role: "img", "aria-label": title,
    });
    const text = (x, y, content, attributes = {}) => {
      const node = T.svg("text", { x, y, class: "twin-plot-text", ...attributes });
      node.textContent = content;
      chart.append(node);
      return node;
    };
    const frame = { x: left, y: top, width: plotWidth, height: plotHeight, class: "twin-plot-frame" };
    chart.append(T.svg("rect", frame));
    for (const [value, label] of ticks(y0, y1)) {
      const tick = { x1: left - 4, x2: left, y1: sy(value), y2: sy(value), class: "twin-plot-frame" };
      chart.append(T.svg("line", tick));
      text(left - 7, sy(value) + 4, label, { "text-anchor": "end", class: "twin-plot-text twin-bar-small" });
    }
    const band = 0.8 / series.length;
    series.forEach((values, k) => {
      const offset = (k - (series.length - 1) / 2) * band;
      values.forEach((h, g) => {
        const x = sx(g + offset - band / 2), w = sx(g + offset + band / 2) - x;
        const bar = T.svg("rect", {
          x, width: w, y: Math.min(sy(h), sy(0)), height: Math.abs(sy(h) - sy(0)),
          fill: overWhite(figure.colours[k], figure.opacities[k]), stroke: figure.colours[k], "stroke-width": 0.8,
          class: "twin-bar-rect", "data-key": keys[g], "data-series": k,
        });
        const label = T.pythonFixed(h, 3, true);
        bar.append(Object.assign(T.svg("title"), { textContent: `${keys[g]}, ${figure.legend[k]}: ${label}` }));
        chart.append(bar);
        const above = h >= 0;
        text(x + w / 2, above ? sy(h) - 3 : sy(h) + 10, label, {
          "text-anchor": "middle", class: "twin-plot-text twin-bar-label",
        });
      });
    });
    chart.append(T.svg("line", { x1: left, x2: width - right, y1: sy(0), y2: sy(0), class: "twin-bar-zero" }));
    figure.ticks.forEach((tick, g) => text(sx(g), top + plotHeight + 16, tick, { "text-anchor": "middle" }));
    text(left + plotWidth / 2, top + plotHeight + 36, figure.x_label, { "text-anchor": "middle" });
    const middle = top + plotHeight / 2;
    text(18, middle, figure.y_label, { "text-anchor": "middle", transform: `rotate(-90 18 ${middle})` });
    text(width / 2, 20, title, { "text-anchor": "middle", class: "twin-plot-text twin-plot-title" });
    const slot = Math.min(230, plotWidth / series.length);
    figure.legend.forEach((label, k) => {
      const x = left + plotWidth / 2 + (k - series.length / 2) * slot + 6, y = height - 18;
      const fill = overWhite(figure.colours[k], figure.opacities[k]);
      chart.append(T.svg("rect", { x, y: y - 10, width: 18, height: 11, fill, stroke: figure.colours[k] }));
      text(x + 24, y, label, { class: "twin-plot-text twin-legend-text" });
    });
    box.replaceChildren(chart);
  }

  // ----- What the reader's profile gives ----------------------------------------------------

  let values, policy;

  function compute() {
    policy = { ...data.player_1_policy };
    for (const key of Object.keys(probability)) policy[key] = [1 - probability[key], probability[key]];
    values = T.counterfactualValues(policy, checkbox.checked);
  }

  function statusText() {
    const parts = data.keys.map((key) => {
      const regrets = data.action_names[key]
        .map((name, a) => `${name} ${T.pythonFixed(values.regrets[key][a], 3, true)}`);
      return `<b>${key}</b> ${regrets.join(" / ")}`;
    });
    let best = [data.keys[0], 0];
    for (const key of data.keys) {
      for (let a = 0; a < 2; a++) if (values.regrets[key][a] > values.regrets[best[0]][best[1]]) best = [key, a];
    }
    const [key, a] = best;
    return `Player 1's regrets: ${parts.join(" · ")}.<br>` +
      `Largest: ${data.action_names[key][a]} at ${key} (${T.pythonFixed(values.regrets[key][a], 3, true)}). ` +
      "Player 1's expected value with this profile: " +
      `${T.pythonFixed(values.expected_value, 3, true)} chips per hand.`;
  }

  function draw() {
    compute();
    const keys = data.keys;
    const [valueFigure, regretFigure] = data.figures;
    const title = (figure) => (checkbox.checked ? figure.title : figure.title_without_chance);
    barChart(valuesBox, valueFigure, [0, 1].map((a) => keys.map((k) => values.action_values[k][a]))
      .concat([keys.map((k) => values.info_set_value[k])]), title(valueFigure));
    const regrets = [0, 1].map((a) => keys.map((k) => values.regrets[k][a]));
    barChart(regretsBox, regretFigure, regrets, title(regretFigure));
    status.innerHTML = statusText();
  }

  function state() {
    const bars = (box) => [...box.querySelectorAll(".twin-bar-label")].map((t) => t.textContent);
    return {
      probabilities: { ...probability },
      include_chance: checkbox.checked,
      policy,
      ...values,
      titles: [valuesBox, regretsBox].map((box) => box.querySelector(".twin-plot-title").textContent),
      bar_labels: [bars(valuesBox), bars(regretsBox)],
      status: status.textContent,
      status_html: status.innerHTML,
    };
  }

  draw();
  return { state };
});
