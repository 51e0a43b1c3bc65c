"""Records: tracer's plain data classes (events, a node's view, a scene, a layout's boxes, a search's
specification), each made by one base, :class:`Record`, as ``@dataclass`` made them, for a fraction of the start-up.

A record is a class whose body lists its fields with their annotations, in order, those with a value optional
(:func:`field` gives one made afresh for each record, or leaves a field out of comparisons). The class's keywords
say the rest: ``frozen=True`` (no field is set once made; hashable by its fields), ``eq=False`` (compared by
identity, as a mutable node is), ``slots=True`` (no ``__dict__``: a record made by the million stays small), and
``compiled=True`` (a constructor written out as code for the class, when its first record is made: as fast as a
dataclass's, for records made in bulk; the others share one constructor that reads the class's fields, and nothing
is compiled). ``__post_init__``, when a class has one, checks or completes a record as it is made.

Why not dataclasses: ``@dataclass`` writes three to five methods for each class, each compiled from text as the
module is imported, and imports ``inspect``; for the thirty classes a drawing makes that was a quarter of
``tracer render``'s instructions (see docs/contributing/benchmarks.md, ``bench_first_figure``).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any


class FrozenRecordError(AttributeError):
    """A field of a frozen record was set or deleted (as dataclasses' ``FrozenInstanceError``)."""


_NO_DEFAULT: Any = object()  # (a field without a default: None is a default)


class Field:
    """What :func:`field` says of a field beyond its annotation."""

    __slots__ = ("default", "default_factory", "compare", "repr", "kw_only")

    def __init__(self, default: Any, default_factory: Callable[[], Any] | None, compare: bool, repr: bool,
                 kw_only: bool):
        self.default, self.default_factory = default, default_factory
        self.compare, self.repr, self.kw_only = compare, repr, kw_only


def field(*, default: Any = _NO_DEFAULT, default_factory: Callable[[], Any] | None = None, compare: bool = True,
          repr: bool = True, kw_only: bool = False) -> Any:  # noqa: A002 (dataclasses' names)
    """A field's value when it is not given (``default``, or ``default_factory()`` called for each record: a list
    or a dict of its own), whether it counts in ``==``, the hash and ``repr``, and whether it can be given only by
    name (``kw_only``), as ``dataclasses.field``'s."""
    return Field(default, default_factory, compare, repr, kw_only)


class RecordType(type):
    """Makes each subclass of :class:`Record` a record of the fields its body annotates (``ClassVar`` excepted),
    after those of the record it extends. Sets on the class: ``fields`` (the names, in order), ``defaults`` and
    ``factories`` (the optional fields' values, or what makes them), ``__match_args__`` (the fields given by
    position), and the constructor, comparison, hash and ``repr`` its keywords ask for."""

    def __new__(mcs, name, bases, namespace, *, frozen: bool | None = None, eq: bool | None = None,
                slots: bool | None = None, compiled: bool | None = None):
        base = next((b for b in bases if isinstance(b, RecordType)), None)
        inherited = (base._frozen, base._eq, base._slots, base._compiled) if base else (False, True, False, False)
        frozen, eq, slots, compiled = (was if given is None else given for was, given in
                                       zip(inherited, (frozen, eq, slots, compiled)))
        options = {**(base._options if base else {}), **_own_fields(name, namespace, slots)}
        cls = super().__new__(mcs, name, bases, namespace)
        cls._frozen, cls._eq, cls._slots, cls._compiled, cls._options = frozen, eq, slots, compiled, options
        cls.fields = tuple(options)
        cls.defaults = {f: o.default for f, o in options.items() if o.default is not _NO_DEFAULT}
        cls.factories = {f: o.default_factory for f, o in options.items() if o.default_factory is not None}
        cls._positional = cls.__match_args__ = tuple(f for f, o in options.items() if not o.kw_only)
        required = [f for f in cls._positional if f not in cls.defaults and f not in cls.factories]
        if required and required[-1] not in cls._positional[:len(required)]:
            raise TypeError(f"{name}: field {required[-1]!r} has no default but follows one that has")
        cls._compared = tuple(f for f, o in options.items() if o.compare)
        cls._shown = tuple(f for f, o in options.items() if o.repr)
        cls._key = _key_of(cls._compared)
        slotted = {field for klass in cls.__mro__ for field in klass.__dict__.get("__slots__", ())}
        cls._in_slots = tuple(f for f in cls.fields if f in slotted)  # (a record without slots may extend one with)
        cls._in_dict = tuple(f for f in cls.fields if f not in slotted)
        _give_methods(cls, base, namespace)
        return cls


def _own_fields(name: str, namespace: dict, slots: bool) -> dict[str, Field]:
    """The fields a record class's body annotates (``ClassVar`` excepted), in order, each with its options; their
    defaults are left on the class as a dataclass leaves them (a slot cannot have one), and the slots are made."""
    own = {}
    for field_name, annotation in namespace.get("__annotations__", {}).items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar")):  # (annotations may be text)
            continue
        given = namespace.get(field_name, _NO_DEFAULT)
        option = own[field_name] = given if isinstance(given, Field) else Field(given, None, True, True, False)
        if option.default is not _NO_DEFAULT and type(option.default).__hash__ is None:
            raise ValueError(f"{name}.{field_name}: a mutable default ({type(option.default).__name__}) would be "
                             "shared by every record: use field(default_factory=...)")
        if slots or option.default is _NO_DEFAULT:
            namespace.pop(field_name, None)
        else:
            namespace[field_name] = option.default
    if slots:
        namespace["__slots__"] = tuple(own)
    return own


def _give_methods(cls, base, namespace: dict) -> None:
    """Give a record class the constructor, comparison, hash and refusals its keywords ask for, where its body
    does not write its own (and, but for the constructor, where its base's are not the same already)."""
    if "__init__" not in namespace:  # (each class its own: a compiled one is written for its class)
        cls.__init__ = _compile_first if cls._compiled else _make
    if "__eq__" not in namespace and (base is None or cls._eq != base._eq):
        cls.__eq__ = _equal if cls._eq else object.__eq__
    if "__hash__" not in namespace and (base is None or (cls._eq, cls._frozen) != (base._eq, base._frozen)):
        cls.__hash__ = (_hash if cls._frozen else None) if cls._eq else object.__hash__
    if cls._frozen and "__setattr__" not in namespace:
        cls.__setattr__, cls.__delattr__ = _refuse_set, _refuse_delete


# ---- what the records' classes are given ------------------------------------------------------------------------

def _values(cls, args: tuple, kwargs: dict) -> dict[str, Any]:
    """The fields' values of a record of ``cls`` made with ``args`` and ``kwargs``, in the fields' order (the
    defaults' where not given); a call Python would refuse is the TypeError it would raise."""
    positional = cls._positional
    if len(args) > len(positional):
        raise TypeError(f"{cls.__name__}() takes {len(positional)} positional arguments but {len(args)} were given")
    for name in kwargs:
        if name not in cls._options:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {name!r}")
    values = dict(zip(positional, args))
    for name in cls.fields:
        if name in kwargs:
            if name in values:
                raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
            values[name] = kwargs[name]
        elif name not in values:
            if name in cls.defaults:
                values[name] = cls.defaults[name]
            elif name in cls.factories:
                values[name] = cls.factories[name]()
            else:
                raise TypeError(f"{cls.__name__}() missing required argument: {name!r}")
    if list(values) != list(cls.fields):  # (a field given by name only came before one given by position)
        values = {name: values[name] for name in cls.fields}
    return values


def _make(self, *args, **kwargs) -> None:
    """The constructor of a record made now and then: the fields read from the class (nothing compiled)."""
    cls = type(self)
    values = _values(cls, args, kwargs)
    if cls._in_slots:
        for name in cls._in_slots:
            object.__setattr__(self, name, values[name])
        if cls._in_dict:
            self.__dict__.update({name: values[name] for name in cls._in_dict})
    else:  # (a frozen record's fields are set past its __setattr__, as dataclass does)
        self.__dict__.update(values)
    post = getattr(self, "__post_init__", None)
    if post is not None:
        post()


def _compile_first(self, *args, **kwargs) -> None:
    """The constructor of a record made in bulk, before its first record: writes the class's own (see
    :func:`_constructor`), puts it in its place, and makes the record with it."""
    cls = type(self)
    cls.__init__ = _constructor(cls)
    cls.__init__(self, *args, **kwargs)


def _constructor(cls) -> Callable[..., None]:
    """``cls``'s ``__init__``, taking its fields in order (by position or by name; those with defaults optional,
    those ``kw_only`` by name only) and setting each: written out as code, as dataclass does, since the records are
    made by the thousand."""
    def given(name: str) -> str:
        if name in cls.defaults:
            return f"{name}=_defaults[{name!r}]"
        return f"{name}=_none" if name in cls.factories else name

    positional = [given(name) for name in cls._positional]
    named = [given(name) for name in cls.fields if name not in cls._positional]
    arguments = ", ".join(["self", *positional, *(["*", *named] if named else [])])
    lines = [f"    {name} = _factories[{name!r}]() if {name} is _none else {name}" for name in cls.factories]
    lines += [f"    _set(self, {name!r}, {name})" if cls._frozen else f"    self.{name} = {name}"
              for name in cls._in_slots]
    if cls._in_dict:
        lines.append(f"    self.__dict__.update({', '.join(f'{name}={name}' for name in cls._in_dict)})")
    if hasattr(cls, "__post_init__"):
        lines.append("    self.__post_init__()")
    namespace = {"_defaults": cls.defaults, "_factories": cls.factories, "_none": _NO_DEFAULT,
                 "_set": object.__setattr__}
    exec(f"def __init__({arguments}):\n" + "\n".join(lines or ["    pass"]), namespace)  # noqa: S102 (field names)
    namespace["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    return namespace["__init__"]


def _key_of(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """What a record is compared and hashed by: its compared fields' values, as a tuple."""
    if len(names) == 1:
        name = names[0]
        return lambda record: (getattr(record, name),)
    return attrgetter(*names) if names else lambda record: ()


def _equal(self, other) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return self._key(self) == self._key(other)


def _hash(self) -> int:
    return hash(self._key(self))


def _refuse_set(self, name: str, value: Any) -> None:
    raise FrozenRecordError(f"cannot assign to field {name!r}")


def _refuse_delete(self, name: str) -> None:
    raise FrozenRecordError(f"cannot delete field {name!r}")


class Record(metaclass=RecordType):
    """Base of tracer's records (see the module's text): a subclass lists its fields, and says ``frozen=True``,
    ``eq=False``, ``slots=True`` or ``compiled=True`` in its class line where it needs to."""

    __slots__ = ()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__qualname__}({shown})"


# ---- what callers ask of a record -------------------------------------------------------------------------------

def replace(record, /, **changes):
    """A new record like ``record`` with ``changes`` (made by its class: ``__post_init__`` checks it again), as
    ``dataclasses.replace``, which this is for a dataclass (the records and the dataclasses of other stages mix in
    one expression: a deck's frame, a dataclass, holds a scene, a record)."""
    cls = type(record)
    if not isinstance(cls, RecordType):
        from dataclasses import replace as replace_dataclass  # (imported only for a dataclass: not on a drawing's path)
        return replace_dataclass(record, **changes)
    for name in changes:
        if name not in cls._options:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
    return cls(**{name: changes[name] if name in changes else getattr(record, name) for name in cls.fields})


def as_dict(record) -> dict[str, Any]:
    """The record's fields and their values, in order (the values as they are: not copied)."""
    return {name: getattr(record, name) for name in record.fields}
