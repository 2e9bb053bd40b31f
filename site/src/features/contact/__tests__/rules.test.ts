// @vitest-environment node
// The form's rules are the table's rules (docs/contact-messages.sql, tested against PostgreSQL by
// scripts/test-contact-sql.sh): what the form accepts and sends, the table stores. And they run
// in linear time on any input.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIELDS, fieldNames, type FieldSpec } from '../fields';
import { PROOF_VERSION, challengeText } from '../proof-of-work';
import { CHALLENGE_FUNCTION, PROVE_AGAIN, REFUSALS } from '../send-contact-message';
import { INVISIBLE } from '../sender';
import { charCount, fieldError, isDialable, isEmail, normalPhone, trimmed } from '../validate';

const SQL = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../docs/contact-messages.sql'), 'utf8');

describe('the table checks what the form checks', () => {
  // Each field of the declaration (fields.ts) is a column, with its length check, its
  // `not null` when the field is required, and anon's grant to insert it.
  it.each(fieldNames(FIELDS))('%s: the same column, requirement and length limits', (name) => {
    const spec: FieldSpec = FIELDS[name];
    const column = spec.column;
    expect(SQL).toMatch(new RegExp(`^  ${column} text${spec.required ? ' not null' : ''},?$`, 'm'));
    const length = spec.min === undefined ? `<= ${spec.max}` : `between ${spec.min} and ${spec.max}`;
    expect(SQL).toContain(`constraint contact_messages_${column}_length check (char_length(${column}) ${length})`);
    const granted = /grant insert \(([^)]*)\) on table public\.contact_messages to anon;/.exec(SQL)?.[1]?.split(', ');
    expect(granted).toContain(column);
  });

  it('with no column anon may insert that is not a field (but the language and the proof)', () => {
    const granted = /grant insert \(([^)]*)\) on table public\.contact_messages to anon;/.exec(SQL)?.[1]?.split(', ');
    const columns: string[] = fieldNames(FIELDS).map((name) => FIELDS[name].column);
    expect(granted?.filter((c) => !columns.includes(c))).toEqual(['language', 'proof_minute', 'proof_nonce']);
  });

  it('with a language check that takes any code of the language table, so adding one needs no SQL change', () => {
    const check = /constraint contact_messages_language check \(\s*char_length\(language\) <= 35 and language ~ '(\^[^']*\$)'\s*\)/.exec(SQL);
    expect(check).not.toBeNull();
    // The pattern reads the same in PostgreSQL and JavaScript (scripts/test-contact-sql.sh tries it
    // in PostgreSQL).
    const code = new RegExp(check?.[1] ?? '(?!)');
    const table = JSON.parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../languages.default.json'), 'utf8')) as { code: string }[];
    for (const c of [...table.map((l) => l.code), 'ur', 'fa', 'ckb', 'zh-Hant', 'ar-AE', 'es-419']) expect(c).toMatch(code);
    for (const c of ['', 'x', 'AR', 'english', 'ar en', '<script>', 'ar\n', 'ar_AE', 'ar-']) expect(c).not.toMatch(code);
  });

  it('counting characters as PostgreSQL does (an emoji is one character, not two)', () => {
    expect(charCount('😀')).toBe(1);
    expect(charCount('سارة')).toBe(4);
    expect(fieldError('fullName', '😀')).toBe('nameShort');
    expect(fieldError('fullName', '😀😀')).toBeUndefined();
    expect(fieldError('fullName', '😀'.repeat(100))).toBeUndefined();
    expect(fieldError('fullName', '😀'.repeat(101))).toBe('nameLong');
    expect(fieldError('message', '😀'.repeat(9))).toBe('messageShort');
  });

  it('sending the phone as the table takes it: Western digits, separators the table allows', () => {
    expect(normalPhone(' ٠٥٠\u00a0١٢٣\t\t٤٥٦٧ ')).toBe('050 123 4567');
    expect(trimmed({ fullName: ' Sara ', email: ' s@x.ae ', phone: '+971\u2007\u200750 123 4567', message: ' Hello there! ' })).toEqual({
      fullName: 'Sara', email: 's@x.ae', phone: '+971 50 123 4567', message: 'Hello there!',
    });
    // What the form accepts is made only of the table's phone characters, within its length.
    for (const raw of ['+971 50 123 4567', '(050) 123-45.67', '٠٥٠ ١٢٣ ٤٥٦٧', '+971\u00a050\t123 4567', '+971 (0) 50 - 123 - 45.67']) {
      expect(fieldError('phone', raw), raw).toBeUndefined();
      const sent = normalPhone(raw);
      expect(sent, raw).toMatch(/^[0-9+ ().-]+$/);
      expect(charCount(sent)).toBeLessThanOrEqual(FIELDS.phone.max);
    }
    // Runs of spaces count once, as they are sent once.
    expect(fieldError('phone', '+971     50     123     4567')).toBeUndefined();
    expect(fieldError('phone', '+971 (0) 50 - 123 - 4.5.67')).toBe('phone'); // 26 characters
  });
});

/** The code points a PostgreSQL bracket expression of `\uXXXX` and `\UXXXXXXXX` escapes lists. */
function sqlClass(body: string): Set<number> {
  const points = new Set<number>();
  const escapes = [...body.matchAll(/\\u([0-9a-f]{4})|\\U([0-9a-f]{8})|(-)/g)];
  expect(escapes.map((m) => m[0]).join(''), 'only escapes and ranges').toBe(body);
  for (let i = 0; i < escapes.length; i++) {
    const value = (m: RegExpMatchArray) => parseInt(m[1] ?? m[2]!, 16);
    const from = value(escapes[i]!);
    if (escapes[i + 1]?.[3]) {
      for (let c = from; c <= value(escapes[i + 2]!); c++) points.add(c);
      i += 2;
    } else points.add(from);
  }
  return points;
}

describe('the table and the form agree on senders', () => {
  it("the e-mail check refuses the form's invisible characters and JavaScript's spaces, and no other character", () => {
    const check = /constraint contact_messages_email_format check \([^]*?and email !~ '\[([^\]']*)\]'\s*\) not valid;/.exec(SQL);
    expect(check, 'the e-mail check with its character class').not.toBeNull();
    const table = sqlClass(check![1]!);
    const form = new Set<number>();
    // The ASCII white space is refused by the pattern's own [^@ \t\n\r\f\v]; the rest of \s here.
    for (let c = 0x80; c <= 0x10ffff; c++) if (INVISIBLE.test(String.fromCodePoint(c)) || /\s/.test(String.fromCodePoint(c))) form.add(c);
    expect([...table].sort((x, y) => x - y)).toEqual([...form].sort((x, y) => x - y));
  });
});

describe('the table and the form agree on the proof', () => {
  it(`anon may call the challenge function the form asks, ${CHALLENGE_FUNCTION}(), and it answers {minute, bits, seed}`, () => {
    expect(SQL).toMatch(new RegExp(`^create or replace function public\\.${CHALLENGE_FUNCTION}\\(\\) returns json$`, 'm'));
    expect(SQL).toContain(`grant execute on function public.${CHALLENGE_FUNCTION}() to anon;`);
    expect(SQL).toContain("json_build_object('minute', minute, 'bits', public.contact_proof_bits(minute),\n    'seed', encode(public.contact_proof_seed(minute), 'hex'))");
    // No other function is anon's.
    expect([...SQL.matchAll(/^grant execute on function (\S+) to anon;$/gm)].map((m) => m[1])).toEqual([`public.${CHALLENGE_FUNCTION}()`]);
  });

  it('the challenge is the same text: the version, the minute, its seed, the language, e-mail, phone, name and message', () => {
    const concat = /extensions\.digest\(convert_to\(concat_ws\(e'\\n', ([^]*?)\), 'UTF8'\), 'sha256'\)/.exec(SQL);
    expect(concat, "the guard's challenge").not.toBeNull();
    const parts = concat![1]!.split(/,\s*/).map((p) => p.trim());
    expect(parts).toEqual([
      `'${PROOF_VERSION}'`, 'new.proof_minute::text', "encode(public.contact_proof_seed(new.proof_minute)", "'hex')",
      'new.language', 'new.email', 'new.phone', 'new.full_name', 'new.message',
    ]);
    const input = { full_name: 'full_name', email: 'email', phone: 'phone', message: 'message', language: 'language' };
    expect(challengeText(input, 7, 'seed').split('\n')).toEqual([PROOF_VERSION, '7', 'seed', 'language', 'email', 'phone', 'full_name', 'message']);
  });

  it('every refusal the table raises is one the form knows, and those it proves again name the challenge', () => {
    const raised = [...SQL.matchAll(/raise exception using errcode = 'P0001', message = '([a-z_]+)',\s*detail = ([^,]*),/g)];
    expect(raised.map((m) => m[1]).sort()).toEqual(Object.keys(REFUSALS).sort());
    for (const [, message, detail] of raised) {
      expect(detail === 'public.contact_proof_challenge(server_minute)::text', `${message}'s details`).toBe(PROVE_AGAIN.has(message!));
    }
  });
});

describe('the rules take linear time on adversarial input', () => {
  const N = 50_000;
  function fast<T>(f: () => T): T {
    const start = performance.now();
    const value = f();
    expect(performance.now() - start).toBeLessThan(200);
    return value;
  }

  it('e-mail', () => {
    expect(fast(() => isEmail(`a@${'b.'.repeat(N)}@`))).toBe(false);
    expect(fast(() => isEmail(`a@b${'.c'.repeat(N)} `))).toBe(false);
    expect(fast(() => isEmail(`${'a'.repeat(N)}@${'b'.repeat(N)}`))).toBe(false);
    expect(fast(() => fieldError('email', `${'@'.repeat(N)}x`))).toBe('email');
  });

  it('phone', () => {
    expect(fast(() => isDialable(`+${' '.repeat(N)}1`))).toBe(false);
    expect(fast(() => isDialable(`${'٠'.repeat(N)}x`))).toBe(false);
    expect(fast(() => normalPhone(`1${' \t'.repeat(N)}2`))).toBe('1 2');
    expect(fast(() => fieldError('phone', `${'(-.) '.repeat(N / 4)}x`))).toBe('phone');
  });

  it('names and messages', () => {
    expect(fast(() => fieldError('fullName', `${' '.repeat(N)}x${' '.repeat(N)}`))).toBe('nameShort');
    expect(fast(() => fieldError('message', 'م'.repeat(N)))).toBe('messageLong');
  });
});
