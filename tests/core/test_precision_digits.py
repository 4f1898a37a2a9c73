from analyzer.core.precision import decimals, shown


def test_decimals_follow_the_first_significant_digit_of_the_half_width():
    assert decimals(0.027) == 2
    assert decimals(0.27) == 1
    assert decimals(0.0004) == 4
    assert decimals(3.0) == 0
    assert decimals(None) == 4 and decimals(0.0) == 4 and decimals(float("nan"), default=3) == 3
    assert decimals(1e-12) == 6


def test_shown_rounds_to_those_decimals():
    assert shown(0.24817, 0.026) == "0.25"
    assert shown(0.24817, None) == "0.2482"
