// The contact form's proof of work, checked by the database (docs/contact-messages.sql): before a
// message is sent, the form asks the database for a challenge (`contact_message_challenge`: the
// database's minute, the number of bits and the minute's seed), then finds a nonce such that
// sha256(challenge || nonce) starts with that many zero bits, where the challenge is the sha256
// of the minute, its seed and the message itself. Finding one takes 2^bits hashes on average;
// checking it, two. The bits rise with the messages of the last hour: a visitor's phone spends
// about a second on it when few come, while the button says "Submitting..."; a script sending
// thousands of messages spends more on each, the more it sends. A proof cannot be made before
// its minute (the seed is unknown until then), is refused after the next, and is refused the
// second time.
//
// No third party and no Web Crypto (absent outside secure contexts, and a promise per hash is
// slow): a plain SHA-256, with the nonce's block hashed in place. The file imports nothing, so
// scripts/test-contact-sql.sh can run it with node to make the proofs the database must accept.

/** The first line of the challenge text; the database builds the same text. */
export const PROOF_VERSION = 'sahel-contact-2';
/** The database function that gives the challenge: `POST <url>/rest/v1/rpc/<this>` (docs/contact-messages.sql). */
export const CHALLENGE_FUNCTION = 'contact_message_challenge';

/** The row's values the proof binds, exactly as they are sent (trimmed). */
export interface ProofInput {
  full_name: string;
  email: string;
  phone: string;
  message: string;
  language: string;
}

/** What to prove, as the database gives it (`contact_message_challenge`, or a refusal's details). */
export interface Challenge {
  /** The database's minute: Unix time in minutes. */
  minute: number;
  /** Leading zero bits required. */
  bits: number;
  /** The minute's seed: 32 bytes, in lowercase hex. */
  seed: string;
}

export interface Proof {
  /** The minute the proof was made for: Unix time in minutes. */
  proof_minute: number;
  /** The nonce found, below 2^53 (a JSON number PostgreSQL reads as bigint exactly). */
  proof_nonce: number;
}

/** A challenge as the database sends it (JSON), or null when `value` is not one. */
export function readChallenge(value: unknown): Challenge | null {
  if (!value || typeof value !== 'object') return null;
  const { minute, bits, seed } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(minute) || (minute as number) < 0) return null;
  if (!Number.isInteger(bits) || (bits as number) < 0 || (bits as number) > 64) return null;
  if (typeof seed !== 'string' || !/^[0-9a-f]{64}$/.test(seed)) return null;
  return { minute: minute as number, bits: bits as number, seed };
}

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19] as const;

/** One SHA-256 compression of the 16 words at the start of `w` (64 long; overwritten) into `h`. */
function compress(h: Int32Array, w: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

/** SHA-256 of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  const padded = new Uint8Array((((data.length + 9 + 63) >> 6) << 6));
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = data.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);
  const h = Int32Array.from(IV);
  const w = new Int32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(block + i * 4);
    compress(h, w);
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setInt32(i * 4, h[i]!);
  return out;
}

/** The text whose sha256 is the challenge: the version, the minute, its seed, then the row's values. */
export function challengeText(input: ProofInput, minute: number, seed: string): string {
  return [PROOF_VERSION, String(minute), seed, input.language, input.email, input.phone, input.full_name, input.message].join('\n');
}

/** Leading zero bits of a 32-byte hash's first 8 bytes, given as two words (up to 64). */
function leadingZeros(h0: number, h1: number): number {
  return h0 === 0 ? 32 + Math.clz32(h1) : Math.clz32(h0);
}

/** Leading zero bits of sha256(challenge || nonce as 8 bytes, big-endian): what the database counts. */
export function proofZeros(input: ProofInput, proof: Proof, seed: string): number {
  const challenge = sha256(new TextEncoder().encode(challengeText(input, proof.proof_minute, seed)));
  const block = new Uint8Array(40);
  block.set(challenge);
  const view = new DataView(block.buffer);
  view.setUint32(32, Math.floor(proof.proof_nonce / 2 ** 32));
  view.setUint32(36, proof.proof_nonce >>> 0);
  const hash = new DataView(sha256(block).buffer);
  return leadingZeros(hash.getUint32(0), hash.getUint32(4));
}

export interface SolveOptions {
  /** The first nonce tried (default: random, so two sends of the same message differ). */
  start?: number;
  /** How long to hash before yielding to the page, in ms (keeps typing and spinners smooth). */
  sliceMs?: number;
  /** Called with the number of hashes tried, once solved (for measuring). */
  onDone?: (hashes: number) => void;
  /** Stops the search (the form was left): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Lets the page run (input, paint) between slices of hashing. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A background tab delays timers to a second or more: there, with nothing to paint, hash in
 * long slices so the proof does not stall.
 */
const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/** Finds a proof of `input` for the challenge: a nonce whose hash has `challenge.bits` leading zero bits. */
export async function solveProof(input: ProofInput, { minute, bits: wanted, seed }: Challenge, options: SolveOptions = {}): Promise<Proof> {
  const bits = Math.min(Math.max(wanted, 0), 64);
  const sliceMs = options.sliceMs ?? 12;
  const challenge = new DataView(sha256(new TextEncoder().encode(challengeText(input, minute, seed))).buffer);
  // The nonce's block, as words: the challenge (8 words), the nonce (2), the padding's 1 bit,
  // zeros, and the length (40 bytes = 320 bits). Only words 8 and 9 change between tries.
  const block = new Int32Array(16);
  for (let i = 0; i < 8; i++) block[i] = challenge.getInt32(i * 4);
  block[10] = 0x80000000 | 0;
  block[15] = 320;
  const w = new Int32Array(64);
  const h = new Int32Array(8);
  let nonce = options.start ?? Math.floor(Math.random() * 2 ** 52);
  let tried = 0;
  for (;;) {
    const sliceEnd = Date.now() + (hidden() ? 500 : sliceMs);
    do {
      for (let n = 0; n < 1024; n++, nonce++, tried++) {
        if (nonce >= 2 ** 53) nonce = 0;
        block[8] = Math.floor(nonce / 2 ** 32) | 0;
        block[9] = nonce | 0;
        w.set(block);
        h.set(IV);
        compress(h, w);
        if (leadingZeros(h[0]! >>> 0, h[1]! >>> 0) >= bits) {
          options.onDone?.(tried + 1);
          return { proof_minute: minute, proof_nonce: nonce };
        }
      }
    } while (Date.now() < sliceEnd);
    await yieldToPage();
    options.signal?.throwIfAborted();
  }
}
