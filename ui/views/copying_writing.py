"""The copying page's last section: what the model writes from a prompt with its KV caches,
each step beside the uncached pass (a fragment of its own inside the page's: its controls
rerun only it)."""

from __future__ import annotations

import streamlit as st

from ui.frame import fragment
from ui.i18n import t
from ui.views import copying_state as cs
from ui.views.copying_text import unknown
from ui.widgets import plain, sci

PROMPT_BOX = "copy_prompt_box"


def _from_text() -> None:
    """A button's callback: the prompt becomes the student's text up to a few characters
    into the second copy of its stretch typed twice, else its first half."""
    from core.decoder import longest_matches, repeated_stretch

    text = cs.model_text(cs.held(cs.TEXT, cs.default_text()))
    vocab = cs.decoder().vocab
    copies = repeated_stretch(longest_matches(vocab.encode(text).ids, vocab.unknown_id))
    cut = copies.second + cs.PROMPT_AGAIN if copies else max(len(text) // 2, 1)
    st.session_state[cs.PROMPT.key] = text[:cut]


@fragment
def writing(d, step: int) -> None:
    """A prompt, how many characters to write, how: the text written with the caches, and
    how far each step is from the uncached pass."""
    st.markdown(t("copying.write_intro"))
    raw = cs.held(cs.PROMPT, cs.default_prompt())
    st.session_state[PROMPT_BOX] = raw
    st.text_input(
        t("copying.prompt"), key=PROMPT_BOX, on_change=cs.keep, args=(cs.PROMPT.key, PROMPT_BOX),
        help=t("copying.prompt_help", max=cs.MAX_CHARS - 1),
    )  # fmt: skip
    st.button(
        t("copying.from_text"), key="copy_from_text", icon=":material/content_copy:",
        on_click=_from_text, help=t("copying.from_text_help"),
    )  # fmt: skip
    if not raw:
        st.warning(t("copying.no_prompt"), icon=":material/edit_off:")
        return
    prompt = raw[: cs.MAX_CHARS - 1]  # room for one character at least
    if len(raw) > len(prompt):
        st.info(t("copying.prompt_cut", max=len(prompt), n=len(raw)), icon=":material/content_cut:")
    unknown(d, prompt)
    room = cs.MAX_CHARS - len(prompt)
    n_new = cs.NEW.count(1, room)
    temperature = float(cs.TEMPERATURE.whole(cs.TEMPERATURES))
    left, right = st.columns(2)
    if room > 1:
        help_ = t("copying.new_help", room=room)
        left.slider(t("copying.new"), 1, room, key=cs.NEW.key, help=help_)
    else:
        left.caption(t("copying.one_new"))
    right.select_slider(
        t("copying.temperature"), options=cs.TEMPERATURES, key=cs.TEMPERATURE.key,
        format_func=plain, help=t("copying.temperature_help"),
    )  # fmt: skip
    seed = 0
    if temperature > 0:
        seed = cs.SEED.count(0, cs.SEED_MAX)
        st.number_input(t("copying.seed"), 0, cs.SEED_MAX, key=cs.SEED.key)
    g = cs.writing(step, prompt, n_new, temperature, seed)
    written = d.vocab.decode(g.new_ids)
    st.markdown(t("copying.prompt_shown", n=len(prompt)))
    st.code(prompt, language=None, wrap_lines=True)
    st.markdown(t("copying.written_shown", n=len(written), step=step))
    st.code(written, language=None, wrap_lines=True)
    c = d.config
    cache = {"L": c.n_layers, "h": c.n_heads, "t": len(g.steps), "d_k": c.d_k}
    cache["numbers"] = f"{2 * c.n_layers * c.n_heads * len(g.steps) * c.d_k:,}"
    same = t("copying.same_yes" if g.same_choices else "copying.same_no")
    st.caption(t("copying.write_caption", max=sci(g.max_diff), same=same, **cache))
