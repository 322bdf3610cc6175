"""Where the decoder the app trained puts its spare attention: the Which keys a query may see
page's section beside the real encoder's sinks, measured on text it never trained on and on
the sidebar's sentence."""

from __future__ import annotations

import numpy as np
import streamlit as st

from core import ARTICLE_SENTENCE
from ui.frame import page_link
from ui.i18n import t
from ui.settings import Settings
from ui.views import copying_state as cs
from ui.views.copying import head_grid

SINK_SHARE = 0.5  # a head that gives the first position more than this uses it as a sink


def _largest(found) -> dict:
    layer, head, share = found.largest()
    return {
        "head": t("copying.head", layer=layer + 1, head=head + 1),
        "share": f"{share:.3f}",
        "even": f"{found.even:.3f}",
        "ratio": f"{share / found.even:.1f}",
        "above": found.above(SINK_SHARE),
        "over_even": int(np.sum(found.ratio > 1)),
        "total": found.share.size,
    }


def decoder_sinks(s: Settings) -> None:
    """Each head's share of attention on the first character, on held-out text and on the
    sentence, against an even share; what that says about a sink."""
    d = cs.decoder()
    if isinstance(d, str):
        st.warning(t("decoder.unavailable"), icon=":material/error:")
        return
    held = cs.held_out_shares()
    text = s.sentence[: cs.MAX_CHARS]
    text = text if len(text) >= 2 else ARTICLE_SENTENCE
    mine = cs.sentence_shares(text)
    st.markdown(t("decoder.sinks_intro", n=held.n, windows=held.texts))
    left, right = st.columns(2)
    with left:
        head_grid(
            t("decoder.held_grid", n=held.n),
            held.share,
            "decoder_sinks_held",
            "decoder.first_share",
        )
    with right:
        head_grid(
            t("decoder.sentence_grid", n=mine.n),
            mine.share,
            "decoder_sinks_sentence",
            "decoder.first_share",
        )
    verdict = "decoder.no_sink" if held.above(SINK_SHARE) == 0 else "decoder.sink"
    st.markdown(t(verdict, **_largest(held)))
    st.markdown(t("decoder.sentence_found", n=mine.n, **_largest(mine)))
    st.caption(t("decoder.why_no_sink"))
    page_link("copying")
