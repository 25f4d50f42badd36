"""The game-tree figures of Chapter 2, checked against the rules of Kuhn poker worked by hand."""

import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from lessons_lib import plots
from lessons_lib.games import History, KuhnPoker
from lessons_lib.plots.game_tree import (
    action_name,
    game_tree_figure,
    information_set_figure,
    tree_layout,
)

KUHN = KuhnPoker()
J, Q, K = 0, 1, 2
MINUS = "\N{MINUS SIGN}"


def artists(figure: Figure, gid: str) -> list:
    """Every artist of the figure's axes with the given gid (collections and texts)."""
    found = []
    for ax in figure.axes:
        found += [c for c in ax.collections if c.get_gid() == gid]
        found += [t for t in ax.texts if t.get_gid() == gid]
    return found


def payoff_labels(figure: Figure) -> list[str]:
    return [text.get_text() for text in artists(figure, "payoff")]


def point_count(figure: Figure, gid: str) -> int:
    return sum(len(c.get_offsets()) for c in artists(figure, gid))


def test_one_deal_has_a_title_and_nodes_in_the_player_colours():
    figure = game_tree_figure(KUHN, deal=(Q, K))
    assert isinstance(figure, Figure)
    assert "Q vs K" in figure.axes[0].get_title()
    for player in (1, 2):
        (nodes,) = artists(figure, f"decisions of player {player}")
        colours = {to_hex(c) for c in nodes.get_facecolors()}
        assert colours == {plots.PLAYER_COLOURS[player].lower()}
    # By the rules: player 1 decides at "" and "pb", player 2 at "p" and "b".
    assert point_count(figure, "decisions of player 1") == 2
    assert point_count(figure, "decisions of player 2") == 2


def test_payoffs_of_queen_against_king_worked_by_hand():
    # Q loses every showdown to K: check-check -1, check-bet-fold -1, check-bet-call -2;
    # bet-fold wins player 2's ante, +1; bet-call is a showdown for 2 chips, -2.
    figure = game_tree_figure(KUHN, deal=(Q, K))
    assert payoff_labels(figure) == [f"{MINUS}1", f"{MINUS}1", f"{MINUS}2", "+1", f"{MINUS}2"]


def test_overview_draws_one_payoff_per_terminal_history_of_every_deal():
    figure = game_tree_figure(KUHN)
    labels = payoff_labels(figure)
    assert len(labels) == 6 * 5  # 3 * 2 ordered deals, five endings each
    assert point_count(figure, "terminals") == len(labels)
    assert point_count(figure, "decisions of player 1") == 6 * 2
    assert point_count(figure, "decisions of player 2") == 6 * 2
    # Player 1 wins as much as player 2 over all deals: every deal has its mirror image.
    values = [float(label.replace(MINUS, "-")) for label in labels]
    assert sum(values) == 0 and sorted(values) == sorted(-v for v in values)
    four = game_tree_figure(KuhnPoker(4))
    assert len(payoff_labels(four)) == 4 * 3 * 5


def test_layout_is_tidy():
    layout = tree_layout(KUHN, ((J, Q), (K, J)), with_chance=True)
    rows = [-layout.position[z][1] for z in layout.terminals]
    assert rows == sorted(rows) and len(rows) == 10
    assert all(b - a > 1 - 1e-9 for a, b in zip(rows, rows[1:], strict=False))
    for history, (x, y) in layout.position.items():
        if KUHN.is_terminal(history):
            assert x == layout.terminal_column
            continue
        first, *_, last = [KUHN.next_history(history, a) for a in KUHN.legal_actions(history)]
        assert y == pytest.approx(0.5 * (layout.position[first][1] + layout.position[last][1]))
        assert x > layout.chance[0]


def test_highlight_draws_the_path_and_changes_the_figure():
    plain = game_tree_figure(KUHN, deal=(Q, K))
    history = History((Q, K), "pbb")
    marked = game_tree_figure(KUHN, deal=(Q, K), highlight=history)
    assert plots.figure_to_png(plain) != plots.figure_to_png(marked)
    thick = [line for line in marked.axes[0].lines if line.get_linewidth() == 3.0]
    assert len(thick) == len(history.actions)  # one edge per action taken
    (ring,) = artists(marked, "highlight")
    layout = tree_layout(KUHN, ((Q, K),), with_chance=False)
    assert tuple(ring.get_offsets()[0]) == pytest.approx(layout.position[history])
    overview = game_tree_figure(KUHN, highlight=history)
    thick = [line for line in overview.axes[0].lines if line.get_linewidth() == 3.0]
    assert len(thick) == len(history.actions) + 1  # and the chance edge of the deal


def test_information_set_rings_both_histories_it_merges():
    # Player 2 holding Q after a check: player 1 holds J or K.
    figure = game_tree_figure(KUHN, info_set="Q:p")
    (rings,) = artists(figure, "information set")
    layout = tree_layout(KUHN, tuple(d for d, _ in KUHN.deals()), with_chance=True)
    expected = {layout.position[History((J, Q), "p")], layout.position[History((K, Q), "p")]}
    assert {tuple(point) for point in rings.get_offsets()} == expected
    assert to_hex(rings.get_edgecolors()[0]) == plots.PLAYER_COLOURS[2].lower()


def test_information_set_figure_has_one_panel_per_hidden_card():
    figure = information_set_figure(KUHN, "Q:pb")
    assert figure.get_suptitle() and len(figure.axes) == 2
    assert [ax.get_title() for ax in figure.axes] == [
        "deal Q vs J: player 2 holds J",
        "deal Q vs K: player 2 holds K",
    ]
    four = information_set_figure(KuhnPoker(4), "Q:b")
    assert len(four.axes) == 3  # player 1 holds T, J or K


def test_action_names_follow_the_betting():
    root = KUHN.initial_history((J, Q))
    assert [action_name(KUHN, root, a) for a in "pb"] == ["check", "bet"]
    assert [action_name(KUHN, History((J, Q), "p"), a) for a in "pb"] == ["check", "bet"]
    assert [action_name(KUHN, History((J, Q), "b"), a) for a in "pb"] == ["fold", "call"]
    assert [action_name(KUHN, History((J, Q), "pb"), a) for a in "pb"] == ["fold", "call"]
    with pytest.raises(ValueError, match="terminal"):
        action_name(KUHN, History((J, Q), "pp"), "p")
    with pytest.raises(ValueError, match="unknown action"):
        action_name(KUHN, root, "x")


@pytest.mark.parametrize("deal", [(Q, Q), (0, 3), "JQ", None])
def test_bad_deal_raises(deal):
    if deal is None:
        with pytest.raises(ValueError, match="too many to draw"):
            game_tree_figure(KuhnPoker(5))  # 20 deals
        return
    with pytest.raises(ValueError, match="not a deal"):
        game_tree_figure(KUHN, deal=deal)


def test_bad_highlight_or_information_set_raises():
    with pytest.raises(ValueError, match="not in the drawing"):
        game_tree_figure(KUHN, deal=(Q, K), highlight=History((Q, J), "p"))
    with pytest.raises(ValueError, match="not a history"):
        game_tree_figure(KUHN, highlight=History((Q, K), "bpb"))
    with pytest.raises(ValueError, match="unknown information set"):
        game_tree_figure(KUHN, info_set="A:p")
    with pytest.raises(ValueError, match="unknown information set"):
        information_set_figure(KUHN, "Q:pp")  # nobody acts after check, check
