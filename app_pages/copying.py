"""A model that learns to copy: a decoder the app trained, its heads forming over training."""

from ui.frame import open_page
from ui.quiz import ask
from ui.views import copying as view
from ui.views.copying_state import decoder

s = open_page(view.PAGE, about_input=False)
d = decoder()
if isinstance(d, str):
    view.unavailable(d)
view.facts(d)
if ask("copying", s, d.final):
    view.lab(d)
