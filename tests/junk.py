"""Junk for property tests: any value a scenario field might be given, and every place in a scenario."""
from hypothesis import strategies as st


def junk(words=()):
    """Nested junk: None, booleans, numbers, short text, the game's own words, lists and mappings of them."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 70), st.floats(allow_nan=True),
                        st.text(max_size=5), st.sampled_from(list(words) or ["x"]))
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.integers(0, 6), st.text(max_size=6)), inner,
                                                     max_size=3)), max_leaves=8)


def paths(node, prefix=()):
    """Every place in a nested dict/list, as a path of keys and indexes."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, prefix + (i,))
