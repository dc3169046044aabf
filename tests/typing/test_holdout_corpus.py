"""The held-out corpora (tests/typing/holdout/, holdout2/ to holdout5/, see their
READMEs): realistic numpy and jax code written apart from the work on ndtyping's stubs, each by its
own author, to measure how the static layer generalises to code it was not tuned on. The stubs are
improved against tests/typing/realistic/; these corpora are only measured. Each has its own floor,
known false positives and bug kinds (MIN_CATCH_RATE, KNOWN_FALSE_POSITIVES, BUG_KINDS for holdout/,
the HOLDOUT2_ to HOLDOUT5_ ones for the others); every test runs once per corpus.

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

from ndtyping._static.overlay import supported

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
    "jax_gat_ok.py:20": "NDArray[jnp.bool_, ...]: jax.numpy's bool_ is a variable in jax's stubs, not a type (plain pyright says the same)",
    # (np_rotary:16, a Python float base ** a float32 array, float64 in numpy's stubs, went when the
    # overlay gave numpy's own operators NEP 50's weak Python scalars.)
    # (The newest stack's own three, jax 0.12 results that kept Unknown shapes, went with the
    # jax.Array protocol, whose __array__ gives Any; the same on both stacks since.)
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
    # (NDArray values where the user wrote jax.Array, 8 lines, and jax's own signatures rejecting
    # NDArray arguments, 3 lines, went when jax.Array became a protocol NDArray values fit; the
    # shapes of integer-array keys, size-1 axes on both sides and rows minus columns of Any sizes,
    # 6 lines, with the broadcasting and indexing rules of session 7; np.put_along_axis given an
    # NDArray and a bool mean minus a float32 mean, np_moe's 2 lines, with session 8's writers and
    # operand promotions.)
    "np_rk4_ok.py:20": "y @ field.w1 with Field's attributes typed by __init__'s type variables (State@__init__ does not meet State@vector_field); the message prints the operator as \"\"",
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


HOLDOUT3 = measure_corpus.ROOT / "tests" / "typing" / "holdout3"

# The third held-out corpus (tests/typing/holdout3/, see its README), measured on 2026-11-24 when it
# was written, on s7 at 986d3ce (pyright 1.1.414): 22 of 40 bugs caught on their line with Python 3.11,
# numpy 2.4.6, jax 0.10.2 (55.0%; numpy 10/20, jax 12/20), and the same 22 with Python 3.13, numpy
# 2.5.5, jax 0.12; 36 errors on 30 lines of 23 correct twins (3.11), one line more on 3.13, 20 of
# the lines a user's jax.Array annotation meeting an NDArray. On s7 at a6f4c9b (jax.Array annotations
# take NDArray values) the same 22 of 40 on both stacks, and 12 errors on the 10 lines below (3.11;
# 13 on 11 lines on 3.13). Issue 15 asks for 0.9.
HOLDOUT3_MIN_CATCH_RATE = 0.55

# Errors on correct twins, as file:line, with the cause read from pyright's message (not from the
# stubs, which this corpus is kept apart from).
HOLDOUT3_KNOWN_FALSE_POSITIVES: dict[str, str] = {
    # (A user's plain np.ndarray / npt.NDArray annotation given an NDArray, 7 errors on 5 lines: pyright's
    # errors, which `ndtyping check` accepts since session 9 when the dtype fits; see docs/check.md.)
    # (jax_svgd:34, `jax.vmap(jax.grad(log_prob))(x)` written inline for a jax.Array function, went
    # when jax.grad's result became a class jax.vmap tells from a plain function.)
    # (Shapes and dtypes ndtyping got wrong, 4 lines, went with session 8's operand promotions, the
    # both-sided size-1 rules, a matrix on the left of a batched `@` and cumprod's int64.)
    # (np_audio_frames:40, newest stack only, numpy's own float32 array / 2 typed float64, went with
    # NEP 50's weak Python scalars on numpy's own operators.)
}

HOLDOUT3_BUG_KINDS: dict[str, str] = {
    "np_spec_decode": "wrong reduction axis",
    "np_linear_attn": "wrong einsum output",
    "np_triplet": "transpose forgotten, misplaced or spurious",
    "np_flow_warp": "new axis (None) misplaced or missing",
    "np_rts_smoother": "transpose forgotten, misplaced or spurious",
    "np_particle_resample": "wrong reduction axis",
    "np_spectral_cluster": "keepdims or squeeze forgotten",
    "np_nmf": "transpose forgotten, misplaced or spurious",
    "np_dct_blocks": "off-by-one slice changes a Literal size",
    "np_audio_frames": "new axis (None) misplaced or missing",
    "np_mixup": "new axis (None) misplaced or missing",
    "np_gqa": "wrong einsum output",
    "np_chebyshev": "wrong concatenate/stack axis",
    "np_harris": "transpose forgotten, misplaced or spurious",
    "np_bilateral": "new axis (None) misplaced or missing",
    "np_procrustes": "transpose forgotten, misplaced or spurious",
    "np_icp": "off-by-one slice changes a Literal size",
    "np_bayes_linreg": "wrong einsum output",
    "np_poisson_glm": "operands swapped",
    "np_haar": "dtype slip",
    "jax_ssm_scan": "new axis (None) misplaced or missing",
    "jax_gumbel_softmax": "keepdims or squeeze forgotten",
    "jax_ema_params": "keepdims or squeeze forgotten",
    "jax_dpo_loss": "wrong reduction axis",
    "jax_kv_cache": "wrong einsum output",
    "jax_infonce_queue": "wrong concatenate/stack axis",
    "jax_particle_filter": "transpose forgotten, misplaced or spurious",
    "jax_lqr": "transpose forgotten, misplaced or spurious",
    "jax_ctc_loss": "wrong vmap in_axes",
    "jax_svgd": "wrong reduction axis",
    "jax_specaugment": "new axis (None) misplaced or missing",
    "jax_cheb_graph": "wrong einsum output",
    "jax_ordinal": "new axis (None) misplaced or missing",
    "jax_patch_embed": "transpose forgotten, misplaced or spurious",
    "jax_pitch_autocorr": "slice on the wrong axis",
    "jax_ica": "transpose forgotten, misplaced or spurious",
    "jax_quaternion": "wrong concatenate/stack axis",
    "jax_wave_fd": "transpose forgotten, misplaced or spurious",
    "jax_nerf_render": "dtype slip",
    "jax_reinforce": "scan carry shape",
}


HOLDOUT4 = measure_corpus.ROOT / "tests" / "typing" / "holdout4"

# The fourth held-out corpus (tests/typing/holdout4/, see its README), measured on 2026-11-24 when it
# was written, on main at d1c3218 (pyright 1.1.414): 25 of 40 bugs caught on
# their line with Python 3.11, numpy 2.4.6, jax 0.10.2 (62.5%; numpy 12/20, jax 13/20), and 23 errors on
# 18 lines of 11 correct twins. Plain pyright reports 12 of those lines too (a user's np.ndarray
# annotation given an NDArray, the builtin sum(), a local annotation with an unscoped DimensionVar,
# jax.vmap's kept signature); 6 lines are ndtyping's alone (a size-1 broadcast, a 1-D linalg.solve,
# np.stack's dtype, a vmap of grad).
# The same 25 of 40, the same misses and the same 23 errors with Python 3.13, numpy 2.5.5, jax 0.12.
# Session 10 (2026-11-28, main after the merges of wt-einsum, wt-numpy and wt-vmap): 34 of 40 (85.0%;
# numpy 19/20, jax 15/20) on 3.11 and on 3.13, the same 7 errors on correct twins. The floor sits just
# below. Issue 15 asks for 0.9.
HOLDOUT4_MIN_CATCH_RATE = 0.8

# Errors on correct twins, as file:line, with the cause read from pyright's message (not from the
# stubs, which this corpus is kept apart from).
HOLDOUT4_KNOWN_FALSE_POSITIVES: dict[str, str] = {
    # (jax_maml:40 and jax_wgan_gp:23, jax.vmap of a function of a parameter pytree and an NDArray with
    # in_axes=(None, 0, ...), went when vmap batched such functions; measured after the corpus was written.)
    # (A user's plain np.ndarray / tuple[np.ndarray, ...] annotation given an NDArray, 9 errors on 8
    # lines, and np.add.at's ndarray parameter: accepted by `ndtyping check` since session 9.)
    # jax.vmap keeps the mapped function's parameters, so the batched NDArray arguments are rejected
    # (plain pyright reports jax_maml's too; the vmap of grad is ndtyping's only).
    # Shapes and dtypes ndtyping gets wrong.
    # (jax_mc_option:27, a (Paths, 1) mask solving jnp.where's shape before x's (Paths, Any), went in
    # session 9: the mask no longer solves x's shape, and a size-1 axis meeting Any gives Any.)
    "np_advection_ok.py:36": "q = np.stack([np.exp(...), (...).astype(np.float64), np.sin(...) + 1.0]) is numpy's own ndarray[tuple[Any, ...], dtype[floating[Any]]] | Any (x = (np.arange(n) + 0.5) * dx is floating[Any] in numpy's stubs, and the stack of a list has no shape rule); floating[Any] is not the float64 total_mass() declares",
    "np_advection_ok.py:38": "the same q (joined with advect_step()'s NDArray[float64, Any, Unknown] in the loop) given to advect_step(q: NDArray[float64, Tracer, Cell])",
    "np_advection_ok.py:40": "the same q given to total_mass() after the loop",
    # Not ndtyping's: plain pyright reports them.
    "jax_chroma_ok.py:45": "plain pyright: sum(jnp.sin(...) for f in ...) starts from the int 0, so the builtin sum's type is Literal[0] | Array and .astype is not an attribute of Literal[0]",
    "np_pyramid_ok.py:18": "plain pyright: the builtin sum() of a generator of arrays is int | ...; [] and .astype on int (two errors on the line)",
    "jax_dqn_target_ok.py:40": "plain pyright: a local annotated q_taken: NDArray[float32, B] in td_loss(), whose signature has no B (type variable has no meaning in this context); it runs",
}

HOLDOUT4_BUG_KINDS: dict[str, str] = {
    "np_group_norm": "new axis (None) misplaced or missing",
    "np_bn_running": "wrong reduction axis",
    "np_viterbi": "transpose forgotten, misplaced or spurious",
    "np_ising_gibbs": "transpose forgotten, misplaced or spurious",
    "np_metropolis": "new axis (None) misplaced or missing",
    "np_pagerank": "operands swapped",
    "np_tsne_grad": "new axis (None) misplaced or missing",
    "np_sobel": "transpose forgotten, misplaced or spurious",
    "np_hist_eq": "dtype slip",
    "np_mfcc": "transpose forgotten, misplaced or spurious",
    "np_ctc_greedy": "wrong reduction axis",
    "np_qlearning": "wrong reduction axis",
    "np_shrinkage": "transpose forgotten, misplaced or spurious",
    "np_black_scholes": "new axis (None) misplaced or missing",
    "np_advection": "new axis (None) misplaced or missing",
    "np_lbm": "wrong einsum output",
    "np_homography": "operands swapped",
    "np_pose_compose": "wrong einsum output",
    "np_pyramid": "new axis (None) misplaced or missing",
    "np_pointnet": "new axis (None) misplaced or missing",
    "jax_hmc_leapfrog": "operands swapped",
    "jax_transfo_xl": "wrong einsum output",
    "jax_conv1d": "operands swapped",
    "jax_mdn": "wrong reduction axis",
    "jax_umap_graph": "new axis (None) misplaced or missing",
    "jax_dqn_target": "keepdims or squeeze forgotten",
    "jax_mc_option": "keepdims or squeeze forgotten",
    "jax_shallow_water": "transpose forgotten, misplaced or spurious",
    "jax_label_prop": "new axis (None) misplaced or missing",
    "jax_langevin": "wrong reduction axis",
    "jax_chroma": "wrong reduction axis",
    "jax_depth_unproject": "off-by-one slice changes a Literal size",
    "jax_gaussian_blur": "new axis (None) misplaced or missing",
    "jax_mds": "transpose forgotten, misplaced or spurious",
    "jax_lstm_scan": "transpose forgotten, misplaced or spurious",
    "jax_td_lambda": "new axis (None) misplaced or missing",
    "jax_wgan_gp": "wrong vmap in_axes",
    "jax_maml": "wrong vmap in_axes",
    "jax_fno": "wrong einsum output",
    "jax_vq_codebook": "transpose forgotten, misplaced or spurious",
}


HOLDOUT5 = measure_corpus.ROOT / "tests" / "typing" / "holdout5"

# The fifth held-out corpus (tests/typing/holdout5/, see its README), measured on 2026-11-24 when it
# was written, on s9 at 1559dc4 (pyright 1.1.414): 25 of 40 bugs caught on their line with Python 3.11,
# numpy 2.4.6, jax 0.10.2 (62.5%; numpy 15/20, jax 10/20), and 2 errors on 2 lines of 2 correct twins,
# both ndtyping's (plain pyright reports neither line). With Python 3.13, numpy 2.5.5, jax 0.12: 26 of
# 40 (65.0%; numpy 16/20, jax 10/20: np_arcface is caught there only), the same 2 errors.
# Missed by kind (3.11, not diagnosed: the corpus is kept apart from the stubs): new axis 3 of 11
# (np_tone_map, np_savgol, jax_bilinear_up), transpose 3 of 6 (np_arcface, np_lasso_cd,
# jax_jacobi_poisson), concatenate axis 2 of 3 (jax_anchor_decode, jax_dsm_loss), vmap in_axes 2 of 2
# (jax_inertia_tensor, jax_barycentric), reduction axis 1 of 5 (jax_coupling_flow), keepdims 1 of 2
# (jax_ddim_step), einsum output 1 of 4 (np_kde), dtype slip 1 of 2 (jax_game_of_life), index on the
# wrong axis 1 of 1 (jax_giou_loss). Session 10 (2026-11-28, after the merges of wt-numpy and wt-vmap
# and jax.numpy's plain-Array results): 31 of 40 (77.5%; numpy 18/20, jax 13/20) on 3.11 and on 3.13,
# 1 error on a correct twin. The floor sits just below. Issue 15 asks for 0.9.
HOLDOUT5_MIN_CATCH_RATE = 0.75

# Errors on correct twins, as file:line, with the cause read from pyright's message (not from the
# stubs, which this corpus is kept apart from).
HOLDOUT5_KNOWN_FALSE_POSITIVES: dict[str, str] = {
    # Shapes ndtyping gets wrong.
    "jax_inertia_tensor_ok.py:26": "masses[:, None, None] * (r2[:, None, None] * eye - outer): a (Pts, 1, 1) operand meeting (Pts, Any, Literal[3]) keeps the size-1 axis (Literal[1]) where the other side is Any, so the sum over Pts is NDArray[float32, Literal[1], Three], not (Three, Three) (the Any comes from jnp.eye(3), a plain jax Array)",
    # (jax_lamb_ok:23, `{k: jnp.zeros_like(v) for k, v in params.items()}` of plain jax.Arrays typed
    # dict[str, NDArray[Any, ...]], not the dict[str, jax.Array] LambState.mu declares, went when
    # jax.numpy's functions gave a plain jax.Array jax's own Array back.)
}

HOLDOUT5_BUG_KINDS: dict[str, str] = {
    "np_arcface": "transpose forgotten, misplaced or spurious",
    "np_cutmix": "transpose forgotten, misplaced or spurious",
    "np_dice_loss": "wrong reduction axis",
    "np_chamfer": "new axis (None) misplaced or missing",
    "np_stereo_cost": "wrong reduction axis",
    "np_horn_schunck": "wrong concatenate/stack axis",
    "np_blend_skinning": "wrong einsum output",
    "np_mesh_laplacian": "operands swapped",
    "np_ray_sphere": "new axis (None) misplaced or missing",
    "np_phong": "keepdims or squeeze forgotten",
    "np_tone_map": "new axis (None) misplaced or missing",
    "np_hist_match": "dtype slip",
    "np_als": "operands swapped",
    "np_lasso_cd": "transpose forgotten, misplaced or spurious",
    "np_ridge_svd": "new axis (None) misplaced or missing",
    "np_kde": "wrong einsum output",
    "np_mahalanobis": "new axis (None) misplaced or missing",
    "np_dtw": "new axis (None) misplaced or missing",
    "np_savgol": "new axis (None) misplaced or missing",
    "np_yule_walker": "wrong reduction axis",
    "jax_anchor_decode": "wrong concatenate/stack axis",
    "jax_coupling_flow": "wrong reduction axis",
    "jax_ddim_step": "keepdims or squeeze forgotten",
    "jax_dsm_loss": "wrong concatenate/stack axis",
    "jax_lamb": "transpose forgotten, misplaced or spurious",
    "jax_spectral_norm": "transpose forgotten, misplaced or spurious",
    "jax_bradley_terry": "new axis (None) misplaced or missing",
    "jax_ucb_bandit": "wrong size argument",
    "jax_value_iter": "wrong einsum output",
    "jax_game_of_life": "dtype slip",
    "jax_jacobi_poisson": "transpose forgotten, misplaced or spurious",
    "jax_sph_density": "new axis (None) misplaced or missing",
    "jax_inertia_tensor": "wrong vmap in_axes",
    "jax_word2vec_neg": "wrong einsum output",
    "jax_bilinear_up": "new axis (None) misplaced or missing",
    "jax_barycentric": "wrong vmap in_axes",
    "jax_giou_loss": "index on the wrong axis",
    "jax_hawkes": "new axis (None) misplaced or missing",
    "jax_ssim": "wrong reduction axis",
    "jax_center_loss": "operands swapped",
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
        HeldOut(HOLDOUT3, HOLDOUT3_MIN_CATCH_RATE, HOLDOUT3_KNOWN_FALSE_POSITIVES, HOLDOUT3_BUG_KINDS),
        HeldOut(HOLDOUT4, HOLDOUT4_MIN_CATCH_RATE, HOLDOUT4_KNOWN_FALSE_POSITIVES, HOLDOUT4_BUG_KINDS),
        HeldOut(HOLDOUT5, HOLDOUT5_MIN_CATCH_RATE, HOLDOUT5_KNOWN_FALSE_POSITIVES, HOLDOUT5_BUG_KINDS),
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
