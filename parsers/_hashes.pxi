# SHA-256 (FIPS 180-4) and BLAKE2b (RFC 7693), written from the specifications for the
# compiled reader: each hand's raw digest and its content fingerprint are computed in the
# reading pass, without the GIL. tests/test_pokerstars_fast.py checks both against hashlib.

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

cdef uint32_t[64] _SHA_K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]
cdef uint32_t[8] _SHA_H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]

cdef extern from *:
    """
    /* SHA-256 blocks with the x86 SHA extensions where the processor has them (checked once
       at run time); elsewhere the portable rounds below are used. */
    #include <stdint.h>
    #if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    #include <cpuid.h>
    #include <immintrin.h>
    static int hh_sha_ni_state = -1;
    static int hh_has_sha_ni(void) {
        if (hh_sha_ni_state < 0) {
            unsigned int a, b, c, d;
            hh_sha_ni_state = 0;
            if (__get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29))) {
                if (__get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 19)) && (c & (1u << 9))) hh_sha_ni_state = 1;
            }
        }
        return hh_sha_ni_state;
    }
    __attribute__((target("sha,sse4.1,ssse3")))
    static void hh_sha256_blocks_ni(uint32_t *state, const uint8_t *data, size_t blocks, const uint32_t *k) {
        const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
        /* the rounds instruction wants the state as (A,B,E,F) and (C,D,G,H) */
        __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
        __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
        __m128i badc = _mm_shuffle_epi32(dcba, 0xB1);   /* lanes, high to low: C D A B */
        __m128i fehg = _mm_shuffle_epi32(hgfe, 0x1B);   /* lanes, high to low: E F G H */
        __m128i abef = _mm_alignr_epi8(badc, fehg, 8);
        __m128i cdgh = _mm_blend_epi16(fehg, badc, 0xF0);
        while (blocks--) {
            __m128i abef_in = abef, cdgh_in = cdgh, w[4], msg;
            int i;
            for (i = 0; i < 4; i++)
                w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), swap);
            for (i = 0; i < 16; i++) {
                __m128i cur = w[i & 3];
                msg = _mm_add_epi32(cur, _mm_loadu_si128((const __m128i *)&k[4 * i]));
                cdgh = _mm_sha256rnds2_epu32(cdgh, abef, msg);
                abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(msg, 0x0E));
                if (i < 12) {
                    /* w[i+4] = schedule of the four words from w[i], w[i+1], w[i+2], w[i+3] */
                    __m128i next = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
                    next = _mm_add_epi32(next, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
                    w[i & 3] = _mm_sha256msg2_epu32(next, w[(i + 3) & 3]);
                }
            }
            abef = _mm_add_epi32(abef, abef_in);
            cdgh = _mm_add_epi32(cdgh, cdgh_in);
            data += 64;
        }
        /* back to A..D, E..H */
        __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
        __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
        dcba = _mm_blend_epi16(feba, dchg, 0xF0);
        hgfe = _mm_alignr_epi8(dchg, feba, 8);
        _mm_storeu_si128((__m128i *)&state[0], dcba);
        _mm_storeu_si128((__m128i *)&state[4], hgfe);
    }
    static void hh_set_sha_ni(int on) { hh_sha_ni_state = on ? -1 : 0; }
    #else
    static int hh_has_sha_ni(void) { return 0; }
    static void hh_set_sha_ni(int on) {}
    static void hh_sha256_blocks_ni(uint32_t *state, const uint8_t *data, size_t blocks, const uint32_t *k) {}
    #endif
    """
    int hh_has_sha_ni() nogil
    void hh_set_sha_ni(int on) nogil
    void hh_sha256_blocks_ni(uint32_t *state, const uint8_t *data, size_t blocks, const uint32_t *k) nogil


cdef inline uint32_t _rotr32(uint32_t x, int n) noexcept nogil:
    return (x >> n) | (x << (32 - n))


cdef void _sha256_blocks(uint32_t* h, const uint8_t* p, size_t blocks) noexcept nogil:
    cdef uint32_t w[64]
    cdef uint32_t a, b, c, d, e, f, g, hh, t1, t2, s0, s1
    cdef int i
    if hh_has_sha_ni():
        hh_sha256_blocks_ni(h, p, blocks, _SHA_K)
        return
    while blocks:
        for i in range(16):
            w[i] = ((<uint32_t>p[4 * i]) << 24) | ((<uint32_t>p[4 * i + 1]) << 16) | \
                   ((<uint32_t>p[4 * i + 2]) << 8) | (<uint32_t>p[4 * i + 3])
        for i in range(16, 64):
            s0 = _rotr32(w[i - 15], 7) ^ _rotr32(w[i - 15], 18) ^ (w[i - 15] >> 3)
            s1 = _rotr32(w[i - 2], 17) ^ _rotr32(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] + s0 + w[i - 7] + s1
        a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4]; f = h[5]; g = h[6]; hh = h[7]
        for i in range(64):
            t1 = hh + (_rotr32(e, 6) ^ _rotr32(e, 11) ^ _rotr32(e, 25)) + ((e & f) ^ ((~e) & g)) + _SHA_K[i] + w[i]
            t2 = (_rotr32(a, 2) ^ _rotr32(a, 13) ^ _rotr32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))
            hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh
        p += 64
        blocks -= 1


cdef void sha256(const uint8_t* p, size_t n, uint8_t* out) noexcept nogil:
    """The 32-byte SHA-256 digest of ``p[:n]`` into ``out``."""
    cdef uint32_t h[8]
    cdef uint8_t tail[128]
    cdef size_t full = n // 64, rest = n - full * 64, padded
    cdef uint64_t bits = (<uint64_t>n) * 8
    cdef int i
    memcpy(h, _SHA_H0, sizeof(h))
    if full:
        _sha256_blocks(h, p, full)
    memset(tail, 0, 128)
    memcpy(tail, p + full * 64, rest)
    tail[rest] = 0x80
    padded = 64 if rest < 56 else 128
    for i in range(8):
        tail[padded - 1 - i] = <uint8_t>(bits >> (8 * i))
    _sha256_blocks(h, tail, padded // 64)
    for i in range(8):
        out[4 * i] = <uint8_t>(h[i] >> 24)
        out[4 * i + 1] = <uint8_t>(h[i] >> 16)
        out[4 * i + 2] = <uint8_t>(h[i] >> 8)
        out[4 * i + 3] = <uint8_t>h[i]


cdef uint64_t[8] _B2_IV = [0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
             0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179]
cdef uint8_t[192] _B2_SIGMA = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
    11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4,
    7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8,
    9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13,
    2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9,
    12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11,
    13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10,
    6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5,
    10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
]


cdef inline uint64_t _rotr64(uint64_t x, int n) noexcept nogil:
    return (x >> n) | (x << (64 - n))


cdef inline void _b2_g(uint64_t* v, int a, int b, int c, int d, uint64_t x, uint64_t y) noexcept nogil:
    v[a] = v[a] + v[b] + x
    v[d] = _rotr64(v[d] ^ v[a], 32)
    v[c] = v[c] + v[d]
    v[b] = _rotr64(v[b] ^ v[c], 24)
    v[a] = v[a] + v[b] + y
    v[d] = _rotr64(v[d] ^ v[a], 16)
    v[c] = v[c] + v[d]
    v[b] = _rotr64(v[b] ^ v[c], 63)


cdef void _b2_compress(uint64_t* h, const uint8_t* block, uint64_t t, bint last) noexcept nogil:
    cdef uint64_t v[16]
    cdef uint64_t m[16]
    cdef int i, j
    cdef const uint8_t* s
    for i in range(16):
        m[i] = 0
        for j in range(8):
            m[i] |= (<uint64_t>block[8 * i + j]) << (8 * j)
    for i in range(8):
        v[i] = h[i]
        v[i + 8] = _B2_IV[i]
    v[12] ^= t
    if last:
        v[14] = ~v[14]
    for i in range(12):
        s = &_B2_SIGMA[16 * i]
        _b2_g(v, 0, 4, 8, 12, m[s[0]], m[s[1]])
        _b2_g(v, 1, 5, 9, 13, m[s[2]], m[s[3]])
        _b2_g(v, 2, 6, 10, 14, m[s[4]], m[s[5]])
        _b2_g(v, 3, 7, 11, 15, m[s[6]], m[s[7]])
        _b2_g(v, 0, 5, 10, 15, m[s[8]], m[s[9]])
        _b2_g(v, 1, 6, 11, 12, m[s[10]], m[s[11]])
        _b2_g(v, 2, 7, 8, 13, m[s[12]], m[s[13]])
        _b2_g(v, 3, 4, 9, 14, m[s[14]], m[s[15]])
    for i in range(8):
        h[i] ^= v[i] ^ v[i + 8]


cdef void blake2b(const uint8_t* p, size_t n, uint8_t* out, int digest_size) noexcept nogil:
    """The unkeyed BLAKE2b digest of ``p[:n]``, ``digest_size`` bytes, into ``out``."""
    cdef uint64_t h[8]
    cdef uint8_t block[128]
    cdef size_t done = 0
    cdef int i
    for i in range(8):
        h[i] = _B2_IV[i]
    h[0] ^= 0x01010000 ^ <uint64_t>digest_size
    while n - done > 128:
        _b2_compress(h, p + done, done + 128, False)
        done += 128
    memset(block, 0, 128)
    memcpy(block, p + done, n - done)
    _b2_compress(h, block, n, True)
    for i in range(digest_size):
        out[i] = <uint8_t>(h[i // 8] >> (8 * (i % 8)))
