"""lessons_lib: the shared library of the executable book on Counterfactual Regret Minimization.

Every chapter imports this package; the code a chapter explains is the code in these modules.
Modules are named by concept and come in layers, each importing only from the layers above it:

Foundations
- :mod:`lessons_lib.validation`: checks shared by every public function (bad input: ``ValueError``)
- :mod:`lessons_lib.sums`: sums in a fixed order, so that every machine computes the same bits

Games and matrix games
- :mod:`lessons_lib.normal_form`: matrix games, expected value, best response, exploitability;
  general-sum (bimatrix) games such as Shapley's, NashConv and the coarse-correlated gap
- :mod:`lessons_lib.regret_matching`: regret matching (Hart and Mas-Colell 2000) and self-play
- :mod:`lessons_lib.games`: extensive-form games for any number of players (the interface, Kuhn
  and Leduc poker, three-player Kuhn poker, a general-sum game, public trees and the ranges a
  game describes them with, sizes)

Policies and their evaluation
- :mod:`lessons_lib.policy`: policies (information-set key to action probabilities) and their checks
- :mod:`lessons_lib.policy_io`: policies saved to and loaded from versioned JSON
- :mod:`lessons_lib.counterfactual`: reach probabilities and counterfactual values
- :mod:`lessons_lib.exploitability`: exact expected value, best response and exploitability
- :mod:`lessons_lib.kuhn_profiles`: simple named ways to play Kuhn poker (always bet, never bluff)
- :mod:`lessons_lib.kuhn_equilibria`: Kuhn's equilibrium family in alpha, and distance from it
- :mod:`lessons_lib.exploiting_opponents`: what exploiting a known opponent gains, and risks

The solver core
- :mod:`lessons_lib.core`: what every engine shares, written once: the variants' rules, the update
  order, the average's weighting, regret tables, the engine protocol and its one loop, runs and
  their checkpoints

Solvers
- :mod:`lessons_lib.cfr`: CFR, CFR+, Linear and Discounted CFR on the readable, sequence-form and
  public-tree engines; every algorithm by name and :func:`~lessons_lib.cfr.solve`; and, in
  :mod:`lessons_lib.cfr.pitfalls`, the deliberately wrong variants that Chapter 4 measures
- :mod:`lessons_lib.mccfr`: Monte Carlo CFR (chance, external and outcome sampling)
- :mod:`lessons_lib.lp`: the exact alternative, the sequence-form linear program

Real poker
- :mod:`lessons_lib.holdem`: a no-limit hold'em river (cards, range strings, phevaluator's hand
  strength, card-removal showdowns by sorting), solved by the public-tree engine of
  :mod:`lessons_lib.cfr.public_tree` and checked by the sequence-form LP
- :mod:`lessons_lib.abstraction`: card abstraction measured (hand strength, bucketings, the
  abstract game, its strategy mapped back to the real game, and the real exploitability), and
  action abstraction of the river (the pseudo-harmonic translation of off-menu bets)

Lessons built on the solvers
- :mod:`lessons_lib.convergence`: iterations to reach a target, fitted rates, the worst-case bounds
- :mod:`lessons_lib.scaling`: the cost of CFR in time and memory as a game grows
- :mod:`lessons_lib.agents`, :mod:`lessons_lib.simulation`: playing hands, and many hands at once
- :mod:`lessons_lib.stored_runs`: the long runs Chapters 7 and 8 read from ``notebooks/data``
- :mod:`lessons_lib.subgames`: subgame solving: subgames, unsafe re-solving, the re-solve,
  maxmargin and reach gadgets as augmented games, and their exploitability in the original game
- :mod:`lessons_lib.progress`: long runs show their progress, and Ctrl-C stops them cleanly

Showing them
- :mod:`lessons_lib.plots`: pure functions that return matplotlib Figures, one colour per player
- :mod:`lessons_lib.widgets`: ipywidgets apps built from the pure functions above
- :mod:`lessons_lib.display`: showing the library's own source code inside a chapter
"""

__version__ = "0.1.0"

#: The layers, lowest first: a module imports only from its own layer and the layers below it,
#: and no import goes round in a cycle (``tests/test_layers.py`` checks both). Names are modules
#: or packages (all their modules), relative to ``lessons_lib``; a package's ``__init__`` sits in
#: the layer its name is listed in.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("validation", "sums", "progress"),  # foundations
    (  # games, matrix games and the hold'em river as a game
        "normal_form",
        "regret_matching",
        "games",
        "holdem.cards",
        "holdem.ranges",
        "holdem.strength",
        "holdem.showdown",
        "holdem.river",
    ),
    (  # policies and their exact evaluation
        "policy",
        "policy_io",
        "counterfactual",
        "exploitability",
        "kuhn_profiles",
        "kuhn_equilibria",
        "exploiting_opponents",
    ),
    ("core",),  # the solver core
    (  # the algorithms
        "cfr.readable",
        "cfr.sequence_form",
        "cfr.public_tree",
        "mccfr",
        "lp",
        "holdem.sequence_form",
    ),
    ("cfr", "cfr.solver", "cfr.pitfalls"),  # every algorithm by name, and solve
    (  # lessons built on the solvers
        "holdem",
        "holdem.solver",
        "abstraction",
        "convergence",
        "scaling",
        "agents",
        "simulation",
        "stored_runs",
        "subgames",
    ),
    ("plots", "widgets", "display"),  # showing them
)

#: The modules that promise the same bits on every machine (names as in :data:`LAYERS`): they
#: never call a dense product, whose summation order the BLAS library chooses
#: (:mod:`lessons_lib.sums`), and ``tests/test_determinism.py`` checks their results against
#: golden fingerprints under several BLAS kernels. A module outside this list says in its
#: docstring, in a paragraph that starts with "Determinism:", what it promises instead.
SAME_BITS: tuple[str, ...] = tuple(name for layer in LAYERS for name in layer)
