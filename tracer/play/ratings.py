"""How much stronger one player is than another, read from a match's results (``tracer match``): the Elo difference
with its 95 % confidence interval, the likelihood of superiority, and the sequential probability ratio test that
stops a match as soon as it decides. Counts in, numbers out: the match's tally asks, the reports only format.

The formulas are the engine testers' (each function names its source):

- the logistic Elo model: a score s (wins plus half the draws, over the games) is an Elo difference of
  −400·log10(1/s − 1); its interval maps the score's normal 95 % interval, s ± 1.96·σ/√n with σ² the trinomial
  variance of one game's score, through the same function (cutechess-cli's ``Elo``, fishtest's ``get_elo``);
- the likelihood of superiority ½·(1 + erf((W − L)/√(2W + 2L))), draws carrying no information (cutechess-cli's
  ``Elo::LOS``, the Chess Programming Wiki's "Match Statistics");
- the generalized SPRT of fishtest (M. Van den Bergh), logistic model, trinomial results: H0 "the Elo difference is
  ELO0" against H1 "it is ELO1", the log-likelihood ratio of the most likely trinomial distributions of the two
  expected scores, a count of zero replaced by 1/1000 as fishtest does, and Wald's bounds ln(β/(1 − α)) and
  ln((1 − β)/α).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

MODEL = "logistic"  # the Elo model of the ratings and of the SPRT's hypotheses
CONFIDENCE = 0.95
Z = NormalDist().inv_cdf((1 + CONFIDENCE) / 2)  # 1.959964…: a two-sided 95 % interval of a normal estimate
SCORES = (0.0, 0.5, 1.0)  # a loss, a draw and a win, as results are listed below (fishtest's L, D, W order)
ZERO_COUNT = 1e-3  # fishtest's regularization: a result never seen counts as a thousandth of a game
MAX_ELO = 1000  # an SPRT's hypotheses lie within ±MAX_ELO: an expected score within 0.3 % of 0 or 1


def elo_of_score(score: float) -> float:
    """The logistic model's Elo difference for an expected score: −400·log10(1/s − 1), written here as
    400·log10(s/(1 − s)); ±∞ for a score of 1 or 0 (every game won or lost), which no finite difference explains."""
    if score >= 1:
        return math.inf
    if score <= 0:
        return -math.inf
    return 400 * math.log10(score / (1 - score))


def score_of_elo(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger: 1 / (1 + 10^(−elo/400))."""
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class Rating:
    """What a match's results say of p1 against p2 (:func:`rating`). ``low`` and ``high`` are None when every game
    ended alike (the results vary not at all, so their spread gives no interval); ``los`` is None when no game
    was won (draws say nothing of who is stronger)."""

    games: int
    score: float  # p1's: (wins + draws / 2) / games
    elo: float  # p1's Elo over p2's; ±∞ when p1 won or lost every game
    low: float | None  # the 95 % interval's ends, ±∞ where the score's interval passes 0 or 1
    high: float | None
    los: float | None  # the likelihood of superiority: how sure it is that p1 is the stronger, 0 to 1

    @property
    def margin(self) -> float | None:
        """Half the interval's width: cutechess-cli's "±"."""
        return None if self.low is None else (self.high - self.low) / 2


def rating(wins: int, draws: int, losses: int) -> Rating | None:
    """p1's rating against p2 from p1's wins, draws and losses; None before any game."""
    games = wins + draws + losses
    if games == 0:
        return None
    score = (wins + draws / 2) / games
    spread = score_deviation(wins, draws, losses)
    low = high = None
    if spread > 0:
        low, high = elo_of_score(score - Z * spread), elo_of_score(score + Z * spread)
    return Rating(games, score, elo_of_score(score), low, high, likelihood_of_superiority(wins, losses))


def score_deviation(wins: int, draws: int, losses: int) -> float:
    """The standard deviation of the mean score over the games: √(σ²/n), σ² the variance of one game's score
    (1, ½ or 0) around the mean, weighted by how often each result came (the trinomial variance)."""
    games = wins + draws + losses
    score = (wins + draws / 2) / games
    variance = sum(count * (value - score) ** 2 for count, value in zip((losses, draws, wins), SCORES)) / games
    return math.sqrt(variance / games)


def likelihood_of_superiority(wins: int, losses: int) -> float | None:
    """How likely it is that p1 is the stronger: ½·(1 + erf((W − L)/√(2(W + L)))), the normal approximation of
    the decisive games' binomial; None when no game was decisive."""
    if wins + losses == 0:
        return None
    return (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses)))) / 2


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0 "p1 is ``elo0`` Elo stronger than p2" against H1 "``elo1``"
    (logistic Elo, ``elo0`` < ``elo1``), with at most ``alpha`` chance of accepting H1 when H0 holds and ``beta``
    of accepting H0 when H1 holds."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def model(self) -> str:
        """The Elo model of the hypotheses (:data:`MODEL`), for a report to name: the report formats, it does not
        import the formulas."""
        return MODEL

    @property
    def lower_bound(self) -> float:
        """Wald's bound below which H0 is accepted: ln(β / (1 − α))."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper_bound(self) -> float:
        """Wald's bound above which H1 is accepted: ln((1 − β) / α)."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, draws: int, losses: int) -> float:
        """The generalized log-likelihood ratio of H1 over H0 after these results (0 before any game)."""
        if wins + draws + losses == 0:
            return 0.0
        counts = [count or ZERO_COUNT for count in (losses, draws, wins)]
        observed = [count / sum(counts) for count in counts]
        under_h0, under_h1 = (closest_with_score(observed, score_of_elo(elo)) for elo in (self.elo0, self.elo1))
        return sum(count * math.log(p1 / p0) for count, p0, p1 in zip(counts, under_h0, under_h1))

    def decision(self, llr: float) -> str | None:
        """``"H1"`` once the ratio is above the upper bound, ``"H0"`` once below the lower, else None (play on)."""
        if llr > self.upper_bound:
            return "H1"
        if llr < self.lower_bound:
            return "H0"
        return None


def closest_with_score(observed: list[float], score: float) -> list[float]:
    """The distribution over a loss, a draw and a win whose expected score is ``score`` and under which the
    observed frequencies are most likely: q_i = p_i / (1 + x·(a_i − s)), with the x that gives q the expected
    score s (M. Van den Bergh, https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf, Proposition 1.1;
    fishtest's ``MLE_expected``). That x lies between −1/(1 − s) and 1/s, across which q's expected score falls
    steadily from above s to below it: halving the range finds it."""
    deviations = [value - score for value in SCORES]

    def excess(x: float) -> float:  # q's expected score minus s, up to a positive factor
        return sum(p * d / (1 + x * d) for p, d in zip(observed, deviations))

    low, high = -1 / (1 - score), 1 / score
    for _ in range(100):  # the range, under 1,000 wide (|ELO| ≤ MAX_ELO), ends under 10^−27 wide
        middle = (low + high) / 2
        low, high = (middle, high) if excess(middle) > 0 else (low, middle)
    x = (low + high) / 2
    return [p / (1 + x * d) for p, d in zip(observed, deviations)]
