"""numpy's seeding and PCG64 generator in compiled loops: the engines' games seeded in bulk.

:func:`mandalakit.core.contract.game_seeds` gives game ``g`` of a simulation the words of
``numpy.random.SeedSequence([seed, g]).generate_state(9)``; the game and each bot then make
``numpy.random.default_rng(word)``, a PCG64 generator seeded by ``SeedSequence(word)``. Doing
that in Python costs tens of microseconds a game. Here the same arithmetic runs compiled for a
whole chunk of games at once:

* :func:`_mix_entropy` and :func:`_generate` are ``SeedSequence``'s hash (pool of 4 words,
  the constants of numpy's ``bit_generator.pyx``);
* a generator is 6 uint64 words ``[state high, state low, increment high, increment low,
  has_uint32, uinteger]``, seeded as numpy's ``pcg64_set_seed`` seeds it and stepped as its
  ``pcg64_random_r`` steps it (128-bit LCG, XSL-RR output);
* :func:`random` is ``Generator.random()`` (53 bits), :func:`shuffle` is ``Generator.shuffle``
  of a 1-d array (``random_interval`` on buffered 32-bit draws), so :func:`permutation` is
  ``Generator.permutation``.

``tests/engines/test_fast_seeds.py`` checks every piece against numpy itself (pools, states, draws,
permutations of every length a game uses, for thousands of seeds).
"""

from __future__ import annotations

import numpy as np

from ._jit import njit

_U32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)
_XSHIFT = np.uint64(16)
_INIT_A = np.uint64(0x43B0D7E5)
_MULT_A = np.uint64(0x931E8875)
_INIT_B = np.uint64(0x8B51F9DD)
_MULT_B = np.uint64(0x58F38DED)
_MIX_MULT_L = np.uint64(0xCA01F9DD)
_MIX_MULT_R = np.uint64(0x4973F715)
_POOL = 4
_MULT_HIGH = np.uint64(0x2360ED051FC65DA4)  # PCG_DEFAULT_MULTIPLIER_128
_MULT_LOW = np.uint64(0x4385DF649FCCF645)
_DOUBLE = 1.0 / 9007199254740992.0  # 2**-53
#: Words of a generator's state (see the module docstring).
STATE = 6


@njit
def _hashmix(value, hash_const):
    value = (value ^ hash_const[0]) & _U32
    hash_const[0] = (hash_const[0] * _MULT_A) & _U32
    value = (value * hash_const[0]) & _U32
    return value ^ (value >> _XSHIFT)


@njit
def _mix(x, y):
    result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _U32
    return result ^ (result >> _XSHIFT)


@njit
def _mix_entropy(entropy, n, pool):
    """``SeedSequence.mix_entropy``: ``pool`` (4 words) from ``entropy[:n]`` (uint32 words in uint64)."""
    hash_const = np.empty(1, np.uint64)
    hash_const[0] = _INIT_A
    for i in range(_POOL):
        pool[i] = _hashmix(entropy[i] if i < n else np.uint64(0), hash_const)
    for i_src in range(_POOL):
        for i_dst in range(_POOL):
            if i_src != i_dst:
                pool[i_dst] = _mix(pool[i_dst], _hashmix(pool[i_src], hash_const))
    for i_src in range(_POOL, n):
        for i_dst in range(_POOL):
            pool[i_dst] = _mix(pool[i_dst], _hashmix(entropy[i_src], hash_const))


@njit
def _generate(pool, out):
    """``SeedSequence.generate_state(len(out))``: uint32 words (in uint64) from the pool."""
    hash_const = _INIT_B
    for i in range(len(out)):
        value = (pool[i % _POOL] ^ hash_const) & _U32
        hash_const = (hash_const * _MULT_B) & _U32
        value = (value * hash_const) & _U32
        out[i] = value ^ (value >> _XSHIFT)


@njit
def _words(n, out, start):
    """The uint32 words of the whole number ``n`` >= 0 into ``out[start:]``, lowest first (0: one
    word); return the index after them (numpy's ``_int_to_uint32_array``)."""
    out[start] = n & _U32
    start += 1
    n >>= _S32
    while n:
        out[start] = n & _U32
        start += 1
        n >>= _S32
    return start


@njit
def _mul128(a_high, a_low, b_high, b_low):
    """The low 128 bits of ``a * b`` as ``(high, low)``."""
    a0, a1 = a_low & _U32, a_low >> _S32
    b0, b1 = b_low & _U32, b_low >> _S32
    p00, p01, p10, p11 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    mid = (p00 >> _S32) + (p01 & _U32) + (p10 & _U32)
    low = (mid << _S32) | (p00 & _U32)
    high = p11 + (p01 >> _S32) + (p10 >> _S32) + (mid >> _S32)
    return high + a_high * b_low + a_low * b_high, low


@njit
def _step(state):
    """``pcg_setseq_128_step_r``: state = state * multiplier + increment (mod 2**128)."""
    high, low = _mul128(state[0], state[1], _MULT_HIGH, _MULT_LOW)
    new_low = low + state[3]
    state[0] = high + state[2] + (np.uint64(1) if new_low < low else np.uint64(0))
    state[1] = new_low


@njit
def seed_state(word, state):
    """``state`` (6 words) set to ``numpy.random.default_rng(word)``'s PCG64 state, for a whole number
    ``0 <= word < 2**64``: ``SeedSequence(word).generate_state(4, uint64)`` seeds it (``pcg64_set_seed``)."""
    entropy = np.zeros(2, np.uint64)
    pool = np.empty(_POOL, np.uint64)
    n = _words(np.uint64(word), entropy, 0)
    _mix_entropy(entropy, n, pool)
    out = np.empty(8, np.uint64)
    _generate(pool, out)
    init_high, init_low = out[0] | out[1] << _S32, out[2] | out[3] << _S32
    seq_high, seq_low = out[4] | out[5] << _S32, out[6] | out[7] << _S32
    state[0] = 0
    state[1] = 0
    state[2] = (seq_high << np.uint64(1)) | (seq_low >> np.uint64(63))  # increment = initseq << 1 | 1
    state[3] = (seq_low << np.uint64(1)) | np.uint64(1)
    _step(state)
    low = state[1] + init_low
    state[0] = state[0] + init_high + (np.uint64(1) if low < state[1] else np.uint64(0))
    state[1] = low
    _step(state)
    state[4] = 0
    state[5] = 0


@njit
def next64(state):
    """``pcg64_random_r``: the next 64 random bits (XSL-RR output of the stepped state)."""
    _step(state)
    x = state[0] ^ state[1]
    rot = state[0] >> np.uint64(58)
    return (x >> rot) | (x << ((np.uint64(64) - rot) & np.uint64(63)))


@njit
def random(state):
    """``Generator.random()``: a float64 uniform in [0, 1) from 53 random bits."""
    return float(next64(state) >> np.uint64(11)) * _DOUBLE


@njit
def _next32(state):
    """``pcg64_next32``: the low half of a 64-bit draw, its high half kept for the next call."""
    if state[4]:
        state[4] = 0
        return state[5]
    value = next64(state)
    state[4] = 1
    state[5] = value >> _S32
    return value & _U32


@njit
def _interval(state, top):
    """``random_interval(top)``: uniform in 0..top by masked 32-bit draws (top < 2**32)."""
    mask = np.uint64(top)
    for shift in (1, 2, 4, 8, 16):
        mask |= mask >> np.uint64(shift)
    value = _next32(state) & mask
    while value > np.uint64(top):
        value = _next32(state) & mask
    return np.int64(value)


@njit
def shuffle(state, x):
    """``Generator.shuffle`` of the 1-d array ``x``, in place."""
    for i in range(len(x) - 1, 0, -1):
        j = _interval(state, i)
        if i != j:
            x[i], x[j] = x[j], x[i]


@njit
def permutation(state, n):
    """``Generator.permutation(n)``: 0..n-1 shuffled (int64)."""
    x = np.arange(n)
    shuffle(state, x)
    return x


@njit
def game_states(seed_words, n_seed, start, stop, seats, states):
    """The generators of games ``start`` to ``stop - 1`` of a simulation with master seed words
    ``seed_words[:n_seed]``: ``states[i, 0]`` the game's, ``states[i, 1 + s]`` seat ``s``'s bot's, as
    :func:`mandalakit.core.contract.game_seeds` and ``default_rng`` make them (``seats`` <= 8)."""
    entropy = np.zeros(n_seed + 2, np.uint64)
    entropy[:n_seed] = seed_words[:n_seed]
    pool = np.empty(_POOL, np.uint64)
    words = np.empty(9, np.uint64)
    for g in range(start, stop):
        n = _words(np.uint64(g), entropy, n_seed)
        _mix_entropy(entropy, n, pool)
        _generate(pool, words)
        for k in range(seats + 1):
            seed_state(words[k], states[g - start, k])


@njit
def streams(states, blocks, out):
    """``out[i, s]``: the first ``out.shape[2]`` uniform numbers bot ``(i, s)`` uses, in order of use,
    from its generator ``states[i, s]`` (not moved on): drawn in blocks of ``blocks[i, s]`` used from
    the end of each (a random bot), or one after the other (0). ``out.shape[2]`` is a whole
    number of blocks."""
    state = np.empty(STATE, np.uint64)
    size = out.shape[2]
    for i in range(out.shape[0]):
        for s in range(out.shape[1]):
            state[:] = states[i, s]
            block = blocks[i, s]
            if block:
                for first in range(0, size, block):
                    for j in range(block):
                        out[i, s, first + block - 1 - j] = random(state)
            else:
                for j in range(size):
                    out[i, s, j] = random(state)


@njit
def permutations(states, n, out):
    """``out[i] = permutation(states[i], n)`` for every row (the generators move on)."""
    for i in range(out.shape[0]):
        out[i] = permutation(states[i], n)


def seed_words(seed: int) -> np.ndarray:
    """The uint32 words of the master seed ``seed`` >= 0, lowest first (numpy's coercion of an int)."""
    words = []
    while True:
        words.append(seed & 0xFFFFFFFF)
        seed >>= 32
        if not seed:
            return np.array(words, np.uint64)


def from_generator(rng: np.random.Generator) -> np.ndarray:
    """The 6 state words of ``rng``'s PCG64 bit generator (for a kernel to draw from)."""
    st = rng.bit_generator.state
    mask = (1 << 64) - 1
    return np.array([st["state"]["state"] >> 64, st["state"]["state"] & mask, st["state"]["inc"] >> 64,
                     st["state"]["inc"] & mask, st["has_uint32"], st["uinteger"]], np.uint64)


def to_generator(state: np.ndarray, rng: np.random.Generator) -> None:
    """Set ``rng``'s PCG64 bit generator to the 6 state words ``state`` (after a kernel drew from them)."""
    high, low, inc_high, inc_low, has, value = (int(x) for x in state)
    rng.bit_generator.state = {"bit_generator": "PCG64",
                               "state": {"state": high << 64 | low, "inc": inc_high << 64 | inc_low},
                               "has_uint32": has, "uinteger": value}
