"""A match's ratings against figures worked out here another way: cutechess-cli's published Elo, margins and LOS;
the trinomial interval computed from a list of game scores; the SPRT's log-likelihood ratio maximized directly over
the draw rate; and the game on which ``tracer match --sprt`` stops, found again from its rows."""

from __future__ import annotations

import json
import math
import statistics
from statistics import NormalDist

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import run_tracer
from tracer.play.ratings import Sprt, closest_with_score, elo_of_score, rating, score_of_elo

# ---- independent computations --------------------------------------------------------------------------------------

def direct_rating(wins: int, draws: int, losses: int):
    """Elo and its 95 % interval as a textbook would: the games' scores as a list, their mean and population
    variance, the mean's normal interval, each end through −400·log10(1/s − 1)."""
    scores = [1.0] * wins + [0.5] * draws + [0.0] * losses
    mean, spread = statistics.fmean(scores), math.sqrt(statistics.pvariance(scores) / len(scores))
    z = NormalDist().inv_cdf(0.975)

    def elo(s):
        return math.inf if s >= 1 else -math.inf if s <= 0 else -400 * math.log10(1 / s - 1)

    return elo(mean), elo(mean - z * spread), elo(mean + z * spread)


def direct_los(wins: int, losses: int) -> float:
    """The chance that p1 is stronger: the normal CDF at (W − L)/√(W + L)."""
    return NormalDist().cdf((wins - losses) / math.sqrt(wins + losses))


def most_likely(counts: list[float], score: float) -> float:
    """The largest log-likelihood of the counts (losses, draws, wins) under a trinomial with expected score
    ``score``: with draw rate d, a win is s − d/2 and a loss 1 − s − d/2; the log-likelihood is concave in d, so a
    golden-section search over 0 < d < min(2s, 2 − 2s) finds its top."""
    losses, draws, wins = counts

    def log_likelihood(d: float) -> float:
        return losses * math.log(1 - score - d / 2) + draws * math.log(d) + wins * math.log(score - d / 2)

    low, high = 0.0, min(2 * score, 2 - 2 * score)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(200):
        left, right = high - ratio * (high - low), low + ratio * (high - low)
        if log_likelihood(left) < log_likelihood(right):
            low = left
        else:
            high = right
    return log_likelihood((low + high) / 2)


def direct_llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of H1 (Elo ``elo1``) over H0 (``elo0``), a count of 0 taken as 1/1000
    (fishtest's regularization), each likelihood maximized here by :func:`most_likely`."""
    counts = [count or 1e-3 for count in (losses, draws, wins)]
    expected = [1 / (1 + 10 ** (-elo / 400)) for elo in (elo0, elo1)]
    return most_likely(counts, expected[1]) - most_likely(counts, expected[0])


WALD = math.log(19)  # ln((1 − β)/α) for α = β = 0.05: fishtest's "(-2.94, 2.94)"

# ---- Elo and LOS -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("wins, losses, draws, elo, margin, los", [
    (63, 17, 26, 161.5, 62.3, 100.0),  # "Score of diputs.sh vs stash-27.0-linux-64: 63 - 17 - 26"
    (5383, 5132, 4808, 5.7, 4.6, 99.3),  # "Score of SWARtest vs Original: 5383 - 5132 - 4808"
    (162, 201, 87, -30.2, 28.9, 2.0),  # "Score of V2.1 vs V2.2: 162 - 201 - 87"
])
def test_cutechess_s_published_figures(wins, losses, draws, elo, margin, los):
    """cutechess-cli's lines "Elo difference: E +/- M, LOS: L %" as printed in three projects' logs. Its margin
    comes from an approximate inverse error function (a quantile of 1.957 for 1.960), so it may differ from the
    exact one in the last printed place."""
    rated = rating(wins, draws, losses)
    assert round(rated.elo, 1) == elo
    assert abs(rated.margin - margin) <= 0.15
    assert round(100 * rated.los, 1) == los


COUNTS = [(7, 2, 1), (1, 0, 1), (10, 5, 0), (3, 10, 2), (0, 1, 4), (50, 30, 20), (1, 1, 0), (2, 0, 1)]


@pytest.mark.parametrize("wins, draws, losses", COUNTS)
def test_elo_and_interval_are_the_trinomial_ones(wins, draws, losses):
    rated = rating(wins, draws, losses)
    elo, low, high = direct_rating(wins, draws, losses)
    assert rated.elo == pytest.approx(elo, rel=1e-12)
    assert (rated.low, rated.high) == (pytest.approx(low, rel=1e-12), pytest.approx(high, rel=1e-12))
    assert rated.low < rated.elo < rated.high
    assert rated.los == pytest.approx(direct_los(wins, losses), rel=1e-12)
    assert rated.score == (wins + draws / 2) / (wins + draws + losses)


@given(st.integers(0, 300), st.integers(0, 300), st.integers(0, 300))
def test_elo_interval_and_los_for_any_counts(wins, draws, losses):
    rated = rating(wins, draws, losses)
    if wins + draws + losses == 0:
        assert rated is None
        return
    elo, low, high = direct_rating(wins, draws, losses)
    assert rated.elo == pytest.approx(elo, rel=1e-9, abs=1e-9)
    if len({result for result, count in zip("wdl", (wins, draws, losses)) if count}) > 1:
        assert (rated.low, rated.high) == (pytest.approx(low, rel=1e-9), pytest.approx(high, rel=1e-9))
    else:
        assert rated.low is rated.high is None
    if wins + losses:
        assert rated.los == pytest.approx(direct_los(wins, losses), rel=1e-9, abs=1e-12)
    else:
        assert rated.los is None


def test_one_sided_matches_say_infinity_not_nan():
    won = rating(6, 0, 0)
    assert (won.elo, won.low, won.high, won.margin) == (math.inf, None, None, None)
    assert won.los == pytest.approx(NormalDist().cdf(math.sqrt(6)))
    lost = rating(0, 0, 3)
    assert (lost.elo, lost.low, lost.high) == (-math.inf, None, None)
    drawn = rating(0, 4, 0)
    assert (drawn.elo, drawn.low, drawn.high, drawn.los) == (0.0, None, None, None)
    assert math.copysign(1, drawn.elo) == 1  # 0, not −0
    assert rating(0, 0, 0) is None
    # a score whose interval passes 1: the upper end is +∞, the rest finite
    almost = rating(9, 0, 1)
    assert almost.high == math.inf and math.isfinite(almost.low) and math.isfinite(almost.elo)


def test_elo_and_score_are_each_other_s_inverse():
    for elo in (-800, -200, -1, 0, 3.5, 100, 400, 999):
        assert elo_of_score(score_of_elo(elo)) == pytest.approx(elo, abs=1e-9)
    assert score_of_elo(400) == pytest.approx(10 / 11)  # 400 Elo: ten to one
    assert (elo_of_score(1), elo_of_score(0)) == (math.inf, -math.inf)

# ---- the SPRT --------------------------------------------------------------------------------------------------------

def test_wald_s_bounds_are_fishtest_s():
    test = Sprt(0, 5)
    assert (round(test.lower_bound, 2), round(test.upper_bound, 2)) == (-2.94, 2.94)
    uneven = Sprt(0, 5, alpha=0.1, beta=0.2)
    assert (uneven.lower_bound, uneven.upper_bound) == (pytest.approx(math.log(0.2 / 0.9)),
                                                         pytest.approx(math.log(0.8 / 0.1)))


@pytest.mark.parametrize("wins, draws, losses", COUNTS + [(0, 0, 5), (12, 0, 0), (0, 7, 0), (5383, 4808, 5132)])
@pytest.mark.parametrize("elo0, elo1", [(0, 5), (-3, 1), (0, 200), (-150, 50)])
def test_the_llr_is_the_most_likely_trinomials_ratio(wins, draws, losses, elo0, elo1):
    llr = Sprt(elo0, elo1).llr(wins, draws, losses)
    assert llr == pytest.approx(direct_llr(wins, draws, losses, elo0, elo1), rel=1e-7, abs=1e-9)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60),
       st.integers(-400, 390), st.integers(1, 400))
def test_the_llr_for_any_counts(wins, draws, losses, elo0, gap):
    if wins + draws + losses == 0:
        assert Sprt(elo0, elo0 + gap).llr(0, 0, 0) == 0
        return
    llr = Sprt(elo0, elo0 + gap).llr(wins, draws, losses)
    assert llr == pytest.approx(direct_llr(wins, draws, losses, elo0, elo0 + gap), rel=1e-6, abs=1e-8)


def test_the_llr_of_many_games_is_near_its_normal_approximation():
    """Over thousands of games the GSPRT's ratio is near Van den Bergh's normal approximation, N·(s1 − s0)·(2s −
    s0 − s1)/(2σ²) (fishtest's earlier ``LLR_alt2``)."""
    wins, draws, losses = 5383, 4808, 5132
    games = wins + draws + losses
    scores = [1.0] * wins + [0.5] * draws + [0.0] * losses
    s, variance = statistics.fmean(scores), statistics.pvariance(scores)
    s0, s1 = score_of_elo(0), score_of_elo(5)
    approximation = games * (s1 - s0) * (2 * s - s0 - s1) / (2 * variance)
    assert Sprt(0, 5).llr(wins, draws, losses) == pytest.approx(approximation, rel=0.01)


def test_the_most_likely_distribution_has_the_asked_score():
    for observed in ([0.2, 0.3, 0.5], [1e-4, 1e-4, 0.9998], [0.6, 0.1, 0.3]):
        for score in (0.1, 0.5, 0.64, 0.997):
            q = closest_with_score(observed, score)
            assert sum(q) == pytest.approx(1) and q[1] / 2 + q[2] == pytest.approx(score)
            assert min(q) > 0


def test_decisions_take_the_strict_side_of_each_bound():
    test = Sprt(0, 100)
    assert test.decision(test.upper_bound) is None and test.decision(test.lower_bound) is None
    assert test.decision(test.upper_bound + 1e-9) == "H1" and test.decision(test.lower_bound - 1e-9) == "H0"

# ---- tracer match --sprt -------------------------------------------------------------------------------------------

def running_counts(rows):
    """p1's (wins, draws, losses) after each row."""
    wins = draws = losses = 0
    for row in rows:
        wins += row["winner"] == "p1"
        draws += row["winner"] == "draw"
        losses += row["winner"] == "p2"
        yield wins, draws, losses


@pytest.mark.parametrize("players, decided", [(("minimax", "random"), "H1"), (("random", "minimax"), "H0")])
def test_sprt_stops_a_clearly_unequal_match_where_the_test_decides(players, decided):
    """Minimax at depth 4 against random moves on Connect Four, seeded: the match stops on the first game after
    which the directly computed ratio leaves Wald's bounds, long before --games."""
    args = ["match", "connect4", "--p1", players[0], "--p2", players[1], "--depth", "4", "--games", "60", "--seed",
            "1", "--sprt", "0", "200", "--json", "--quiet"]
    result = run_tracer(*args)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    rows = data["rows"]
    llrs = [direct_llr(*counts, 0, 200) for counts in running_counts(rows)]
    assert [row["llr"] for row in rows] == pytest.approx(llrs, rel=1e-7)
    outside = [abs(llr) > WALD for llr in llrs]
    assert outside[-1] and not any(outside[:-1])  # it stopped on the first game that decided
    assert len(rows) < 20 and data["games"] == len(rows)
    assert data["sprt"] == {"elo0": 0, "elo1": 200, "alpha": 0.05, "beta": 0.05, "model": "logistic",
                            "lower_bound": pytest.approx(-WALD), "upper_bound": pytest.approx(WALD),
                            "llr": pytest.approx(llrs[-1]), "result": decided, "games": len(rows), "max_games": 60}
    wins, draws, losses = list(running_counts(rows))[-1]
    assert (data["players"][0]["wins"], data["players"][0]["draws"], data["players"][0]["losses"]) == (
        wins, draws, losses)
    # the same stop with the games played two at a time: the results come in order
    parallel = json.loads(run_tracer(*args, "--jobs", "2").stdout)
    assert [(row["winner"], row["moves"], row["llr"]) for row in parallel["rows"]] == [
        (row["winner"], row["moves"], row["llr"]) for row in rows]
    text = run_tracer(*args[:-2], "--quiet").stdout
    assert f"SPRT of H0: Elo 0 against H1: Elo 200 (α 0.05, β 0.05, logistic Elo): {decided} accepted after " \
           f"{len(rows)} games, LLR" in text


def test_an_undecided_sprt_plays_every_game_and_says_so():
    result = run_tracer("match", "tictactoe", "--p1", "minimax", "--p2", "alphabeta", "--games", "3",
                        "--sprt", "-10", "10", "--alpha", "0.1", "--beta", "0.2", "--quiet")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("tictactoe: 3 games,")
    assert lines[-3:] == [
        "Elo p1 − p2: 0.0 (every game a draw: results that never vary give no interval), from a score of 0.500 over "
        "3 games",
        "likelihood of superiority (that p1 is the stronger): none, no game was won",
        "SPRT of H0: Elo −10 against H1: Elo 10 (α 0.1, β 0.2, logistic Elo): no decision after 3 games (at most 3), "
        f"LLR 0.00 between {math.log(0.2 / 0.9):.2f} and {math.log(0.8 / 0.1):.2f}".replace("-", "−")]
