"""The API pages' griffe extension: show the contract, not the stubs' inner workings.

Registered under the python handler's ``extensions:`` in ``mkdocs.yml``. The stubs are
read as they are (they are what students fill in); before mkdocstrings renders them:

* an attribute's value that names a private object (``TWO_OF_CLUBS = _DECK[0]``) is
  left out, as is a dunder assigned without a docstring (``__hash__ = object.__hash__``):
  the name and its docstring are the contract, the expression is not;
* an enumeration's members are labelled ``enum-member``, not ``class-attribute
  instance-attribute``;
* a docstring that opens with its attribute's type (``str: The suit's letter``, the
  Google style for properties) loses that prefix, since the signature shows the type.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Attribute, Class, Extension, Function, Object

_PRIVATE_NAME = re.compile(r"(?<![\w.])_[A-Za-z]\w*")
_DUNDER = re.compile(r"^__\w+__$")
_ENUM_BASES = re.compile(r"(?:^|\.)(?:Enum|IntEnum|StrEnum|Flag|IntFlag)$")
_TYPE_PREFIX = re.compile(r"^(?P<type>[\w.\[\], |]+?): (?=\S)")
ENUM_MEMBER = "enum-member"


def _is_enum(cls: Class) -> bool:
    return any(_ENUM_BASES.search(str(base)) for base in cls.bases)


class ContractOnly(Extension):
    """Leave private values, assigned dunders and type prefixes out of the API pages."""

    def on_class_members(self, *, cls: Class, **_: Any) -> None:
        """Drop undocumented assigned dunders, and label an enumeration's members."""
        for name, member in list(cls.members.items()):
            if not isinstance(member, Attribute):
                continue
            if _DUNDER.match(name) and member.docstring is None:
                del cls.members[name]
            elif _is_enum(cls) and not name.startswith("_") and member.annotation is None:
                member.labels = {ENUM_MEMBER}

    def on_attribute_instance(self, *, attr: Attribute, **_: Any) -> None:
        """Hide a value that names a private object, and a docstring's type prefix."""
        if attr.value is not None and _PRIVATE_NAME.search(str(attr.value)):
            attr.value = None
        _strip_type_prefix(attr, attr.annotation)

    def on_function_instance(self, *, func: Function, **_: Any) -> None:
        """Strip the type prefix of a property's docstring (griffe may keep it a function)."""
        if "property" in func.labels:
            _strip_type_prefix(func, func.returns)


def _strip_type_prefix(obj: Object, annotation: object) -> None:
    """Remove a leading ``type: `` from a docstring when it is the type the signature shows."""
    docstring = obj.docstring
    if docstring is None or annotation is None:
        return
    match = _TYPE_PREFIX.match(docstring.value)
    if match and match["type"] == str(annotation):
        docstring.value = docstring.value[match.end() :]
