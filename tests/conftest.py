"""Shared test set-up: a non-interactive matplotlib backend and a fixed hypothesis profile."""

import matplotlib
from hypothesis import settings

matplotlib.use("Agg")

settings.register_profile("book", max_examples=60, deadline=None, derandomize=True)
settings.load_profile("book")
