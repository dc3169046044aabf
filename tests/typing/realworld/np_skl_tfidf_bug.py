"""TF-IDF features of a small corpus and a cosine-similarity search, after scikit-learn's
CountVectorizer and TfidfTransformer (smooth idf, optional sublinear tf, l2-normalised rows)."""

import numpy as np

from ndtyping import DimensionVar, NDArray

D = DimensionVar("D")
V = DimensionVar("V")
Q = DimensionVar("Q")


def count_matrix(docs: list[list[str]], vocabulary: dict[str, int]) -> NDArray[np.int64, D, V]:
    counts = np.zeros((len(docs), len(vocabulary)), dtype=np.int64)
    for i, doc in enumerate(docs):
        for token in doc:
            if token in vocabulary:
                counts[i, vocabulary[token]] += 1
    return counts


def tfidf(counts: NDArray[np.int64, D, V], sublinear_tf: bool = False) -> NDArray[np.float64, D, V]:
    n_docs = counts.shape[0]
    df = np.count_nonzero(counts, axis=0)
    idf = np.log((1 + n_docs) / (1 + df)) + 1.0
    tf = counts.astype(np.float64)
    if sublinear_tf:
        tf = np.where(tf > 0, 1.0 + np.log(np.maximum(tf, 1.0)), 0.0)
    X = tf * idf
    norms = np.linalg.norm(X, axis=1)  # BUG: row norms (D,) without keepdims divide (D, V)
    return X / np.maximum(norms, 1e-12)


def cosine_search(doc_vecs: NDArray[np.float64, D, V], query_vecs: NDArray[np.float64, Q, V]) -> tuple[NDArray[np.intp, Q], NDArray[np.float64, Q]]:
    sims = query_vecs @ doc_vecs.T
    best = sims.argmax(axis=1)
    return best, sims[np.arange(sims.shape[0]), best]


def main() -> None:
    docs = [
        "the kalman filter tracks a moving target".split(),
        "a particle filter tracks a target with many particles".split(),
        "gradient descent trains a neural network".split(),
        "adam is a variant of gradient descent".split(),
        "the fourier transform of a signal".split(),
    ]
    vocabulary = {w: i for i, w in enumerate(sorted({w for d in docs for w in d}))}
    X = tfidf(count_matrix(docs, vocabulary), sublinear_tf=True)
    assert X.shape == (5, len(vocabulary))
    assert np.allclose(np.linalg.norm(X, axis=1), 1.0)
    queries = tfidf(count_matrix([["kalman", "target"], ["adam", "descent"]], vocabulary))
    best, score = cosine_search(X, queries)
    assert best.tolist() == [0, 3] and score.shape == (2,)


if __name__ == "__main__":
    main()
