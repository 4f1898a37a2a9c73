"""Plot layout rules that a picture would show and a table would not."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from analyzer.core import plots  # noqa: E402


def rotation(cats) -> float:
    fig, ax = plt.subplots(figsize=(9, 4))
    plots._category_ticks(fig, ax, cats)
    angle = ax.get_xticklabels()[0].get_rotation()
    plt.close(fig)
    return angle


def test_many_long_category_labels_stand_upright_and_short_ones_lie_flat():
    """A ladder over nine rule sets labels 36 clusters "rule set: seat": side by side they ran into each other."""
    assert rotation([f"unlimited dev plays: {s}" for s in range(4)] * 9) == 90
    assert rotation(list(range(4))) == 0
    assert rotation(["first edition", "second edition"]) == 0
