# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled core of ``parsers.pokerstars_compiled``: a chunk of PokerStars bytes read
hand by hand in C, without the GIL, into Arrow-ready columns.

It reads what ``parsers.pokerstars_fast`` reads, in the same strict shapes, and sends
every other hand back (a reason per hand) to ``parsers.pokerstars``, the reference. The
three things that need the reference's own Python functions (the game and stakes text,
the table line, the clock's date and UTC offset) are read once per distinct text between
the two passes: ``Scanner.keys`` lists them, ``Scanner.read`` takes what they say.

Line by line it follows ``parsers.pokerstars._parse``: the same dispatch order (a seated
name and ``": "`` first, then street lines, ``Dealt to``, pay lines, returned bets, chat,
information lines), the same longest-seated-name rule for names that hold ``": "``, the
same bet tracking (a raise adds what it raises to less the seat's bet this street). Where
the reference would write a note, a contradiction or a quarantine row, this reader sends
the hand back instead.
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memchr, memcmp, memcpy, strlen
from libc.stdlib cimport malloc, free, realloc

import numpy as np

include "_hashes.pxi"

ctypedef const uint8_t* cstr

# why a hand goes the reference way (index = code; 0: read here)
REASONS = (
    "", "header", "game", "clock", "table line", "seat line", "chico", "no seat lines", "seat name twice",
    "seat number twice", "unread line", "amount", "dealt, pay or return line", "street line twice",
    "raise below the bet", "no summary or two", "summary line", "summary seat name", "summary seat line",
    "summary seat twice", "total line", "total line count", "side pot", "side pot twice", "board line",
    "board line count", "dealt seat missing from summary", "summary contradicts pay lines",
    "money does not add up", "boards differ", "line end", "too many", "put in below zero",
    "a second small blind (dead)",
)
cdef enum:
    R_OK, R_HEADER, R_GAME, R_CLOCK, R_TABLE, R_SEAT_LINE, R_CHICO, R_NO_SEATS, R_NAME_TWICE, R_NUMBER_TWICE
    R_UNREAD, R_AMOUNT, R_LINKED, R_STREET_TWICE, R_RAISE_BELOW, R_NO_SUMMARY, R_SUMMARY_LINE
    R_SUMMARY_NAME, R_SUMMARY_SEAT_LINE, R_SUMMARY_TWICE, R_TOTAL_LINE, R_TOTAL_COUNT, R_SIDE_POT
    R_SIDE_TWICE, R_BOARD_LINE, R_BOARD_COUNT, R_DEALT_MISSING, R_CONTRADICTS, R_MONEY, R_BOARDS_DIFFER
    R_LINE_END, R_TOO_MANY, R_NEGATIVE, R_SECOND_SB

# action kinds, in ``pokerstars_fast._ACTION_KINDS`` order; streets in ``_STREET_NAMES`` order
cdef enum:
    K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE, K_SB, K_BB, K_ANTE, K_SHOW, K_MUCK, K_UNCALLED
cdef enum:
    S_PREDEAL, S_PREFLOP, S_FLOP, S_TURN, S_RIVER, S_SHOWDOWN

DEF MAX_SEATS = 32
DEF MAX_CARDS = 8
DEF MAX_SIDES = 16

cdef const char* _STREET_TEXT[6]
_STREET_TEXT[:] = [b"predeal", b"preflop", b"flop", b"turn", b"river", b"showdown"]
cdef const char* _INFO[19]
_INFO[:] = [
    b" joins the table at seat #", b" leaves the table", b" is connected", b" is disconnected", b" has timed out",
    b" has returned", b" was removed from the table", b" will be allowed to play after the button",
    b" is sitting out", b" sits out", b" finished the tournament", b" wins the tournament and receives",
    b" re-buys and receives", b" takes the add-on and receives", b" is feeling ", b"Betting is capped",
    b"Pair on board - a double bet is allowed", b"No low hand qualified", b"The deck is reshuffled",
]
cdef const char* _STATUS[9]
_STATUS[:] = [b"sits out", b"is sitting out", b"sitting out", b"is disconnected", b"is connected",
              b"has timed out", b"has returned", b"is back", b"leaves the table"]


def _check_constants(info, status):
    """The compiled copies of ``pokerstars.INFO_FRAGMENTS`` and ``SEAT_STATUS`` are theirs."""
    mine_info = tuple(_INFO[i].decode() for i in range(19))
    mine_status = frozenset(_STATUS[i].decode() for i in range(9))
    return mine_info == tuple(info) and mine_status == frozenset(status)


# ---------------------------------------------------------------------------- bytes


cdef inline int64_t _find(cstr b, int64_t a, int64_t e, const char* needle) noexcept nogil:
    """Index of the first ``needle`` wholly inside ``b[a:e]``, or -1."""
    cdef int64_t m = strlen(needle), i
    cdef uint8_t first = <uint8_t>needle[0]
    i = a
    while i + m <= e:
        if b[i] == first and memcmp(b + i, needle, m) == 0:
            return i
        i += 1
    return -1


cdef inline int64_t _rfind(cstr b, int64_t a, int64_t e, const char* needle) noexcept nogil:
    cdef int64_t m = strlen(needle), i
    i = e - m
    while i >= a:
        if memcmp(b + i, needle, m) == 0:
            return i
        i -= 1
    return -1


cdef inline bint _starts(cstr b, int64_t a, int64_t e, const char* lit) noexcept nogil:
    cdef int64_t m = strlen(lit)
    return e - a >= m and memcmp(b + a, lit, m) == 0


cdef inline bint _equals(cstr b, int64_t a, int64_t e, const char* lit) noexcept nogil:
    cdef int64_t m = strlen(lit)
    return e - a == m and memcmp(b + a, lit, m) == 0


cdef inline bint _ends(cstr b, int64_t a, int64_t e, const char* lit) noexcept nogil:
    cdef int64_t m = strlen(lit)
    return e - a >= m and memcmp(b + e - m, lit, m) == 0


cdef inline bint _digit(uint8_t c) noexcept nogil:
    return c >= 48 and c <= 57


cdef inline int64_t _number(cstr b, int64_t a, int64_t e, int most) noexcept nogil:
    """ASCII digits filling ``b[a:e]`` (at most ``most``) as a number, or -1."""
    cdef int64_t v = 0, i
    if e <= a or e - a > most:
        return -1
    for i in range(a, e):
        if not _digit(b[i]):
            return -1
        v = v * 10 + (b[i] - 48)
    return v


cdef int64_t _amount(cstr b, int64_t a, int64_t e, int64_t scale) noexcept nogil:
    """A printed amount in minor units the way ``pokerstars._amount`` reads its common shapes
    (one leading currency symbol, commas dropped, at most two decimals and only in cents);
    -1 for anything else."""
    cdef int64_t whole = 0, frac = 0, i
    cdef int nwhole = 0, nfrac = 0
    cdef bint dot = False
    cdef uint8_t c
    if a >= e:
        return -1
    c = b[a]
    if c == 36:  # $
        a += 1
    elif e - a >= 2 and c == 0xC2 and (b[a + 1] == 0xA3 or b[a + 1] == 0xA5):  # £ ¥
        a += 2
    elif e - a >= 3 and c == 0xE2 and b[a + 1] == 0x82 and (b[a + 2] == 0xAC or b[a + 2] == 0xB9):  # € ₹
        a += 3
    for i in range(a, e):
        c = b[i]
        if c == 44:  # ,
            continue
        if _digit(c):
            if dot:
                nfrac += 1
                if nfrac > 2:
                    return -1
                frac = frac * 10 + (c - 48)
            else:
                nwhole += 1
                whole = whole * 10 + (c - 48)
                if whole >= 1000000000000000LL:
                    return -1
        elif c == 46 and not dot:
            dot = True
        else:
            return -1
    if nwhole == 0 or (dot and nfrac == 0) or (dot and scale != 100):
        return -1
    if scale == 100:
        return whole * 100 + (frac * 10 if nfrac == 1 else frac)
    return whole * scale


cdef inline bint _card(cstr b, int64_t i) noexcept nogil:
    cdef uint8_t r = b[i], s = b[i + 1]
    return ((r >= 50 and r <= 57) or r == 84 or r == 74 or r == 81 or r == 75 or r == 65) and \
           (s == 99 or s == 100 or s == 104 or s == 115)


cdef int _cards(cstr b, int64_t a, int64_t e, uint8_t* out) noexcept nogil:
    """Cards ``Xx Xx ...`` filling ``b[a:e]`` exactly, copied into ``out`` (two bytes
    each); their number, or -1 (-2: more than ``MAX_CARDS``)."""
    cdef int n = 0
    if e - a < 2:
        return -1
    while True:
        if e - a < 2 or not _card(b, a):
            return -1
        if n == MAX_CARDS:
            return -2
        out[2 * n] = b[a]
        out[2 * n + 1] = b[a + 1]
        n += 1
        a += 2
        if a == e:
            return n
        if b[a] != 32:
            return -1
        a += 1


# ---------------------------------------------------------------------------- distinct texts


cdef struct Interner:
    int64_t* slots      # id + 1 per slot; 0: empty
    uint64_t* hashes
    int64_t* spans      # per id: a1, n1, a2, n2
    int64_t mask
    int64_t count


cdef inline uint64_t _fnv(cstr p, int64_t n, uint64_t h) noexcept nogil:
    cdef int64_t i
    for i in range(n):
        h = (h ^ p[i]) * <uint64_t>1099511628211ULL
    return h


cdef int _interner_init(Interner* t, int64_t most) noexcept nogil:
    cdef int64_t cap = 16
    while cap < 2 * most + 2:
        cap *= 2
    t.slots = <int64_t*>malloc(cap * sizeof(int64_t))
    t.hashes = <uint64_t*>malloc((most + 1) * sizeof(uint64_t))
    t.spans = <int64_t*>malloc(4 * (most + 1) * sizeof(int64_t))
    if t.slots == NULL or t.hashes == NULL or t.spans == NULL:
        return -1
    for i in range(cap):
        t.slots[i] = 0
    t.mask = cap - 1
    t.count = 0
    return 0


cdef void _interner_free(Interner* t) noexcept nogil:
    free(t.slots)
    free(t.hashes)
    free(t.spans)
    t.slots = NULL
    t.hashes = NULL
    t.spans = NULL


cdef int64_t _intern(Interner* t, cstr b, int64_t a1, int64_t n1, int64_t a2, int64_t n2) noexcept nogil:
    """The id of the text pair ``(b[a1:a1+n1], b[a2:a2+n2])``, new ones numbered in order."""
    cdef uint64_t h = _fnv(b + a2, n2, _fnv(b + a1, n1, <uint64_t>14695981039346656037ULL) ^ 0xFF)
    cdef int64_t slot = <int64_t>(h & <uint64_t>t.mask), ident
    cdef int64_t* s
    while t.slots[slot]:
        ident = t.slots[slot] - 1
        s = t.spans + 4 * ident
        if t.hashes[ident] == h and s[1] == n1 and s[3] == n2 and memcmp(b + s[0], b + a1, n1) == 0 \
                and memcmp(b + s[2], b + a2, n2) == 0:
            return ident
        slot = (slot + 1) & t.mask
    ident = t.count
    t.count += 1
    t.slots[slot] = ident + 1
    t.hashes[ident] = h
    s = t.spans + 4 * ident
    s[0] = a1; s[1] = n1; s[2] = a2; s[3] = n2
    return ident


# ---------------------------------------------------------------------------- one hand's state


cdef struct Seat:
    int64_t name_a, name_n, number, stack, total, street_bet, paid, stated
    int fold
    bint fresh, dealt_in, showed, mucked, all_in, has_summary
    int dealt_n, shown_n
    uint8_t dealt[2 * MAX_CARDS]
    uint8_t shown[2 * MAX_CARDS]


cdef struct Hand:
    int n
    Seat seats[MAX_SEATS]
    int street, seq
    int64_t sb, bb, ante, paid
    int sb_posts
    int board_n, summary_board_n
    uint8_t board[2 * MAX_CARDS]
    uint8_t summary_board[2 * MAX_CARDS]
    int64_t total, rake
    int totals, n_pay
    bint net
    int n_pots
    int64_t pot_keys[MAX_SIDES + 1]
    int64_t pot_values[MAX_SIDES + 1]


cdef class Scanner:
    """One chunk: its lines and hands (``__init__``), the texts to look up (``keys``), and
    the columns of the hands read (``read``)."""

    cdef bytes data
    cdef cstr b
    cdef int64_t size
    cdef public bint ok           # False: characters this reader does not take; the chunk goes the reference way
    cdef int64_t n_lines
    cdef int64_t[::1] ls, le, lr  # each line's start, end without trailing spaces, end without its line break
    cdef uint8_t[::1] lodd        # the line ends in other white space (Python's rstrip would take it)
    cdef int64_t[::1] hline       # per hand: its header's line; then the line count
    cdef public int64_t n_hands
    cdef int8_t[::1] reason
    cdef int32_t[::1] game_id, table_id, clock_id
    cdef int64_t[::1] hid_a, hid_n, raw_a, raw_n, mmss
    cdef Interner games, tables, clocks
    cdef object maybe

    def __cinit__(self):
        self.games.slots = NULL
        self.tables.slots = NULL
        self.clocks.slots = NULL

    def __dealloc__(self):
        _interner_free(&self.games)
        _interner_free(&self.tables)
        _interner_free(&self.clocks)

    cdef int64_t longest_line     # a line of more bytes than this: not taken here (0: no limit)

    def __init__(self, bytes data, int64_t longest_line=0):
        self.data = data
        self.longest_line = longest_line
        self.b = <cstr>(<const char*>data)
        self.size = len(data)
        cdef int64_t newlines
        with nogil:  # bytes.count would hold the GIL
            newlines = _count_newlines(self.b, self.size)
        self.ls = np.empty(newlines + 1, np.int64)
        self.le = np.empty(newlines + 1, np.int64)
        self.lr = np.empty(newlines + 1, np.int64)
        self.lodd = np.empty(newlines + 1, np.uint8)
        starts = np.empty(newlines + 1, np.int64)
        maybe = np.empty(newlines + 1, np.int64)
        cdef int64_t[::1] sv = starts, mv = maybe
        cdef int64_t n_starts = 0, n_maybe = 0
        cdef int state
        with nogil:
            state = self._lines(sv, mv, &n_starts, &n_maybe)
        self.ok = state == 0
        self.maybe = maybe[:n_maybe]
        self._starts = starts[:n_starts]

    cdef object _starts

    cdef int _lines(self, int64_t[::1] starts, int64_t[::1] maybe, int64_t* n_starts, int64_t* n_maybe) noexcept nogil:
        """Cut the lines, check the bytes (UTF-8, one kind of line end, no control
        character but tab, no line longer than ``longest_line`` bytes: what ingest would
        otherwise screen out before this reader) and find where hands start. -1: not
        taken here."""
        cdef cstr b = self.b
        cdef int64_t n = self.size, i = 0, line = 0, start = 0, end, crs = 0
        cdef int64_t longest = self.longest_line if self.longest_line > 0 else n
        cdef int64_t* ls = &self.ls[0]
        cdef int64_t* le = &self.le[0]
        cdef int64_t* lr = &self.lr[0]
        cdef uint8_t* lodd = &self.lodd[0]
        cdef uint64_t word
        cdef uint8_t c
        cdef int kind
        if n == 0:
            return -1
        while i < n:
            # eight bytes at a time while they are all printable ASCII (the bulk of a history)
            while i + 8 <= n:
                memcpy(&word, b + i, 8)
                if (word & 0x8080808080808080ULL) or ((word - 0x2020202020202020ULL) & ~word & 0x8080808080808080ULL):
                    break
                i += 8
            if i >= n:
                break
            c = b[i]
            if c < 0x80:
                if c == 10:
                    if i - start > longest:
                        return -1
                    end = i
                    if end > start and b[end - 1] == 13:
                        end -= 1
                        crs += 1
                    _line(b, ls, le, lr, lodd, line, start, end)
                    line += 1
                    start = i + 1
                elif c < 0x20 and c != 9 and c != 13:
                    return -1  # a control character (NULs a crash left): the reference's to read
                elif c == 13 and (i + 1 >= n or b[i + 1] != 10):
                    return -1  # a lone carriage return
                i += 1
                continue
            kind = _utf8_length(b, i, n)
            if kind <= 0:
                return -1
            if kind == 3 and b[i] == 0xEF and b[i + 1] == 0xBB and b[i + 2] == 0xBF:
                return -1  # a byte-order mark inside the text
            i += kind
        if start < n:
            if n - start > longest:
                return -1
            _line(b, ls, le, lr, lodd, line, start, n)
            line += 1
        self.n_lines = line
        if crs != 0 and crs != (line if start >= n else line - 1):
            return -1  # mixed line ends
        for i in range(line):
            c = b[ls[i]] if ls[i] < lr[i] else 0
            # the first letters of ``pokerstars.SITES``: no hand header starts otherwise
            if c != 80 and c != 82 and c != 70 and c != 77 and c != 83 and c != 57:  # P R F M S 9
                continue
            kind = _hand_start(b, ls[i], lr[i])
            if kind == 1:
                starts[n_starts[0]] = i
                n_starts[0] += 1
            elif kind == 2:
                maybe[n_maybe[0]] = i
                n_maybe[0] += 1
        return 0

    def maybe_starts(self):
        """``(line, text)`` of lines that may start a hand with non-ASCII digits in its number."""
        return [(int(i), self.data[self.ls[i]:self.lr[i]]) for i in self.maybe]

    def cut(self, extra=()):
        """Fix the hands (``extra``: more lines that start one) and read their headers.
        Returns the byte offset of each hand's first line."""
        lines = np.concatenate([self._starts, np.asarray(list(extra), np.int64)])
        lines.sort()
        self.n_hands = len(lines)
        self.hline = np.append(lines, self.n_lines).astype(np.int64)
        h = self.n_hands
        self.reason = np.zeros(h, np.int8)
        self.game_id = np.full(h, -1, np.int32)
        self.table_id = np.full(h, -1, np.int32)
        self.clock_id = np.full(h, -1, np.int32)
        self.hid_a = np.zeros(h, np.int64)
        self.hid_n = np.zeros(h, np.int64)
        self.raw_a = np.zeros(h, np.int64)
        self.raw_n = np.zeros(h, np.int64)
        self.mmss = np.zeros(h, np.int64)
        cdef int64_t k
        with nogil:
            if _interner_init(&self.games, h) or _interner_init(&self.tables, h) or _interner_init(&self.clocks, h):
                with gil:
                    raise MemoryError
            for k in range(h):
                self.reason[k] = self._header(k)
        return [int(self.ls[i]) for i in lines]

    cdef int _header(self, int64_t k) noexcept nogil:
        """``PokerStars[ Zoom] Hand|Game #N: <game and stakes> - <clock>[ ZONE][ [<clock>[ ZONE]]]``,
        and the table line after it."""
        cdef cstr b = self.b
        cdef int64_t line = self.hline[k], a = self.ls[line], e = self.le[line], p, colon, dash, q
        cdef int64_t day_a, hour_e, zone_a = 0, zone_n = 0, raw_e, mm, ss
        if self.lodd[line]:
            return R_LINE_END
        if not _starts(b, a, e, b"PokerStars "):
            return R_HEADER
        p = a + 11
        if _starts(b, p, e, b"Zoom "):
            p += 5
        if not (_starts(b, p, e, b"Hand #") or _starts(b, p, e, b"Game #")):
            return R_HEADER
        p += 6
        q = p
        while q < e and _digit(b[q]):
            q += 1
        if q == p or q - p > 30 or q >= e or b[q] != 58:
            return R_HEADER
        self.hid_a[k] = p
        self.hid_n[k] = q - p
        colon = q
        dash = _rfind(b, colon, e, b" - ")
        if dash < 0:
            return R_HEADER
        # the clock, and the one in brackets, which every viewer's copy shares, when printed
        p = _stamp(b, dash + 3, e)
        if p < 0:
            return R_HEADER
        day_a = dash + 3
        q = _zone(b, p, e)
        raw_e = q
        if q > p:
            zone_a = p + 1
            zone_n = q - p - 1
        p = q
        if p < e:
            if not _starts(b, p, e, b" ["):
                return R_HEADER
            day_a = p + 2
            p = _stamp(b, day_a, e)
            if p < 0:
                return R_HEADER
            q = _zone(b, p, e)
            zone_a = p + 1 if q > p else 0
            zone_n = q - p - 1 if q > p else 0
            raw_e = q
            if q + 1 != e or b[q] != 93:
                return R_HEADER
        hour_e = _find(b, day_a, e, b":")
        mm = (b[hour_e + 1] - 48) * 10 + b[hour_e + 2] - 48
        ss = (b[hour_e + 4] - 48) * 10 + b[hour_e + 5] - 48
        if mm > 59 or ss > 59:
            return R_CLOCK
        self.mmss[k] = mm * 60 + ss
        self.raw_a[k] = day_a
        self.raw_n[k] = raw_e - day_a
        self.game_id[k] = <int32_t>_intern(&self.games, b, colon + 1, dash - colon - 1, 0, 0)
        self.clock_id[k] = <int32_t>_intern(&self.clocks, b, day_a, hour_e - day_a, zone_a, zone_n)
        line += 1
        if line >= self.hline[k + 1]:
            return R_TABLE
        if self.lodd[line]:
            return R_LINE_END
        self.table_id[k] = <int32_t>_intern(&self.tables, b, self.ls[line], self.le[line] - self.ls[line], 0, 0)
        return R_OK

    def keys(self):
        """The distinct texts to read in Python: game-and-stakes texts, table lines, and
        clocks as ``(day and hour, zone)``, each list in id order."""
        return self._texts(&self.games, False), self._texts(&self.tables, False), self._texts(&self.clocks, True)

    cdef list _texts(self, Interner* t, bint pair):
        cdef int64_t i
        cdef int64_t* s
        out = []
        for i in range(t.count):
            s = t.spans + 4 * i
            first = self.data[s[0]:s[0] + s[1]]
            out.append((first, self.data[s[2]:s[2] + s[3]]) if pair else first)
        return out


    def read(self, game_ok, game_scale, game_hilo, game_blinds, game_sb, game_bb, bytes game_names,
             game_name_ends, table_ok, clock_ok):
        """Read every hand whose header, game, table and clock are ones taken here.

        ``game_*`` and the others are per id of ``keys``' lists; ``game_names`` holds the
        game's vocabulary name of each id back to back (``game_name_ends``), for the content
        fingerprint. Returns a dict of numpy arrays (see ``Output``)."""
        out = Output(self.n_hands, self.n_lines, self.size)
        cdef Lookups look
        cdef uint8_t[::1] g_ok = np.ascontiguousarray(game_ok, np.uint8)
        cdef int64_t[::1] g_scale = np.ascontiguousarray(game_scale, np.int64)
        cdef uint8_t[::1] g_hilo = np.ascontiguousarray(game_hilo, np.uint8)
        cdef uint8_t[::1] g_blinds = np.ascontiguousarray(game_blinds, np.uint8)
        cdef int64_t[::1] g_sb = np.ascontiguousarray(game_sb, np.int64)
        cdef int64_t[::1] g_bb = np.ascontiguousarray(game_bb, np.int64)
        cdef int64_t[::1] g_name_end = np.ascontiguousarray(np.append([0], game_name_ends), np.int64)
        cdef uint8_t[::1] t_ok = np.ascontiguousarray(table_ok, np.uint8)
        cdef uint8_t[::1] c_ok = np.ascontiguousarray(clock_ok, np.uint8)
        look.g_ok = &g_ok[0] if len(g_ok) else NULL
        look.g_scale = &g_scale[0] if len(g_scale) else NULL
        look.g_hilo = &g_hilo[0] if len(g_hilo) else NULL
        look.g_blinds = &g_blinds[0] if len(g_blinds) else NULL
        look.g_sb = &g_sb[0] if len(g_sb) else NULL
        look.g_bb = &g_bb[0] if len(g_bb) else NULL
        look.g_names = <cstr>(<const char*>game_names)
        look.g_name_end = &g_name_end[0]
        look.t_ok = &t_ok[0] if len(t_ok) else NULL
        look.c_ok = &c_ok[0] if len(c_ok) else NULL
        cdef int64_t k
        cdef int why
        cdef Hand* hand = <Hand*>malloc(sizeof(Hand))
        if hand == NULL:
            raise MemoryError
        try:
            with nogil:
                for k in range(self.n_hands):
                    why = self.reason[k]
                    if why == R_OK:
                        why = _read_hand(self, out, &look, hand, k)
                    self.reason[k] = why
        finally:
            free(hand)
        result = out.result(np.asarray(self.reason))
        for name in ("game_id", "table_id", "clock_id", "hid_a", "hid_n", "raw_a", "raw_n", "mmss"):
            result[name] = np.asarray(getattr(self, "_" + name)())
        return result

    def _game_id(self): return self.game_id
    def _table_id(self): return self.table_id
    def _clock_id(self): return self.clock_id
    def _hid_a(self): return self.hid_a
    def _hid_n(self): return self.hid_n
    def _raw_a(self): return self.raw_a
    def _raw_n(self): return self.raw_n
    def _mmss(self): return self.mmss


cdef int64_t _count_newlines(cstr b, int64_t n) noexcept nogil:
    cdef int64_t count = 0
    cdef const void* at = b
    cdef const uint8_t* end = b + n
    while True:
        at = memchr(at, 10, <size_t>(end - <const uint8_t*>at))
        if at == NULL:
            return count
        count += 1
        at = <const uint8_t*>at + 1


cdef inline void _line(cstr b, int64_t* ls, int64_t* le, int64_t* lr, uint8_t* lodd, int64_t line, int64_t start,
                       int64_t end) noexcept nogil:
    cdef int64_t stripped = end
    while stripped > start and b[stripped - 1] == 32:
        stripped -= 1
    ls[line] = start
    lr[line] = end
    le[line] = stripped
    lodd[line] = _odd_end(b, start, stripped)


cdef struct Lookups:
    uint8_t* g_ok
    int64_t* g_scale
    uint8_t* g_hilo
    uint8_t* g_blinds
    int64_t* g_sb
    int64_t* g_bb
    cstr g_names
    int64_t* g_name_end
    uint8_t* t_ok
    uint8_t* c_ok


cdef inline int _utf8_length(cstr b, int64_t i, int64_t n) noexcept nogil:
    """Length of the well-formed UTF-8 sequence at ``b[i]`` (as Python's strict decoder
    accepts it: no overlong forms, no surrogates, nothing past U+10FFFF), or 0."""
    cdef uint8_t c = b[i], c1, c2, c3
    if c >= 0xC2 and c <= 0xDF:
        if i + 1 < n and (b[i + 1] & 0xC0) == 0x80:
            return 2
        return 0
    if c >= 0xE0 and c <= 0xEF:
        if i + 2 >= n:
            return 0
        c1 = b[i + 1]
        c2 = b[i + 2]
        if (c1 & 0xC0) != 0x80 or (c2 & 0xC0) != 0x80:
            return 0
        if (c == 0xE0 and c1 < 0xA0) or (c == 0xED and c1 >= 0xA0):
            return 0
        return 3
    if c >= 0xF0 and c <= 0xF4:
        if i + 3 >= n:
            return 0
        c1 = b[i + 1]
        c2 = b[i + 2]
        c3 = b[i + 3]
        if (c1 & 0xC0) != 0x80 or (c2 & 0xC0) != 0x80 or (c3 & 0xC0) != 0x80:
            return 0
        if (c == 0xF0 and c1 < 0x90) or (c == 0xF4 and c1 >= 0x90):
            return 0
        return 4
    return 0


cdef inline bint _odd_end(cstr b, int64_t a, int64_t e) noexcept nogil:
    """Does ``b[a:e]`` end in white space other than a space (which ``str.rstrip`` takes
    too: tab, vertical tab, form feed, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028,
    U+2029, U+202F, U+205F, U+3000)?"""
    cdef uint8_t c
    if e <= a:
        return False
    c = b[e - 1]
    if c == 9 or c == 11 or c == 12:
        return True
    if e - a >= 2 and b[e - 2] == 0xC2 and (c == 0x85 or c == 0xA0):
        return True
    if e - a >= 3:
        if b[e - 3] == 0xE1 and b[e - 2] == 0x9A and c == 0x80:
            return True
        if b[e - 3] == 0xE2 and b[e - 2] == 0x80 and ((c >= 0x80 and c <= 0x8A) or c == 0xA8 or c == 0xA9 or c == 0xAF):
            return True
        if b[e - 3] == 0xE2 and b[e - 2] == 0x81 and c == 0x9F:
            return True
        if b[e - 3] == 0xE3 and b[e - 2] == 0x80 and c == 0x80:
            return True
    return False


cdef int _hand_start(cstr b, int64_t a, int64_t e) noexcept nogil:
    """Does the line start a hand as ``pokerstars.HAND_START`` says? 1: yes; 2: maybe (a
    non-ASCII character where the hand number's digits stand: Python's ``\\d`` takes any
    Unicode digit); 0: no."""
    cdef int64_t p = a, q
    # ``pokerstars.SITES`` and ``pokerstars.KINDS`` (tests/test_pokerstars_fast.py holds them equal)
    cdef const char* sites[10]
    cdef const char* kinds[4]
    cdef const char* words[4]
    cdef int s, k, w
    sites[0] = b"PokerStars"; sites[1] = b"POKERSTARS"; sites[2] = b"PokerMaster"; sites[3] = b"Run It Once Poker"
    sites[4] = b"Full Tilt"; sites[5] = b"MPLPoker"; sites[6] = b"PokerBros"; sites[7] = b"SupremaPoker"
    sites[8] = b"PPPoker"; sites[9] = b"9stacks Poker"
    kinds[0] = b" Home Game"; kinds[1] = b" Zoom"; kinds[2] = b" Rush"; kinds[3] = b""
    words[0] = b" Game #"; words[1] = b" Hand #"; words[2] = b" GAME #"; words[3] = b" HAND #"
    for s in range(10):
        if not _starts(b, a, e, sites[s]):
            continue
        for k in range(4):
            p = a + strlen(sites[s])
            if not _starts(b, p, e, kinds[k]):
                continue
            p += strlen(kinds[k])
            for w in range(4):
                if _starts(b, p, e, words[w]):
                    q = p + 7
                    while q < e and _digit(b[q]):
                        q += 1
                    if q < e and b[q] >= 0x80:
                        return 2
                    if q > p + 7 and q < e and b[q] == 58:
                        return 1
    return 0


cdef inline int64_t _stamp(cstr b, int64_t p, int64_t e) noexcept nogil:
    """End of ``YYYY/M[M]/D[D] H[H]:MM:SS`` at ``p``, or -1."""
    cdef int i, n
    for i in range(4):
        if p >= e or not _digit(b[p]):
            return -1
        p += 1
    for i in range(2):
        if p >= e or b[p] != 47:
            return -1
        p += 1
        n = 0
        while p < e and _digit(b[p]) and n < 2:
            p += 1
            n += 1
        if n == 0:
            return -1
    if p >= e or b[p] != 32:
        return -1
    p += 1
    n = 0
    while p < e and _digit(b[p]) and n < 2:
        p += 1
        n += 1
    if n == 0:
        return -1
    for i in range(2):
        if p + 2 >= e or b[p] != 58 or not _digit(b[p + 1]) or not _digit(b[p + 2]):
            return -1
        p += 3
    return p


cdef inline int64_t _zone(cstr b, int64_t p, int64_t e) noexcept nogil:
    """End of `` ZONE`` (1 to 5 capitals, then the end, a space or ``]``) at ``p``, or ``p``
    when none is there."""
    cdef int64_t q = p + 1
    if p >= e or b[p] != 32:
        return p
    while q < e and b[q] >= 65 and b[q] <= 90 and q - p <= 5:
        q += 1
    if q == p + 1 or q - p > 6 or (q < e and b[q] != 32 and b[q] != 93):
        return p
    return q


# ---------------------------------------------------------------------------- output


cdef class Output:
    """Growing columns of the hands read, and the cursors at the current hand's start
    (rolled back when a hand goes the reference way)."""

    cdef public object arrays
    cdef int64_t nh, ns, na, np_, npots
    # hands
    cdef int64_t[::1] h_k, h_sb, h_bb, h_ante, h_pot_total, h_total, h_rake, h_pots_end
    cdef int8_t[::1] h_board_n
    cdef uint8_t[::1] h_board, h_net, h_sha, h_fp
    cdef int64_t[::1] pots
    # seats
    cdef int32_t[::1] s_owner, s_seat
    cdef int64_t[::1] s_name_a, s_name_n, s_stack, s_total
    cdef int8_t[::1] s_cards_n, s_fold
    cdef uint8_t[::1] s_cards, s_dealt, s_showed, s_mucked, s_allin
    # actions
    cdef int32_t[::1] a_owner, a_seq, a_seat
    cdef int8_t[::1] a_street, a_kind
    cdef int64_t[::1] a_amount
    cdef uint8_t[::1] a_allin
    # payouts
    cdef int32_t[::1] p_owner, p_seat, p_pot
    cdef int64_t[::1] p_amount, p_line_a, p_line_n
    cdef int8_t[::1] p_half, p_source
    # the fingerprint's canonical text
    cdef uint8_t* text
    cdef int64_t text_size

    def __cinit__(self):
        self.text = NULL
        self.text_size = 0

    def __dealloc__(self):
        free(self.text)

    def __init__(self, int64_t hands, int64_t lines, int64_t size):
        a = {}
        def make(name, n, dtype):
            a[name] = np.empty(n, dtype)
            return a[name]
        self.h_k = make("h_k", hands, np.int64)
        self.h_sb = make("h_sb", hands, np.int64)
        self.h_bb = make("h_bb", hands, np.int64)
        self.h_ante = make("h_ante", hands, np.int64)
        self.h_pot_total = make("h_pot_total", hands, np.int64)
        self.h_total = make("h_total", hands, np.int64)
        self.h_rake = make("h_rake", hands, np.int64)
        self.h_pots_end = make("h_pots_end", hands, np.int64)
        self.h_board_n = make("h_board_n", hands, np.int8)
        self.h_board = make("h_board", hands * 2 * MAX_CARDS, np.uint8)
        self.h_net = make("h_net", hands, np.uint8)
        self.h_sha = make("h_sha", hands * 32, np.uint8)
        self.h_fp = make("h_fp", hands * 12, np.uint8)
        self.pots = make("pots", hands * (MAX_SIDES + 1), np.int64)
        self.s_owner = make("s_owner", lines, np.int32)
        self.s_seat = make("s_seat", lines, np.int32)
        self.s_name_a = make("s_name_a", lines, np.int64)
        self.s_name_n = make("s_name_n", lines, np.int64)
        self.s_stack = make("s_stack", lines, np.int64)
        self.s_total = make("s_total", lines, np.int64)
        self.s_cards_n = make("s_cards_n", lines, np.int8)
        self.s_fold = make("s_fold", lines, np.int8)
        self.s_cards = make("s_cards", lines * 2 * MAX_CARDS, np.uint8)
        self.s_dealt = make("s_dealt", lines, np.uint8)
        self.s_showed = make("s_showed", lines, np.uint8)
        self.s_mucked = make("s_mucked", lines, np.uint8)
        self.s_allin = make("s_allin", lines, np.uint8)
        self.a_owner = make("a_owner", lines, np.int32)
        self.a_seq = make("a_seq", lines, np.int32)
        self.a_seat = make("a_seat", lines, np.int32)
        self.a_street = make("a_street", lines, np.int8)
        self.a_kind = make("a_kind", lines, np.int8)
        self.a_amount = make("a_amount", lines, np.int64)
        self.a_allin = make("a_allin", lines, np.uint8)
        self.p_owner = make("p_owner", lines, np.int32)
        self.p_seat = make("p_seat", lines, np.int32)
        self.p_pot = make("p_pot", lines, np.int32)
        self.p_amount = make("p_amount", lines, np.int64)
        self.p_line_a = make("p_line_a", lines, np.int64)
        self.p_line_n = make("p_line_n", lines, np.int64)
        self.p_half = make("p_half", lines, np.int8)
        self.p_source = make("p_source", lines, np.int8)
        self.arrays = a
        self.nh = self.ns = self.na = self.np_ = self.npots = 0

    def result(self, reason):
        a = self.arrays
        counts = {"h": self.nh, "s": self.ns, "a": self.na, "p": self.np_}
        out = {name: (values[:counts[name[0]] * (2 * MAX_CARDS if name in ("h_board", "s_cards") else
                                                  32 if name == "h_sha" else 12 if name == "h_fp" else 1)]
                      if name[0] in counts and name[1] == "_" else values)
               for name, values in a.items()}
        out["pots"] = a["pots"][:self.npots]
        out["reason"] = reason
        return out


cdef inline int _action(Output o, Hand* h, int seat, int kind, int64_t amount, bint all_in, int street) noexcept nogil:
    cdef int64_t i = o.na
    o.a_owner[i] = <int32_t>o.nh
    o.a_seq[i] = h.seq
    o.a_street[i] = street
    o.a_seat[i] = <int32_t>h.seats[seat].number
    o.a_kind[i] = kind
    o.a_amount[i] = amount
    o.a_allin[i] = all_in
    o.na += 1
    h.seq += 1
    return R_OK


cdef inline void _payout(Output o, Scanner sc, Hand* h, int seat, int64_t amount, int pot, int half, int source,
                         int64_t line) noexcept nogil:
    cdef int64_t i = o.np_
    o.p_owner[i] = <int32_t>o.nh
    o.p_seat[i] = <int32_t>h.seats[seat].number
    o.p_amount[i] = amount
    o.p_pot[i] = pot
    o.p_half[i] = half
    o.p_source[i] = source
    o.p_line_a[i] = sc.ls[line]
    o.p_line_n[i] = sc.lr[line] - sc.ls[line]
    o.np_ += 1


# ---------------------------------------------------------------------------- reading a hand


cdef inline int _by_name(Scanner sc, Hand* h, int64_t a, int64_t e) noexcept nogil:
    cdef int i
    cdef int64_t n = e - a
    for i in range(h.n):
        if h.seats[i].name_n == n and memcmp(sc.b + h.seats[i].name_a, sc.b + a, n) == 0:
            return i
    return -1


cdef inline int _known_prefix(Scanner sc, Hand* h, int64_t a, int64_t e, const char* sep, int64_t* at) noexcept nogil:
    """The longest seated name that ``b[a:e]`` starts with, followed by ``sep``
    (``pokerstars._known_prefix``); its seat, and in ``at`` where ``sep`` stands (-1: none)."""
    cdef int best = -1, seat
    cdef int64_t pos = _find(sc.b, a, e, sep)
    at[0] = -1
    while pos > a:
        seat = _by_name(sc, h, a, pos)
        if seat >= 0:
            best = seat
            at[0] = pos
        pos = _find(sc.b, pos + 1, e, sep)
    return best


cdef int _read_hand(Scanner sc, Output o, Lookups* look, Hand* h, int64_t k) noexcept nogil:
    """Read hand ``k`` into ``o``; its reason code when it goes the reference way (``o`` is
    then as it was)."""
    cdef int64_t nh = o.nh, ns = o.ns, na = o.na, np_ = o.np_, npots = o.npots
    cdef int why
    cdef int32_t game = sc.game_id[k]
    if not look.g_ok[game]:
        why = R_GAME
    elif not look.c_ok[sc.clock_id[k]]:
        why = R_CLOCK
    elif not look.t_ok[sc.table_id[k]]:
        why = R_TABLE
    else:
        why = _read_body(sc, o, look, h, k)
        if why == R_OK:
            _commit(sc, o, look, h, k)
            return R_OK
    o.nh = nh
    o.ns = ns
    o.na = na
    o.np_ = np_
    o.npots = npots
    return why


cdef int _read_body(Scanner sc, Output o, Lookups* look, Hand* h, int64_t k) noexcept nogil:
    cdef cstr b = sc.b
    cdef int64_t line = sc.hline[k] + 2, last = sc.hline[k + 1]
    cdef int64_t scale = look.g_scale[sc.game_id[k]]
    cdef int why
    h.n = 0
    h.street = S_PREDEAL
    h.seq = 0
    h.sb = h.bb = h.ante = -1
    h.sb_posts = 0
    h.paid = 0
    h.board_n = 0
    h.summary_board_n = 0
    h.totals = 0
    h.n_pay = 0
    h.n_pots = 0
    h.net = False
    # seat lines
    while line < last and _starts(b, sc.ls[line], sc.le[line], b"Seat "):
        if sc.lodd[line]:
            return R_LINE_END
        why = _seat_line(sc, h, line, scale)
        if why:
            return why
        line += 1
    if h.n == 0:
        return R_NO_SEATS
    why = _actions(sc, o, look, h, k, &line, scale)
    if why:
        return why
    why = _summary(sc, h, line, last, scale)
    if why:
        return why
    return _settle(h)


cdef int _seat_line(Scanner sc, Hand* h, int64_t line, int64_t scale) noexcept nogil:
    """``Seat 3: name ($7.06 in chips) tail`` as ``pokerstars._seat_line`` cuts it."""
    cdef cstr b = sc.b
    cdef int64_t a = sc.ls[line], e = sc.le[line], colon, chips, paren, close, number, stack
    cdef Seat* s
    cdef int i
    colon = _find(b, a, e, b": ")
    chips = _rfind(b, a, e, b" in chips")
    if colon < a + 6 or chips < 0:
        return R_SEAT_LINE
    number = _number(b, a + 5, colon, 6)
    paren = _rfind(b, colon, chips, b" (")
    close = _find(b, chips, e, b")")
    if number < 0 or number > 1048576 or paren < 0 or close != chips + 9 or paren <= colon + 2:
        return R_SEAT_LINE
    if _find(b, paren + 2, chips, b"(") >= 0 or _find(b, paren + 2, chips, b")") >= 0:
        return R_SEAT_LINE
    stack = _amount(b, paren + 2, chips, scale)
    if stack < 0:
        return R_SEAT_LINE
    if _ends(b, colon + 2, paren, b"_chico"):
        return R_CHICO
    if h.n == MAX_SEATS:
        return R_TOO_MANY
    if _by_name(sc, h, colon + 2, paren) >= 0:
        return R_NAME_TWICE
    for i in range(h.n):
        if h.seats[i].number == number:
            return R_NUMBER_TWICE
    s = &h.seats[h.n]
    h.n += 1
    s.name_a = colon + 2
    s.name_n = paren - colon - 2
    s.number = number
    s.stack = stack
    s.total = s.street_bet = s.paid = s.stated = 0
    s.fold = -1
    s.fresh = close + 1 == e  # "is sitting out", "out of hand": dealt in only if it then acts
    s.dealt_in = s.fresh
    s.showed = s.mucked = s.all_in = s.has_summary = False
    s.dealt_n = -1
    s.shown_n = -1
    return R_OK


cdef inline bint _info_line(cstr b, int64_t a, int64_t e) noexcept nogil:
    cdef int i
    for i in range(19):
        if _find(b, a, e, _INFO[i]) >= 0:
            return True
    return False


cdef inline bint _status(cstr b, int64_t a, int64_t e) noexcept nogil:
    cdef int i
    for i in range(9):
        if _equals(b, a, e, _STATUS[i]):
            return True
    return False


cdef int _actions(Scanner sc, Output o, Lookups* look, Hand* h, int64_t k, int64_t* at, int64_t scale) noexcept nogil:
    """The lines between the seats and the summary, dispatched as ``pokerstars._parse``
    does; ``at`` ends on the line after ``*** SUMMARY ***``."""
    cdef cstr b = sc.b
    cdef int64_t line = at[0], last = sc.hline[k + 1], a, e, pos, p
    cdef int seat, why, code
    cdef int seen = 0
    cdef bint hilo = look.g_hilo[sc.game_id[k]]
    while line < last:
        a = sc.ls[line]
        e = sc.le[line]
        line += 1
        if sc.lodd[line - 1]:
            return R_LINE_END
        if a == e:
            continue
        pos = _find(b, a, e, b": ")
        seat = -1
        if pos > a:
            seat = _by_name(sc, h, a, pos)
            if seat < 0 and _find(b, pos + 1, e, b": ") >= 0:
                seat = _known_prefix(sc, h, a, e, b": ", &pos)
        if seat >= 0:
            why = _seat_action(sc, o, h, seat, pos + 2, e, scale)
            if why:
                return why
            continue
        if b[a] == 42:  # *
            if _equals(b, a, e, b"*** SUMMARY ***"):
                at[0] = line
                return R_OK
            if _starts(b, a, e, b"*** SUMMARY ***"):
                return R_SUMMARY_LINE
            code = _street_line(b, a, e, h)
            if code == 0:
                return R_UNREAD
            if seen & (1 << code):
                return R_STREET_TWICE
            seen |= 1 << code
            continue
        if _starts(b, a, e, b"Dealt to "):
            why = _dealt(sc, h, a + 9, e)
            if why:
                return why
            continue
        if _find(b, a, e, b" collected ") >= 0:
            why = _collected(sc, o, h, a, e, line - 1, scale, hilo)
            if why:
                return why
            continue
        if _starts(b, a, e, b"Uncalled bet ("):
            p = _find(b, a, e, b") returned to ")
            seat = _by_name(sc, h, p + 14, e) if p >= 0 else -1
            if seat < 0:
                return R_LINKED
            p = _amount(b, a + 14, p, scale)
            if p < 0:
                return R_AMOUNT
            h.n_pay += 1
            if h.n_pay > 64:
                return R_TOO_MANY
            h.seats[seat].total -= p
            h.seats[seat].street_bet -= p
            _action(o, h, seat, K_UNCALLED, p, False, h.street)
            _payout(o, sc, h, seat, p, -1, 1, 1, line - 1)
            continue
        if _find(b, a, e, b' said, "') >= 0:
            continue
        # what the reference reads as cancellations, cash-outs and bounties
        if _equals(b, a, e, b"Hand cancelled") or _find(b, a, e, b" cashed out the hand for ") >= 0:
            return R_UNREAD
        if _find(b, a, e, b" wins ") >= 0 and (_find(b, a, e, b" for eliminating ") >= 0
                                              or _find(b, a, e, b" for splitting the elimination of ") >= 0):
            return R_UNREAD
        if _find(b, a, e, b" split the ") >= 0 and _find(b, a, e, b" bounty for eliminating ") >= 0:
            return R_UNREAD
        if _info_line(b, a, e):
            continue
        if pos > a and _status(b, pos + 2, e):
            continue  # someone not seated in this hand: "name: sits out"
        return R_UNREAD
    return R_NO_SUMMARY


cdef int _street_line(cstr b, int64_t a, int64_t e, Hand* h) noexcept nogil:
    """A street line in its exact shape: its code (1 hole cards, 2 flop, 3 turn, 4 river,
    5 showdown), or 0. Board streets start a new round of bets."""
    cdef uint8_t cards[2 * MAX_CARDS]
    cdef int n, code, i
    if _equals(b, a, e, b"*** HOLE CARDS ***"):
        h.street = S_PREFLOP
        return 1
    if _equals(b, a, e, b"*** SHOW DOWN ***"):
        h.street = S_SHOWDOWN
        return 5
    if _starts(b, a, e, b"*** FLOP *** [") and e - a == 14 + 9:
        code = 2
        n = _cards(b, a + 14, e - 1, cards)
        if n != 3 or b[e - 1] != 93:
            return 0
    elif _starts(b, a, e, b"*** TURN *** [") and e - a == 14 + 14:
        code = 3
        n = _cards(b, a + 14, a + 22, cards)
        if n != 3 or not _equals(b, a + 22, a + 25, b"] [") or _cards(b, a + 25, a + 27, cards + 6) != 1 \
                or b[e - 1] != 93:
            return 0
        n = 4
    elif _starts(b, a, e, b"*** RIVER *** [") and e - a == 15 + 17:
        code = 4
        n = _cards(b, a + 15, a + 26, cards)
        if n != 4 or not _equals(b, a + 26, a + 29, b"] [") or _cards(b, a + 29, a + 31, cards + 8) != 1 \
                or b[e - 1] != 93:
            return 0
        n = 5
    else:
        return 0
    if code != h.street:  # FLOP, TURN, RIVER are codes 2, 3, 4 and streets 2, 3, 4
        h.street = code
        for i in range(h.n):
            h.seats[i].street_bet = 0
    memcpy(h.board, cards, 2 * n)
    h.board_n = n
    return code


cdef int _seat_action(Scanner sc, Output o, Hand* h, int seat, int64_t a, int64_t e, int64_t scale) noexcept nogil:
    """``name: <what follows>``, from ``a``."""
    cdef cstr b = sc.b
    cdef Seat* s = &h.seats[seat]
    cdef bint all_in = _ends(b, a, e, b" and is all-in")
    cdef int64_t amount, to, close
    cdef int n
    if all_in:
        e -= 14
        s.all_in = True
    if _equals(b, a, e, b"folds"):
        s.fold = h.street
        s.dealt_in = True
        return _action(o, h, seat, K_FOLD, -1, False, h.street)
    if _equals(b, a, e, b"checks"):
        s.dealt_in = True
        return _action(o, h, seat, K_CHECK, -1, False, h.street)
    if _starts(b, a, e, b"calls ") or _starts(b, a, e, b"bets "):
        amount = _amount(b, a + (6 if b[a] == 99 else 5), e, scale)
        if amount < 0:
            return R_AMOUNT
        s.total += amount
        s.street_bet += amount
        s.dealt_in = True
        return _action(o, h, seat, K_CALL if b[a] == 99 else K_BET, amount, all_in, h.street)
    if _starts(b, a, e, b"raises "):
        to = _find(b, a, e, b" to ")
        if to < 0:
            return R_UNREAD
        if _amount(b, a + 7, to, scale) < 0:
            return R_AMOUNT
        amount = _amount(b, to + 4, e, scale)
        if amount < 0:
            return R_AMOUNT
        amount -= s.street_bet
        if amount < 0:
            return R_RAISE_BELOW
        s.total += amount
        s.street_bet += amount
        s.dealt_in = True
        return _action(o, h, seat, K_RAISE, amount, all_in, h.street)
    if _starts(b, a, e, b"posts the ante "):
        amount = _amount(b, a + 15, e, scale)
        if amount < 0:
            return R_AMOUNT
        s.total += amount  # dead money: not part of the seat's bet this street
        s.dealt_in = True
        if not all_in and (h.ante < 0 or amount > h.ante):
            h.ante = amount
        return _action(o, h, seat, K_ANTE, amount, all_in, S_PREDEAL)
    if _starts(b, a, e, b"posts small blind ") or _starts(b, a, e, b"posts big blind "):
        n = 18 if b[a + 6] == 115 else 16
        amount = _amount(b, a + n, e, scale)
        if amount < 0:
            return R_AMOUNT
        s.total += amount
        s.street_bet += amount
        s.dealt_in = True
        if n == 18:
            h.sb_posts += 1
            if h.sb_posts > 1:  # a newcomer's dead small blind: the reference reads it
                return R_SECOND_SB
            if h.sb < 0 and not all_in:
                h.sb = amount
            return _action(o, h, seat, K_SB, amount, all_in, S_PREDEAL)
        if h.bb < 0 and not all_in:
            h.bb = amount
        return _action(o, h, seat, K_BB, amount, all_in, S_PREDEAL)
    if _starts(b, a, e, b"shows ["):
        close = _find(b, a + 7, e, b"]")
        if close < 0:
            return R_UNREAD
        n = _cards(b, a + 7, close, s.shown)
        if n < 0:
            return R_UNREAD
        # nothing after the cards but a description of the hand without brackets
        if close + 1 != e and not (_starts(b, close + 1, e, b" (") and b[e - 1] == 41
                                   and _find(b, close + 1, e, b"[") < 0 and _find(b, close + 1, e, b"]") < 0):
            return R_UNREAD
        s.shown_n = n
        s.showed = True
        return _action(o, h, seat, K_SHOW, -1, False, h.street)
    if _equals(b, a, e, b"mucks hand"):
        s.mucked = True
        return _action(o, h, seat, K_MUCK, -1, False, h.street)
    if _starts(b, a, e, b"doesn't show") or _status(b, a, e):
        h.seq += 1  # a line of a seated name: it counts in the sequence
        return R_OK
    return R_UNREAD


cdef int _dealt(Scanner sc, Hand* h, int64_t a, int64_t e) noexcept nogil:
    """``Dealt to name [cards]``, from the name at ``a``."""
    cdef int64_t at
    cdef int seat = _known_prefix(sc, h, a, e, b" [", &at)
    cdef int n
    if seat < 0 or sc.b[e - 1] != 93:
        return R_LINKED
    n = _cards(sc.b, at + 2, e - 1, h.seats[seat].dealt)
    if n < 0:
        return R_TOO_MANY if n == -2 else R_LINKED
    h.seats[seat].dealt_n = n
    h.seats[seat].dealt_in = True
    return R_OK


cdef int _collected(Scanner sc, Output o, Hand* h, int64_t a, int64_t e, int64_t line, int64_t scale,
                    bint hilo) noexcept nogil:
    """``name collected $1 from pot`` (``main pot``, ``side pot``, ``side pot-N``)."""
    cdef cstr b = sc.b
    cdef int64_t at, source, amount, pot
    cdef int seat = _known_prefix(sc, h, a, e, b" collected ", &at)
    if seat < 0:
        return R_LINKED
    source = _find(b, at + 11, e, b" from ")
    if source < 0:
        return R_LINKED
    amount = _amount(b, at + 11, source, scale)
    source += 6
    if _equals(b, source, e, b"pot") or _equals(b, source, e, b"main pot"):
        pot = 0
    elif _equals(b, source, e, b"side pot"):
        pot = 1
    elif _starts(b, source, e, b"side pot-"):
        pot = _number(b, source + 9, e, 6)
        if pot < 0:
            return R_LINKED
    else:
        return R_LINKED
    if amount < 0:
        return R_AMOUNT
    h.n_pay += 1
    if h.n_pay > 64:
        return R_TOO_MANY
    h.seats[seat].paid += amount
    h.paid += amount
    _payout(o, sc, h, seat, amount, <int>pot, 0 if hilo else 1, 0, line)
    return R_OK


cdef int _summary(Scanner sc, Hand* h, int64_t line, int64_t last, int64_t scale) noexcept nogil:
    cdef cstr b = sc.b
    cdef int64_t a, e
    cdef int why, n
    while line < last:
        a = sc.ls[line]
        e = sc.le[line]
        line += 1
        if sc.lodd[line - 1]:
            return R_LINE_END
        if a == e:
            continue
        if _starts(b, a, e, b"Seat "):
            why = _summary_seat(sc, h, a, e, scale)
        elif _starts(b, a, e, b"Total pot "):
            h.totals += 1
            why = _total(b, a + 10, e, h, scale) if h.totals == 1 else R_TOTAL_COUNT
        elif _starts(b, a, e, b"Board ["):
            if h.summary_board_n:
                return R_BOARD_COUNT
            n = _cards(b, a + 7, e - 1, h.summary_board)
            if n < 0 or b[e - 1] != 93:
                return R_BOARD_LINE
            h.summary_board_n = n
            why = R_OK
        else:
            why = R_SUMMARY_LINE
        if why:
            return why
    return R_OK if h.totals == 1 else R_TOTAL_COUNT


cdef int _summary_seat(Scanner sc, Hand* h, int64_t a, int64_t e, int64_t scale) noexcept nogil:
    """``Seat 3: name <effects>``, read as ``pokerstars._summary_effects`` reads it."""
    cdef cstr b = sc.b
    cdef int64_t colon = _find(b, a, e, b": "), number, p, at, start, close, won = 0, value
    cdef int i, seat = -1, n, key
    cdef Seat* s
    cdef const char* keys[2]
    if colon < 0:
        return R_SUMMARY_SEAT_LINE
    number = _number(b, a + 5, colon, 6)
    if number < 0:
        return R_SUMMARY_SEAT_LINE
    for i in range(h.n):
        if h.seats[i].number == number:
            seat = i
    if seat < 0:
        return R_SUMMARY_NAME
    s = &h.seats[seat]
    p = colon + 2
    if e - p < s.name_n or memcmp(b + p, b + s.name_a, s.name_n) != 0:
        return R_SUMMARY_NAME
    if s.has_summary:
        return R_SUMMARY_TWICE
    s.has_summary = True
    p += s.name_n
    if _find(b, p, e, b"[") < 0 and _find(b, p, e, b" won ") < 0 and _find(b, p, e, b" collected ") < 0 \
            and _find(b, p, e, b"cashed") < 0:
        if _find(b, p, e, b" mucked") >= 0:  # folded, or did not bet
            s.mucked = True
        return R_OK
    if _find(b, p, e, b"cashed") >= 0 or _find(b, p, e, b"(pot not awarded") >= 0:
        return R_SUMMARY_SEAT_LINE
    at = _find(b, p, e, b" showed [")
    if at >= 0:
        close = _find(b, at + 9, e, b"]")
        n = _cards(b, at + 9, close, s.shown) if close >= 0 else -1
        if n < 0:
            return R_SUMMARY_SEAT_LINE
        s.shown_n = n
        s.showed = True
    at = _find(b, p, e, b" mucked [")
    if at >= 0:
        close = _find(b, at + 9, e, b"]")
        n = _cards(b, at + 9, close, s.shown) if close >= 0 else -1
        if n < 0:
            return R_SUMMARY_SEAT_LINE
        s.shown_n = n
        s.mucked = True
    close = _find(b, p, e, b"[")
    if _starts(b, p, e, b" mucked") or _find(b, p, close if close >= 0 else e, b" mucked") >= 0:
        s.mucked = True
    keys[0] = b" won "
    keys[1] = b" collected "
    for key in range(2):
        at = _find(b, p, e, keys[key])
        while at >= 0:
            start = at + strlen(keys[key])
            if start >= e or b[start] != 40:
                return R_SUMMARY_SEAT_LINE  # stated bare ("collected $10"): the reference reads those
            close = _find(b, start, e, b")")
            value = _amount(b, start + 1, close, scale) if close >= 0 else -1
            if value < 0:
                return R_SUMMARY_SEAT_LINE
            won += value
            at = _find(b, start, e, keys[key])
    if won:
        s.stated = won
    return R_OK


cdef int _total(cstr b, int64_t p, int64_t e, Hand* h, int64_t scale) noexcept nogil:
    """``Total pot $5.70[ Main pot $2.90.[ Side pot[-N] $2.55.]...] | Rake $0.25``, from
    after ``Total pot ``."""
    cdef int64_t space = _find(b, p, e, b" "), key, value
    cdef int count = 0, i
    if space < 0:
        return R_TOTAL_LINE
    h.total = _amount(b, p, space, scale)
    if h.total < 0:
        return R_TOTAL_LINE
    p = space
    if _starts(b, p, e, b" Main pot "):
        p += 10
        space = _find(b, p, e, b" ")
        if space < 0 or b[space - 1] != 46:
            return R_TOTAL_LINE
        value = _amount(b, p, space - 1, scale)
        if value < 0:
            return R_TOTAL_LINE
        h.net = True
        h.pot_keys[0] = 0
        h.pot_values[0] = value
        h.n_pots = 1
        p = space
        while _starts(b, p, e, b" Side pot"):
            p += 9
            if p < e and b[p] == 45:  # -N
                space = p + 1
                while space < e and _digit(b[space]):
                    space += 1
                key = _number(b, p + 1, space, 6)
                p = space
            else:
                key = count + 1
            count += 1
            if p >= e or b[p] != 32:
                return R_TOTAL_LINE
            p += 1
            space = _find(b, p, e, b" ")
            if space < 0 or b[space - 1] != 46:
                return R_TOTAL_LINE
            value = _amount(b, p, space - 1, scale)
            if value < 0 or key <= 0:
                return R_SIDE_POT
            for i in range(h.n_pots):
                if h.pot_keys[i] == key:
                    return R_SIDE_TWICE
            if h.n_pots == MAX_SIDES + 1:
                return R_TOO_MANY
            h.pot_keys[h.n_pots] = key
            h.pot_values[h.n_pots] = value
            h.n_pots += 1
            p = space
    else:
        h.pot_keys[0] = 0
        h.pot_values[0] = h.total
        h.n_pots = 1
    if not _starts(b, p, e, b" | Rake "):
        return R_TOTAL_LINE
    p += 8
    if _find(b, p, e, b" ") >= 0:
        return R_TOTAL_LINE
    h.rake = _amount(b, p, e, scale)
    return R_TOTAL_LINE if h.rake < 0 else R_OK


cdef int _settle(Hand* h) noexcept nogil:
    """The checks that make this hand an ordinary one: every seat dealt in has its summary
    line, the summary states what the pay lines paid, the money adds up, one board."""
    cdef int i
    cdef int64_t put_in = 0, pots = 0
    for i in range(h.n):
        if h.seats[i].dealt_in and not h.seats[i].has_summary:
            return R_DEALT_MISSING
    for i in range(h.n):
        if h.seats[i].paid != h.seats[i].stated:
            return R_CONTRADICTS
    for i in range(h.n):
        if h.seats[i].total < 0:
            return R_NEGATIVE
        put_in += h.seats[i].total
    for i in range(h.n_pots):
        pots += h.pot_values[i]
    if h.total != put_in or h.paid + h.rake != put_in or (h.net and pots != h.total - h.rake):
        return R_MONEY
    if h.board_n and h.summary_board_n and (h.board_n != h.summary_board_n
                                             or memcmp(h.board, h.summary_board, 2 * h.board_n) != 0):
        return R_BOARDS_DIFFER
    return R_OK


# ---------------------------------------------------------------------------- a hand read: its rows


cdef void _commit(Scanner sc, Output o, Lookups* look, Hand* h, int64_t k) noexcept nogil:
    cdef int64_t row = o.nh, i, j, base
    cdef int32_t game = sc.game_id[k]
    cdef Seat* s
    cdef int n
    cdef int64_t order[MAX_SIDES + 1]
    o.h_k[row] = k
    if look.g_blinds[game]:
        o.h_sb[row] = look.g_sb[game]
        o.h_bb[row] = look.g_bb[game]
    else:
        o.h_sb[row] = h.sb
        o.h_bb[row] = h.bb
    o.h_ante[row] = h.ante
    o.h_total[row] = h.total
    o.h_rake[row] = h.rake
    o.h_net[row] = h.net
    # the summary's board is the hand's; else the street lines'
    if h.summary_board_n:
        o.h_board_n[row] = h.summary_board_n
        memcpy(&o.h_board[row * 2 * MAX_CARDS], h.summary_board, 2 * h.summary_board_n)
    else:
        o.h_board_n[row] = h.board_n
        memcpy(&o.h_board[row * 2 * MAX_CARDS], h.board, 2 * h.board_n)
    # printed pots by their number
    for i in range(h.n_pots):
        order[i] = i
    for i in range(1, h.n_pots):
        j = i
        while j > 0 and h.pot_keys[order[j - 1]] > h.pot_keys[order[j]]:
            order[j - 1], order[j] = order[j], order[j - 1]
            j -= 1
    for i in range(h.n_pots):
        o.pots[o.npots] = h.pot_values[order[i]]
        o.npots += 1
    o.h_pots_end[row] = o.npots
    base = 0
    for i in range(h.n):
        s = &h.seats[i]
        j = o.ns
        base += s.total
        o.s_owner[j] = <int32_t>row
        o.s_seat[j] = <int32_t>s.number
        o.s_name_a[j] = s.name_a
        o.s_name_n[j] = s.name_n
        o.s_stack[j] = s.stack
        o.s_total[j] = s.total
        o.s_fold[j] = s.fold
        o.s_dealt[j] = s.dealt_in
        o.s_showed[j] = s.showed
        o.s_mucked[j] = s.mucked
        o.s_allin[j] = s.all_in
        n = s.shown_n if s.shown_n >= 0 else s.dealt_n
        o.s_cards_n[j] = n
        if n > 0 and s.shown_n >= 0:
            memcpy(&o.s_cards[j * 2 * MAX_CARDS], &s.shown[0], 2 * n)
        elif n > 0:
            memcpy(&o.s_cards[j * 2 * MAX_CARDS], &s.dealt[0], 2 * n)
        o.ns += 1
    o.h_pot_total[row] = base
    sha256(sc.b + sc.ls[sc.hline[k]], <size_t>((sc.ls[sc.hline[k + 1]] if k + 1 < sc.n_hands else sc.size)
                                                - sc.ls[sc.hline[k]]), &o.h_sha[row * 32])
    _fingerprint(sc, o, look, h, k, row)
    o.nh += 1


cdef inline int64_t _put(uint8_t* t, int64_t p, const char* s) noexcept nogil:
    cdef int64_t n = strlen(s)
    memcpy(t + p, s, n)
    return p + n


cdef inline int64_t _put_bytes(uint8_t* t, int64_t p, cstr s, int64_t n) noexcept nogil:
    memcpy(t + p, s, n)
    return p + n


cdef inline int64_t _put_int(uint8_t* t, int64_t p, int64_t v) noexcept nogil:
    cdef char digits[24]
    cdef int n = 0
    if v < 0:
        t[p] = 45
        p += 1
        v = -v
    while True:
        digits[n] = <char>(48 + v % 10)
        n += 1
        v //= 10
        if v == 0:
            break
    while n:
        n -= 1
        t[p] = digits[n]
        p += 1
    return p


cdef inline int64_t _put_cards(uint8_t* t, int64_t p, const uint8_t* cards, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if i:
            t[p] = 32
            p += 1
        t[p] = cards[2 * i]
        t[p + 1] = cards[2 * i + 1]
        p += 2
    return p


cdef void _fingerprint(Scanner sc, Output o, Lookups* look, Hand* h, int64_t k, int64_t row) noexcept nogil:
    """``audit.tables.content_fingerprints`` of this hand, from the rows just written: the
    canonical text (game, board, rake, fees; seats by number; payouts in byte order) and
    its 96-bit BLAKE2b."""
    cdef int64_t need = 1024, i, j, p, seat_rows = o.ns - h.n, pay0, npay, q
    cdef int32_t game = sc.game_id[k]
    cdef int64_t order[MAX_SEATS]
    cdef int64_t pay_at[64]
    cdef int64_t pay_len[64]
    cdef int64_t pay_order[64]
    cdef uint8_t* t
    cdef int n
    # payouts of this hand: every one of them stands in the rows after the hand's first
    pay0 = o.np_
    while pay0 > 0 and o.p_owner[pay0 - 1] == row:
        pay0 -= 1
    npay = o.np_ - pay0
    for i in range(h.n):
        need += 160 + h.seats[i].name_n
    need += 64 * npay + look.g_name_end[game + 1] - look.g_name_end[game]
    if need > o.text_size:
        free(o.text)
        o.text = <uint8_t*>malloc(need)
        o.text_size = need
    t = o.text
    p = _put(t, 0, b"H\n")
    p = _put_bytes(t, p, look.g_names + look.g_name_end[game], look.g_name_end[game + 1] - look.g_name_end[game])
    t[p] = 10
    p = _put_cards(t, p + 1, &o.h_board[row * 2 * MAX_CARDS], o.h_board_n[row])
    t[p] = 10
    p = _put_int(t, p + 1, h.rake)
    p = _put(t, p, b"\n0\n\n")
    for i in range(h.n):
        order[i] = seat_rows + i
    for i in range(1, h.n):
        j = i
        while j > 0 and o.s_seat[order[j - 1]] > o.s_seat[order[j]]:
            order[j - 1], order[j] = order[j], order[j - 1]
            j -= 1
    for i in range(h.n):
        j = order[i]
        if i:
            t[p] = 10
            p += 1
        p = _put(t, p, b"S\n")
        p = _put_int(t, p, o.s_seat[j])
        t[p] = 10
        p = _put_bytes(t, p + 1, sc.b + o.s_name_a[j], o.s_name_n[j])
        t[p] = 10
        p = _put_int(t, p + 1, o.s_total[j])
        t[p] = 10
        if o.s_fold[j] >= 0:
            p = _put(t, p + 1, _STREET_TEXT[o.s_fold[j]])
        else:
            p = _put(t, p + 1, b"-")
        p = _put(t, p, b"\ntrue\nfalse\n" if o.s_mucked[j] else b"\nfalse\nfalse\n")
        if o.s_showed[j] and o.s_cards_n[j] > 0:
            p = _put_cards(t, p, &o.s_cards[j * 2 * MAX_CARDS], o.s_cards_n[j])
    p = _put(t, p, b"\n\n")
    q = p + 8
    for i in range(npay):
        j = pay0 + i
        pay_at[i] = q
        q = _put(t, q, b"P\n")
        q = _put_int(t, q, o.p_seat[j])
        t[q] = 10
        q = _put_int(t, q + 1, o.p_amount[j])
        t[q] = 10
        q = _put_int(t, q + 1, o.p_pot[j] if o.p_pot[j] >= 0 else 0)
        q = _put(t, q, b"\n0\nunlabelled\npot" if o.p_half[j] == 0 else
                 (b"\n0\nwhole\npot" if o.p_source[j] == 0 else b"\n0\nwhole\nuncalled"))
        pay_len[i] = q - pay_at[i]
        pay_order[i] = i
    for i in range(1, npay):
        j = i
        while j > 0 and _text_after(t, pay_at[pay_order[j - 1]], pay_len[pay_order[j - 1]],
                                    pay_at[pay_order[j]], pay_len[pay_order[j]]):
            pay_order[j - 1], pay_order[j] = pay_order[j], pay_order[j - 1]
            j -= 1
    # the payout texts were written past the end: put them in place, in order
    q = _place_payouts(t, p, pay_at, pay_len, pay_order, npay, o)
    blake2b(o.text, <size_t>q, &o.h_fp[row * 12], 12)


cdef inline bint _text_after(uint8_t* t, int64_t a, int64_t an, int64_t b2, int64_t bn) noexcept nogil:
    """Is ``t[a:a+an]`` after ``t[b2:b2+bn]`` in byte order?"""
    cdef int64_t n = an if an < bn else bn
    cdef int c = memcmp(t + a, t + b2, n)
    return c > 0 or (c == 0 and an > bn)


cdef int64_t _place_payouts(uint8_t* t, int64_t p, int64_t* at, int64_t* length, int64_t* order, int64_t n,
                            Output o) noexcept nogil:
    cdef int64_t total = 0, i, q
    cdef uint8_t* tmp
    for i in range(n):
        total += length[i] + 1
    if total == 0:
        return p
    tmp = <uint8_t*>malloc(total)
    q = 0
    for i in range(n):
        if i:
            tmp[q] = 10
            q += 1
        memcpy(tmp + q, t + at[order[i]], length[order[i]])
        q += length[order[i]]
    memcpy(t + p, tmp, q)
    free(tmp)
    return p + q


# ---------------------------------------------------------------------------- Arrow-ready buffers


def hex_digests(const uint8_t[::1] raw, int size):
    """Fixed-size digests, back to back, as ``(offsets, UTF-8 bytes)`` of their hex texts."""
    cdef int64_t n = len(raw) // size, i, j
    offsets = np.arange(0, 2 * size * (n + 1), 2 * size, dtype=np.int32)
    text = bytearray(2 * size * n)
    cdef uint8_t[::1] t = text
    cdef const char* digits = b"0123456789abcdef"
    with nogil:
        for i in range(n * size):
            t[2 * i] = digits[raw[i] >> 4]
            t[2 * i + 1] = digits[raw[i] & 15]
    return offsets, bytes(text)


def gather(bytes data, const int64_t[::1] starts, const int64_t[::1] lengths, bytes prefix=b""):
    """Slices of ``data`` (each after ``prefix``) as ``(int32 offsets, bytes)``."""
    cdef int64_t n = len(starts), i, total = 0, p = 0, m = len(prefix)
    for i in range(n):
        total += lengths[i] + m
    if total >= 2**31:
        raise OverflowError("more text than a 32-bit offset reaches")
    offsets = np.empty(n + 1, np.int32)
    cdef int32_t[::1] off = offsets
    text = bytearray(total)
    cdef uint8_t* t = <uint8_t*>(<char*>text) if total else NULL
    cdef cstr src = <cstr>(<const char*>data)
    cdef cstr pre = <cstr>(<const char*>prefix)
    with nogil:
        for i in range(n):
            off[i] = <int32_t>p
            memcpy(t + p, pre, m)
            memcpy(t + p + m, src + starts[i], lengths[i])
            p += lengths[i] + m
        off[n] = <int32_t>p
    return offsets, bytes(text)


def card_lists(const uint8_t[::1] cards, const int8_t[::1] counts):
    """Per row, its cards (``counts[i]`` of them, two bytes each in a slot of
    ``MAX_CARDS``): list offsets, the cards' string offsets and bytes; rows with a count
    below zero (or, where ``empty_null``, zero) are null in ``valid``."""
    cdef int64_t n = len(counts), i, total = 0, q = 0, c, j
    for i in range(n):
        if counts[i] > 0:
            total += counts[i]
    list_offsets = np.empty(n + 1, np.int32)
    valid = np.empty(n, np.uint8)
    card_offsets = np.arange(0, 2 * (total + 1), 2, dtype=np.int32)
    text = bytearray(2 * total)
    cdef int32_t[::1] lo = list_offsets
    cdef uint8_t[::1] ok = valid
    cdef uint8_t* t = <uint8_t*>(<char*>text) if total else NULL
    with nogil:
        for i in range(n):
            lo[i] = <int32_t>q
            c = counts[i]
            ok[i] = c > 0
            if c > 0:
                memcpy(t + 2 * q, &cards[i * 2 * MAX_CARDS], 2 * c)
                q += c
        lo[n] = <int32_t>q
    return list_offsets, valid.astype(bool), card_offsets, bytes(text)


def sha256_digest(bytes data):
    """SHA-256 of ``data`` as this module computes it (for the tests against hashlib)."""
    cdef uint8_t out[32]
    sha256(<cstr>(<const char*>data), len(data), out)
    return bytes(out[:32])


def blake2b_digest(bytes data, int digest_size=12):
    """BLAKE2b of ``data`` as this module computes it (for the tests against hashlib)."""
    cdef uint8_t out[64]
    blake2b(<cstr>(<const char*>data), len(data), out, digest_size)
    return bytes(out[:digest_size])


def sha_extensions(use=None):
    """Whether SHA-256 runs on the processor's SHA instructions here; ``use=False`` makes
    it run the portable rounds (the tests check both), ``use=True`` detects them again."""
    if use is not None:
        hh_set_sha_ni(1 if use else 0)
    return bool(hh_has_sha_ni())


MAX_CARDS_PER_SLOT = MAX_CARDS
#: ``Scanner`` declines chunks with control characters or lines past ``longest_line`` (what
#: ``parsers.pokerstars_compiled`` asserts, so that a stale build is not trusted to)
SCREENS_CHUNKS = True
