"""torch.einsum, composed of rows as ATen composes it (Linear.cpp): each operand permuted to one
order of labels (the output's, then the contracted ones), then contracted left to right, a
pair at a time, by permute, reshape and bmm; so the graph, grad_fn names and bits are torch's."""
from __future__ import annotations

import string

from ..tensor import Tensor
from .linalg import bmm, dot
from .registry import export

# ATen numbers the labels 'A'-'Z' then 'a'-'z': contracted labels go in that order
LABELS = string.ascii_uppercase + string.ascii_lowercase
ELLIPSIS = "..."


NEEDS_OPERANDS = ("einsum(): must specify the equation string and at least one operand, or at "
                  "least one operand and its subscripts list")


def _subscript(n) -> str:
    """A label of the sublist form (einsum(a, [0, 1], b, [1, 2])), as torch.functional.einsum's
    parse_subscript finds it: 0-25 'A'-'Z', 26-51 'a'-'z', by Python's comparisons and chr() on
    whatever the program gave (a tensor of several values is ambiguous, a float no index)."""
    try:
        if n == Ellipsis:
            return ELLIPSIS
        if n >= 0 and n < 26:
            return chr(ord("A") + n)
        if n >= 26 and n < 52:
            return chr(ord("a") + n - 26)
    except TypeError as error:   # Python's, about the program's value ('>=' of a str and an int)
        raise TypeError(str(error)) from None
    raise ValueError("einsum(): subscript in subscript list is not within the valid range "
                     "[0, 52)")


def _labels_of(sub) -> str:
    try:
        items = iter(sub)
    except TypeError as error:   # Python's ("'int' object is not iterable")
        raise TypeError(str(error)) from None
    return "".join(_subscript(n) for n in items)


def _from_sublists(args: tuple) -> tuple[str, tuple]:
    """torch.functional.einsum's sublist form as an equation and its operands."""
    operands = args[0::2][:len(args) // 2]
    equation = ",".join(_labels_of(sub) for sub in args[1::2])
    if len(args) % 2:
        equation += "->" + _labels_of(args[-1])
    return equation, operands


def _parse(equation: str, n_operands: int) -> tuple[list[list[str]], list[str] | None]:
    """Each operand's labels (ELLIPSIS as one item) and the output's (None: implicit)."""
    for i, c in enumerate(equation):
        if c not in LABELS and c not in " ,.->":
            raise RuntimeError(f"einsum(): invalid subscript given at index {i} in the equation "
                               f"string, subscripts must be in [a-zA-Z]")
    left, arrow, right = equation.replace(" ", "").partition("->")
    terms = [_labels(term) for term in left.split(",")]
    if len(terms) > n_operands:
        raise RuntimeError("einsum(): fewer operands were provided than specified in the "
                           "equation")
    if len(terms) < n_operands:
        raise RuntimeError("einsum(): more operands were provided than specified in the "
                           "equation")
    return terms, _labels(right) if arrow else None


def _labels(term: str) -> list[str]:
    out, i = [], 0
    while i < len(term):
        if term.startswith(ELLIPSIS, i):
            out.append(ELLIPSIS)
            i += 3
            continue
        out.append(term[i])
        i += 1
    return out


def _order(terms, output, ell_dims: int) -> tuple[dict, int, int, int]:
    """Where each label goes in the common order: (label -> index, ellipsis index, output size,
    total size)."""
    count = {label: sum(t.count(label) for t in terms) for label in LABELS}
    index: dict = {}
    ell_at = None
    size = 0
    if output is None:   # implicit: the ellipsis, then the labels seen once, in ATen's order
        if any(ELLIPSIS in t for t in terms):
            ell_at, size = 0, ell_dims
        output = [label for label in LABELS if count[label] == 1]
    for label in output:
        if label == ELLIPSIS:
            ell_at, size = size, size + ell_dims
            continue
        if count.get(label, 0) == 0:
            raise RuntimeError(f"einsum(): output subscript {label} does not appear in the "
                               f"equation for any input operand")
        index[label] = size
        size += 1
    out_size = size
    if ell_at is None:
        ell_at, size = size, size + ell_dims
    for label in LABELS:
        if count[label] and label not in index:
            index[label] = size
            size += 1
    return index, ell_at, out_size, size


def _permuted(operand: Tensor, labels, index: dict, ell_at: int, ell_dims: int, total: int,
              i: int) -> Tensor:
    """The operand with one dim per label of the common order (1 where it has none), repeated
    labels taken on their diagonal."""
    perm = [-1] * total
    seen: dict = {}
    j = 0
    for label in labels:
        if label == ELLIPSIS:
            for _ in range(ell_dims - (operand.ndim - len(labels) + 1)):
                operand = operand.unsqueeze(j)
            for k in range(ell_dims):
                perm[ell_at + k] = j
                j += 1
        elif label in seen:
            d = seen[label]
            if operand.shape[j] != operand.shape[d]:
                raise RuntimeError(f"einsum(): subscript {label} is repeated for operand {i} but "
                                   f"the sizes don't match, {operand.shape[j]} != "
                                   f"{operand.shape[d]}")
            operand = operand.diagonal(0, d, j)
            operand = operand.permute(*_moved_last_to(operand.ndim, d))
        else:
            seen[label] = j
            perm[index[label]] = j
            j += 1
    for k, p in enumerate(perm):
        if p == -1:
            operand = operand.unsqueeze(-1)
            perm[k] = j
            j += 1
    return operand.permute(*perm)


def _moved_last_to(ndim: int, dim: int) -> list[int]:
    """movedim(-1, dim) as a permutation."""
    dims = list(range(ndim - 1))
    dims.insert(dim, ndim - 1)
    return dims


def _sumproduct_pair(left: Tensor, right: Tensor, sum_dims: list[int]) -> Tensor:
    """Σ over sum_dims of left * right (same number of dims, broadcasting) as one bmm: batch
    dims both have, then left's own, the summed ones, right's own; summed dims dropped."""
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(left.ndim):
        sl, sr = left.shape[i] > 1, right.shape[i] > 1
        if i in sum_dims:
            if sl and sr:
                sum_size *= left.shape[i]
            elif sl:
                left = left.sum(i, keepdim=True)
            elif sr:
                right = right.sum(i, keepdim=True)
        elif sl and sr:
            lro.append(i)
            lro_size *= left.shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left.shape[i]
        else:
            ro.append(i)
            ro_size *= right.shape[i]
    out_shape = [left.shape[d] for d in lro + lo] + [1] * len(sum_dims) + \
        [right.shape[d] for d in ro]
    order = lro + lo + sum_dims + ro
    inverse = [order.index(d) for d in range(len(order))]
    a = left.permute(*order).reshape(lro_size, lo_size, sum_size)
    b = right.permute(*(lro + sum_dims + ro + lo)).reshape(lro_size, sum_size, ro_size)
    result = bmm(a, b).view(*out_shape).permute(*inverse)
    kept = [s for d, s in enumerate(result.shape) if d not in sum_dims]
    return result.view(*kept)


def _contract(operands: list[Tensor], out_size: int, total: int) -> Tensor:
    last = [-1] * total   # the last operand with more than one element along each dim
    for i, t in enumerate(operands):
        for d in range(total):
            if t.shape[d] != 1:
                last[d] = i
    result = operands[0]
    dim = out_size
    for d in range(out_size, total):   # dims only the first operand has: summed now
        if last[d] == 0:
            result = result.squeeze(dim) if result.shape[dim] == 1 else result.sum(dim)
        else:
            dim += 1
    for i in range(1, len(operands)):
        operand = operands[i]
        sum_dims = []
        dim = out_size
        for d in range(out_size, total):
            if last[d] < i:
                operand = operand.squeeze(dim)
                continue
            if last[d] == i:
                if result.shape[dim] == 1:
                    operand = operand.sum(dim)
                    result = result.squeeze(dim)
                    continue
                sum_dims.append(dim)
            dim += 1
        if not sum_dims:
            result = result * operand
        elif len(sum_dims) == result.ndim:
            result = dot(result.flatten(), operand.flatten())
        else:
            result = _sumproduct_pair(result, operand, sum_dims)
    if total > out_size:
        result = result.view(*result.shape[:out_size])
    return result


@export(method=False)
def einsum(*args):
    if len(args) < 2:
        raise ValueError(NEEDS_OPERANDS)
    if isinstance(args[0], Tensor):
        equation, operands = _from_sublists(args)
    else:
        equation, operands = args[0], args[1:]
    if not isinstance(equation, str):
        raise TypeError(f"einsum(): argument 'equation' (position 1) must be str, not "
                        f"{type(equation).__name__}")
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    for i, t in enumerate(operands):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 1, but got "
                            f"{type(t).__name__}")
    terms, output = _parse(equation, len(operands))
    ell_dims = 0
    for i, (t, labels) in enumerate(zip(operands, terms)):
        named = len(labels) - (ELLIPSIS in labels)
        if (ELLIPSIS in labels and t.ndim < named) or (ELLIPSIS not in labels and t.ndim != named):
            raise RuntimeError(f"einsum(): the number of subscripts in the equation ({named}) "
                               f"does not match the number of dimensions ({t.ndim}) for operand "
                               f"{i}"
                               + ("" if ELLIPSIS in labels else " and no ellipsis was given"))
        if ELLIPSIS in labels:
            ell_dims = max(ell_dims, t.ndim - named)
    index, ell_at, out_size, total = _order(terms, output, ell_dims)
    permuted = [_permuted(t, labels, index, ell_at, ell_dims, total, i)
                for i, (t, labels) in enumerate(zip(operands, terms))]
    sizes: dict = {}
    for i, t in enumerate(permuted):
        for d, s in enumerate(t.shape):
            if s != 1:
                seen = sizes.setdefault(d, s)
                if seen != s:
                    label = next(k for k, v in index.items() if v == d)
                    raise RuntimeError(f"einsum(): subscript {label} has size {s} for operand "
                                       f"{i} which does not broadcast with previously seen "
                                       f"size {seen}")
    if len(permuted) == 1:
        result = permuted[0]
        if total > out_size:
            result = result.sum(tuple(range(out_size, total)))
        return result
    return _contract(permuted, out_size, total)
