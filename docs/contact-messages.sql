-- The contact form's table on a Supabase (PostgREST) backend: run this once in the SQL editor.
-- The site inserts one row per message as the anon role, sending `Prefer: return=minimal`:
-- anon may insert the visitor's five columns and the form's proof of work, and do nothing else,
-- not even read its row back. The checks are the form's own rules (declared once in
-- site/src/features/contact/fields.ts, which __tests__/rules.test.ts there compares with this
-- file; the form sends the values trimmed and the phone with Western digits), so what the form
-- accepts is stored and a request that skips the form gets no further. The anon key is public,
-- so the table defends itself: one row per request, a proof of work per row
-- (site/src/features/contact/proof-of-work.ts), and hourly limits per sender and in all, set in
-- contact_message_limits. scripts/test-contact-sql.sh tests this file.

-- pgcrypto's digest(), in the schema where Supabase keeps extensions.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

create table public.contact_messages (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  full_name text not null,
  email text not null,
  phone text not null,
  message text not null,
  language text not null,
  -- The proof of work: the minute it was made (Unix time in minutes) and the nonce the form
  -- found; proof_hash is sha256(challenge || nonce), set by the trigger below, once per proof.
  -- Required from anon; a server's insert with the service role key (form_endpoint) may omit it.
  proof_minute bigint,
  proof_nonce bigint,
  proof_hash bytea,
  constraint contact_messages_proof_once unique (proof_hash),
  constraint contact_messages_full_name_length check (char_length(full_name) between 2 and 100),
  constraint contact_messages_full_name_not_blank check (full_name ~ '[^ \t\n\r\f\v]'),
  constraint contact_messages_email_length check (char_length(email) <= 254),
  -- one @, a dotted domain, no spaces, no two dots in a row
  constraint contact_messages_email_format check (
    email ~ '^[^@ \t\n\r\f\v]+@[^@. \t\n\r\f\v]+(\.[^@. \t\n\r\f\v]+)+$' and strpos(email, '..') = 0
  ),
  constraint contact_messages_phone_length check (char_length(phone) <= 25),
  -- digits, spaces, dashes, dots and parentheses; without those separators: + and 7 to 15
  -- digits, 00 and 7 to 15 digits, or a UAE number dialled locally (0 and 8 or 9 digits)
  constraint contact_messages_phone_format check (
    phone ~ '^[0-9+ ().-]+$'
    and translate(phone, ' ().-', '') ~ '^(\+[0-9]{7,15}|00[0-9]{7,15}|0[0-9]{8,9})$'
  ),
  constraint contact_messages_message_length check (char_length(message) between 10 and 2000),
  constraint contact_messages_message_not_blank check (message ~ '[^ \t\n\r\f\v]'),
  -- any code sahel's language table accepts (src/lang.rs, is_language_code), so adding a
  -- language changes nothing here: a BCP 47 tag, a 2 or 3 letter lowercase language and
  -- subtags of 1 to 8 letters or digits (ar, ur, zh-Hant, ar-AE), at most 35 characters
  constraint contact_messages_language check (
    char_length(language) <= 35 and language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$'
  )
);
-- A table made by an older version of this file takes only ar and en (`check (language in
-- ('ar', 'en'))`): give it the check above with this statement (run again, it changes nothing):
--   alter table public.contact_messages drop constraint if exists contact_messages_language,
--     add constraint contact_messages_language check (
--       char_length(language) <= 35 and language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$'
--     );

-- Supabase grants every role everything on a new table in the public schema: take it all back,
-- then let anon insert the visitor's columns only (id and created_at keep their defaults).
revoke all on table public.contact_messages from public, anon, authenticated;
revoke all on sequence public.contact_messages_id_seq from public, anon, authenticated;
grant insert (full_name, email, phone, message, language, proof_minute, proof_nonce) on table public.contact_messages to anon;

-- Row level security: anon may insert; no policy lets any API role read, change or delete.
alter table public.contact_messages enable row level security;
create policy "visitors can send messages" on public.contact_messages
  for insert to anon with check (true);

-- The limits, one row: change them with an UPDATE as the owner (in the SQL editor), e.g.
--   update public.contact_message_limits set per_sender_per_hour = 5, all_senders_per_hour = 500;
-- proof_bits must not exceed the form's PROOF_BITS, or no visitor's message gets through.
create table public.contact_message_limits (
  id boolean primary key default true constraint contact_message_limits_one_row check (id),
  -- messages an hour from one e-mail address (any case) or one phone number (digits only)
  per_sender_per_hour integer not null default 3 check (per_sender_per_hour >= 0),
  -- messages an hour from everyone together
  all_senders_per_hour integer not null default 200 check (all_senders_per_hour >= 0),
  -- leading zero bits of sha256(challenge || nonce): each bit doubles a sender's work
  proof_bits integer not null default 17 check (proof_bits between 0 and 64),
  -- how far the proof's minute may be from the database's clock, either way
  proof_max_age_minutes integer not null default 10 check (proof_max_age_minutes between 1 and 1440)
);
insert into public.contact_message_limits default values;
revoke all on table public.contact_message_limits from public, anon, authenticated;
alter table public.contact_message_limits enable row level security;

create index contact_messages_created_at on public.contact_messages (created_at);

-- A phone number as the limits count it: its digits, international (00 and a leading 0 dialled
-- in the UAE become 971), so +971 50 123 4567, 00971501234567 and 050-123-4567 are one sender.
create function public.contact_phone_key(phone text) returns text
language sql immutable strict set search_path = ''
as $$
  select case
    when d like '00%' then substr(d, 3)
    when d like '0%' and phone !~ '^[[:space:]]*[+]' then '971' || substr(d, 2)
    else d
  end
  from (select regexp_replace(phone, '[^0-9]', '', 'g') as d) as digits
$$;

-- Each row: one per request, the proof, then (one insert at a time, under a lock) the limits.
-- The errors are P0001, which PostgREST answers with HTTP 400 and {code, message, details, hint};
-- the message is a key the form recognises. Runs as the table's owner, to count rows anon cannot
-- read.
create function public.contact_messages_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  limits public.contact_message_limits;
  server_minute bigint := floor(extract(epoch from now()) / 60);
  challenge bytea;
  zeros integer;
  recent integer;
begin
  -- One row per transaction: PostgREST sends a JSON array as one INSERT of many rows, and this
  -- refuses its second row (a transaction-local setting marks the first).
  if current_setting('contact_messages.inserted', true) = 'yes' then
    raise exception using errcode = 'P0001', message = 'too_many_rows',
      detail = 'A request may insert one message.', hint = 'Send one JSON object, not an array.';
  end if;
  perform set_config('contact_messages.inserted', 'yes', true);
  select * into strict limits from public.contact_message_limits;

  -- The proof: from the API's public roles (current_setting('role') is the caller's, PostgREST's
  -- `set local role`, even in this security definer function). A server with the service role
  -- key, or the owner in the SQL editor, may insert without one.
  if current_setting('role') not in ('anon', 'authenticated') and new.proof_minute is null and new.proof_nonce is null then
    new.proof_hash := null;
  elsif new.proof_minute is null or new.proof_nonce is null then
    raise exception using errcode = 'P0001', message = 'proof_missing',
      detail = 'proof_minute and proof_nonce are required.',
      hint = 'The contact form computes them (site/src/features/contact/proof-of-work.ts).';
  elsif new.proof_minute not between server_minute - limits.proof_max_age_minutes
      and server_minute + limits.proof_max_age_minutes then
    raise exception using errcode = 'P0001', message = 'proof_stale',
      detail = format('server_minute=%s', server_minute),
      hint = format('The proof must be made within %s minutes of the server''s clock: make it again for the server''s minute.',
        limits.proof_max_age_minutes);
  else
    challenge := extensions.digest(convert_to(concat_ws(e'\n', 'sahel-contact-1', new.proof_minute::text,
      new.language, new.email, new.phone, new.full_name, new.message), 'UTF8'), 'sha256');
    new.proof_hash := extensions.digest(challenge || int8send(new.proof_nonce), 'sha256');
    zeros := position(b'1' in ('x' || encode(substr(new.proof_hash, 1, 8), 'hex'))::bit(64));
    zeros := case when zeros = 0 then 64 else zeros - 1 end;
    if zeros < limits.proof_bits then
      raise exception using errcode = 'P0001', message = 'proof_invalid',
        detail = format('sha256(challenge || nonce) starts with %s zero bits; %s are required.', zeros, limits.proof_bits),
        hint = 'The challenge is the sha256 of the version, minute, language, e-mail, phone, name and message, one a line.';
    end if;
  end if;

  -- One insert at a time from here to the end of its transaction, so two at once cannot both
  -- see room for one more.
  perform pg_advisory_xact_lock(hashtextextended('public.contact_messages', 0));
  if new.proof_hash is not null and exists (select 1 from public.contact_messages where proof_hash = new.proof_hash) then
    raise exception using errcode = 'P0001', message = 'proof_reused',
      detail = 'This proof was already used for a message.', hint = 'Make a new proof for each message.';
  end if;
  select count(*) into recent from public.contact_messages m
  where m.created_at > now() - interval '1 hour'
    and (lower(m.email) = lower(new.email) or public.contact_phone_key(m.phone) = public.contact_phone_key(new.phone));
  if recent >= limits.per_sender_per_hour then
    raise exception using errcode = 'P0001', message = 'rate_limited_sender',
      detail = format('At most %s messages an hour from one e-mail address or phone number.', limits.per_sender_per_hour),
      hint = 'Try again later, or reach us on WhatsApp.';
  end if;
  select count(*) into recent from public.contact_messages m where m.created_at > now() - interval '1 hour';
  if recent >= limits.all_senders_per_hour then
    raise exception using errcode = 'P0001', message = 'rate_limited_global',
      detail = format('At most %s messages an hour from all senders.', limits.all_senders_per_hour),
      hint = 'Try again later, or reach us on WhatsApp.';
  end if;
  return new;
end
$$;
create trigger contact_messages_guard before insert on public.contact_messages
  for each row execute function public.contact_messages_guard();

-- Supabase lets API roles call new functions: these are only for the triggers.
revoke all on function public.contact_phone_key(text) from public, anon, authenticated;
revoke all on function public.contact_messages_guard() from public, anon, authenticated;
