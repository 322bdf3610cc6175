"""axe-core (WCAG 2.0 and 2.1, levels A and AA) on a page of the app, in the browser tests.

axe-core comes bundled in the axe-playwright-python package (its axe.min.js, read from
disk): nothing is fetched. A page fails on any serious or critical violation but one: the
sidebar navigation's list markup, which only Streamlit can change (its sections put <div>s
in the <ul> and <li>s outside any list). That one is left out by rule AND by where it is,
so a list the app itself draws wrongly still fails; the reproduction, ready for Streamlit's
issue tracker, is docs/streamlit-nav-sections-list-markup.md.
"""

from __future__ import annotations

import functools

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING = ("serious", "critical")
# rule -> the elements it is left out on, and why. Nothing else is left out.
STREAMLIT_ONLY = {
    # st.navigation with sections: <ul data-testid="stSidebarNavItems"> holds a <div> per
    # section, and those hold the <li>s (docs/streamlit-nav-sections-list-markup.md).
    "list": '[data-testid="stSidebarNavItems"]',
    "listitem": '[data-testid="stSidebarNavItems"] li',
}

# Colour contrast is two thirds of axe's time on a page of charts (every number in a
# heatmap's cells is text to check), and it depends on the colours alone, not on the width
# or the language: each page is checked for it once with everything shown (wide, in
# Chinese, the sidebar open) and once with its questions first (on the projector, in
# Chinese); its phone view and the keyboard's walk through the stops in English are checked
# for everything else.
CONTRAST = "color-contrast"

# Runs axe on the whole document once the page's transitions have ended; returns the
# failing violations, each node marked with whether it is one of STREAMLIT_ONLY's (by rule
# and element). No CSS selectors are made for the nodes (a third of axe's time on a page
# of charts): the HTML says where.
RUN_JS = """async ([tags, failing, only, off]) => {
  // Streamlit fades the elements of a run in: colours caught mid-transition are no one's.
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const rules = Object.fromEntries(off.map((id) => [id, {enabled: false}]));
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: tags}, rules, resultTypes: ['violations'],
    selectors: false, elementRef: true,
  });
  return result.violations.filter((v) => failing.includes(v.impact)).map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({
      html: n.html.slice(0, 200),
      summary: (n.failureSummary || '').slice(0, 300),
      streamlit: Boolean(only[v.id] && n.element && n.element.matches(only[v.id])),
    })),
  }));
}"""


@functools.cache
def axe_script() -> str:
    """axe-core's script, as the package bundles it (ImportError when it is not installed)."""
    from axe_playwright_python.base import AXE_SCRIPT

    return AXE_SCRIPT


def violations(page, contrast: bool = True) -> list[dict]:
    """The failing violations on the page as it is now, Streamlit's own left out.

    ``contrast=False`` leaves out the colour contrast rule (CONTRAST says when)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script())
    off = [] if contrast else [CONTRAST]
    found = page.evaluate(RUN_JS, [TAGS, list(FAILING), STREAMLIT_ONLY, off])
    kept = []
    for v in found:
        nodes = [n for n in v["nodes"] if not n["streamlit"]]
        if nodes:
            kept.append({**v, "nodes": nodes})
    return kept


def report(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for n in v["nodes"][:4]:
            lines.append(f"    {n['html']}\n      {n['summary']}")
    return "\n".join(lines)
