"""Python's collections module: OrderedDict, defaultdict, Counter, deque and namedtuple, the
real types, with every method that hashes checking its keys as dict's do."""
from __future__ import annotations

import collections

from .. import attributes, classes
from .. import builtins as B

OrderedDict, defaultdict, Counter, deque = (collections.OrderedDict, collections.defaultdict,
                                            collections.Counter, collections.deque)

NAMEDTUPLE_METHODS = ("_asdict", "_replace", "_make", "_fields", "_field_defaults", "count",
                      "index")


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """A tuple class with named fields, as Python's; its instances offer their fields and the
    namedtuple methods, and it belongs to the program's module (__main__) unless told."""
    cls = collections.namedtuple(typename, field_names, rename=rename, defaults=defaults,
                                 module="__main__" if module is None else module)
    attributes.register(cls, attributes.Listed(cls._fields + NAMEDTUPLE_METHODS))
    classes.hand_out(cls)
    return cls


_DICT = B.DICT.readable
for _kind, _extra in {OrderedDict: ("move_to_end",), defaultdict: ("default_factory",),
                      Counter: ("most_common", "elements", "subtract", "total")}.items():
    _listed = attributes.Listed(_DICT | set(_extra),
                                ("default_factory",) if _kind is defaultdict else ())
    attributes.register(_kind, B.keyed_attributes(
        _listed, B.COUNTER_KEYED if _kind is Counter else B.DICT_KEYED))
attributes.register(deque, attributes.Listed((
    "append", "appendleft", "pop", "popleft", "extend", "extendleft", "rotate", "clear", "count",
    "index", "insert", "remove", "reverse", "maxlen", "copy")))
B.KEYED_TYPES.update({OrderedDict: (0, B.pairs), Counter: (0, B.keys), defaultdict: (1, B.pairs)})
for _kind in (OrderedDict, defaultdict, Counter, deque):
    classes.hand_out(_kind)

ENTRIES = {"OrderedDict": OrderedDict, "defaultdict": defaultdict, "Counter": Counter,
           "deque": deque, "namedtuple": namedtuple}
