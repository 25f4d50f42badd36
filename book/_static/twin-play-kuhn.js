// The in-page twin of widgets.play_against_equilibrium() (lessons_lib/widgets/kuhn_play.py): hands of
// Kuhn poker against a bot that plays the member alpha of Kuhn's family, in either seat, with
// Check / Bet or Fold / Call, "Next hand", "Simulate 10,000 hands" (the equilibrium plays the
// reader's seat) and "New session"; the cards, the pot, the app's status line (the hand, the
// session's score with its 95% interval, the exact value) and its figure, the running total and
// the running mean (lessons_lib.plots.kuhn_play.running_mean_figure). DATA (kuhn_play.play_data)
// brings the bot's policy, the seed, the exact values, the figure's words and the colours.
//
// The twin deals and draws with its own seeded generator (session k of seed s uses the streams
// (s, k, 0) for the reader's hands and (s, k, 1) for the simulations), so its cards are not the
// kernel's; the bookkeeping (score, running mean, interval) is the library's, ported.

"use strict";

BookTwins.register("play-kuhn", (root, data) => {
  const T = BookTwins, Kuhn = T.Kuhn;
  const grey = data.reference_colour;
  let session = 0, seat = 1, rng, simulationRng, hand, message = "";
  let hands, payoffs, played, simulated, yourTotal;

  const facing = (actions) => actions.includes("b");
  const labels = (actions) => (facing(actions) ? data.labels.bet : data.labels["no bet"]);
  const pot = (actions) => 2 + [...actions].filter((a) => a === "b").length;
  const count = (n, noun) => `${T.grouped(n)} ${noun}${n === 1 ? "" : "s"}`;
  // Python's f"{x:+g}" for the chip totals (whole numbers).
  const plusG = (x) => (x < 0 ? T.general(x, 6) : `+${T.general(x, 6)}`);

  // One decision drawn from `policy` at the history's information set: the first action whose
  // cumulative probability exceeds u (lessons_lib.simulation's inversion).
  function decide(record, random) {
    const key = Kuhn.key(record.deal, record.actions);
    const probabilities = data.policy[key];
    const u = random();
    const action = Kuhn.actions[u >= probabilities[0] ? 1 : 0];
    record.decisions.push({ player: Kuhn.actor(record.actions), key, probabilities, u, action });
    record.actions += action;
  }

  // The running mean and the half-width z s_n / sqrt(n) of its interval after every hand, as
  // lessons_lib.plots.kuhn_play computes them (cumulative sums; 0 after the first hand).
  function runningMeanAndHalfWidth(values, z) {
    const mean = [], halfWidth = [];
    let total = 0, squares = 0;
    for (let k = 0; k < values.length; k++) {
      const n = k + 1;
      total += values[k];
      squares += values[k] ** 2;
      mean.push(total / n);
      const variance = n >= 2 ? Math.max(squares - total ** 2 / n, 0) / (n - 1) : 0;
      halfWidth.push(z * Math.sqrt(variance / n));
    }
    return { mean, halfWidth };
  }

  // lessons_lib.simulation.mean_and_interval: the mean and z s / sqrt(n), s with n - 1.
  function meanAndInterval(values, z) {
    if (values.length < 2) throw new Error(`an interval needs at least two payoffs, got ${values.length}`);
    let total = 0;
    for (const v of values) total += v;
    const mean = total / values.length;
    let squares = 0;
    for (const v of values) squares += (v - mean) * (v - mean);
    return [mean, (z * Math.sqrt(squares / (values.length - 1))) / Math.sqrt(values.length)];
  }

  const isOver = (record) => Kuhn.terminal.has(record.actions);

  function newRecord(random, isSimulated) {
    const deal = Kuhn.deals[Math.floor(random() * Kuhn.deals.length)];
    return { deal, actions: "", decisions: [], simulated: isSimulated };
  }

  function startSession(newSeat) {
    session += 1;
    seat = newSeat;
    rng = T.seededRandom(data.seed, session, 0);
    simulationRng = T.seededRandom(data.seed, session, 1);
    hands = [];
    payoffs = [];
    played = 0;
    simulated = 0;
    yourTotal = 0;
    dealHand();
  }

  // The bot moves whenever it is its turn (lessons_lib.agents.Hand).
  function advance() {
    while (!isOver(hand) && Kuhn.actor(hand.actions) !== seat) decide(hand, rng);
    if (isOver(hand)) finishHand();
  }

  function dealHand() {
    hand = newRecord(rng, false);
    message = "";
    advance();
  }

  const won = (record) => {
    const payoff = Kuhn.utility(record.deal, record.actions, 1);
    return seat === 1 ? payoff : -payoff;
  };

  function finishHand() {
    const chips = won(hand);
    hand.payoff = Kuhn.utility(hand.deal, hand.actions, 1);
    hands.push(hand);
    payoffs.push(chips);
    played += 1;
    yourTotal += chips;
    message = outcome(hand);
  }

  function act(action) {
    if (isOver(hand)) return;
    hand.decisions.push({ player: seat, key: Kuhn.key(hand.deal, hand.actions), action });
    hand.actions += action;
    advance();
    if (isOver(hand)) drawAll(); else drawHand();
  }

  function simulate() {
    for (let k = 0; k < data.simulated_hands; k++) {
      const record = newRecord(simulationRng, true);
      while (!isOver(record)) decide(record, simulationRng);
      record.payoff = Kuhn.utility(record.deal, record.actions, 1);
      hands.push(record);
      payoffs.push(won(record));
    }
    simulated += data.simulated_hands;
    drawAll();
  }

  // ----- The words of the app (kuhn_play._hand_status, _story, _outcome, _score) -------------

  function story(actions) {
    const steps = [...actions].map((action, t) => {
      const you = 1 + (t % 2) === seat;
      const verb = labels(actions.slice(0, t))[action].toLowerCase();
      return `${you ? "you" : "the bot"} ${you ? verb : `${verb}s`}`;
    });
    if (!steps.length) return "";
    const sentence = steps.join(", ");
    return `${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
  }

  function outcome(record) {
    const chips = won(record), size = Math.abs(chips);
    const amount = `${size} chip${size !== 1 ? "s" : ""}`;
    const result = chips > 0 ? `<b>You win ${amount}.</b>` : `<b>You lose ${amount}.</b>`;
    if (record.actions.endsWith("bp")) {
      return `${result} The bot's card stays hidden: nobody shows a card after a fold.`;
    }
    const mine = data.cards[record.deal[seat - 1]], theirs = data.cards[record.deal[2 - seat]];
    return `Showdown: your ${mine} against the bot's <b>${theirs}</b>. ${result}`;
  }

  function handStatus() {
    const opening = `You are player ${seat} and hold <b>${data.cards[hand.deal[seat - 1]]}</b>.`;
    const ending = isOver(hand) ? message
      : `Your move: ${Kuhn.actions.map((a) => labels(hand.actions)[a].toLowerCase()).join(" or ")}?`;
    return [opening, story(hand.actions), ending].filter((part) => part).join(" ");
  }

  function score() {
    const n = payoffs.length;
    let total = 0;
    for (const v of payoffs) total += v;
    let line = `Session: ${count(n, "hand")} (${T.grouped(played)} played by you, ` +
      `${T.grouped(simulated)} simulated), chips won ${plusG(total)}`;
    if (n >= 2) {
      const [mean, halfWidth] = meanAndInterval(payoffs, data.z);
      line += `, mean ${T.pythonFixed(mean, 4, true)} ± ${T.pythonFixed(halfWidth, 4)} per hand (95% interval)`;
    } else if (n === 1) {
      line += `, mean ${T.pythonFixed(payoffs[0], 4, true)} per hand (an interval needs two hands)`;
    }
    if (simulated) line += `. Your own ${count(played, "hand")}: chips won ${plusG(yourTotal)}`;
    return `${line}.`;
  }

  // ----- The page ----------------------------------------------------------------------------

  const seatButtons = data.seats.map(([label, value]) => {
    const node = T.button(label, () => { if (value !== seat) { startSession(value); drawAll(); } });
    node.setAttribute("aria-pressed", "false");
    return node;
  });
  const seatGroup = T.element("div", { class: "twin-row", role: "group", "aria-label": "Your seat" },
    T.element("span", { class: "twin-label" }, "Your seat"), ...seatButtons);
  const actionButtons = Kuhn.actions.map((action) => T.button("", () => act(action)));
  const nextButton = T.button("Next hand", () => { dealHand(); if (isOver(hand)) drawAll(); else drawHand(); });
  const simulateButton = T.button(`Simulate ${T.grouped(data.simulated_hands)} hands`, () => simulate());
  const newSessionButton = T.button("New session", () => { startSession(seat); drawAll(); });
  const status = T.element("div", { class: "twin-status", "aria-live": "polite" });
  const felt = T.element("div", { class: "twin-table-felt", role: "group", "aria-label": "the table" });
  const figureBox = T.element("div", { class: "twin-panel" });
  root.append(seatGroup, T.row(...actionButtons, nextButton, simulateButton, newSessionButton),
    felt, status, T.element("div", { class: "twin-panels" }, figureBox));

  function botCardShown() {
    return isOver(hand) && !hand.actions.endsWith("bp");
  }

  function card(name, player, hidden) {
    const node = T.element("span", { class: "twin-card", "data-hidden": String(hidden), role: "img",
      "aria-label": hidden ? "a hidden card" : `the card ${name}` }, hidden ? "?" : name);
    node.style.setProperty("--colour", data.player_colours[player]);
    return node;
  }

  function drawFelt() {
    const botSeat = 3 - seat;
    const mine = T.element("div", { class: "twin-seat" }, `You (player ${seat})`,
      card(data.cards[hand.deal[seat - 1]], seat, false));
    const shown = botCardShown();
    const theirs = T.element("div", { class: "twin-seat" }, `Bot (player ${botSeat})`,
      card(data.cards[hand.deal[botSeat - 1]], botSeat, !shown));
    const chips = pot(hand.actions);
    const middle = T.element("div", { class: "twin-pot" }, `Pot: ${chips} chips`,
      T.element("br"), isOver(hand) ? "hand over" : "your move");
    felt.replaceChildren(...(seat === 1 ? [mine, middle, theirs] : [theirs, middle, mine]));
  }

  function drawHand() {
    for (const [k, node] of seatButtons.entries()) node.setAttribute("aria-pressed", String(data.seats[k][1] === seat));
    Kuhn.actions.forEach((action, k) => {
      actionButtons[k].textContent = labels(hand.actions)[action];
      actionButtons[k].disabled = isOver(hand);
    });
    nextButton.disabled = !isOver(hand);
    drawFelt();
    status.innerHTML = [handStatus(), score(), data.exact_line[seat]].join("<br>");
  }

  // lessons_lib.plots.kuhn_play.running_mean_figure, from the payoffs of the session.
  function drawFigure() {
    const words = data.figure[seat], exact = data.exact_value[seat];
    const colour = data.player_colours[seat];
    const n = payoffs.length, last = Math.max(n, 10), marked = n <= data.marked_hands;
    const { mean, halfWidth } = runningMeanAndHalfWidth(payoffs, data.z);
    const totals = [[0, 0]];
    let total = 0;
    payoffs.forEach((v, k) => { total += v; totals.push([k + 1, total]); });
    let low = Infinity, high = -Infinity;
    for (const v of payoffs) { if (v < low) low = v; if (v > high) high = v; }
    const clip = (y) => Math.min(Math.max(y, low), high);
    const band = mean.slice(1).map((m, k) => [k + 2, clip(m - halfWidth[k + 1]), clip(m + halfWidth[k + 1])]);

    const plot = T.figure({ width: 890, height: 400, title: words.suptitle });
    // The ranges matplotlib shows: everything drawn, with 5% margins (no hands: exact +- 1).
    const extremes = (values, more) => {
      let lowest = Math.min(...more), highest = Math.max(...more);
      for (const v of values) { if (v < lowest) lowest = v; if (v > highest) highest = v; }
      return [lowest, highest];
    };
    const totalRange = n ? T.paddedRange(extremes(totals.map(([, y]) => y), [last * exact])) : [exact - 1, exact + 1];
    const bandExtremes = band.length ? [band.reduce((m, [, a]) => Math.min(m, a), Infinity), band.reduce((m, [, , b]) => Math.max(m, b), -Infinity)] : [];
    const meanRange = n ? T.paddedRange(extremes(mean, [exact, ...bandExtremes])) : [exact - 1, exact + 1];
    const [totalWords, meanWords] = words.axes;
    const left = plot.axes({
      box: [72, 52, 330, 280], title: totalWords.title, xLabel: totalWords.xlabel, yLabel: totalWords.ylabel,
      x: { range: [0, last] }, y: { range: totalRange },
    });
    const right = plot.axes({
      box: [532, 52, 330, 280], title: meanWords.title, xLabel: meanWords.xlabel, yLabel: meanWords.ylabel,
      x: { scale: "log", range: [1, last] }, y: { range: meanRange },
    });
    left.line([[0, 0], [last, last * exact]], { colour: grey, style: "dashed", width: 1.2, name: "expected total" });
    right.line([[1, exact], [last, exact]], { colour: grey, style: "dashed", width: 1.2, name: "exact value" });
    if (n) {
      if (band.length) right.band(band, { colour, opacity: 0.2, name: "interval" });
      left.line(totals, { colour, width: 1.6, name: "running total" });
      const means = mean.map((m, k) => [k + 1, m]);
      right.line(means, { colour, width: 1.6, name: "running mean" });
      if (marked) {
        left.markers(totals, { colour, radius: 2.5, name: "running total" });
        right.markers(means, { colour, radius: 2.5, name: "running mean" });
      }
    } else {
      for (const ax of [left, right]) {
        ax.text(ax.sx(ax === left ? last / 2 : Math.sqrt(last)), ax.sy(exact + 0.5), data.no_hands, { "text-anchor": "middle", fill: grey, class: "twin-plot-text twin-no-hands" });
      }
    }
    // The legends hold what is drawn: the interval from the second hand on.
    const shownEntries = (axesWords, kinds, shown) => axesWords.legend.slice(0, shown).map((label, k) => ({ label, ...kinds[k] }));
    left.legend(shownEntries(totalWords, [{ colour: grey, style: "dashed" }, { colour, marker: marked }], n ? 2 : 1),
      exact < 0 ? "upper right" : "lower right");
    right.legend(shownEntries(meanWords, [{ colour: grey, style: "dashed" }, { colour, marker: marked },
      { colour, kind: "patch", opacity: 0.2 }], Math.min(n, 2) + 1), "upper right");
    figureBox.replaceChildren(plot.node);
  }

  function drawAll() {
    drawHand();
    drawFigure();
  }

  function state() {
    const n = payoffs.length;
    const { mean, halfWidth } = runningMeanAndHalfWidth(payoffs, data.z);
    const interval = n >= 2 ? meanAndInterval(payoffs, data.z) : null;
    return {
      seat,
      session,
      hand: { ...hand, over: isOver(hand), pot: pot(hand.actions), bot_card_shown: botCardShown() },
      hands,
      payoffs,
      played,
      simulated,
      your_total: yourTotal,
      mean: interval ? interval[0] : null,
      half_width: interval ? interval[1] : null,
      running_mean: mean,
      running_half_width: halfWidth,
      buttons: [...actionButtons, nextButton].map((b) => ({ label: b.textContent, disabled: b.disabled })),
      felt: felt.textContent,
      status: status.textContent,
      status_html: status.innerHTML,
    };
  }

  startSession(1);
  drawAll();
  return { state };
});
