"""A model that learns to copy: a decoder the app trained, its heads forming over training."""

from ui.frame import fragment, open_page
from ui.i18n import t
from ui.quiz import ask
from ui.view import unfold
from ui.views import copying as view
from ui.views.copying_state import decoder, probe_knockout
from ui.views.copying_text import your_text
from ui.views.copying_writing import writing


@fragment  # the checkpoint and the text rerun only this, not the frame and the sidebar
def lab(d) -> None:
    """Everything after the questions: how the heads copy, the training at the checkpoint
    shown, its previous-token heads switched off, the student's text read by that
    checkpoint, and what it writes (which follows the checkpoint)."""
    view.circuit()
    step = view.training(d)
    view.switched_off(d, step)
    your_text(d, step)
    unfold(t("copying.write"), "copy_write_open", writing, d, step, icon=":material/edit_note:")


s = open_page(view.PAGE, about_input=False)
d = decoder()  # read once per process, on the first view of a page that needs it
if isinstance(d, str):
    view.unavailable(d)
view.facts(d)
# About the final model: the answer is in every figure below.
if ask("copying", s, d.final, probe_knockout(d.final.step)):
    lab(d)
