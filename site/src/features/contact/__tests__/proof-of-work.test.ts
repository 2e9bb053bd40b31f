// The proof of work the database checks (docs/contact-messages.sql): the solver's SHA-256 and its
// proofs are checked against node's own crypto, as PostgreSQL's pgcrypto computes them
// (scripts/test-contact-sql.sh has PostgreSQL check proofs this solver made).
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { challengeText, proofZeros, readChallenge, sha256, solveProof, type Challenge, type ProofInput } from '../proof-of-work';

const ROW: ProofInput = {
  full_name: 'سارة المنصوري',
  email: 'sara@example.com',
  phone: '+971 50 123 4567',
  message: 'أرغب في استخراج رخصة تجارية لشركة استشارات في البر الرئيسي.',
  language: 'ar',
};

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A minute's challenge, as the database gives it (the seed: any 32 bytes, in hex). */
const SEED = createHash('sha256').update('a minute').digest('hex');
const at = (minute: number, bits: number, seed = SEED): Challenge => ({ minute, bits, seed });
/** The form's difficulty when few messages come (the table's default proof_bits). */
const BITS = 18;

/** Leading zero bits of a hash, counted bit by bit (as the database does, from its hex). */
function zeroBits(hash: Buffer): number {
  const bits = [...hash].map((b) => b.toString(2).padStart(8, '0')).join('');
  const first = bits.indexOf('1');
  return first === -1 ? bits.length : first;
}

/** sha256(sha256(challenge text) || nonce as 8 bytes big-endian), with node's crypto. */
function proofHash(row: ProofInput, minute: number, nonce: number, seed = SEED): Buffer {
  const challenge = createHash('sha256').update(challengeText(row, minute, seed), 'utf8').digest();
  const n = Buffer.alloc(8);
  n.writeBigUInt64BE(BigInt(nonce));
  return createHash('sha256').update(Buffer.concat([challenge, n])).digest();
}

describe('sha256', () => {
  it.each([0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 1000])('matches node for %i bytes', (length) => {
    const data = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);
    expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
  });
  it('matches node for 2,000 Arabic letters in UTF-8', () => {
    const text = 'م'.repeat(2000);
    expect(hex(sha256(new TextEncoder().encode(text)))).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

describe('the challenge', () => {
  it('is the text the database builds: version, minute, seed, language, e-mail, phone, name, message, one a line', () => {
    expect(challengeText(ROW, 29_000_000, SEED)).toBe(
      `sahel-contact-2\n29000000\n${SEED}\nar\nsara@example.com\n+971 50 123 4567\nسارة المنصوري\n` + ROW.message,
    );
  });

  it('is read from the database as it sends it, and nothing else is taken for one', () => {
    expect(readChallenge({ minute: 29_000_000, bits: 19, seed: SEED })).toEqual(at(29_000_000, 19));
    expect(readChallenge(JSON.parse(`{"minute" : 29000000, "bits" : 18, "seed" : "${SEED}"}`))).toEqual(at(29_000_000, 18));
    for (const bad of [
      null, 'x', 42, {}, { minute: 29_000_000, bits: 18 }, { minute: '29000000', bits: 18, seed: SEED }, { minute: -1, bits: 18, seed: SEED },
      { minute: 1.5, bits: 18, seed: SEED }, { minute: 1, bits: 65, seed: SEED }, { minute: 1, bits: -1, seed: SEED }, { minute: 1, bits: 18, seed: 'ab' },
      { minute: 1, bits: 18, seed: SEED.toUpperCase() }, { minute: 2 ** 60, bits: 18, seed: SEED },
    ]) expect(readChallenge(bad), JSON.stringify(bad)).toBeNull();
  });
});

describe('solveProof', () => {
  it(`finds a nonce whose hash, computed by node, starts with the challenge's ${BITS} zero bits`, async () => {
    const minute = 29_123_456;
    const proof = await solveProof(ROW, at(minute, BITS));
    expect(proof.proof_minute).toBe(minute);
    expect(Number.isSafeInteger(proof.proof_nonce) && proof.proof_nonce >= 0).toBe(true);
    const hash = proofHash(ROW, minute, proof.proof_nonce);
    expect(zeroBits(hash)).toBeGreaterThanOrEqual(BITS);
    expect(proofZeros(ROW, proof, SEED)).toBe(zeroBits(hash));
    // The proof binds the message and the minute's seed: the same nonce for another message, or
    // another minute's seed, is (almost surely) no proof.
    expect(zeroBits(proofHash({ ...ROW, message: `${ROW.message}!` }, minute, proof.proof_nonce))).toBeLessThan(BITS);
    expect(zeroBits(proofHash(ROW, minute, proof.proof_nonce, createHash('sha256').update('another minute').digest('hex')))).toBeLessThan(BITS);
  });

  it('meets a higher difficulty when the challenge asks for it', async () => {
    const proof = await solveProof(ROW, at(5, BITS + 1), { start: 0 });
    expect(zeroBits(proofHash(ROW, 5, proof.proof_nonce))).toBeGreaterThanOrEqual(BITS + 1);
  });

  it('starts from a random nonce, so the same message sent twice gets two proofs', async () => {
    const a = await solveProof(ROW, at(1, 8));
    const b = await solveProof(ROW, at(1, 8));
    expect(a.proof_nonce).not.toBe(b.proof_nonce);
  });

  it('handles a nonce above 2^32, as the database reads it (8 bytes, big-endian)', async () => {
    const start = 2 ** 40 + 12345;
    const proof = await solveProof(ROW, at(7, 10), { start });
    expect(proof.proof_nonce).toBeGreaterThanOrEqual(start);
    expect(zeroBits(proofHash(ROW, 7, proof.proof_nonce))).toBeGreaterThanOrEqual(10);
  });

  afterEach(() => vi.restoreAllMocks());

  it('in a background tab, where timers are delayed, hashes in long slices instead of yielding often', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const search = () => solveProof(ROW, at(6, 16), { start: 0, sliceMs: 1 });
    const visible = await search();
    const visibleYields = timers.mock.calls.length;
    expect(visibleYields).toBeGreaterThan(2);
    timers.mockClear();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await search()).toEqual(visible);
    expect(timers.mock.calls.length).toBeLessThan(visibleYields / 2);
  });

  it('yields to the page while it searches, and stops when aborted', async () => {
    const controller = new AbortController();
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
      controller.abort(new Error('left the page'));
    }, 30);
    // 60 zero bits: never found in a test's time, so only the abort ends it.
    await expect(solveProof(ROW, at(1, 60), { sliceMs: 5, signal: controller.signal })).rejects.toThrow('left the page');
    expect(timerRan).toBe(true);
  });
});
