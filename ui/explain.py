"""Worked sums, drawn: the terms behind a score, a softmax row, an output value, a tile.

Each function prints what core.explain returns: a table of the terms, the sum written
out, and one sentence that names the cell it lands in.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from core import max_entropy, sharpness
from core.explain import SoftmaxTerms, Terms
from core.long_context.online_softmax import TileWalk
from ui.i18n import t
from ui.widgets import md_escape, num, numbers_table, plain, vector_text

GRAD_NORM_MAX = 0.5  # ‖diag(p) − ppᵀ‖_F peaks at two keys sharing ½ each
MEASURE_PX = 66  # four measures and the token fit a phone's column


def terms_table(
    terms: Terms, names: tuple[str, str, str], index, *, shown: int | None = None, decimals=4
) -> None:
    """The terms of a worked sum as a table: factor a, factor b, their product, per row."""
    cut = slice(0, shown)
    factors = (terms.a[cut], terms.b[cut], terms.products[cut])
    numbers_table(dict(zip(names, factors, strict=True)), list(index)[cut], decimals=decimals)


def sum_latex(lhs: str, terms: Terms, *, shown: int, decimals: int, rule: str = "") -> None:
    """lhs (= rule) = (a₁)(b₁) + (a₂)(b₂) + … = total: the first ``shown`` terms written out,
    two to a line while their factors are short, one when they are printed to more places
    than two, so that the sum fits a phone."""
    per_line = 2 if decimals <= 2 else 1
    written = [
        f"({num(a, decimals)})({num(b, decimals)})"
        for a, b in zip(terms.a[:shown], terms.b[:shown], strict=True)
    ]
    if len(terms.a) > shown:
        written.append(r"\dots")
    lines = [" + ".join(written[k : k + per_line]) for k in range(0, len(written), per_line)]
    rows = [rf"{lhs} &= {rule}"] if rule else []
    rows += [
        ("&= " if not k and rule else (rf"{lhs} &= " if not k else "&\\quad + ")) + line
        for k, line in enumerate(lines)
    ]
    rows.append(rf"&= {num(terms.total, decimals)}")
    st.latex(r"\begin{aligned}" + r" \\ ".join(rows) + r"\end{aligned}")
    # The sum of the printed factors' products must give the printed total, or say why not.
    if num(terms.rounded_sum(decimals), decimals) != num(terms.total, decimals):
        st.caption(t("common.rounded_terms", decimals=decimals))


def softmax_worked(w: SoftmaxTerms, labels: list[str], qi: int, *, shown: int) -> None:
    """One row's softmax: z, e^z (or e^(z − m)) and p per key, the sum, the largest term."""
    exp_col = t("softmax.col_exp_shift") if w.shift else t("softmax.col_exp")
    names = [t("softmax.col_z"), exp_col, t("softmax.col_p")]
    columns = {t("softmax.col_key"): [labels[j] for j in w.keys]}
    columns |= dict(zip(names, (w.z, w.exp, w.weights), strict=True))
    numbers_table(columns, pd.Index(w.keys + 1, name=t("softmax.col_j")))
    if w.shift:
        st.caption(t("softmax.shifted", m=num(w.shift, 4)))
    if len(w.keys) < len(labels):
        st.caption(t("softmax.row_masked", q=md_escape(labels[qi])))
    sym = "z_l - m" if w.shift else "z_l"
    shown = min(shown, len(w.keys))
    terms = " + ".join(f"e^{{{num(v)}}}" for v in w.shifted[:shown])
    more = r" + \dots" if len(w.keys) > shown else ""
    total = num(w.total, 4)
    st.latex(
        rf"\begin{{aligned}}\sum_{{l}} e^{{{sym}}} &= {terms}{more}\\ &= {total}\end{{aligned}}"
    )
    if len(w.keys) > shown:
        st.caption(t("softmax.terms_cut", shown=shown, n=len(w.keys)))
    b, jb = w.best, int(w.keys[w.best]) + 1
    st.latex(
        rf"p_{{{jb}}} = \frac{{e^{{{num(w.shifted[b])}}}}}{{{total}}}"
        rf" = \frac{{{num(w.exp[b])}}}{{{total}}} = {num(w.weights[b])}"
    )
    q, k = md_escape(labels[qi]), md_escape(labels[w.keys[b]])
    p_text, sum_text = f"**{num(w.weights[b])}**", num(w.weight_sum)
    st.markdown(t("softmax.row_result", q=q, j=jb, k=k, p=p_text, total=sum_text))


def sharpness_readout(weights, labels: list[str]) -> None:  # [n, n] one head's weights
    """How sharp every row is: the means as metrics, then each row's measures in a table."""
    n = len(labels)
    sh = sharpness(weights)  # fields [n]
    mean, hmax = sh.mean(), max_entropy(n)
    helps = {
        "mean_entropy": t(
            "softmax.mean_entropy_help", bits=num(mean.entropy_bits, 4), n=n, hmax=plain(hmax)
        ),
        "mean_effective": t("softmax.mean_effective_help", n=n),
        "mean_max": t("softmax.mean_max_help"),
        "mean_grad": t("softmax.mean_grad_help"),
    }
    shown = (mean.entropy_nats, mean.effective_tokens, mean.max_weight, mean.grad_norm)
    for (name, help_text), value, col in zip(helps.items(), shown, st.columns(4), strict=True):
        col.metric(t(f"softmax.{name}"), num(value, 4), help=help_text)
    # Each measure between its least and its most: as a bar in its cell (no bar: no bound).
    # (Bits are nats / ln 2: the metric's help says so; a fifth column would not fit a phone.)
    measures = {
        "col_entropy": (sh.entropy_nats, 0.0, hmax),
        "col_effective": (sh.effective_tokens, 1.0, float(n)),
        "col_max": (sh.max_weight, 0.0, 1.0),
        "col_grad": (sh.grad_norm, 0.0, GRAD_NORM_MAX),
    }
    bar = st.column_config.ProgressColumn
    config = {
        t(f"softmax.{name}"): bar(
            format="%.3f", min_value=lo, max_value=max(hi, lo + 1e-9), width=MEASURE_PX
        )
        for name, (_, lo, hi) in measures.items()
    }
    columns = {t(f"softmax.{name}"): values for name, (values, _, _) in measures.items()}
    numbers_table(columns, pd.Index(labels, name=t("softmax.col_query")), config=config)


def output_worked(terms: Terms, labels: list[str], qi: int, dim: int, *, shown: int) -> None:
    """O_{i,c} = Σ_j A_ij V_jc: each key's weight, value and product, then the sum written out."""
    st.markdown(f"**{t('weighted_sum.terms')}**")
    names = [t(f"weighted_sum.col_{c}") for c in ("w", "v", "prod")]
    columns = {t("weighted_sum.col_key"): labels}
    columns |= dict(zip(names, (terms.a, terms.b, terms.products), strict=True))
    numbers_table(columns)
    rule = rf"\sum_j A_{{{qi + 1},j}}\,V_{{j,{dim + 1}}}"
    sum_latex(rf"O_{{{qi + 1},{dim + 1}}}", terms, shown=shown, decimals=4, rule=rule)
    total = num(terms.total, 4)
    st.markdown(
        t("weighted_sum.sum", n=len(labels), total=total, q=md_escape(labels[qi]), dim=dim + 1)
    )
    lo, hi = (num(v) for v in terms.b_range)
    st.caption(t("weighted_sum.between", lo=lo, hi=hi, dim=dim + 1))


def _finite_text(x: float, decimals: int = 3) -> str:
    """A number as printed, or "—" for −∞ (no key seen yet)."""
    return num(x, decimals) if np.isfinite(x) else "—"


def tile_step_worked(walk: TileWalk, labels: list[str], qi: int, k: int) -> None:
    """Tile k (0-based) of one query's walk: what its maximum did to m, l's update written
    out with its numbers, and what the query keeps for the next tile."""
    m_old, m_new, tmax = walk.m_before[k], walk.m_after[k], walk.tile_max[k]
    keys = " ".join(md_escape(label) for label in labels[walk.starts[k] : walk.stops[k]])
    tile = {"k": k + 1, "keys": keys, "token": md_escape(labels[qi])}
    sums = {"l_old": num(walk.l_before[k]), "tile_sum": num(walk.tile_sum[k])}
    sums |= {"l_new": num(walk.l_after[k]), "factor": num(walk.rescale[k])}
    if not np.isfinite(tmax):
        said = t("tiles.step_masked", **tile)
    elif not np.isfinite(m_old):
        said = t("tiles.step_first", m=num(m_new), l=sums["l_new"], **tile)
    elif walk.raised[k]:
        maxima = {"tmax": num(tmax), "m_old": num(m_old), "m_new": num(m_new)}
        said = t("tiles.step_raised", **maxima, **tile, **sums)
    else:
        said = t("tiles.step_kept", tmax=num(tmax), m=num(m_old), **tile, **sums)
    kept = {"m": _finite_text(m_new, 4), "l": sums["l_new"], "acc": vector_text(walk.acc_after[k])}
    kept_text = t("tiles.step_kept_numbers", out=vector_text(walk.out_after[k]), **kept)
    st.markdown(f"{said}\n\n{kept_text}")


def tile_history(walk: TileWalk, labels: list[str], step: int) -> None:
    """The tiles walked so far, one row each: its keys, its maximum, m, l, the factor (five
    columns, l before the factor: a phone shows them all)."""
    names = [t(f"tiles.col_{c}") for c in ("tile", "max", "m_after", "l", "factor")]
    keys = zip(walk.starts[:step], walk.stops[:step], strict=True)
    columns = [
        [f"{k} · {' '.join(labels[a:b])}" for k, (a, b) in enumerate(keys, start=1)],
        [_finite_text(x) for x in walk.tile_max[:step]],
        [_finite_text(x) for x in walk.m_after[:step]],
        walk.l_after[:step],
        walk.rescale[:step],
    ]
    numbers_table(dict(zip(names, columns, strict=True)), decimals=3)
    st.caption(t("tiles.table_caption"))
