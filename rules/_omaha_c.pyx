# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The Omaha Hi/Lo loop of :func:`rules.batch.omaha_hilo_strengths`, compiled.

The same tables and the same arithmetic as the numpy path (a hole pair's index plus a
board triple's index, plus the flush half when the pair and the triple share one suit),
one seat at a time with the GIL released, so nothing of the (seats, pairs, triples)
temporaries the broadcast needs is ever built. ``rules.batch`` checks the shapes before
calling here; a test compares both paths on random deals.
"""

from libc.stdint cimport int32_t

cdef int32_t _WORST = -2147483648
# the 10 three-card subsets of a five-card board, as in rules.batch._BOARD_TRIPLES
cdef int _T0[10]
cdef int _T1[10]
cdef int _T2[10]
_T0[:] = [0, 0, 0, 0, 0, 0, 1, 1, 1, 2]
_T1[:] = [1, 1, 1, 2, 2, 3, 2, 2, 3, 3]
_T2[:] = [2, 3, 4, 3, 4, 4, 3, 4, 4, 4]


def omaha_hilo_into(const int32_t[:, ::1] hole, const int32_t[:, ::1] board,
                    const int32_t[:, ::1] pair_index, const int32_t[:, :, ::1] triple_index,
                    const int32_t[::1] high_table, const int32_t[::1] low_table, int flush_half,
                    int32_t[::1] high, int32_t[::1] low):
    """Fill ``high[n]`` and ``low[n]`` for ``hole[n, 2..6]`` and ``board[n, 5]``."""
    cdef Py_ssize_t n = hole.shape[0], k = hole.shape[1], row
    cdef int a, b, t, pairs, index, value, best_high, best_low, c0, c1, c2
    cdef int pair_at[15]
    cdef int pair_suit[15]
    cdef int triple_at[10]
    cdef int triple_suit[10]
    with nogil:
        for row in range(n):
            pairs = 0
            for a in range(k):
                for b in range(a + 1, k):
                    c0 = hole[row, a]
                    c1 = hole[row, b]
                    pair_at[pairs] = pair_index[c0 >> 2, c1 >> 2]
                    pair_suit[pairs] = (c0 & 3) if (c0 & 3) == (c1 & 3) else 4
                    pairs += 1
            for t in range(10):
                c0 = board[row, _T0[t]]
                c1 = board[row, _T1[t]]
                c2 = board[row, _T2[t]]
                triple_at[t] = triple_index[c0 >> 2, c1 >> 2, c2 >> 2]
                triple_suit[t] = (c0 & 3) if ((c0 & 3) == (c1 & 3) and (c1 & 3) == (c2 & 3)) else 5
            best_high = _WORST
            best_low = _WORST
            for a in range(pairs):
                for t in range(10):
                    index = pair_at[a] + triple_at[t]
                    value = low_table[index]
                    if value > best_low:
                        best_low = value
                    if pair_suit[a] == triple_suit[t]:
                        index = index + flush_half
                    value = high_table[index]
                    if value > best_high:
                        best_high = value
            high[row] = best_high
            low[row] = best_low
