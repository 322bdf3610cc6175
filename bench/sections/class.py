"""class: a class of students on one server, and a school behind HAProxy (see classroom.py).

The section's module is named after the section, as ``python -m bench --only class``
finds it; the work is in bench/sections/classroom.py.
"""

from bench.sections.classroom import run

__all__ = ["run"]
