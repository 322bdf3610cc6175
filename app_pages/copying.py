"""A model that learns to copy: a decoder the app trained, its heads forming over training."""

from ui.frame import fragment, open_page
from ui.i18n import t
from ui.quiz import ask
from ui.view import unfold
from ui.views import copying as view
from ui.views.copying_state import decoder
from ui.views.copying_writing import writing


@fragment  # the checkpoint and the text rerun only this, not the frame and the sidebar
def lab(d) -> None:
    """Everything after the questions: the training at the checkpoint shown, the student's
    text read by that checkpoint, and what it writes (which follows the checkpoint)."""
    step = view.training(d)
    view.your_text(d, step)
    unfold(t("copying.write"), "copy_write_open", writing, d, step, icon=":material/edit_note:")


s = open_page(view.PAGE, about_input=False)
d = decoder()  # read once per process, on the first view of a page that needs it
if isinstance(d, str):
    view.unavailable(d)
view.facts(d)
if ask("copying", s, d.final):  # about the final model: the answer is in every figure below
    lab(d)
