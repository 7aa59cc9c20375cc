"""An ASGI app driven as Starlette's TestClient drives it, for a fraction of its CPU.

TestClient runs the app on an event loop in a thread of its own and hands each request across through anyio,
which costs more CPU than a small answer itself (some 1.5 ms a request). Here the loop runs, on a thread of its
own too (the test's thread may run another loop: Playwright's, once a browser test started it), only while a
request is answered, handed across as one plain call; the app's lifespan (its startup and shutdown) spans the
``with`` block. Answers are read whole, so an endless one (an event stream that is open) is not for this client.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Self, TypeVar

import httpx

T = TypeVar("T")
Message = dict[str, Any]
Job = tuple[Awaitable[Any], "asyncio.Future[Any]"]


class AppClient:
    """``with AppClient(app) as client:`` ``client.get(url)``, ``client.post(url, json=...)``: httpx answers."""

    def __init__(self, app: Any, headers: Mapping[str, str] | None = None) -> None:
        self.app = app
        self._headers = headers
        self._loop = asyncio.new_event_loop()
        self._apart = ThreadPoolExecutor(1)  # the one thread that runs the loop
        self._jobs: asyncio.Queue[Job | None] = asyncio.Queue()
        self._inbox: asyncio.Queue[Message] = asyncio.Queue()  # what the app's lifespan is told, and what it says
        self._said: asyncio.Queue[Message] = asyncio.Queue()
        self._lifespan: asyncio.Task[None] | None = None

    def __enter__(self) -> Self:
        transport = httpx.ASGITransport(self.app, client=("testclient", 50000))
        self._client = httpx.AsyncClient(transport=transport, base_url="http://testserver", headers=self._headers)
        self._worker = self._apart.submit(self._loop.create_task, self._work()).result()
        self._run(self._started())
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self._run(self._stopped())
            self._jobs.put_nowait(None)
            self._apart.submit(self._loop.run_until_complete, self._worker).result()
            self._apart.submit(self._loop.run_until_complete, self._loop.shutdown_default_executor()).result()
        finally:
            self._apart.submit(self._loop.close).result()
            self._apart.shutdown()

    def request(self, method: str, url: str, **options: Any) -> httpx.Response:
        return self._run(self._client.request(method, url, **options))

    def get(self, url: str, **options: Any) -> httpx.Response:
        return self.request("GET", url, **options)

    def post(self, url: str, **options: Any) -> httpx.Response:
        return self.request("POST", url, **options)

    def _run(self, work: Awaitable[T]) -> T:
        """``work`` done on the client's one task: its outcome."""
        return self._apart.submit(self._run_here, work).result()

    def _run_here(self, work: Awaitable[T]) -> T:
        done: asyncio.Future[T] = self._loop.create_future()
        self._jobs.put_nowait((work, done))
        return self._loop.run_until_complete(done)

    async def _work(self) -> None:
        """Each request in turn, on one task for the whole block: the thread pool's workers, which anyio ends with
        the task they were first started for, then serve every request, not one each."""
        while (job := await self._jobs.get()) is not None:
            work, done = job
            try:
                done.set_result(await work)
            except BaseException as exc:  # noqa: BLE001 - raised again where the request was made
                done.set_exception(exc)

    async def _started(self) -> None:
        """Run the app's lifespan until it says it has started (its tasks then run on this thread's loop)."""
        scope = {"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}
        self._lifespan = asyncio.create_task(self.app(scope, self._inbox.get, self._said.put))
        await self._said_to("lifespan.startup")

    async def _said_to(self, message: str) -> None:
        """Tell the lifespan ``message``; it must answer that it is complete."""
        await self._inbox.put({"type": message})
        reply = await self._said.get()
        assert reply["type"] == f"{message}.complete", reply

    async def _stopped(self) -> None:
        await self._client.aclose()
        await self._said_to("lifespan.shutdown")
        assert self._lifespan is not None
        await self._lifespan
