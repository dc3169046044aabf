"""The exceptions ndtyping raises.

Every failure a user can cause is one of these, so callers can catch ndtyping's
errors without catching unrelated bugs.
"""

from __future__ import annotations

__all__ = ["NdtypingError", "AnnotationError", "ConfigurationError", "TypeCheckError", "ShapeError"]


class NdtypingError(Exception):
    """Base class of every error ndtyping raises on purpose."""


class AnnotationError(NdtypingError, ValueError):
    """An annotation is malformed: a bad shape string, an unknown dtype, an unsafe expression.

    A ValueError too, as the same mistake is in jaxtyping, so code that catches it keeps working.
    """


class ConfigurationError(NdtypingError, ValueError):
    """ndtyping was set up wrongly: a bad package name for the import hook, an unknown typechecker."""


class TypeCheckError(NdtypingError, TypeError):
    """A value does not match its annotation (raised by `check` and `jaxtyped`)."""


class ShapeError(TypeCheckError):
    """An array does not match its annotation: wrong type, dtype, rank or dimension size."""
