// The in-page twin of widgets.cfr_training() (lessons_lib/widgets/cfr_training.py): CFR, CFR+,
// Linear CFR or Discounted CFR on Kuhn poker, with +1 / +100 / +1,000 / "Run to 20,000" / Reset,
// the log-log exploitability of the average and the current strategy, and the learned strategy
// against the member of Kuhn's family with the learned alpha. DATA (lessons_lib/widgets/twins.py)
// brings the algorithms' names, the checkpoint iterations, the family's two ends and the colours.

"use strict";

BookTwins.register("cfr-training", (root, data) => {
  const T = BookTwins;
  const checkpoints = new Set(data.checkpoints);
  let run, history, message, plot, running = false, pauseRequested = false, generation = 0;

  // The family member alpha: every probability is linear in alpha (lessons_lib.kuhn_equilibria).
  function member(alpha) {
    const policy = {};
    const share = alpha / data.alpha_high;
    for (const key of T.Kuhn.infoSets) {
      const p = data.family_low[key] + share * (data.family_high[key] - data.family_low[key]);
      policy[key] = [1 - p, p];
    }
    return policy;
  }

  function record() {
    history.push({
      iteration: run.iteration,
      average: T.exploitability(run.averagePolicy()),
      current: T.exploitability(run.currentPolicy()),
    });
  }

  // Train `iterations` more, recording the checkpoints of the library's schedule and the end.
  function train(iterations) {
    for (let k = 0; k < iterations; k++) {
      run.step();
      if (checkpoints.has(run.iteration) && k < iterations - 1) record();
    }
    if (iterations > 0) record();
  }

  function nextChunk(target) {
    const grown = Math.max(run.iteration + data.chunk, Math.floor(run.iteration * 2));
    return Math.min(grown, target) - run.iteration;
  }

  const menu = T.select("algorithm", data.algorithms.map((a) => [a.name, a.title]), "cfr", () => reset());
  const steps = data.steps.map(([label, n]) => T.button(label, () => { train(n); message = ""; draw(); }));
  const runButton = T.button(`Run to ${T.grouped(data.target)}`, () => onRun());
  const resetButton = T.button("Reset", () => reset());
  const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
  const plotBox = T.element("div", { class: "twin-panel" });
  const tableBox = T.element("div", { class: "twin-panel" });
  root.append(T.row(menu.node), T.row(...steps, runButton, resetButton), status,
    T.element("div", { class: "twin-panels" }, plotBox, tableBox));

  function algorithm() {
    return data.algorithms.find((a) => a.name === menu.menu.value);
  }

  function reset() {
    pauseRequested = true;
    generation += 1;
    run = new T.KuhnCFR(menu.menu.value);
    history = [];
    message = "";
    plot = T.logLogPlot({
      title: `${algorithm().title} on Kuhn poker`,
      xLabel: "iterations T",
      yLabel: "exploitability (chips per hand)",
      xRange: [1, data.target],
      yRange: data.exploitability_range,
      series: [
        { name: "average", label: "average strategy", colour: algorithm().colour },
        { name: "current", label: "current strategy", colour: algorithm().colour, dashed: true },
        { name: "reference", label: "c / √T", colour: data.reference_colour, dotted: true },
      ],
    });
    plotBox.replaceChildren(plot.node);
    draw();
  }

  function showRunning(on) {
    running = on;
    runButton.textContent = on ? "Pause" : `Run to ${T.grouped(data.target)}`;
    for (const b of steps) b.disabled = on;
    menu.menu.disabled = on;
  }

  function count(n) {
    return `${T.grouped(n)} iteration${n === 1 ? "" : "s"}`;
  }

  function onRun() {
    if (running) { pauseRequested = true; return; }
    if (run.iteration >= data.target) {
      message = `Already at ${count(run.iteration)}: press Reset to start over.`;
      draw();
      return;
    }
    const mine = generation;
    pauseRequested = false;
    showRunning(true);
    const chunk = () => {
      if (mine !== generation) { showRunning(false); return; }
      if (run.iteration < data.target && !pauseRequested) {
        train(nextChunk(data.target));
        message = `Running to ${T.grouped(data.target)}…`;
        draw();
        setTimeout(chunk, 0); // let the page answer a click on Pause between chunks
        return;
      }
      showRunning(false);
      message = run.iteration >= data.target ? `Done: ${count(run.iteration)}.` : `Paused at iteration ${T.grouped(run.iteration)}.`;
      draw();
    };
    setTimeout(chunk, 0);
  }

  function state() {
    const average = run.averagePolicy();
    const last = history[history.length - 1];
    return {
      algorithm: run.algorithm,
      iterations: run.iteration,
      running,
      average_policy: average,
      current_policy: run.currentPolicy(),
      average_exploitability: last ? last.average : T.exploitability(average),
      current_exploitability: last ? last.current : T.exploitability(run.currentPolicy()),
      value: T.expectedValue(average),
      alpha: average["J:"][1],
      reference: member(Math.min(Math.max(average["J:"][1], 0), data.alpha_high)),
      history,
      status: status.textContent,
    };
  }

  function draw() {
    const s = state();
    plot.setSeries("average", history.map((c) => [c.iteration, c.average]));
    plot.setSeries("current", history.map((c) => [c.iteration, c.current]));
    // The grey line c / sqrt(T) through the first checkpoint (lessons_lib.plots.cfr).
    const first = history[0];
    const c = first ? first.average * Math.sqrt(first.iteration) : 0;
    const until = Math.max(history.length ? history[history.length - 1].iteration : 1, 10);
    plot.setSeries("reference", first ? [[1, c], [until, c / Math.sqrt(until)]] : []);
    const alpha = s.alpha, clamped = Math.min(Math.max(alpha, 0), data.alpha_high);
    let label = `Kuhn's member α = ${T.pythonFixed(clamped, 3)}`;
    if (clamped !== alpha) label += " (nearest)";
    tableBox.replaceChildren(T.strategyTable(s.average_policy, member(clamped), label,
      `Learned average strategy (α = ${T.pythonFixed(alpha, 3)}) against Kuhn's equilibrium`, data.player_colours));
    const value = data.game_value_text;
    let line;
    if (!history.length) {
      line = `<b>${algorithm().title}</b>: no iterations yet, so both players play uniformly. ` +
        `Press a button to iterate (game value ${value}).`;
    } else {
      const last = history[history.length - 1];
      line = `<b>${algorithm().title}</b> · iteration ${T.grouped(last.iteration)} · ` +
        `exploitability ${T.exponential(last.average, 3)} chips per hand ` +
        `(${T.general(last.average * data.mbb_per_chip, 3)} mbb/g) · ` +
        `player 1's value ${T.signed(s.value, 5)} (game value ${T.signed(data.game_value, 5)} = ${value}) · ` +
        `learned α = ${T.pythonFixed(alpha, 3)}`;
    }
    status.innerHTML = message ? `${line}<br>${message}` : line;
  }

  reset();
  return { state, train, reset };
});
