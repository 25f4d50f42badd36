"""The Kuhn family figures and the family explorer: labelled Figures that draw what they are given.

The family's numbers are checked against Kuhn's table written out here (J: alpha, K: 3 alpha,
Q:pb alpha + 1/3, player 2 fixed), not against the library's own table.
"""

from __future__ import annotations

import numpy as np
import pytest
from figure_text import smallest_text_px  # the tests' own measure of figure text
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from lessons_lib import plots
from lessons_lib.games import KuhnPoker
from lessons_lib.plots.kuhn_family import (
    family_exploitability_figure,
    family_figure,
    learned_alpha_figure,
)
from lessons_lib.plots.style import PLAYER_COLOURS
from lessons_lib.widgets.kuhn_family import family_explorer

GAME = KuhnPoker()
FAMILY_LABEL = "Kuhn's family: α in [0, 1/3]"


def kuhn_table(alpha: float) -> dict[str, float]:
    """P(b) at every information set of Kuhn's member alpha (Kuhn 1950), written out by hand."""
    return {
        "J:": alpha, "Q:": 0.0, "K:": 3 * alpha, "J:pb": 0.0, "Q:pb": alpha + 1 / 3, "K:pb": 1.0,
        "J:p": 1 / 3, "Q:p": 0.0, "K:p": 1.0, "J:b": 0.0, "Q:b": 1 / 3, "K:b": 1.0,
    }  # fmt: skip


def assert_labelled(figure: Figure) -> None:
    assert isinstance(figure, Figure)
    assert figure.get_suptitle() or figure.axes[0].get_title()
    for ax in figure.axes:
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


def family_span(ax) -> tuple[float, float, str]:
    """The shaded family interval of ``ax``: (low, high, direction) from the patch's corners.

    A vertical band (axvspan) has x in data and y in axes coordinates; a horizontal one the other
    way round.
    """
    (patch,) = [p for p in ax.patches if p.get_label() == FAMILY_LABEL]
    corners = patch.get_patch_transform().transform(patch.get_path().vertices)
    vertical = patch.get_data_transform() == ax.get_xaxis_transform()
    assert vertical or patch.get_data_transform() == ax.get_yaxis_transform()
    values = corners[:, 0] if vertical else corners[:, 1]
    return float(values.min()), float(values.max()), "vertical" if vertical else "horizontal"


def scatter_points(ax) -> dict[str, np.ndarray]:
    return {c.get_label(): np.asarray(c.get_offsets()) for c in ax.collections if c.get_label()}


@pytest.mark.parametrize("alpha", [0.0, 0.1, 1 / 6, 1 / 3])
def test_family_figure_draws_the_family_and_marks_the_member(alpha):
    figure = family_figure(alpha)
    assert_labelled(figure)
    family_ax, member_ax = figure.axes
    assert family_span(family_ax) == pytest.approx((0.0, 1 / 3, "vertical"))
    lines = {line.get_label(): line for line in family_ax.lines}
    formulas = {"J:": lambda a: a, "K:": lambda a: 3 * a, "Q:pb": lambda a: a + 1 / 3}
    for key, formula in formulas.items():
        (curve,) = [line for label, line in lines.items() if label.startswith(f"{key} ")]
        x = np.asarray(curve.get_xdata())
        assert x.min() == pytest.approx(0.0) and x.max() == pytest.approx(1 / 3)
        assert np.allclose(curve.get_ydata(), formula(x))
        (point,) = [line for line in family_ax.lines if line.get_gid() == f"member {key}"]
        assert point.get_xdata()[0] == pytest.approx(alpha)
        assert point.get_ydata()[0] == pytest.approx(formula(alpha))
    bars = {patch.get_gid(): patch for patch in member_ax.patches if patch.get_gid()}
    assert list(bars) == list(GAME.info_sets())
    for key, height in kuhn_table(alpha).items():
        assert bars[key].get_height() == pytest.approx(height)
        assert to_hex(bars[key].get_facecolor()) == PLAYER_COLOURS[GAME.player(key)].lower()
        assert bool(bars[key].get_hatch()) == (key in formulas)
    assert f"{alpha:.3f}" in member_ax.get_title()


@pytest.mark.parametrize("alpha", [-0.01, 0.34, float("nan")])
def test_family_figure_refuses_alpha_outside_the_family(alpha):
    with pytest.raises(ValueError, match="alpha"):
        family_figure(alpha)


def test_family_exploitability_figure_draws_the_points_in_order_of_alpha():
    alphas = np.array([0.5, 0.0, 0.2, 0.4])
    values = np.array([0.2, 0.0, 0.0, 0.05])
    figure = family_exploitability_figure(alphas, values)
    assert_labelled(figure)
    ax = figure.axes[0]
    assert family_span(ax) == pytest.approx((0.0, 1 / 3, "vertical"))
    (curve,) = [line for line in ax.lines if line.get_label() == "exploitability ε"]
    assert np.allclose(curve.get_xdata(), [0.0, 0.2, 0.4, 0.5])
    assert np.allclose(curve.get_ydata(), [0.0, 0.0, 0.05, 0.2])
    low, high = ax.get_xlim()
    assert low < 0.0 and high > 0.5


def test_family_exploitability_figure_refuses_bad_data():
    with pytest.raises(ValueError):
        family_exploitability_figure([0.1, 0.2], [0.0])
    with pytest.raises(ValueError):
        family_exploitability_figure([0.1, np.nan], [0.0, 0.0])
    with pytest.raises(ValueError):
        family_exploitability_figure([], [])


def test_learned_alpha_figure_puts_each_run_where_it_landed():
    algorithms = ["cfr", "cfr+", "cfr", "cfr+", "dcfr"]
    x = [0, 0, 1, 1, 0]
    alphas = [0.1, 0.2, 0.25, 0.05, 0.3]
    kings = [0.3, 0.61, 0.74, 0.16, 0.9]
    figure = learned_alpha_figure(algorithms, x, alphas, kings, x_label="start", dodge=0.2)
    assert_labelled(figure)
    alpha_ax, king_ax = figure.axes
    assert alpha_ax.get_xlabel() == "start"
    assert family_span(alpha_ax) == pytest.approx((0.0, 1 / 3, "horizontal"))
    assert family_span(king_ax) == pytest.approx((0.0, 1 / 3, "vertical"))
    left, right = scatter_points(alpha_ax), scatter_points(king_ax)
    assert list(left) == ["cfr", "cfr+", "dcfr"] == list(right)
    # three algorithms, dodged by -0.2, 0 and +0.2 around their x
    assert np.allclose(left["cfr"], [[-0.2, 0.1], [0.8, 0.25]])
    assert np.allclose(left["cfr+"], [[0.0, 0.2], [1.0, 0.05]])
    assert np.allclose(left["dcfr"], [[0.2, 0.3]])
    assert np.allclose(right["cfr"], [[0.1, 0.3], [0.25, 0.74]])
    assert np.allclose(right["dcfr"], [[0.3, 0.9]])
    markers = {c.get_label(): c.get_paths()[0].vertices.tobytes() for c in alpha_ax.collections}
    assert len(set(markers.values())) == 3  # one marker shape per algorithm
    (relation,) = [line for line in king_ax.lines if "3α" in line.get_label()]
    assert np.allclose(relation.get_ydata(), 3 * np.asarray(relation.get_xdata()))


def test_learned_alpha_figure_on_a_log_axis_dodges_by_factors():
    figure = learned_alpha_figure(
        ["cfr", "lcfr"], [100, 100], [0.2, 0.21], [0.6, 0.63], "iterations", log_x=True, dodge=0.1
    )
    alpha_ax = figure.axes[0]
    assert alpha_ax.get_xscale() == "log"
    points = scatter_points(alpha_ax)
    assert points["cfr"][0, 0] == pytest.approx(100 * 10**-0.05)
    assert points["lcfr"][0, 0] == pytest.approx(100 * 10**0.05)


def test_learned_alpha_figure_refuses_bad_data():
    with pytest.raises(ValueError):
        learned_alpha_figure(["cfr"], [1, 2], [0.1], [0.3], "start")
    with pytest.raises(ValueError, match="log"):
        learned_alpha_figure(["cfr"], [0], [0.1], [0.3], "iterations", log_x=True)
    with pytest.raises(ValueError):
        learned_alpha_figure([], [], [], [], "start")


def test_the_figures_are_exported_from_the_plots_package():
    assert plots.family_figure is family_figure
    assert plots.family_exploitability_figure is family_exploitability_figure
    assert plots.learned_alpha_figure is learned_alpha_figure


def test_family_explorer_follows_the_slider():
    app = family_explorer()
    assert app.state["alpha"] == pytest.approx(1 / 6)
    status = app.status.value
    assert "α = 0.167" in status and "3α = 0.500" in status and "α + 1/3 = 0.500" in status
    assert "0.250 are bluffs" in status  # 1/6 / (1/6 + 1/2)
    assert "zero up to rounding" in status and "-0.0556" in status
    first_image = app.images[0].value
    app.controls["alpha"].value = 1 / 3
    assert app.state["alpha"] == pytest.approx(1 / 3)
    for key, height in kuhn_table(1 / 3).items():
        assert app.state["policy"][key][1] == pytest.approx(height)
    assert "3α = 1.000" in app.status.value and "α + 1/3 = 0.667" in app.status.value
    assert app.images[0].value != first_image
    app.controls["alpha"].value = 0.0
    assert "never bets first" in app.status.value and "are bluffs" not in app.status.value


def test_family_explorer_refuses_a_start_outside_the_family():
    with pytest.raises(ValueError, match="alpha"):
        family_explorer(0.5)


def test_every_figure_text_reads_at_nine_pixels_or_more():
    runs = (["cfr", "cfr+", "lcfr", "dcfr"], [10, 10, 1_000, 1_000], [0.1, 0.2, 0.3, 0.35])
    figures = {
        "family": family_figure(1 / 6),
        "exploitability": family_exploitability_figure([0.0, 0.2, 0.4], [0.0, 0.0, 0.05]),
        "learned alpha": learned_alpha_figure(*runs, [0.3, 0.6, 0.9, 1.0], "start"),
        "learned alpha, log x": learned_alpha_figure(
            *runs, [0.3, 0.6, 0.9, 1.0], "iterations", log_x=True, dodge=0.03
        ),
    }
    for name, figure in figures.items():
        size, text = smallest_text_px(figure)
        assert size >= 9, (name, text, size)
