"""The kit's seeded generator (core.rng): made without random.Random's Python frames, it must
be random.Random(n) itself — same state, same draws — or every replay would change."""

from __future__ import annotations

import random

import pytest

from bot.games.core import rng


@pytest.mark.parametrize(
    "n", [0, 1, 6, 12_345, 1_000_003 * 99 + 7, 2**32 - 1, 2**32, 2**40 + 5, 10**20 + 3]
)
def test_generator_is_random_random_of_the_same_seed(n: int) -> None:
    made, plain = rng.generator(n), random.Random(n)
    assert made.getstate() == plain.getstate()
    assert [made.randrange(6) for _ in range(40)] == [plain.randrange(6) for _ in range(40)]
    items_a, items_b = list(range(30)), list(range(30))
    rng.generator(n).shuffle(items_a)
    random.Random(n).shuffle(items_b)
    assert items_a == items_b
    assert type(made) is random.Random


def test_each_draw_advances_the_counter_and_replays() -> None:
    class State:
        seed, rng_counter = 42, 0

    first, again = State(), State()
    assert rng.roll(first, 5, (1, 2, 3)) == rng.roll(again, 5, (1, 2, 3))
    assert first.rng_counter == again.rng_counter == 1
    expected = random.Random(42 * 1_000_003 + 2)
    assert rng.pick_index(first, 10) == expected.randrange(10)


@pytest.mark.parametrize("faces", [(1,), (0, 1), (1, 2, 3), (0, 0, 1, 1, 2, 3), tuple(range(1, 9)),
                                   tuple(range(13))])
def test_a_roll_draws_what_randrange_draws(faces: tuple[int, ...]) -> None:
    """roll() draws randrange(len(faces))'s very numbers, without its frames."""

    class State:
        seed, rng_counter = 7, 0

    state = State()
    for count in (0, 1, 3, 8, 25):
        expected = random.Random(7 * 1_000_003 + state.rng_counter + 1)
        want = [faces[expected.randrange(len(faces))] for _ in range(count)]
        assert rng.roll(state, count, faces) == want
