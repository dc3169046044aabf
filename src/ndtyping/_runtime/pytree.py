"""`PyTree`, `PyTree[Leaf]`, `PyTree[Leaf, "T"]`: trees of arrays (or anything), checked leaf by leaf.

`PyTree[Leaf]` accepts a tree whose every leaf matches `Leaf` (an array annotation, a class, a
union, ...). A structure string binds or compares the tree's shape across one checked call:

    "T"       bind the structure to T (or compare with T if an earlier argument bound it)
    "S T"     a tree of structure S whose leaves are trees of structure T (S and T bound before)
    "... T"   any upper levels, whose subtrees at the bottom all have structure T
    "T ..."   the upper levels are T, anything below

`?name` axes inside the leaf annotation may differ from leaf to leaf, but must agree between
trees with the same structure string at the same leaf position (the engine renames `?n` at
leaf 2 of "T" to the dim `?n@T[2]`).

Trees are flattened by jax when jax is already imported (its registered nodes, its `None`
handling). Otherwise ndtyping flattens the containers jax knows by default (tuple, list, dict,
namedtuple, OrderedDict, defaultdict, None) itself, in jax's order: without jax imported no value
can hold a jax-registered node, so the result is the same and jax is never imported for it.
Static checkers read `_pytree.pyi`, where `PyTree[X]` is a recursive union of containers of X.
"""

from __future__ import annotations

import copyreg
import functools
import re
import sys
import types
import typing
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Optional

import typing_extensions

from .._errors import AnnotationError
from .bindings import Scope, current_scope
from .typecheck import Checker, array_spec, compile_annotation

__all__ = ["PyTree"]

_LITERALS = tuple({typing.Literal, typing_extensions.Literal})

# --------------------------------------------------------------------------- structure strings


@dataclass(frozen=True)
class _Structure:
    """A parsed structure string: the names, and how the tree must relate to them."""

    text: str
    names: tuple[str, ...]
    mode: str  # "bind" (one name), "exact" (a composition), "prefix" ("T ..."), "suffix" ("... T")


def _parse_structure(item: Any, leaf: Any) -> _Structure:
    text = item
    if typing.get_origin(item) in _LITERALS and len(typing.get_args(item)) == 1:
        text = typing.get_args(item)[0]  # PyTree[X, Literal["T"]]: the spelling pyright accepts
    if not isinstance(text, str):
        raise AnnotationError(
            f'the structure in PyTree[{_show(leaf)}, {item!r}] must be a string such as "T" (or Literal["T"])'
        )
    pieces = text.split()
    where = f'in PyTree[{_show(leaf)}, "{text}"]: '
    if not pieces:
        raise AnnotationError(f'{where}the structure is empty; write a name such as "T", or leave it out')
    mode = "bind" if len(pieces) == 1 else "exact"
    if pieces == ["..."]:
        raise AnnotationError(f"{where}'...' alone says nothing about the structure; leave the structure out")
    if pieces[0] == "..." and pieces[-1] == "...":
        raise AnnotationError(f'{where}\'...\' may stand at the start ("... T") or at the end ("T ..."), not both')
    if pieces[0] == "...":
        mode, pieces = "suffix", pieces[1:]
    elif pieces[-1] == "...":
        mode, pieces = "prefix", pieces[:-1]
    for piece in pieces:
        if piece == "...":
            raise AnnotationError(f"{where}'...' may only stand at the start or the end of a structure")
        if not piece.isidentifier():
            raise AnnotationError(f"{where}{piece!r} is not a structure name; names are identifiers such as T")
    return _Structure(" ".join(text.split()), tuple(pieces), mode)


# --------------------------------------------------------------------------- trees without jax


class _TreeDef:
    """The structure of a tree of builtin containers, with the API of jax's PyTreeDef we use."""

    __slots__ = ("kind", "aux", "children", "num_leaves", "_hash")

    def __init__(self, kind: Any, aux: Any, children: tuple[_TreeDef, ...]) -> None:
        self.kind = kind  # None for a leaf, else the container's type
        self.aux = aux  # dict keys, (default_factory, keys) for a defaultdict
        self.children = children
        self.num_leaves = 1 if kind is None else sum(child.num_leaves for child in children)
        self._hash: Optional[int] = None

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, _TreeDef):
            return NotImplemented
        return self.kind is other.kind and self.aux == other.aux and self.children == other.children

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self.kind, _hashable(self.aux), self.children))
        return self._hash

    def __repr__(self) -> str:
        return f"PyTreeDef({self._show()})"

    def _show(self) -> str:
        kind = self.kind
        if kind is None:
            return "*"
        if kind is type(None):
            return "None"
        inner = [child._show() for child in self.children]
        if kind is tuple:
            return "(" + ", ".join(inner) + ("," if len(inner) == 1 else "") + ")"
        if kind is list:
            return "[" + ", ".join(inner) + "]"
        if kind is dict:
            return "{" + ", ".join(f"{key!r}: {child}" for key, child in zip(self.aux, inner)) + "}"
        if kind is OrderedDict:
            return f"CustomNode(OrderedDict[{self.aux!r}], [{', '.join(inner)}])"
        if kind is defaultdict:
            return f"CustomNode(defaultdict[{self.aux!r}], [{', '.join(inner)}])"
        return f"CustomNode(namedtuple[{kind.__name__}], [{', '.join(inner)}])"

    def unflatten(self, leaves: Any) -> Any:
        leaves = list(leaves)
        if len(leaves) != self.num_leaves:
            raise ValueError(f"{self!r} has {self.num_leaves} leaves, got {len(leaves)}")
        return self._build(iter(leaves))

    def _build(self, leaves: Any) -> Any:
        kind = self.kind
        if kind is None:
            return next(leaves)
        if kind is type(None):
            return None
        children = [child._build(leaves) for child in self.children]
        if kind is tuple or kind is list:
            return kind(children)
        if kind is dict or kind is OrderedDict:
            return kind(zip(self.aux, children))
        if kind is defaultdict:
            factory, keys = self.aux
            return defaultdict(factory, zip(keys, children))
        return kind(*children)  # namedtuple

    def flatten_up_to(self, tree: Any) -> list[Any]:
        """The subtrees of `tree` at this structure's leaves (ValueError unless this is a prefix)."""
        out: list[Any] = []
        self._up_to(tree, out)
        return out

    def _up_to(self, tree: Any, out: list[Any]) -> None:
        kind = self.kind
        if kind is None:
            out.append(tree)
            return
        if type(tree) is not kind:
            raise ValueError(f"expected {_TreeDef._kind_name(kind)}, got {type(tree).__name__}")
        if kind is type(None):
            return
        if kind in (dict, OrderedDict, defaultdict):
            keys = self.aux[1] if kind is defaultdict else self.aux
            if (tuple(tree) if kind is OrderedDict else _sorted_keys(tree)) != keys:
                raise ValueError(f"expected keys {keys!r}, got {tuple(tree)!r}")
            items = [tree[key] for key in keys]
        else:
            items = list(tree)
            if len(items) != len(self.children):
                raise ValueError(f"expected {len(self.children)} children, got {len(items)}")
        for child, item in zip(self.children, items):
            child._up_to(item, out)

    @staticmethod
    def _kind_name(kind: Any) -> str:
        return "None" if kind is type(None) else kind.__name__


_LEAF = _TreeDef(None, None, ())
_NONE = _TreeDef(type(None), None, ())


def _hashable(aux: Any) -> Any:
    try:
        hash(aux)
    except TypeError:
        return repr(aux)
    return aux


def _sorted_keys(mapping: Any) -> tuple[Any, ...]:
    try:
        return tuple(sorted(mapping))
    except Exception:
        raise ValueError("dictionary keys that cannot be sorted (jax sorts them to flatten a dict)") from None


def _flatten_builtin(tree: Any, is_leaf: Any, leaves: list[Any], paths: Optional[list[str]], path: str) -> _TreeDef:
    if is_leaf is not None and is_leaf(tree):
        pass
    elif tree is None:
        return _NONE
    else:
        kind = type(tree)
        if kind is tuple or kind is list:
            return _TreeDef(kind, None, tuple(
                _flatten_builtin(item, is_leaf, leaves, paths, f"{path}[{index}]" if paths is not None else "")
                for index, item in enumerate(tree)
            ))  # fmt: skip
        if kind is dict or kind is defaultdict or kind is OrderedDict:
            keys = tuple(tree) if kind is OrderedDict else _sorted_keys(tree)
            children = tuple(
                _flatten_builtin(tree[key], is_leaf, leaves, paths, f"{path}[{key!r}]" if paths is not None else "")
                for key in keys
            )
            return _TreeDef(kind, (tree.default_factory, keys) if kind is defaultdict else keys, children)
        fields = getattr(kind, "_fields", None)
        if fields is not None and issubclass(kind, tuple):  # a namedtuple, as jax sees one
            return _TreeDef(kind, None, tuple(
                _flatten_builtin(item, is_leaf, leaves, paths, f"{path}.{field}" if paths is not None else "")
                for field, item in zip(fields, tree)
            ))  # fmt: skip
    leaves.append(tree)
    if paths is not None:
        paths.append(path)
    return _LEAF


class _BuiltinTrees:
    """Flattening of builtin containers, the way jax's default registry does it."""

    def flatten(self, tree: Any, is_leaf: Any) -> tuple[list[Any], Any]:
        leaves: list[Any] = []
        return leaves, _flatten_builtin(tree, is_leaf, leaves, None, "")

    def paths(self, tree: Any, is_leaf: Any) -> list[str]:
        paths: list[str] = []
        _flatten_builtin(tree, is_leaf, [], paths, "")
        return paths

    def owns(self, treedef: Any) -> bool:
        return isinstance(treedef, _TreeDef)


class _JaxTrees:
    """Flattening by jax.tree_util: registered nodes, None as an empty node."""

    def __init__(self, tree_util: Any) -> None:
        self.tree_util = tree_util

    def flatten(self, tree: Any, is_leaf: Any) -> tuple[list[Any], Any]:
        return self.tree_util.tree_flatten(tree, is_leaf=is_leaf)  # type: ignore[no-any-return]

    def paths(self, tree: Any, is_leaf: Any) -> list[str]:
        pairs, _ = self.tree_util.tree_flatten_with_path(tree, is_leaf=is_leaf)
        return [self.tree_util.keystr(path) for path, _ in pairs]

    def owns(self, treedef: Any) -> bool:
        return isinstance(treedef, self.tree_util.PyTreeDef)


_BUILTIN = _BuiltinTrees()
_jax_trees: list[_JaxTrees] = []


def _backend() -> Any:
    """jax's flattening when jax is already imported (never importing it here), else the builtin one."""
    if "jax" in sys.modules:
        if not _jax_trees:
            try:
                import jax.tree_util
            except Exception:  # a broken or half-imported jax: builtin containers still work
                return _BUILTIN
            _jax_trees.append(_JaxTrees(jax.tree_util))
        return _jax_trees[0]
    return _BUILTIN


def _structure(backend: Any, tree: Any) -> Any:
    return backend.flatten(tree, None)[1]


def _dummy(treedef: Any) -> Any:
    return treedef.unflatten([0] * treedef.num_leaves)


def _coerce(backend: Any, treedef: Any) -> Any:
    """A structure bound by the other backend (jax imported mid-call), rebuilt by this one."""
    return treedef if backend.owns(treedef) else _structure(backend, _dummy(treedef))


def _compose(backend: Any, treedefs: list[Any]) -> Any:
    # Built from dummy trees rather than PyTreeDef.compose, which mishandles some nodes (jax #18218).
    tree: Any = 0
    for treedef in treedefs:
        inner = _dummy(treedef)
        outer = _structure(backend, tree)
        tree = outer.unflatten([inner] * outer.num_leaves)
    return _structure(backend, tree)


def _is_prefix(prefix: Any, treedef: Any) -> bool:
    try:
        prefix.flatten_up_to(_dummy(treedef))
    except Exception:
        return False
    return True


def _has_suffix(backend: Any, treedef: Any, suffix: Any) -> bool:
    def matches(node: Any) -> bool:
        return bool(_structure(backend, node) == suffix)

    bottoms, _ = backend.flatten(_dummy(treedef), matches)
    return all(matches(bottom) for bottom in bottoms)


# --------------------------------------------------------------------------- the checker


class _TreeChecker:
    """Checks one PyTree annotation: (value, scope, where) -> reason, or "" if it fits."""

    __slots__ = ("leaf_checker", "structure", "probe_leaves", "label")

    def __init__(
        self, leaf_checker: Optional[Checker], structure: Optional[_Structure], probe_leaves: bool, label: str
    ) -> None:
        self.leaf_checker = leaf_checker
        self.structure = structure
        # Whether a subtree that matches the leaf annotation is a leaf (jaxtyping's rule, needed
        # for PyTree[tuple[int, int]]); array annotations never match a container, so they skip it.
        self.probe_leaves = probe_leaves
        self.label = label

    def __call__(self, value: Any, scope: Scope, where: str) -> str:
        backend = _backend()
        is_leaf = self._prober(scope, where) if self.probe_leaves else None
        try:
            leaves, treedef = backend.flatten(value, is_leaf)
        except AnnotationError:
            raise
        except Exception as err:
            return f"it cannot be flattened as a PyTree: {type(err).__name__}: {str(err)[:200]}"
        bind = None
        structure = self.structure
        if structure is not None:
            reason, bind = self._check_structure(structure, treedef, backend, scope)
            if reason:
                return reason
        checker = self.leaf_checker
        if checker is not None:
            mark, saved = scope.mark(), scope.leaf
            prefix = structure.text if structure is not None else None
            try:
                for index, leaf in enumerate(leaves):
                    scope.leaf = f"{prefix}[{index}]" if prefix is not None else None
                    reason = checker(leaf, scope, where)
                    if reason:
                        scope.rollback(mark)
                        return f"leaf {self._path(backend, value, is_leaf, index)}: {reason}"
            finally:
                scope.leaf = saved
        if bind is not None:
            if scope.trees is None:
                scope.trees = {}
            scope.trees[bind] = (treedef, where)
        return ""

    def _prober(self, scope: Scope, where: str) -> Callable[[Any], bool]:
        checker = self.leaf_checker
        assert checker is not None
        key = f"{self.structure.text}[?]" if self.structure is not None else None

        def is_leaf(node: Any) -> bool:
            # Only asks whether `node` is a leaf: every binding it makes is undone (the leaf is
            # checked again, at its position, afterwards).
            mark, saved = scope.mark(), scope.leaf
            scope.leaf = key
            try:
                return not checker(node, scope, where)
            finally:
                scope.leaf = saved
                scope.rollback(mark)

        return is_leaf

    def _check_structure(
        self, structure: _Structure, treedef: Any, backend: Any, scope: Scope
    ) -> tuple[str, Optional[str]]:
        """The reason the structure does not fit (or ""), and the name to bind if all else fits."""
        trees = scope.trees or {}
        if structure.mode == "bind":
            name = structure.names[0]
            if name not in trees:
                return "", name
            bound, origin = trees[name]
            expected = _coerce(backend, bound)
            if treedef != expected:
                return f"structure {name}: {treedef} here, but {origin} bound it to {expected}", None
            return "", None
        parts = []
        for name in structure.names:
            if name not in trees:
                raise AnnotationError(
                    f'{self.label}: the structure "{structure.text}" uses {name}, which no earlier argument has '
                    f'bound; bind it first with PyTree[..., "{name}"] in an argument checked before this one'
                )
            parts.append(_coerce(backend, trees[name][0]))
        expected = _compose(backend, parts)
        if structure.mode == "exact":
            if treedef != expected:
                return f'structure "{structure.text}": {treedef} here, expected {expected}', None
        elif structure.mode == "prefix":
            if not _is_prefix(expected, treedef):
                return f'structure "{structure.text}": {treedef} does not begin with {expected}', None
        elif not _has_suffix(backend, treedef, expected):
            return f'structure "{structure.text}": the lowest levels of {treedef} are not all {expected}', None
        return "", None

    @staticmethod
    def _path(backend: Any, value: Any, is_leaf: Any, index: int) -> str:
        try:
            path = backend.paths(value, is_leaf)[index]
        except Exception:
            return str(index)
        return path or "(the whole value)"


def _array_only(annotation: Any) -> bool:
    """An array annotation, or a union of them: it can never match a container."""
    if array_spec(annotation) is not None:
        return True
    if typing.get_origin(annotation) is typing.Union or isinstance(annotation, types.UnionType):
        return all(_array_only(member) for member in typing.get_args(annotation))
    return False


def _per_leaf_axes(annotation: Any, depth: int = 0) -> list[str]:
    """The `?name` axes an annotation holds (outside nested PyTrees, which own theirs)."""
    if _is_subscripted(annotation) or depth > 16:
        return []
    spec = array_spec(annotation)
    if spec is not None:
        return [dim.text for dim in spec.shape.dims if dim.per_leaf and dim.name]
    try:
        args = typing.get_args(annotation)
    except Exception:
        return []
    return [axis for arg in args for axis in _per_leaf_axes(arg, depth + 1)]


def _structured_trees_with_per_leaf_axes(annotation: Any, depth: int = 0) -> list[Any]:
    """The nested `PyTree[..., "S"]` inside `annotation` whose leaves hold `?name` axes."""
    if depth > 16:
        return []
    if _is_subscripted(annotation):
        if annotation.structure is not None and _per_leaf_axes(annotation.leaftype):
            return [annotation]
        return _structured_trees_with_per_leaf_axes(annotation.leaftype, depth + 1)
    try:
        args = typing.get_args(annotation)
    except Exception:
        return []
    return [tree for arg in args for tree in _structured_trees_with_per_leaf_axes(arg, depth + 1)]


# --------------------------------------------------------------------------- PyTree itself


def _show(annotation: Any) -> str:
    if isinstance(annotation, type):
        return annotation.__qualname__ if annotation.__module__ in ("builtins", "ndtyping") else repr(annotation)
    if isinstance(annotation, typing.ForwardRef):
        return annotation.__forward_arg__
    return re.sub(r"\b(typing|collections\.abc)\.", "", repr(annotation))


def _is_subscripted(annotation: Any) -> bool:
    return isinstance(annotation, _PyTreeMeta) and annotation is not PyTree


class _PyTreeMeta(type):
    """The metaclass of `PyTree` and of every `PyTree[Leaf, "T"]`.

    `PyTree[...]` is a class (a subclass of PyTree), not a typing alias: beartype and typeguard
    check a class with `isinstance`, which runs ndtyping's checker here, so a bare `@beartype`
    or `@typechecked` checks the leaves too (as jaxtyping's PyTree does).
    """

    leaftype: Any
    structure: Optional[str]
    _ndt_structure: Optional[_Structure]
    _ndt_globals: Optional[dict[str, Any]]

    def __instancecheck__(cls, value: Any) -> bool:
        checker = compile_annotation(cls)
        if checker is None:
            return True  # a bare PyTree (or PyTree[Any]): every value is a tree
        scope = current_scope()
        if scope is None:
            try:
                return not checker(value, Scope(), "isinstance")
            except AnnotationError:
                # beartype probes `isinstance(None, hint)` when it decorates, outside any call:
                # a structure made of other arguments' ("T ...") is unbound there. That probe
                # is answered "no match"; any other unbound use is the user's error, said.
                if value is None and cls._ndt_structure is not None and cls._ndt_structure.mode != "bind":
                    return False
                raise
        return not checker(value, scope, "isinstance")

    def __subclasscheck__(cls, other: Any) -> bool:
        if isinstance(other, _PyTreeMeta):
            return type.__subclasscheck__(cls, other)  # issubclass(PyTree[int], PyTree)
        if cls is PyTree:
            return False
        raise TypeError(f"issubclass() is not defined for {cls!r} and a class that is not a PyTree; use isinstance()")

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{cls.__qualname__} is an annotation, not a constructor")

    def __repr__(cls) -> str:
        # beartype requires `repr(X | int)` to begin with `repr(X)`: the subscripted classes live
        # in "builtins" and print their name; PyTree itself keeps type's own `<class ...>`.
        return type.__repr__(cls) if cls is PyTree else cls.__qualname__

    def __getitem__(cls, item: Any) -> Any:
        if cls is not PyTree:
            return _substitute(cls, item)
        args = item if isinstance(item, tuple) else (item,)
        if len(args) not in (1, 2):
            raise AnnotationError(
                f'PyTree takes a leaf annotation and optionally a structure, e.g. PyTree[int] or PyTree[int, "T"]; '
                f"got {len(args)} arguments"
            )
        leaf = args[0]
        namespace = None
        if isinstance(leaf, str):
            # A forward reference, resolved when first checked, in the module that wrote it.
            leaf = typing.ForwardRef(leaf)
            namespace = sys._getframe(1).f_globals
        structure = _parse_structure(args[1], leaf) if len(args) == 2 else None  # a bad one fails here
        if structure is None:
            axes = _per_leaf_axes(leaf)
            if axes:
                raise AnnotationError(
                    f"PyTree[{_show(leaf)}]: the per-leaf axis {' '.join(axes)!r} needs a named structure to say "
                    f'which leaves correspond, e.g. PyTree[{_show(leaf)}, "T"]'
                )
        else:
            inner = _structured_trees_with_per_leaf_axes(leaf)
            if inner:
                raise AnnotationError(
                    f'PyTree[{_show(leaf)}, "{structure.text}"]: the per-leaf axes of {inner[0]!r} are ambiguous: '
                    f'they could follow structure "{inner[0].structure}" or "{structure.text}"; name only one of them'
                )
        if namespace is not None:  # a forward reference: one class per place that wrote it
            return _make_subscripted(leaf, structure, namespace)
        try:
            return _subscripted(leaf, structure)
        except TypeError:  # an unhashable leaf annotation
            return _make_subscripted(leaf, structure, None)

    def _ndt_build_checker(cls) -> Optional[Checker]:
        """Called by `compile_annotation`: the checker for this annotation (None: nothing to check)."""
        if cls is PyTree:
            return None  # a bare PyTree accepts anything
        structure = cls._ndt_structure
        leaf = _resolved_leaf(cls)
        leaf_checker = compile_annotation(leaf)
        if leaf_checker is None and structure is None:
            return None  # PyTree[Any]: every value is a tree
        probe = leaf_checker is not None and not _array_only(leaf)
        return _TreeChecker(leaf_checker, structure, probe, repr(cls))

    def _ndt_inner_annotations(cls) -> tuple[Any, ...]:
        """What `typing.get_args` would say of an alias (see _typecheck.annotation_args)."""
        return () if cls is PyTree else (cls.leaftype,)

    def __pdoc__(cls, **kwargs: Any) -> Any:
        """How wadler_lindig (equinox's pretty-printer) shows the annotation."""
        import wadler_lindig as wl  # pyright: ignore[reportMissingImports]  # optional: comes with equinox

        if cls is PyTree:
            return wl.TextDoc("PyTree")
        docs = [wl.pdoc(cls.leaftype, **kwargs)]
        if cls.structure is not None:
            docs.append(wl.pdoc(cls.structure, **kwargs))
        return wl.bracketed(
            begin=wl.TextDoc("PyTree["), docs=docs, sep=wl.comma, end=wl.TextDoc("]"), indent=kwargs.get("indent", 2)
        )


class PyTree(metaclass=_PyTreeMeta):
    """A tree of leaves: `PyTree`, `PyTree[Leaf]`, `PyTree[Leaf, "T"]` (see the module docstring).

    `PyTree[...]` is a subclass of PyTree whose `leaftype` and `structure` attributes say what
    it was made from; `issubclass(PyTree[int], PyTree)` holds.
    """

    __slots__ = ()
    leaftype: Any = Any
    structure: Optional[str] = None
    _ndt_structure: Optional[_Structure] = None
    _ndt_globals: Optional[dict[str, Any]] = None


PyTree.__module__ = "ndtyping"


@functools.lru_cache(maxsize=1024)
def _subscripted(leaf: Any, structure: Optional[_Structure]) -> Any:
    return _make_subscripted(leaf, structure, None)


def _make_subscripted(leaf: Any, structure: Optional[_Structure], namespace: Optional[dict[str, Any]]) -> Any:
    # The name as jaxtyping spells it (`PyTree[int, 'T']`), the module "builtins" so that a union
    # with it prints the same name (beartype requires that consistency).
    name = f"PyTree[{_show(leaf)}]" if structure is None else f"PyTree[{_show(leaf)}, {structure.text!r}]"
    return _PyTreeMeta(name, (PyTree,), {
        "__module__": "builtins", "__qualname__": name, "__slots__": (),
        "leaftype": leaf, "structure": None if structure is None else structure.text,
        "_ndt_structure": structure, "_ndt_globals": namespace,
    })  # fmt: skip


def _resolved_leaf(cls: Any) -> Any:
    leaf = cls.leaftype
    if not isinstance(leaf, typing.ForwardRef):
        return leaf
    try:
        return eval(leaf.__forward_arg__, dict(cls._ndt_globals or {}))  # noqa: S307 (the user's own annotation)
    except AnnotationError:
        raise
    except Exception as error:
        raise AnnotationError(
            f"{cls!r}: the leaf annotation {leaf.__forward_arg__!r} cannot be resolved in the module that wrote it "
            f"({type(error).__name__}: {error})"
        ) from None


def _substitute(cls: Any, item: Any) -> Any:
    """`PyTree[L, "T"][int]` with L a TypeVar: the same tree with L replaced."""
    params = _type_vars(cls.leaftype)
    items = item if isinstance(item, tuple) else (item,)
    if not params or len(items) != len(params):
        raise AnnotationError(
            f"{cls!r} has {len(params)} type variable(s) to substitute, and was given {len(items)}: {item!r}"
        )
    mapping = dict(zip(params, items))
    leaf = cls.leaftype
    leaf = mapping[leaf] if isinstance(leaf, typing.TypeVar) else leaf[tuple(mapping[p] for p in params)]
    return PyTree[(leaf, cls.structure) if cls.structure is not None else leaf]


def _type_vars(annotation: Any) -> tuple[Any, ...]:
    if isinstance(annotation, typing.TypeVar):
        return (annotation,)
    return tuple(getattr(annotation, "__parameters__", ()) or ())


def _reduce(cls: Any) -> Any:
    if cls is PyTree:
        return "PyTree"
    leaf = cls.leaftype
    if isinstance(leaf, typing.ForwardRef):
        leaf = leaf.__forward_arg__
    return (_rebuild, (leaf, cls.structure))


def _rebuild(leaf: Any, structure: Optional[str]) -> Any:
    return PyTree[leaf] if structure is None else PyTree[leaf, structure]


copyreg.pickle(_PyTreeMeta, _reduce)
