"""The record base (tracer.records) against the dataclasses it replaced: the same declarations made both ways
behave alike (construction by position and by name, defaults, factories, equality, hash, repr, frozen, replace,
``__post_init__``), whether a record's constructor is compiled (records made in bulk) or generic; and the refusals
a dataclass makes (a mutable default, a field without a default after one with, a call Python would refuse)."""

from __future__ import annotations

import dataclasses
import pickle
from typing import ClassVar

import pytest

from tracer.records import FrozenRecordError, Record, RecordType, as_dict, field, replace


def made_both_ways(compiled: bool):
    """The same three declarations as dataclasses and as records (compiled constructors or the generic one)."""

    @dataclasses.dataclass(frozen=True)
    class PointD:
        x: float
        y: float = 0.0
        label: str = dataclasses.field(default="", compare=False)

    class PointR(Record, frozen=True, compiled=compiled):
        x: float
        y: float = 0.0
        label: str = field(default="", compare=False)

    @dataclasses.dataclass
    class BagD:
        name: str
        items: list = dataclasses.field(default_factory=list)
        size: int = 0
        unit: ClassVar[str] = "items"

        def __post_init__(self):
            self.size = len(self.items)

    class BagR(Record, compiled=compiled):
        name: str
        items: list = field(default_factory=list)
        size: int = 0
        unit: ClassVar[str] = "items"

        def __post_init__(self):
            self.size = len(self.items)

    @dataclasses.dataclass(frozen=True)
    class SpecD:
        algorithm: str = "minimax"
        depth: int = dataclasses.field(default=2, kw_only=True)
        hidden: bool = dataclasses.field(default=False, repr=False, compare=False, kw_only=True)

    class SpecR(Record, frozen=True, compiled=compiled):
        algorithm: str = "minimax"
        depth: int = field(default=2, kw_only=True)
        hidden: bool = field(default=False, repr=False, compare=False, kw_only=True)

    return [(PointD, PointR), (BagD, BagR), (SpecD, SpecR)]


def same_repr(dataclass_made, record_made) -> bool:
    """The reprs agree but for the class's qualified name (each test's local classes are named apart)."""
    return repr(dataclass_made).split("(", 1)[1] == repr(record_made).split("(", 1)[1]


def outcome(make):
    """What ``make()`` gives: its value, or the type of the error it raises."""
    try:
        return make()
    except Exception as error:  # noqa: BLE001 (the error's type is compared)
        return type(error)


CALLS = {  # per declaration: arguments as a caller may give them, right or wrong
    0: [((1,), {}), ((1, 2), {}), ((), {"x": 1, "y": 2}), ((1,), {"label": "a"}), ((), {}), ((1, 2, "a", 4), {}),
        ((1,), {"x": 2}), ((1,), {"z": 3})],
    1: [(("b",), {}), (("b", [1, 2]), {}), ((), {"name": "b", "items": [3]}), (("b",), {"size": 9}), ((), {})],
    2: [((), {}), (("alphabeta",), {"depth": 4}), (("alphabeta", 4), {}), ((), {"hidden": True})],
}


@pytest.mark.parametrize("compiled", [False, True], ids=["generic", "compiled"])
def test_a_record_is_made_compared_and_shown_as_the_dataclass_was(compiled):
    for index, (made_d, made_r) in enumerate(made_both_ways(compiled)):
        for args, kwargs in CALLS[index]:
            d, r = outcome(lambda: made_d(*args, **kwargs)), outcome(lambda: made_r(*args, **kwargs))
            if isinstance(d, type):  # refused: the same error as Python's own call
                assert r is d, (made_r, args, kwargs)
                continue
            assert same_repr(d, r), (d, r)
            assert as_dict(r) == dataclasses.asdict(d)
            for other_args, other_kwargs in CALLS[index]:  # equal exactly when the dataclasses are
                d2, r2 = outcome(lambda: made_d(*other_args, **other_kwargs)), outcome(
                    lambda: made_r(*other_args, **other_kwargs))
                if not isinstance(d2, type):
                    assert (r == r2) is (d == d2) and (r != r2) is (d != d2)
                    if made_d.__hash__ is not None and d == d2:
                        assert hash(r) == hash(r2)
        assert made_r.fields == tuple(f.name for f in dataclasses.fields(made_d))
        assert (made_r.__hash__ is None) is (made_d.__hash__ is None)  # hashable exactly when frozen


@pytest.mark.parametrize("compiled", [False, True], ids=["generic", "compiled"])
def test_a_frozen_record_refuses_changes_and_replace_makes_a_new_one_checked_again(compiled):
    (_, point), (_, bag), (_, spec) = made_both_ways(compiled)
    p = point(1, label="a")
    with pytest.raises(FrozenRecordError):
        p.x = 2
    with pytest.raises(AttributeError):  # (as dataclasses' FrozenInstanceError is one)
        del p.y
    moved = replace(p, y=5)
    assert (moved.x, moved.y, moved.label, p.y) == (1, 5, "a", 0.0)
    assert {point(1), point(1.0, label="b")} == {point(1)}  # hashed by the compared fields
    with pytest.raises(TypeError):
        replace(p, z=1)
    b = bag("b", [1, 2])
    refilled = replace(b, items=[1, 2, 3])  # __post_init__ runs again
    assert (b.size, refilled.size) == (2, 3)
    assert replace(spec(hidden=True), depth=3) == spec(depth=3)  # by name only; hidden: not compared
    assert replace(spec(hidden=True), depth=3).hidden is True


@pytest.mark.parametrize("compiled", [False, True], ids=["generic", "compiled"])
def test_a_default_factory_makes_each_record_its_own_value(compiled):
    (_, _), (_, bag), (_, _) = made_both_ways(compiled)
    first, second = bag("a"), bag("b")
    first.items.append(1)
    assert second.items == [] and first.items is not second.items
    assert bag.unit == "items" and "unit" not in bag.fields  # a ClassVar is no field


def test_a_mutable_default_is_refused_as_dataclass_refuses_it():
    with pytest.raises(ValueError, match="default_factory"):
        class Shared(Record):
            items: list = []  # noqa: RUF012 (the mistake tested)


def test_a_field_without_a_default_cannot_follow_one_with():
    with pytest.raises(TypeError, match="'b' has no default"):
        class Unordered(Record):
            a: int = 0
            b: int


@pytest.mark.parametrize("compiled", [False, True], ids=["generic", "compiled"])
def test_slotted_records_and_records_extending_them(compiled):
    class Node(Record, eq=False, slots=True, compiled=compiled):
        node: int
        children: list = field(default_factory=list)

    class Counted(Node):  # slots, as its base: its own field a slot of its own
        count: int = 0

    class Loose(Node, slots=False):  # no slots: its own fields in its __dict__, the base's in their slots
        note: str = ""

    a, b = Counted(1), Counted(1)
    assert a != b and a == a and hash(a) != hash(b)  # compared by identity (eq=False)
    assert not hasattr(a, "__dict__") and Counted.fields == ("node", "children", "count")
    loose = Loose(2, [3], note="n")
    assert (loose.node, loose.children, loose.note, loose.__dict__) == (2, [3], "n", {"note": "n"})
    assert repr(loose).endswith("Loose(node=2, children=[3], note='n')")


def test_records_pickle_and_record_types_can_be_made_from_a_table():
    settings = RecordType("Settings", (Record,), {"__annotations__": {"a": "int", "b": "str"},
                                                  "a": field(default=1), "b": field(default="x", kw_only=True)},
                          frozen=True)

    class Spec(settings):
        extra: bool = field(default=False, kw_only=True)

    assert Spec.fields == ("a", "b", "extra") and Spec.__match_args__ == ("a",)
    with pytest.raises(TypeError):
        Spec(1, "y")  # b: by name only
    made = Spec(2, b="y")
    assert repr(made).endswith("Spec(a=2, b='y', extra=False)")
    from tracer.search.spec import SearchSpec  # a module-level record: pickled for a worker process
    spec = SearchSpec("alphabeta", depth=3)
    assert pickle.loads(pickle.dumps(spec)) == spec


def test_replace_takes_a_dataclass_too():
    @dataclasses.dataclass
    class Deck:
        frames: list

    assert replace(Deck([1]), frames=[2]) == Deck([2])
