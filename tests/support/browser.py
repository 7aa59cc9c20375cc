"""Debian's Chromium driven by Playwright, for the table page's browser tests (Playwright cannot download its
own browser here): one browser for the whole run, started by the first test that asks for it, its windows
closed after each module; skipped, saying why, where it cannot start."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

T = TypeVar("T")

# Debian builds two browsers from its chromium source: chromium-headless-shell, the headless build Playwright
# itself runs for headless tests (the same Blink and V8, without the desktop browser's windows, tabs and address
# bar), which drives the suite's pages for about a fifth less CPU; and the desktop chromium, taken where the
# headless one is not installed.
CHROMIUM = shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"
# ms: how long a page may take to show what a test waits for (a move made on another page, say) before the test
# gives up. Generous, so a busy machine never fails it: the tests check that things arrive; benchmarks/run
# measures how fast.
BOUND = 15_000
# The features Playwright (1.65, as pyproject.toml pins it) turns off in Chromium, on a --disable-features switch
# of its own. Chromium reads only the last such switch, so the one in ARGS names these too (test_table_browser
# checks that it keeps up).
PLAYWRIGHT_OFF = (
    "AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,"
    "LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,"
    "TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,"
    "msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion"
)
# Chromium's flags: no sandbox (the tests run as root in CI), and none of the address bar's popup, which the
# desktop chromium otherwise loads as a page of its own in every new window (each context is one), about a second of CPU each
# time, for a window nobody sees.
ARGS = ["--no-sandbox", f"--disable-features={PLAYWRIGHT_OFF},WebUIOmniboxPopup,WebUIOmniboxAimPopup"]


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Chromium, launched once for the run (each launch, with Playwright's driver, cost about a second of CPU)."""
    api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium-headless-shell; .ci/run does it)")
    with api.sync_playwright() as p:
        try:
            launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except api.Error as exc:  # installed but unable to start here: say so plainly
            pytest.skip(f"chromium at {CHROMIUM} does not start: {str(exc).splitlines()[0]}")
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def browser(chromium: Any) -> Iterator[Any]:
    """The run's Chromium, for one module: the windows (contexts) the module opened are closed after it, so that no
    page of one module lives on (and keeps looking for its server) into the next."""
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where a test's screenshots go, to look at: $PNP_SCREENSHOTS, else a folder of its temporary one."""
    folder = Path(os.environ.get("PNP_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def run_apart(work: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(work)`` on a thread of its own: Playwright's driver keeps an event loop running on the main
    thread for as long as the run's Chromium lives, and ``asyncio.run`` refuses to start beside it."""
    with ThreadPoolExecutor(1) as apart:
        return apart.submit(asyncio.run, work).result()


def settled(page: Any) -> None:
    """Until ``page`` has laid out what it drew and answered its own changes of size (two frames on): the page
    folds groups from a ResizeObserver, which runs in the frame after a change."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def unfold(group: Any) -> None:
    """Open a group of moves the page folded to keep itself within three screens (a tap on its summary), once the
    page has folded what its last change makes it fold."""
    from playwright.sync_api import expect

    settled(group.page)
    if group.get_attribute("open") is None:
        group.locator("summary").first.click()
        expect(group).to_have_attribute("open", "")


def wait_until(page: Any, condition: str, arg: object = None, *, what: str) -> None:
    """Until ``condition``, a script of ``arg``, holds in ``page``, checked each frame within BOUND ms; else an
    AssertionError that says ``what`` was waited for.

    For a page that is about to change, in place of Playwright's ``expect``: each failed check of ``expect``
    also reads the accessibility tree of what it looks at (of the whole page while that is missing) for its
    message, and on a page with a large picture that read cost more than drawing the picture did."""
    from playwright.sync_api import TimeoutError as Late

    try:
        page.wait_for_function(condition, arg=arg, timeout=BOUND)
    except Late:
        raise AssertionError(f"{what}: not within {BOUND} ms") from None


def at_version(page: Any, version: str) -> None:
    """Until ``page`` shows the table at ``version`` (the version its body says it drew)."""
    wait_until(page, "(version) => document.body.dataset.version === version", version, what=f"the page at {version}")


def past_version(page: Any, version: str) -> None:
    """Until ``page`` shows the table at a version other than ``version``."""
    wait_until(page, "(version) => document.body.dataset.version !== version", version, what=f"the page past {version}")
