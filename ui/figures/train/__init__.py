"""Charts and tables of the "Why scale? Train it" page: two trainings, with and without
÷√d_k, side by side.

Same colours as the Scaling and Softmax pages: with ÷√d_k blue, without it vermillion
(Okabe-Ito, ui.charts). A chart with many texts takes the catalogue's lookup (``text``).

- sides: the two sides' names and colours;
- curves: the measures over the training steps (loss, accuracy, gradients, entropy);
- maps: the example's attention before and after training;
- sweep: steps to the target against d_k;
- tables: the same results as tables.
"""

from ui.figures.train.curves import (
    curve_chart,
    entropy_chart,
    first_step,
    gradient_charts,
    learning_charts,
)
from ui.figures.train.maps import attention_map, attention_maps, token_labels
from ui.figures.train.sweep import sweep_chart
from ui.figures.train.tables import steps_table, sweep_table

__all__ = [
    "attention_map",
    "attention_maps",
    "curve_chart",
    "entropy_chart",
    "first_step",
    "gradient_charts",
    "learning_charts",
    "steps_table",
    "sweep_chart",
    "sweep_table",
    "token_labels",
]
