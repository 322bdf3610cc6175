"""A class at once: protocol students beside a browser student on the session's server.

Five students speak Streamlit's own protocol (harness.protocol), each with its own
sentence, starting page and five interactions; one more student uses a real Chromium
page. None may see an error, none may ever receive another student's sentence, and the
browser may not ask any origin but the app's for anything. Not timed: the benchmark's
class section measures (python -m bench --only class).
"""

from __future__ import annotations

import asyncio

import pytest

from harness.browser_student import BrowserStudent, student_context
from harness.plans import pages, plan, start_page
from harness.protocol_student import LoopThread, ProtocolStudent

pytestmark = [pytest.mark.browser, pytest.mark.load]

PROTOCOL_STUDENTS = 5
INTERACTIONS = 5
THINK_S = (0.2, 0.6)  # short: the test checks isolation, not speed
RUN_TIMEOUT_S = 240


async def _all(students: list[ProtocolStudent]) -> None:
    await asyncio.gather(*(s.run() for s in students))


def _problems(students) -> tuple[list[str], list[str]]:
    errors, leaks = [], []
    for s in students:
        for item in s.interactions:
            errors += [f"{s.name}, {item.what}: {e}" for e in item.errors]
            if item.seconds is None and not item.errors:
                errors.append(f"{s.name}, {item.what}: never finished")
            leaks += [f"{s.name}, {item.what}: {e}" for e in item.leaks]
        errors += [f"{s.name}: {e}" for e in getattr(s, "stray", [])]
    return errors, leaks


def test_a_class_at_once(server, browser):
    page_list = pages()
    students = []
    for i in range(PROTOCOL_STUDENTS):
        page = start_page(i, page_list)
        steps = plan(i, INTERACTIONS, page_list, page)
        students.append(ProtocolStudent(server.url, i, steps, page, think=THINK_S))
    outside: list[str] = []
    i = PROTOCOL_STUDENTS
    page = start_page(i + 3, page_list)  # another page than the protocol students' first ones
    context = student_context(browser, server.url, outside)
    try:
        in_browser = BrowserStudent(
            context,
            server.url,
            i,
            plan(i, INTERACTIONS, page_list, page),
            page,
            think=THINK_S,
            outside=outside,
        )
        with LoopThread() as loop:
            running = loop.submit(_all(students))
            in_browser.run()
            running.result(timeout=RUN_TIMEOUT_S)
    finally:
        context.close()

    everyone = [*students, in_browser]
    errors, leaks = _problems(everyone)
    assert not errors, "errors:\n" + "\n".join(errors[:20])
    assert not leaks, "a student received another's sentence:\n" + "\n".join(leaks[:20])
    counted = [len(s.interactions) for s in everyone]
    assert counted == [INTERACTIONS + 1] * len(everyone), f"interactions per student: {counted}"
    blind = [s.name for s in everyone if not s.own_seen]
    assert not blind, f"never shown their own sentence: {blind}"
    # Everything the page shows comes from the app itself (no font server, no CDN).
    assert not outside, "requests to other origins:\n" + "\n".join(sorted(set(outside)))
