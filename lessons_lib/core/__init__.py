"""The solver core: what every engine of the book shares, written once.

- :mod:`lessons_lib.core.variants`     the rules of the CFR family (weights and discounts), the
  update order (:func:`~lessons_lib.core.variants.update_groups`) and the average's weighting
- :mod:`lessons_lib.core.state`        the regret tables by information set
  (:class:`~lessons_lib.core.state.CFRState`) and the average strategy
- :mod:`lessons_lib.core.tables`       one player's tables as arrays, and the two steps every
  engine takes on them: adding to the average, and discounting then regret matching
- :mod:`lessons_lib.core.engine`       the engine protocol, what an engine requires of a game, and
  the one loop (:func:`~lessons_lib.core.engine.iterate`)
- :mod:`lessons_lib.core.checkpoints`  what a checkpoint measures
- :mod:`lessons_lib.core.training`     a run of any engine: checkpoints, progress, Ctrl-C, resuming

The engines themselves are in :mod:`lessons_lib.cfr` (exact) and :mod:`lessons_lib.mccfr`
(sampled); :func:`lessons_lib.cfr.solve` runs any of them by name.
"""
