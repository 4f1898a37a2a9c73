"""The readable Drunter und Drüber answers, brute force and exact (rules spec: shared/rules/drunter-druber.md),
computed another way than exact.py so that the two can be held equal (`reference_agrees`):

- The building guess: every way the cards I do not hold can lie (each card to an opponent or to the box), kept
  where every opponent holds his hand's worth (1 building card; expert: 2 cards, or one building and one special
  with one_of_each); each such deal is equally likely and is weighted square by square (each square a player
  covered of a type he holds: x eps) and vote by vote (each yes vote on covering a type he holds: x vote_eps,
  each no vote: / vote_eps).  No permutations, no per-player factor tables.
- The outhouse vote: every set of cards a player can lay (one or more) with every declaration of each JEIN laid;
  a coalition reaches the sums of its members' plays; the vote passes when the for side's best yes - no margin is
  at least the against side's best no - yes margin ("Při rovnosti hlasů ... se tah provede": a tie covers).
  P(pass) sums the prior over every set of undecided voters against (the opponents but the proposer; I vote
  my_stance when an opponent proposes).  The expert rules have no votes, so no vote answer.
- The tile odds: my tiles of one size come off the face-down pile one at a time, each draw any one of the tiles
  left, so a kind with m of the t tiles left comes next with chance m/t; walking every order of kinds (memoised on
  what is left) gives the joint chance of each (wall, river, road) count in my deal, and each kind's count is read
  off it.  No binomials.  `labelled_deals` instead lists every set of labelled tiles I can be dealt
  (itertools.combinations), for the small cases the tests check the walk against.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product

from analyzer.core.agreement import random_positions
from analyzer.games.drunter_druber import analysis, state
from analyzer.games.drunter_druber import rules as r

BOX = "box"


# -- question 1: the building guess -----------------------------------------------------------------------------

def deals(mine, opponents: int, variant: str, expert_deal: str):
    """Every deal of the cards I do not see, {card: holder} with holder an opponent index or BOX: the cards are
    handed out one by one to anyone with room left for that kind of card (a hand's worth each, the box the rest)."""
    deck = r.TYPES if variant == "basic" else r.EXPERT_CARDS
    unseen = [c for c in deck if c not in mine]
    by_kind = variant == "expert" and expert_deal == "one_of_each"

    def kind(card):
        return ("building" if card in r.TYPES else "special") if by_kind else "card"

    room = {}
    for card in unseen:
        room[BOX, kind(card)] = room.get((BOX, kind(card)), 0) + 1
    hand = {kind(c): 1 if by_kind else r.HAND[variant] for c in unseen}
    for k, n in hand.items():
        for i in range(opponents):
            room[i, k] = n
            room[BOX, k] -= n

    def hand_out(rest, deal):
        if not rest:
            yield dict(deal)
            return
        card = rest[0]
        for holder in [*range(opponents), BOX]:
            if room[holder, kind(card)]:
                room[holder, kind(card)] -= 1
                deal[card] = holder
                yield from hand_out(rest[1:], deal)
                room[holder, kind(card)] += 1
        deal.pop(card, None)

    assert all(n >= 0 for n in room.values()), "more hands than cards"
    yield from hand_out(unseen, {})


def deal_weight(deal: dict, evidence, eps: Fraction, vote_eps: Fraction) -> Fraction:
    """The likelihood of the public evidence under one deal, square by square and vote by vote."""
    weight = Fraction(1)
    for player, (covered, cover_votes, save_votes) in enumerate(evidence):
        for t in {*covered, *cover_votes, *save_votes}:
            if deal.get(t) != player:
                continue
            for _ in range(covered.get(t, 0)):
                weight *= eps
            for _ in range(cover_votes.get(t, 0)):
                weight *= vote_eps
            for _ in range(save_votes.get(t, 0)):
                weight /= vote_eps
    return weight


def building_guess(mine, evidence, eps: Fraction, vote_eps: Fraction = Fraction(1), variant: str = "basic",
                   expert_deal: str = "random") -> list[dict]:
    """Per opponent, {type: P(he holds that building card)}; `mine` my card(s), `evidence` per opponent the triple
    (covered, voted to cover, voted to save), each {type: n}."""
    total = Fraction(0)
    held = [dict.fromkeys(r.TYPES, Fraction(0)) for _ in evidence]
    for deal in deals(mine, len(evidence), variant, expert_deal):
        w = deal_weight(deal, evidence, eps, vote_eps)
        total += w
        for t in r.TYPES:
            if deal.get(t, BOX) != BOX:
                held[deal[t]][t] += w
    assert total, "no deal fits the hands"
    return [{t: x / total for t, x in row.items()} for row in held]


# -- question 2: the outhouse vote ------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def plays(votes: tuple) -> frozenset[tuple[int, int]]:
    """Every (yes, no) a player can lay: each non-empty set of his cards, each JEIN declared either way."""
    out = set()
    for size in range(1, len(votes) + 1):
        for laid in combinations(votes, size):
            plain = [r.VOTES[v] for v in laid if v != "JEIN"]
            yes, no = sum(y for y, _ in plain), sum(n for _, n in plain)
            for sides in product(((2, 0), (0, 2)), repeat=laid.count("JEIN")):
                out.add((yes + sum(y for y, _ in sides), no + sum(n for _, n in sides)))
    return frozenset(out or {(0, 0)})


def coalition_plays(members) -> set[tuple[int, int]]:
    """Every (yes, no) total a coalition can lay: one play from each member's vote cards, summed."""
    totals = {(0, 0)}
    for votes in members:
        totals = {(y + py, n + pn) for y, n in totals for py, pn in plays(tuple(votes))}
    return totals


def coalition_max(members) -> tuple[int, int]:
    """(the most yes, the most no) a coalition can reach."""
    totals = coalition_plays(members)
    return max(y for y, _ in totals), max(n for _, n in totals)


def vote_passes(for_side, against_side) -> bool:
    """Whether the for side (lists of vote cards) can cover the outhouse whatever the against side lays."""
    best_for = max(margins(for_side))
    best_against = -min(margins(against_side))
    return best_for >= best_against


def margins(members) -> set[int]:
    """Every yes - no a coalition can lay (one play from each member)."""
    totals = {0}
    for votes in members:
        totals = {m + y - n for m in totals for y, n in plays(tuple(votes))}
    return totals


# -- question 4: the tile odds ---------------------------------------------------------------------------------

def tile_walk(counts: tuple, dealt: int) -> dict[tuple, Fraction]:
    """{(wall, river, road) in my deal: chance} for `dealt` tiles drawn one by one from a pile holding `counts`
    tiles of each kind."""
    @lru_cache(maxsize=None)
    def draw(left: tuple, more: int) -> tuple:
        if more == 0:
            return (((0,) * len(left), Fraction(1)),)
        out: dict = {}
        pile = sum(left)
        for k, m in enumerate(left):
            if not m:
                continue
            rest = left[:k] + (m - 1,) + left[k + 1:]
            for got, chance in draw(rest, more - 1):
                got = got[:k] + (got[k] + 1,) + got[k + 1:]
                out[got] = out.get(got, Fraction(0)) + Fraction(m, pile) * chance
        return tuple(out.items())

    return dict(draw(tuple(counts), dealt))


def labelled_deals(counts: tuple, dealt: int) -> dict[tuple, Fraction]:
    """The same by listing every set of `dealt` labelled tiles (each equally likely): small cases only."""
    tiles = [k for k, m in enumerate(counts) for _ in range(m)]
    hits, deals = {}, 0
    for hand in combinations(range(len(tiles)), dealt):
        got = tuple(sum(tiles[i] == k for i in hand) for k in range(len(counts)))
        hits[got] = hits.get(got, 0) + 1
        deals += 1
    return {got: Fraction(n, deals) for got, n in hits.items()}


def kind_counts(joint: dict[tuple, Fraction], dealt: int) -> list[list[Fraction]]:
    """Per kind, [P(exactly j of it)] for j = 0..dealt, from the joint chances."""
    out = [[Fraction(0)] * (dealt + 1) for _ in r.TILE_KINDS]
    for got, chance in joint.items():
        for k, j in enumerate(got):
            out[k][j] += chance
    return out


def tile_odds(split, players: int) -> dict:
    """{(size, kind): {"exactly": [...], "at_least": [...], "mean"}} for every size and kind: the walk, its tail
    sums and its mean."""
    out = {}
    for size, counts, dealt in zip(r.SIZES, split, r.TILES[players]):
        for kind, exactly in zip(r.TILE_KINDS, kind_counts(tile_walk(counts, dealt), dealt)):
            out[size, kind] = {"exactly": exactly, "at_least": [sum(exactly[j:]) for j in range(dealt + 1)],
                               "mean": sum(j * x for j, x in enumerate(exactly))}
    return out


# -- the answers of a position ----------------------------------------------------------------------------------

def answers(p: state.Position) -> dict:
    """question -> the reference's answer for a parsed position (the questions it supports)."""
    s = p.settings
    evidence = [o.evidence for o in p.opponents]
    guess = building_guess(p.mine, evidence, s.cover_own_eps, s.vote_eps, s.variant, s.expert_deal)
    out = {"odds": {"deals": sum(1 for _ in deals(p.mine, len(p.opponents), s.variant, s.expert_deal)),
                    "posterior": [{t: x for t, x in row.items() if t not in p.mine} for row in guess]}}
    if s.variant == "basic":
        out["vote"] = outhouse_vote(p)
    out["tiles"] = {"odds": tile_odds(s.tile_kinds, p.players), "focus": p.focus}
    return out


def outhouse_vote(p: state.Position) -> dict:
    """Each player's most yes / no, whether the vote passes with every undecided voter against / for, P(pass)."""
    cards = dict(zip(p.names, (p.my_votes, *(o.votes_left for o in p.opponents))))
    decided_for = [cards[p.proposer]]
    decided_against = []
    if p.proposer != "me":
        (decided_for if p.my_stance == "for" else decided_against).append(cards["me"])
    undecided = [cards[n] for n in p.names if n not in ("me", p.proposer)]
    everyone = coalition_plays(decided_for + undecided)
    return {"max": {n: coalition_max([v]) for n, v in cards.items()},
            "sure_to_pass": vote_passes(decided_for, decided_against + undecided),
            "can_pass": vote_passes(decided_for + undecided, decided_against),
            "best_yes": max(y for y, _ in everyone),
            "p_pass": sum((chance for chance, blockers in stances(len(undecided), p.settings.against_prior)
                           if vote_passes(decided_for + [v for i, v in enumerate(undecided) if i not in blockers],
                                          decided_against + [undecided[i] for i in blockers])), Fraction(0))}


def stances(k: int, against: Fraction):
    """(chance, the set of undecided voters against) for every stance of k voters."""
    for size in range(k + 1):
        for blockers in combinations(range(k), size):
            yield against ** size * (1 - against) ** (k - size), set(blockers)


def engine_answers(p: state.Position) -> dict:
    """The same answers read back from analysis.py's payloads (the `_exact` strings as Fractions)."""
    odds = analysis.odds(p, None).payload
    out = {"odds": {"deals": odds["deals"],
                    "posterior": [{t: Fraction(x["p_exact"]) for t, x in o["posterior"].items()}
                                  for o in odds["opponents"]]}}
    if "vote" in state.questions(p):
        vote = analysis.vote(p, None).payload
        out["vote"] = {"max": {v["player"]: (v["max_yes"], v["max_no"]) for v in vote["voters"]},
                       "sure_to_pass": vote["sure_to_pass"], "can_pass": vote["can_pass"],
                       "best_yes": vote["best_case"]["yes"], "p_pass": Fraction(vote["p_pass_exact"])}
    tiles = analysis.tiles(p, None).payload
    out["tiles"] = {"odds": {(e["size"], e["kind"]): {"exactly": [Fraction(d["p_exact"]) for d in e["distribution"]],
                                                      "at_least": [Fraction(d["p_at_least_exact"])
                                                                   for d in e["distribution"]],
                                                      "mean": Fraction(e["mean_exact"])} for e in tiles["kinds"]},
                    "focus": (tiles["focus"]["size"], tiles["focus"]["kind"])}
    return out


# -- random positions --------------------------------------------------------------------------------------------

def random_counts(rng: random.Random, most: int, room: dict | None = None) -> dict:
    """{type: n} on up to 3 random types, n <= most (and <= room[type] squares left on the board)."""
    out = {}
    for t in rng.sample(r.TYPES, rng.randrange(4)):
        top = most if room is None else min(most, room[t])
        if top:
            out[t] = rng.randrange(1, top + 1)
            if room is not None:
                room[t] -= out[t]
    return out


def random_votes(rng: random.Random) -> list[str]:
    """A remaining vote set: the shrug is never spent, the others maybe."""
    return [v for v in r.FULL_VOTES if v == "shrug" or rng.random() < 0.6]


def random_opponent(rng: random.Random, room: dict) -> dict:
    """An opponent: squares covered (within `room`), a remaining vote set, and yes / no votes no more than the cards
    he has spent can have cast (a card a vote; JEIN once, either way)."""
    covered, left = random_counts(rng, r.SQUARES_PER_TYPE, room), random_votes(rng)
    spent = [v for v in r.FULL_VOTES if v not in left]
    cards, votes = len(spent), {}
    for side, key, most in ((0, "voted_to_cover", 3), (1, "voted_to_save", 2)):
        budget = min(cards, sum(1 for v in spent if r.VOTES[v][side]))
        out = votes[key] = {}
        for t in rng.sample(r.TYPES, rng.randrange(4)):
            top = min(most, budget - sum(out.values()))
            if top > 0:
                out[t] = rng.randrange(1, top + 1)
        cards -= sum(out.values())
    return {"covered_types": covered, **votes, "votes_left": left}


def random_split(rng: random.Random) -> dict:
    """A tile_kinds block: each size's tiles cut at two random points among the kinds in a random order (so a kind
    may have none, or all)."""
    out = {}
    for size, total in zip(r.SIZES, r.SIZE_TOTALS):
        a, b = sorted(rng.randint(0, total) for _ in range(2))
        out[size] = dict(zip(rng.sample(r.TILE_KINDS, 3), (a, b - a, total - b)))
    return out


def random_scenario(rng: random.Random, i: int) -> dict:
    """Position i of a seeded run: players 2-4 x (basic, expert random, expert one_of_each) every 9 positions,
    vote_eps 1 or not every 18, enclosed_builder alternating; tile_kinds typed at random in most, and a focus;
    the rest drawn."""
    players = 2 + i % 3
    variant, deal = (("basic", "random"), ("expert", "random"), ("expert", "one_of_each"))[i // 3 % 3]
    rules = {"variant": variant, "expert_deal": deal, "jein_order": "clockwise_from_proposer",
             "enclosed_builder": ("no_legal_square", "three_sides")[i % 2]}
    if rng.random() < 0.7:
        rules["cover_own_eps"] = rng.choice(("1/2", "1", "1/10", "2/3", 0.25))
    if i // 9 % 2:
        rules["vote_eps"] = rng.choice(("2", "1/3", "3/4"))
    if rng.random() < 0.7:
        rules["against_prior"] = rng.choice(("0", "1", "1/3", "3/5"))
    me = {"votes": random_votes(rng)}
    if variant == "basic":
        me["building"] = rng.choice(r.TYPES)
    elif deal == "random":
        me["cards"] = rng.sample(r.EXPERT_CARDS, 2)
    else:
        me["cards"] = [rng.choice(r.TYPES), rng.choice(r.SPECIALS)]
    room = dict.fromkeys(r.TYPES, r.SQUARES_PER_TYPE)
    opponents = [random_opponent(rng, room) for _ in range(players - 1)]
    outhouse = {"proposer": rng.choice(["me"] + [f"p{n}" for n in range(2, players + 1)])}
    if outhouse["proposer"] != "me" and rng.random() < 0.7:
        outhouse["my_stance"] = rng.choice(state.STANCES)
    block = {"me": me, "opponents": opponents, "outhouse": outhouse}
    if rng.random() < 0.8:
        rules["tile_kinds"] = random_split(rng)
    if rng.random() < 0.5:
        block["focus"] = {"size": rng.choice(r.SIZES), "kind": rng.choice(r.TILE_KINDS)}
    return {"game": "drunter_druber", "players": players, "rules": rules, "position": block}


def reference_agrees(seed: int, positions: int = 18) -> list[tuple]:
    """[(what, exact.py's answer via analysis, the reference's)] on `positions` random positions."""
    def label(p) -> str:
        s = p.settings
        return (f"{p.players}p, {s.variant}/{s.expert_deal}, eps {s.cover_own_eps}, vote_eps {s.vote_eps}, against "
                f"{s.against_prior}, proposer {p.proposer}, tiles {r.kinds_text(s.tile_kinds)}")

    return random_positions(seed, positions, random_scenario, label, engine_answers, answers,
                            state.parse_position, by_key=True)
