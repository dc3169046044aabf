"""The held-out corpora (tests/typing/holdout/ and tests/typing/holdout2/, see their READMEs): realistic
numpy and jax code written apart from the work on ndtyping's stubs, each by its own author, to measure
how the static layer generalises to code it was not tuned on. The stubs are improved against
tests/typing/realistic/; these corpora are only measured. Each has its own floor, known false
positives and bug kinds (MIN_CATCH_RATE, KNOWN_FALSE_POSITIVES, BUG_KINDS for holdout/, the
HOLDOUT2_ ones for holdout2/); every test runs once per corpus.

Well formed: 40 or more twin pairs, half numpy and half jax, names not shared with the realistic
corpus nor with the other held-out corpus, twins that differ on their `# BUG` line only, each with a
bug kind listed in the corpus's bug kinds.

Runtime: every correct twin runs on real arrays with `ndtyping.check` applied to each annotated
function, and every bug twin fails (the helpers are test_realistic_corpus.py's, in corpus_support).

Static (pyright): `ndtyping check` on the corpus prints the catch rate, the misses by kind and the
false positives; the rate may not fall below MIN_CATCH_RATE, and an error on a correct twin that
KNOWN_FALSE_POSITIVES does not list fails the test.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ndtyping._overlay import supported

from .corpus_support import HAVE_JAX, describe, load_checked, measure_corpus, needs_backend, unexpected_false_positives

HOLDOUT = measure_corpus.HOLDOUT

# Measured on 2026-11-24 when the corpus was written, on main at d5fdfba (pyright 1.1.414): 28 of 40
# bugs caught on their line with Python 3.11, numpy 2.4.6, jax 0.10.2 (70.0%; numpy 13/20, jax 15/20);
# 26 of 40 with Python 3.13, numpy 2.5.5, jax 0.12 (65.0%; numpy 13/20, jax 13/20: three false
# positives of the newest stack sit on bug lines and hide them, np_knn's int32 is caught there
# only). Later the same day, after the per-project einsum, join and creation-size rules: 33 of 40
# on 3.11 (82.5%). The floor sits below that, for the newest stack. Issue 15 asks for 0.9.
MIN_CATCH_RATE = 0.8

# Errors `ndtyping check` reports on correct twins, as file:line, with the cause read from pyright's
# message (not from the stubs: this corpus is kept apart from them). Each is a false positive to fix
# in the stubs, by a case in tests/typing/realistic/ or the static suite, never by editing the twin.
# Listed ones that are gone are printed, to be removed from here.
KNOWN_FALSE_POSITIVES: dict[str, str] = {
    "jax_ar_rollout_ok.py:34": "jax.Array @ NDArray gives an NDArray, not a jax.Array: a lax.scan step annotated -> tuple[jax.Array, jax.Array] rejects it",
    "jax_gat_ok.py:20": "NDArray[jnp.bool_, ...]: jax.numpy's bool_ is a variable in jax's stubs, not a type (plain pyright says the same)",
    "jax_kalman_ok.py:35": "NDArray results (of an annotated step()) returned from a lax.scan body annotated with jax.Array: an NDArray is not a jax.Array",
    "jax_ppo_ok.py:28": "a loss built from NDArray methods (.mean()) is NDArray[float32], not the jax.Array the function returns",
    "jax_momentum_ok.py:38": "jax.grad(mse)(w1) with mse(w1_: jax.Array): grad keeps mse's parameters now, and an NDArray is not a jax.Array",
    "np_rotary_ok.py:16": "base ** float32_array (a Python float base) is float64 in numpy's stubs (NEP 50 says float32); the dtype flows to the return",
    # Newest stack only (Python 3.13, numpy 2.5.5, jax 0.12), read from pyright's message:
    "jax_ppo_ok.py:14": "jax 0.12: jnp.take_along_axis(...).squeeze(-1) keeps the size-1 axis: (Batch, 1)",
    "jax_rotary_ok.py:24": "jax 0.12: jnp.cos(angles)[None, :, None, :] stays (Seq, Half) (the new axes are dropped), so it does not broadcast",
    "jax_rotary_ok.py:25": "jax 0.12: after the line above, jnp.stack(...).reshape(x.shape) is NDArray[Unknown, Unknown, Any]",
}

# The kind of each planted bug, for the report of misses by kind (every pair must have one).
BUG_KINDS: dict[str, str] = {
    "np_stft": "new axis (None) misplaced or missing",
    "np_gae": "wrong reduction axis",
    "np_returns": "operands swapped",
    "np_graph_conv": "transpose forgotten, misplaced or spurious",
    "np_diffusion": "dtype slip",
    "np_adam": "transpose forgotten, misplaced or spurious",
    "np_kalman": "operands swapped",
    "np_pca": "transpose forgotten, misplaced or spurious",
    "np_rotary": "new axis (None) misplaced or missing",
    "np_gmm": "keepdims or squeeze forgotten",
    "np_knn": "dtype slip",
    "np_bilinear": "wrong einsum output",
    "np_poly_features": "wrong concatenate/stack axis",
    "np_ts_windows": "wrong einsum output",
    "np_recsys": "new axis (None) misplaced or missing",
    "np_nbody": "wrong reduction axis",
    "np_colour": "dtype slip",
    "np_mel": "transpose forgotten, misplaced or spurious",
    "np_heat": "wrong reduction axis",
    "np_camera": "wrong concatenate/stack axis",
    "jax_gae": "new axis (None) misplaced or missing",
    "jax_rotary": "wrong einsum output",
    "jax_ddpm": "wrong reduction axis",
    "jax_adam": "operands swapped",
    "jax_momentum": "new axis (None) misplaced or missing",
    "jax_gat": "transpose forgotten, misplaced or spurious",
    "jax_messages": "projection forgotten",
    "jax_kalman": "transpose forgotten, misplaced or spurious",
    "jax_gmm": "keepdims or squeeze forgotten",
    "jax_knn": "wrong reduction axis",
    "jax_nbody": "new axis (None) misplaced or missing",
    "jax_colour": "wrong concatenate/stack axis",
    "jax_spectrogram": "wrong reduction axis",
    "jax_ppo": "keepdims or squeeze forgotten",
    "jax_mf": "wrong einsum output",
    "jax_zca": "operands swapped",
    "jax_grid_sample": "transpose forgotten, misplaced or spurious",
    "jax_ar_rollout": "operands swapped",
    "jax_lora": "operands swapped",
    "jax_fourier_features": "transpose forgotten, misplaced or spurious",
}

HOLDOUT2 = measure_corpus.ROOT / "tests" / "typing" / "holdout2"

# The second held-out corpus (tests/typing/holdout2/, see its README), measured on 2026-11-24 when it
# was written, on main at 6699ce5 (pyright 1.1.414): 18 of 40 bugs caught on their line with Python
# 3.11, numpy 2.4.6, jax 0.10.2 (45.0%; numpy 9/20, jax 9/20); 17 of 40 with Python 3.13, numpy 2.5.5,
# jax 0.12 (42.5%; numpy 9/20, jax 8/20: a false positive of the newest stack sits on jax_nucleus's bug
# line and hides it). Later the same day, with the per-project einsum, join and creation-size rules:
# 27 of 40 on 3.11 (67.5%); the floor sits below that, for the newest stack. Issue 15 asks for 0.9.
HOLDOUT2_MIN_CATCH_RATE = 0.62

# Errors on correct twins, as file:line, with the cause read from pyright's message (not from the
# stubs, which this corpus is kept apart from). One is not ndtyping's (jax_kmeanspp_ok.py:49, plain
# pyright's); the author left it, as the files were not changed after the first measurement.
HOLDOUT2_KNOWN_FALSE_POSITIVES: dict[str, str] = {
    # A jax function's result typed NDArray where the user wrote jax.Array (the annotation jax's own
    # docs teach for scan/fori_loop bodies, closures and loss functions): an NDArray is not a jax.Array.
    "jax_beam_topk_ok.py:34": "jnp.concatenate of NDArray operands and lax.top_k's values are NDArray, not the tuple[jax.Array, jax.Array] step() returns (and seqs[parent] joined to token[:, None] is typed rank 3)",
    "jax_crf_tagger_ok.py:19": "a sum of NDArray reductions is NDArray[float32], not the jax.Array path_score() returns",
    "jax_hmm_scan_ok.py:31": "cand.max(axis=0) + ll_t and cand.argmax(axis=0) in a lax.scan step annotated -> tuple[jax.Array, jax.Array] are NDArray (argmax typed intp)",
    "jax_kmeanspp_ok.py:29": "centres = x[random indices] is NDArray, later reassigned a jax.Array: the union is not the jax.Array seed() returns",
    "jax_node_rk4_ok.py:27": "a closure annotated -> jax.Array returns field(...)'s NDArray",
    "jax_resize_crop_ok.py:43": "augment() annotated -> jax.Array returns normalise_chw(...)'s NDArray",
    "jax_sinkhorn_log_ok.py:35": "a lax.fori_loop body annotated -> tuple[jax.Array, jax.Array] returns the NDArray results of update_f/update_g",
    # jax functions without a rule for NDArray arguments: jax's own signature rejects them.
    "jax_conv_patches_ok.py:30": "jax.lax.conv_general_dilated(x, kernel) (jax's own signature, Array only): the NDArray lhs and rhs are rejected (two errors on the line)",
    "jax_resize_crop_ok.py:29": "jax.lax.dynamic_slice (jax's own signature, Array | ndarray): the NDArray operand is rejected",
    "jax_gp_vmap_ok.py:19": "jax.vmap(jax.vmap(rbf_pair, ...)) keeps rbf_pair's jax.Array parameters: the NDArray arguments a and b are rejected (two errors on the line)",
    # Shapes ndtyping gets wrong.
    "jax_gp_vmap_ok.py:30": "k_star @ cho_solve(factor, y): the unknown-shaped right operand is read as a matrix, so the mean is (Test, Any), rank one too many",
    "jax_switch_moe_ok.py:16": "probs.shape[-1] of an NDArray with an unbounded dimension is typed Expert (object), not an int, for jax.nn.one_hot's num_classes",
    "np_rk4_ok.py:20": "y @ field.w1 with Field's attributes typed by __init__'s type variables (State@__init__ does not meet State@vector_field); the message prints the operator as \"\"",
    # numpy's own results (int sizes, lost dtypes) where the user's annotation has dimensions.
    "np_hmm_forward_ok.py:31": "np.zeros((steps, n_states)) and np.zeros(steps) from lik.shape are numpy's int-sized arrays, which do not meet Time, State",
    "np_irls_ok.py:29": "w = np.zeros(x.shape[1]) is numpy's _Array1D[float64] (an int size), which does not meet D in newton_step()",
    "np_irls_ok.py:30": "the same w returned as NDArray[float64, D]",
    "np_letterbox_ok.py:32": "np.full((size, size, 3), fill, dtype=np.uint8) is numpy's (int, int, int) array: the int size does not meet Literal[3]",
    "np_survival_ok.py:22": "np.cumprod(1.0 - h, axis=1) is numpy's NDArray[floating] (shape and float64 lost)",
    "np_moe_ok.py:23": "np.put_along_axis (numpy's own signature) wants an ndarray; an NDArray is not one",
    "np_moe_ok.py:41": "(gates > 0).mean(axis=0) is float64 and probs.mean(axis=0) float32: operands of different dtypes are rejected (promotion not modelled)",
    # Newest stack only (Python 3.13, numpy 2.5.5, jax 0.12), read from pyright's message (np_letterbox_ok.py:32
    # and np_survival_ok.py:22 are not reported there):
    "jax_nucleus_ok.py:15": "jax 0.12: jnp.maximum(temperature, 1e-4)[:, None] stays NDArray[float32, Batch] (the new axis is dropped), so it does not broadcast against (Batch, Vocab)",
    # Not ndtyping's: plain pyright reports it.
    "jax_kmeanspp_ok.py:49": "plain pyright: labels is bound inside the Lloyd loop (possibly unbound after it)",
}

HOLDOUT2_BUG_KINDS: dict[str, str] = {
    "np_sinkhorn": "transpose forgotten, misplaced or spurious",
    "np_hmm_forward": "keepdims or squeeze forgotten",
    "np_crf": "new axis (None) misplaced or missing",
    "np_beam_search": "wrong concatenate/stack axis",
    "np_im2col": "wrong reshape or flatten",
    "np_gp_posterior": "wrong reduction axis",
    "np_irls": "operands swapped",
    "np_kmeanspp": "dtype slip",
    "np_bn_fold": "new axis (None) misplaced or missing",
    "np_rk4": "wrong concatenate/stack axis",
    "np_survival": "new axis (None) misplaced or missing",
    "np_nms": "off-by-one slice changes a Literal size",
    "np_letterbox": "transpose forgotten, misplaced or spurious",
    "np_label_smoothing": "keepdims or squeeze forgotten",
    "np_focal": "wrong reduction axis",
    "np_alibi": "wrong einsum output",
    "np_moe": "wrong einsum output",
    "np_vae": "dtype slip",
    "np_lda": "transpose forgotten, misplaced or spurious",
    "np_lbfgs": "new axis (None) misplaced or missing",
    "jax_sinkhorn_log": "wrong reduction axis",
    "jax_hmm_scan": "transpose forgotten, misplaced or spurious",
    "jax_crf_tagger": "operands swapped",
    "jax_beam_topk": "wrong reshape or flatten",
    "jax_switch_moe": "wrong einsum output",
    "jax_relbias": "transpose forgotten, misplaced or spurious",
    "jax_vae": "wrong reduction axis",
    "jax_clip_loss": "keepdims or squeeze forgotten",
    "jax_gp_vmap": "transpose forgotten, misplaced or spurious",
    "jax_newton_logreg": "dtype slip",
    "jax_kmeanspp": "new axis (None) misplaced or missing",
    "jax_node_rk4": "transpose forgotten, misplaced or spurious",
    "jax_focal": "keepdims or squeeze forgotten",
    "jax_nucleus": "new axis (None) misplaced or missing",
    "jax_conv_patches": "wrong einsum output",
    "jax_resize_crop": "transpose forgotten, misplaced or spurious",
    "jax_cox": "operands swapped",
    "jax_fake_quant": "dtype slip",
    "jax_box_coder": "wrong concatenate/stack axis",
    "jax_swiglu": "keepdims or squeeze forgotten",
}


@dataclass(frozen=True)
class HeldOut:
    """One held-out corpus and the figures its test holds."""

    directory: Path
    min_catch_rate: float
    known_false_positives: dict[str, str]
    bug_kinds: dict[str, str]

    @property
    def name(self) -> str:
        return self.directory.name

    def pairs(self) -> list[measure_corpus.Pair]:
        return measure_corpus.discover(self.directory)


CORPORA = {
    c.name: c
    for c in (
        HeldOut(HOLDOUT, MIN_CATCH_RATE, KNOWN_FALSE_POSITIVES, BUG_KINDS),
        HeldOut(HOLDOUT2, HOLDOUT2_MIN_CATCH_RATE, HOLDOUT2_KNOWN_FALSE_POSITIVES, HOLDOUT2_BUG_KINDS),
    )
}
PAIRS = {name: c.pairs() for name, c in CORPORA.items()}
every_corpus = pytest.mark.parametrize("corpus", list(CORPORA))


def twin_params(kind: str) -> list[Any]:
    """(corpus, file) for every `kind` twin ("ok" or "bug") of every corpus, with its backend mark."""
    return [
        pytest.param(
            c.name,
            f"{p.name}_{kind}.py",
            marks=needs_backend(c.directory / f"{p.name}_{kind}.py"),
            id=f"{c.name}/{p.name}_{kind}",
        )
        for c in CORPORA.values()
        for p in PAIRS[c.name]
    ]


# ---------------------------------------------------------------------------------------------
# The corpus is well formed


@every_corpus
def test_holdout_size_and_balance(corpus: str) -> None:
    pairs = PAIRS[corpus]
    backends = Counter(p.backend for p in pairs)
    assert len(pairs) >= 40, f"only {len(pairs)} twin pairs"
    assert backends["numpy"] >= len(pairs) // 2 and backends["jax"] >= len(pairs) // 2, backends


@every_corpus
def test_holdout_is_apart_from_the_other_corpora(corpus: str) -> None:
    others = {p.name for p in measure_corpus.discover()} | {
        p.name for name, ps in PAIRS.items() if name != corpus for p in ps
    }
    shared = {p.name for p in PAIRS[corpus]} & others
    assert not shared, f"{corpus} pairs named like realistic or other held-out ones: {sorted(shared)}"


@every_corpus
def test_every_pair_has_a_bug_kind(corpus: str) -> None:
    assert set(CORPORA[corpus].bug_kinds) == {p.name for p in PAIRS[corpus]}


def test_measure_tool_takes_a_corpus_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        measure_corpus.main(["--corpus", str(tmp_path / "missing")])
    assert "not a directory" in capsys.readouterr().err
    for corpus in CORPORA.values():
        assert [p.name for p in measure_corpus.discover(corpus.directory)] == [p.name for p in PAIRS[corpus.name]]


@pytest.mark.parametrize(
    ("corpus", "name"), [pytest.param(c, p.name, id=f"{c}/{p.name}") for c in CORPORA for p in PAIRS[c]]
)
def test_twins_differ_on_the_bug_line_only(corpus: str, name: str) -> None:
    directory = CORPORA[corpus].directory
    ok, bug = directory / f"{name}_ok.py", directory / f"{name}_bug.py"
    line, _ = measure_corpus.bug_line(bug)
    assert measure_corpus.twin_difference(ok, bug) == [line]


# ---------------------------------------------------------------------------------------------
# Runtime: the correct twins run and return what they declare; the bug twins fail


@pytest.mark.parametrize(("corpus", "name"), twin_params("ok"))
def test_correct_twin_runs_and_matches_its_annotations(corpus: str, name: str) -> None:
    load_checked(CORPORA[corpus].directory / name).main()


@pytest.mark.parametrize(("corpus", "name"), twin_params("bug"))
def test_bug_twin_fails_at_runtime(corpus: str, name: str) -> None:
    with pytest.raises(Exception):  # noqa: B017  # ndtyping's ShapeError, or numpy's / jax's own error first
        load_checked(CORPORA[corpus].directory / name).main()


# ---------------------------------------------------------------------------------------------
# Static: ndtyping check on each corpus


def misses_by_kind(measurement: dict[str, Any], bug_kinds: dict[str, str]) -> dict[str, list[str]]:
    by_kind: dict[str, list[str]] = {}
    for m in measurement["missed"]:
        by_kind.setdefault(bug_kinds[m["file"][: -len("_bug.py")]], []).append(m["file"])
    return by_kind


@pytest.fixture(scope="module", params=list(CORPORA))
def measured(request: pytest.FixtureRequest) -> tuple[HeldOut, dict[str, Any]]:
    """One corpus and its measurement (`ndtyping check` runs once per corpus and module)."""
    if not supported("numpy"):
        pytest.skip("the numpy overlay needs numpy >= 2.3")
    if not HAVE_JAX:
        pytest.skip("the corpus is half jax")
    corpus = CORPORA[request.param]
    result = measure_corpus.measure(timing=False, corpus=corpus.directory)
    print("\n" + measure_corpus.report_text(result))
    return corpus, result


@pytest.mark.pyright
def test_catch_rate(measured: tuple[HeldOut, dict[str, Any]]) -> None:
    corpus, measurement = measured
    catch = measurement["catch"]
    totals = Counter(corpus.bug_kinds.values())
    print(
        f"\n{corpus.name} corpus catch rate: {100 * catch['all']['rate']:.1f}% "
        f"({catch['all']['caught']}/{catch['all']['total']}; numpy {catch['numpy']['caught']}/{catch['numpy']['total']}, "
        f"jax {catch['jax']['caught']}/{catch['jax']['total']}); missed by kind:"
    )
    for kind, files in sorted(misses_by_kind(measurement, corpus.bug_kinds).items(), key=lambda kv: -len(kv[1])):
        print(f"  {kind}: {len(files)} of {totals[kind]} ({', '.join(files)})")
    print(f"errors on correct twins: {len(measurement['false_positives'])} lines")
    assert catch["all"]["rate"] >= corpus.min_catch_rate, measure_corpus.report_text(measurement)


@pytest.mark.pyright
def test_no_error_on_correct_files(measured: tuple[HeldOut, dict[str, Any]]) -> None:
    corpus, measurement = measured
    new = unexpected_false_positives(measurement, corpus.known_false_positives)
    assert not new, f"errors on correct files of {corpus.name}:\n" + describe(new)
