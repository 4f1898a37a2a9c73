"""Issue 50: a seat that passed listed twice, and more policies than seats, are refused naming the field."""
from tests.games.mutate import refused


def test_a_seat_passed_twice_is_refused():
    refused("magellan", "bid.yaml", ("position", "auction", "passed"), lambda p: p + p, "position.auction.passed",
            "given twice")


def test_one_policy_per_seat_not_more():
    refused("magellan", "setup.yaml", ("position", "policies"), lambda p: p + p, "position.policies",
            "one policy for each of the 4 seats, got 8")
