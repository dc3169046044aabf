"""An `Any` argument matches every overload; the overlay must still give `Any`, never Unknown
(strict mode reports Unknown). Each function's first overload returns a type containing Any."""

from typing import Any

import numpy as np
from typing_extensions import assert_type


def any_arguments(a: Any) -> None:
    assert_type(np.sum(a, axis=0), Any)
    assert_type(np.argmax(a, axis=-1), Any)
    assert_type(np.transpose(a), Any)
    assert_type(np.swapaxes(a, 0, 1), Any)
    assert_type(np.moveaxis(a, 0, 1), Any)
    assert_type(np.squeeze(a, axis=0), Any)
    assert_type(np.expand_dims(a, 0), Any)
    assert_type(np.reshape(a, (2, 3)), Any)
    assert_type(np.dot(a, a), Any)
    assert_type(np.matmul(a, a), Any)
    assert_type(np.vecdot(a, a), Any)
    assert_type(np.add(a, a), Any)
    assert_type(np.add(a, 1.0), Any)
    assert_type(np.exp(a), Any)
    assert_type(np.clip(a, 0.0, 1.0), Any)
    assert_type(np.zeros_like(a), Any)
    assert_type(np.full_like(a, 1.0), Any)
