"""Attention Lab's benchmark: speed and memory against a budget.

Run it from the repository root::

    python -m bench                      # everything, prints a table
    python -m bench --quick              # fewer repetitions, to try it out
    python -m bench --only pages,core    # some sections only
    python -m bench --json results.json  # also write the table as JSON
    python -m bench --profile softmax --largest   # where a page's rerun spends its time

Sections (each compares the app with a floor, the least any app could do):

* ``pages``: the server-side time of one rerun after a sidebar control changes, for
  every page in ``app_pages/``, measured with Streamlit's AppTest, beside the same for
  ``bench/floor_app.py`` (one slider redrawing one 9×9 Altair heatmap with numbers).
  ``bench/empty_app.py`` (a slider and nothing else) shows AppTest's own share.
* ``browser``: a keyboard move of the temperature slider until the page has redrawn,
  in headless Chromium, against the floor app in the same browser.
* ``phone``: every page on a phone (390 × 844, the CPU slowed down 4×, Chromium's
  DevTools protocol) against the floor app on the same phone, their views taking turns:
  LCP, all charts drawn, CLS, a slider's key press → the page redrawn (p50 and worst), and
  where the main thread's time goes (a second table).
* ``core``: the numpy attention functions against the bare matrix products they
  are made of.
* ``memory``: the server's resident memory with 1 and with 20 browser sessions.
* ``model``: the pretrained model's forward pass, when it is installed.
* ``class``: what a class costs the real server: every page's interactions one at a time
  (the whole process's CPU), then thirty students at once, a burst, a trainer beside the
  class, two replicas behind HAProxy and one of them dying (two tables).
* ``train``: training the attention model with and without ÷√d_k.

Budgets are checked and printed as PASS or MISS; the exit status is 0 either way
(this is a measurement, not a test), 2 when a section could not run at all.
Memory is in MB of 10^6 bytes, so that a budget of 690 MB errs on the safe side.
"""
