"""Pacer: a burst of requests is spread over several event loop iterations."""

from __future__ import annotations

import asyncio
import time

from bot.service import Pacer


def _busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


async def test_a_burst_lets_other_tasks_run_in_between() -> None:
    pace = Pacer(budget=0.002)
    order: list[object] = []

    async def request(i: int) -> None:
        await pace()
        order.append(i)
        _busy(0.001)  # 20 requests: 20 ms of work, all ready in the same iteration

    async def other() -> None:
        await asyncio.sleep(0)  # wants the next iteration
        order.append("other")

    tasks = [asyncio.create_task(request(i)) for i in range(20)]
    tasks.append(asyncio.create_task(other()))
    await asyncio.gather(*tasks)
    assert order.index("other") < 20  # not after the whole burst
    assert [x for x in order if x != "other"] == list(range(20))  # in order, all served


def test_a_pacer_outlives_its_event_loop() -> None:
    pace = Pacer(budget=0.0)

    async def first() -> None:
        await pace()
        asyncio.get_running_loop().stop()  # before the slice's reset runs

    loop = asyncio.new_event_loop()
    task = loop.create_task(first())
    loop.run_forever()
    loop.close()
    assert task.done()

    async def twice() -> None:
        await pace()
        await pace()

    asyncio.run(asyncio.wait_for(twice(), 1.0))  # a new loop: no endless waiting
