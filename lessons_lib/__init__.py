"""lessons_lib: the shared library of the executable book on Counterfactual Regret Minimization.

Every chapter imports this package; the code a chapter explains is the code in these modules.
Modules are named by concept:

- :mod:`lessons_lib.validation`: checks shared by every public function (bad input: ``ValueError``)
- :mod:`lessons_lib.normal_form`: matrix games, expected value, best response, exploitability
- :mod:`lessons_lib.regret_matching`: regret matching (Hart and Mas-Colell 2000) and self-play
- :mod:`lessons_lib.games`: extensive-form games (the interface, Kuhn and Leduc poker, sizes)
- :mod:`lessons_lib.policy`: policies (information-set key to action probabilities) and their checks
- :mod:`lessons_lib.counterfactual`: reach probabilities and counterfactual values
- :mod:`lessons_lib.exploitability`: exact expected value, best response and exploitability
- :mod:`lessons_lib.kuhn_profiles`: simple named ways to play Kuhn poker (always bet, never bluff)
- :mod:`lessons_lib.cfr`: CFR, CFR+, Linear and Discounted CFR; readable, sequence-form and public-tree engines
- :mod:`lessons_lib.convergence`: iterations to reach a target, and the worst-case bounds
- :mod:`lessons_lib.mccfr`: Monte Carlo CFR (chance, external and outcome sampling)
- :mod:`lessons_lib.kuhn_equilibria`: Kuhn's equilibrium family in alpha
- :mod:`lessons_lib.agents`, :mod:`lessons_lib.simulation`: playing hands, and many hands at once
- :mod:`lessons_lib.lp`: the exact alternative, the sequence-form linear program
- :mod:`lessons_lib.policy_io`: policies saved to and loaded from versioned JSON
- :mod:`lessons_lib.plots`: pure functions that return matplotlib Figures, one colour per player
- :mod:`lessons_lib.widgets`: ipywidgets apps built from the pure functions above
- :mod:`lessons_lib.display`: showing the library's own source code inside a chapter
"""

__version__ = "0.1.0"
