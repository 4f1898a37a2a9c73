"""A balance result as a publishable `core.report.Report`."""
from __future__ import annotations

import pandas as pd

from analyzer.core.balance.run import BalanceSpec
from analyzer.core.game import Result

HEADINGS = {
    "win_rate": "Win rate per seat", "first_player": "The first player", "differences": "Against the baseline",
    "policies": "Policies", "policy_pairs": "Policies head to head", "money": "Final money", "length": "Game length", "actions": "Actions taken",
}
HEADINGS["ladder"] = "Across player strength"  # a ladder's section (core/balance/ladder.py)
CAPTIONS = {
    "win_rate": "Win rate per seat: mean win credit (a shared win counts 1/k), 95% Wilson interval.",
    "first_player": "The first player's (seat 0's) win rate against a fair share of 1/players; "
                    "edge = win rate − fair share, with its 95% interval.",
    "differences": "Each rule set against the baseline on the same dice: mean per-game change in win credit and in "
                   "final money, with the 95% interval of the paired differences; detected = the interval excludes 0. "
                   "Where the table sizes differ, the change in win rate is measured against each table's fair share "
                   "(win rate − 1/players).",
    "policies": "Win rate of each policy over all the seats it played (policies change seats from game to game).",
    "policy_pairs": "Each pair of policies in the same games: the mean per-game difference of their seats' win credit, "
                    "with its 95% interval; detected = the interval excludes 0.",
    "money": "Final money per seat: mean ± 95% and quantiles.",
    "length": "Game length: mean ± 95%, median, min and max.",
    "actions": "How often each seat takes each kind of action (share of its turns).",
}


TOP_FINDINGS = 5  # the summary and the findings list at most this many effects, largest first; the rest: More
SUMMARY = 2  # the summary at the top: the largest effects (or, with none, what made no difference)


def _named(texts: dict, spec: BalanceSpec) -> dict:
    """Headings or captions with the game's name for its final score (coins, points, ...) in place of "money"."""
    return {k: v.replace("money", spec.money_name) for k, v in texts.items()}


def _cited(finding: dict, headings: dict) -> str:
    """A finding and a link to the table behind it, named as its heading in the report."""
    from analyzer.core.report import link

    table = finding.get("table")
    heading = headings.get(table, table)
    return finding["text"] + (f" ({link('table: ' + heading, heading)})" if table else "")


def report(spec: BalanceSpec, result: Result, *, title: str, question: str, setup, method=(),
           reproduce: str = "", depends: dict | None = None):
    """A `core.report.Report` of a balance result.  `setup`: callables or (heading, DataFrame or
    text) pairs the game supplies (rule sets, policies); `method`: extra caveats; `depends`: what the
    conclusions rest on ({"rules", "data", "players"}: see `core.report.depends`), else the player models.

    A summary of the one or two largest effects opens it; then the other findings, whatever their kind (an
    unknown kind is listed under "More"); each caveat is said once."""
    from analyzer.core.report import Report, link, once, summarize
    from analyzer.core.report import depends as depends_on

    p = result.payload
    headings, captions = _named(HEADINGS, spec), _named(CAPTIONS, spec)
    rungs = p.get("rungs")  # a ladder's (core/balance/ladder.py)
    rep = Report(title, f"{p['games']:,} games per rule set{' and rung' if rungs else ''} · seed {p['seed']} · "
                        "rule sets: " + ", ".join(f"`{name}`" for name in p["rule_sets"])
                        + (" · rungs: " + ", ".join(f"`{r}`" for r in rungs) if rungs else ""), [],
                 dict(result.tables))
    top = rep.section("Summary")
    rep.section("What was asked").text(question.strip() or "How the rule sets compare, seat by seat.")
    found = rep.section("Findings")
    ranked = p.get("findings_ranked") or [{"text": f, "kind": "note", "table": ""} for f in p["findings"]]
    said = f"{p['games']:,} games per rule set"  # the subtitle and the method say it already
    ranked = [f for f in ranked if not (f.get("kind") == "note" and f["text"].startswith("Every figure")
                                        and said in f["text"])]
    effects = [f for f in ranked if f.get("kind") == "effect"]
    nothing = [f for f in ranked if f.get("kind") == "none"]
    rest = [f for f in ranked if f.get("kind") not in ("effect", "none")]
    caveats = once(list(result.notes[len(p["findings"]):]) + list(method))
    depends = dict(depends or {"players": "the player models in the set-up, not human play"})
    rules = depends.get("rules") or f"as set out in {link('Method and caveats', 'Method and caveats')}"
    because = depends_on(rules, depends.get("data", ""), depends.get("players", ""))
    summarize(top, [_cited(f, headings) + because for f in (effects or nothing)[:SUMMARY]])
    shown = effects[SUMMARY:TOP_FINDINGS] if effects else []
    if shown:
        found.bullets([_cited(f, headings) for f in shown])
    elif not effects:
        found.text("No effect here is larger than its 95% interval: nothing was found to make a detectable difference.")
    else:
        found.text("The summary above holds every effect found.")
    unsaid = nothing[0 if effects else SUMMARY:]
    if unsaid:
        found.heading("No detectable difference").bullets([_cited(f, headings) for f in unsaid])
    more = effects[TOP_FINDINGS:] + rest
    if more:
        found.heading("More").bullets([_cited(f, headings) for f in more])
    if rungs:
        from analyzer.core.balance import ladder

        ladder.report_section(rep, result)
    section = rep.section("Set-up")
    for heading, body in setup:
        if isinstance(body, pd.DataFrame):
            section.heading(heading).table(body)
        else:
            section.text(f"{heading}: {body}" if heading else str(body))
    results = rep.section("Results")
    plots = {plot.table: plot for plot in result.plots}
    for name, df in result.tables.items():
        if name == "ladder":  # shown in "Across player strength"
            continue
        results.heading(headings.get(name, name)).table(df, captions.get(name, ""))
        if name in plots:
            results.plot(plots[name], plots[name].options.get("title", ""))
    rep.section("Method and caveats").bullets(caveats)
    if reproduce:
        rep.section("Reproduce").code(reproduce)
    return rep


def split_rule_table(table: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(the rows where the rule sets differ, the rows common to all as one `value` column)."""
    same = table.nunique(axis=1) == 1
    common = table[same].iloc[:, :1].rename(columns={table.columns[0]: "value"})
    return table[~same], common


def report_scenario(game, data: dict, settings, reproduce: str = ""):
    """`analyzer report`: a balance scenario's result as a `core.report.Report`."""
    from analyzer.core.balance import summary
    from analyzer.core.balance.variants import parse

    full = game.full()
    spec, configs = parse(full, data, game.name)
    title = summary.title(game, data, configs)
    result = summary.balance(spec, settings, title=title)
    summary.mark_illustrative(full, configs, result)
    differ, common = split_rule_table(summary.seated(spec, full.hook("rule_table")(configs)))
    setup = []
    if len(differ):
        setup.append((f"What differs between the rule sets (`{spec.base.name}` is the baseline)", differ))
    setup += [("Common to every rule set" if len(configs) > 1 else "The rule set", common),
              ("The player models", summary.policy_table(summary.every_config(spec, configs)))]
    if full.setup is not None:
        setup += full.hook("setup")(configs)
    method = full.hook("notes")(configs) + (full.hook("report_notes")(configs) if full.report_notes else [])
    unverified = sum("unverified" in note for note in method)
    models = ", ".join(f"`{label}`" for label in summary.policy_table(summary.every_config(spec, configs)).index)
    players = (f"the ladder's player models, weakest first: {models}; human players may differ"
               if getattr(spec, "rungs", None) else f"these player models: {models}; stronger or human players may differ")
    depends = {"data": summary.illustrative(full, configs), "players": players,
               "rules": f"{unverified} reading(s) marked unverified in [Method and caveats](#method-and-caveats)"
                        if unverified else ""}
    return report(spec, result, title=title, question=str(data.get("description") or ""), setup=setup,
                  method=method, reproduce=reproduce, depends=depends)
