"""A picture of a Camel Up position (the game contract's `draw` hook): the track, stacks bottom to top
in the camels' colours, each camel also lettered (the colours are not colour-blind-safe on their own),
desert or spectator tiles with their owner, the camera, and the dice still in the pyramid."""
from __future__ import annotations

from pathlib import Path

from analyzer.core import style


def draw(position, path: Path) -> str:
    """Write the picture to `path` (PNG); returns its alt text."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch

    rules, names = position.rules, position.camel_names
    spaces = range(min([1] + list(position.stacks)), max([rules.track_length] + list(position.stacks)) + 1)
    height = max([len(s) for s in position.stacks.values()] + [3])
    fig, ax = plt.subplots(figsize=(max(6.0, 0.5 * len(spaces) + 1), 0.55 * height + 1.6), layout="constrained")
    for s in spaces:
        ax.add_patch(FancyBboxPatch((s - 0.45, -0.9), 0.9, 0.55, boxstyle="round,pad=0.02",
                                    facecolor="#eee" if s <= rules.track_length else "#fdd", edgecolor="#999"))
        ax.text(s, -0.62, str(s), ha="center", va="center", fontsize=8, color="#444")
    for s, stack in position.stacks.items():
        for level, camel in enumerate(stack):
            name = names[camel]
            ax.add_patch(FancyBboxPatch((s - 0.4, level * 0.6), 0.8, 0.5, boxstyle="round,pad=0.02",
                                        facecolor=style.CAMELS.get(name, "#888"), edgecolor=style.EDGE, linewidth=0.8))
            ax.text(s, level * 0.6 + 0.25, rules.camel_letters[camel].upper(), ha="center", va="center",
                    fontsize=9, fontweight="bold", color=style.camel_ink(name))
    for tile in position.desert:
        ax.text(tile.space, -1.25, f"{'+' if tile.push > 0 else '−'}{tile.owner}", ha="center", va="center",
                fontsize=9, fontweight="bold", color="#1f9d3a" if tile.push > 0 else "#d62828")
    if position.photographer:
        space, holder = position.photographer
        ax.text(space, -1.25, f"cam {holder}", ha="center", va="center", fontsize=7, color="#087")
    dice = [names[c] for c in position.dice_left] + (["grey"] if position.grey_die_left else [])
    dice += [f"{names[c]}+" for c in position.boost_dice_left]
    caption = f"dice in the pyramid: {', '.join(dice) or 'none'}; player {position.to_move} to move"
    ax.set_title(caption, fontsize=9, loc="left")
    ax.set_xlim(min(spaces) - 0.6, max(spaces) + 0.6)
    ax.set_ylim(-1.5, height * 0.6 + 0.1)
    ax.axis("off")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    stacks = "; ".join(f"space {s}: " + ", ".join(names[c] for c in stack) + " (bottom to top)"
                       for s, stack in sorted(position.stacks.items()))
    tiles = "; ".join(f"{t.side(rules)} tile of player {t.owner} on {t.space}" for t in position.desert)
    return f"The track. {stacks}." + (f" {tiles}." if tiles else "") + f" {caption}."
