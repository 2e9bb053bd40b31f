// The form's rules are the table's rules (docs/contact-messages.sql, tested against PostgreSQL by
// scripts/test-contact-sql.sh): what the form accepts and sends, the table stores. And they run
// in linear time on any input.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIELDS, fieldNames, type FieldSpec } from '../fields';
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
