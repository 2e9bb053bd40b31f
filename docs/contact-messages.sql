-- The contact form's table on a Supabase (PostgREST) backend: run this in the SQL editor. Run it
-- again after updating sahel: it keeps the messages and the owner's limits and brings a table
-- made by an earlier version of this file up to date (its checks, settings, functions and grants).
-- The site inserts one row per message as the anon role, sending `Prefer: return=minimal`:
-- anon may insert the visitor's five columns and the form's proof of work, and do nothing else,
-- not even read its row back; the one function it may call, contact_message_challenge(), tells
-- the form what to prove. The checks are the form's own rules (declared once in
-- site/src/features/contact/fields.ts, which __tests__/rules.test.ts there compares with this
-- file; the form sends the values trimmed, the phone with Western digits and the e-mail address
-- NFKC-normalised), so what the form accepts is stored and a request that skips the form gets no
-- further. The anon key is public, so the table defends itself: one row per request, a proof of
-- work per row (site/src/features/contact/proof-of-work.ts) that costs more the more messages
-- came in the last hour, and hourly limits per sender and, behind a gateway that gives the
-- client's address, per address, set in contact_message_limits. There is no cap on all senders
-- together: a flood makes every further message dearer to send, it cannot close the form.
-- scripts/test-contact-sql.sh tests this file.

-- pgcrypto's digest() and gen_random_bytes(), in the schema where Supabase keeps extensions.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

create table if not exists public.contact_messages (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  full_name text not null,
  email text not null,
  phone text not null,
  message text not null,
  language text not null,
  -- The proof of work: the minute it was made for (Unix time in minutes) and the nonce the form
  -- found; proof_hash is sha256(challenge || nonce), set by the trigger below, once per proof.
  -- Required from anon; the owner's inserts (the SQL editor, or a server with the service role
  -- key) may omit it.
  proof_minute bigint,
  proof_nonce bigint,
  proof_hash bytea,
  constraint contact_messages_proof_once unique (proof_hash),
  constraint contact_messages_full_name_length check (char_length(full_name) between 2 and 100),
  constraint contact_messages_full_name_not_blank check (full_name ~ '[^ \t\n\r\f\v]'),
  constraint contact_messages_email_length check (char_length(email) <= 254),
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

-- Added since the table was first published, here so that running the file again adds them to
-- an older table (a column already there is left as it is).
-- The client's network address (an IPv4 address, or the /64 of an IPv6 one), set by the trigger
-- from the header contact_message_limits.client_address_header names; null while that is off.
alter table public.contact_messages add column if not exists sender_address inet;
-- The e-mail address: one @, a dotted domain, no spaces (none of Unicode's either), no two dots
-- in a row, and no invisible character (zero-width characters and joiners, bidi controls, the
-- soft hyphen, variation selectors, tags...), which would make one address look like another.
-- The same characters as INVISIBLE in site/src/features/contact/sender.ts, with the spaces of
-- JavaScript's \s (__tests__/rules.test.ts compares them). NOT VALID: rows stored before are not
-- checked again (`alter table public.contact_messages validate constraint
-- contact_messages_email_format` checks them).
alter table public.contact_messages drop constraint if exists contact_messages_email_format,
  add constraint contact_messages_email_format check (
    email ~ '^[^@ \t\n\r\f\v]+@[^@. \t\n\r\f\v]+(\.[^@. \t\n\r\f\v]+)+$' and strpos(email, '..') = 0
    and email !~ '[\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
  ) not valid;

-- Supabase grants every role everything on a new table in the public schema: take it all back,
-- then let anon insert the visitor's columns only (id and created_at keep their defaults).
revoke all on table public.contact_messages from public, anon, authenticated;
revoke all on sequence public.contact_messages_id_seq from public, anon, authenticated;
grant insert (full_name, email, phone, message, language, proof_minute, proof_nonce) on table public.contact_messages to anon;

-- Row level security: anon may insert; no policy lets any API role read, change or delete.
alter table public.contact_messages enable row level security;
drop policy if exists "visitors can send messages" on public.contact_messages;
create policy "visitors can send messages" on public.contact_messages
  for insert to anon with check (true);

-- The limits, one row: change them with an UPDATE as the owner (in the SQL editor), e.g.
--   update public.contact_message_limits set per_sender_per_hour = 5, proof_bits_max = 23;
create table if not exists public.contact_message_limits (
  id boolean primary key default true constraint contact_message_limits_one_row check (id),
  -- messages an hour from one sender: one e-mail address (in any case, NFKC-normalised, +tag
  -- left out) or one phone number (as E.164)
  per_sender_per_hour integer not null default 3 check (per_sender_per_hour >= 0),
  -- the proof's difficulty when few messages come: leading zero bits of sha256(challenge ||
  -- nonce), each bit doubling a sender's work (18: about a second on a mid-range phone)
  proof_bits integer not null default 18 check (proof_bits between 0 and 64)
);
insert into public.contact_message_limits default values on conflict (id) do nothing;
-- Settings added since the table was first published (an older table gets them, at their
-- defaults, when the file runs again), and the two it had that are gone: all_senders_per_hour,
-- a cap that anyone could fill to close the form for an hour, and proof_max_age_minutes, as a
-- proof is now for the current minute or the one before.
alter table public.contact_message_limits
  drop column if exists all_senders_per_hour,
  drop column if exists proof_max_age_minutes,
  alter column proof_bits set default 18,
  -- one bit more for every this many messages stored in the hour before the proof's minute
  -- (0: the difficulty stays proof_bits) ...
  add column if not exists proof_bits_step integer not null default 20 check (proof_bits_step >= 0),
  -- ... up to this many bits (22: about 18 s on a mid-range phone, Chromium at 4x CPU slowdown)
  add column if not exists proof_bits_max integer not null default 22,
  -- messages an hour from one client address (an IPv4 address, or an IPv6 /64), counted only
  -- while client_address_header is set
  add column if not exists per_address_per_hour integer not null default 5 check (per_address_per_hour >= 0),
  -- the request header, in lowercase, that holds the client's address as the gateway in front
  -- of PostgREST sets it (Supabase: cf-connecting-ip); null, the default: no address is read and
  -- no header a client sends changes anything. A list (x-forwarded-for) is read from its last
  -- entry, the one the proxy nearest the database added.
  add column if not exists client_address_header text,
  -- the secret each minute's seed is made from (a proof cannot be made before its minute)
  add column if not exists proof_secret bytea not null default extensions.gen_random_bytes(32);
alter table public.contact_message_limits
  drop constraint if exists contact_message_limits_bits_max,
  add constraint contact_message_limits_bits_max check (proof_bits_max between proof_bits and 64),
  drop constraint if exists contact_message_limits_address_header,
  add constraint contact_message_limits_address_header check (client_address_header ~ '^[a-z0-9-]{1,64}$'),
  drop constraint if exists contact_message_limits_secret,
  add constraint contact_message_limits_secret check (octet_length(proof_secret) >= 16);
revoke all on table public.contact_message_limits from public, anon, authenticated;
alter table public.contact_message_limits enable row level security;

create index if not exists contact_messages_created_at on public.contact_messages (created_at);

-- A phone number as the limits count it, E.164: + and its digits (Arabic-Indic and Extended
-- Arabic-Indic ones read as 0-9), international with 00 (and any more zeros), a number dialled
-- locally read as the UAE's (0 becomes 971), a trunk prefix written (0) after a country code
-- dropped, and a UAE number's 0 after 971 dropped: +971 50 123 4567, 00971 50 123 4567,
-- 000971501234567, +971 (0)50 123 4567, +9710501234567 and 050-123-4567 are one sender.
-- contactPhoneKey in site/src/features/contact/sender.ts does the same (the test runs both).
create or replace function public.contact_phone_key(phone text) returns text
language sql immutable strict set search_path = ''
as $$
  select '+' || case when d ~ '^9710' then '971' || ltrim(substr(d, 4), '0') else d end
  from (
    select ltrim(case
      when international then digits
      when digits ~ '^0' then '971' || substr(digits, 2)
      else digits
    end, '0') as d
    from (
      select p ~ '^[[:space:]]*([+]|00)' as international,
        regexp_replace(case when p ~ '^[[:space:]]*([+]|00)' then regexp_replace(p, '[(][[:space:]]*0[[:space:]]*[)]', '', 'g') else p end,
          '[^0-9]', '', 'g') as digits
      from (select translate(phone, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789') as p) as western
    ) as parts
  ) as national
$$;

-- An e-mail address as the limits count it: NFKC-normalised (fullwidth letters are ASCII), in
-- lowercase, and without a +tag (sara+1@example.com is sara@example.com).
-- contactEmailKey in site/src/features/contact/sender.ts does the same.
create or replace function public.contact_email_key(email text) returns text
language sql immutable strict set search_path = ''
as $$
  select regexp_replace(lower(normalize(email, nfkc)), '^([^@+]+)[+][^@]*@', '\1@')
$$;

-- The client's address, from the header the limits name (null when none is named, or the header
-- is missing or not an address): an IPv4 address, or the /64 network of an IPv6 one (a home or
-- a phone gets a whole /64). PostgREST gives the request's headers, names in lowercase, as
-- request.headers.
create or replace function public.contact_client_address(header text) returns inet
language plpgsql stable set search_path = ''
as $$
declare
  raw text;
  address inet;
begin
  if header is null then
    return null;
  end if;
  raw := nullif(current_setting('request.headers', true), '')::json ->> header;
  address := btrim(split_part(raw, ',', -1))::inet;
  return case when family(address) = 6 then network(set_masklen(address, 64))::inet else host(address)::inet end;
exception when others then
  return null;
end
$$;

-- Each minute's seed: the challenge's first secret, unknown before the minute begins, so no
-- proof can be made in advance.
create or replace function public.contact_proof_seed(minute bigint) returns bytea
language sql stable security definer set search_path = ''
as $$
  select extensions.digest(l.proof_secret || convert_to('sahel-contact-seed ' || minute, 'UTF8'), 'sha256')
  from public.contact_message_limits l
$$;

-- A minute's difficulty: proof_bits, and one bit more for every proof_bits_step messages stored
-- in the hour before the minute began, up to proof_bits_max. Fixed when the minute begins, so a
-- proof made to the challenge of its minute is not refused because others were sent meanwhile.
create or replace function public.contact_proof_bits(minute bigint) returns integer
language plpgsql stable security definer set search_path = ''
as $$
declare
  limits public.contact_message_limits;
  counted integer;
begin
  select * into strict limits from public.contact_message_limits;
  if limits.proof_bits_step = 0 then
    return limits.proof_bits;
  end if;
  -- Counted no further than the rows that reach proof_bits_max.
  select count(*) into counted from (
    select from public.contact_messages m
    where m.created_at >= to_timestamp((minute - 60) * 60) and m.created_at < to_timestamp(minute * 60)
    limit (limits.proof_bits_max - limits.proof_bits) * limits.proof_bits_step
  ) as recent;
  return least(limits.proof_bits_max, limits.proof_bits + counted / limits.proof_bits_step);
end
$$;

-- What a proof for this minute must meet, as the form reads it: {"minute", "bits", "seed"}
-- (the seed in hex).
create or replace function public.contact_proof_challenge(minute bigint) returns json
language sql stable security definer set search_path = ''
as $$
  select json_build_object('minute', minute, 'bits', public.contact_proof_bits(minute),
    'seed', encode(public.contact_proof_seed(minute), 'hex'))
$$;

-- The form's one extra request: `POST <url>/rest/v1/rpc/contact_message_challenge` (body `{}`)
-- answers the challenge of the database's current minute. The form proves it and inserts; the
-- proof is accepted until the end of the next minute.
create or replace function public.contact_message_challenge() returns json
language sql stable security definer set search_path = ''
as $$
  select public.contact_proof_challenge(floor(extract(epoch from now()) / 60)::bigint)
$$;

-- Each row: one per request, the proof, then (one insert at a time, under a lock) the limits.
-- The errors are P0001, which PostgREST answers with HTTP 400 and {code, message, details, hint};
-- the message is a key the form recognises. A proof refused as missing, stale or too weak has
-- in its details the challenge to prove instead, as the function above answers it. Runs as the
-- table's owner, to count rows anon cannot read.
create or replace function public.contact_messages_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  limits public.contact_message_limits;
  server_minute bigint := floor(extract(epoch from now()) / 60);
  required integer;
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
  -- `set local role`, even in this security definer function). The owner, in the SQL editor or
  -- with the service role key, may insert without one.
  if current_setting('role') not in ('anon', 'authenticated') and new.proof_minute is null and new.proof_nonce is null then
    new.proof_hash := null;
  elsif new.proof_minute is null or new.proof_nonce is null then
    raise exception using errcode = 'P0001', message = 'proof_missing',
      detail = public.contact_proof_challenge(server_minute)::text,
      hint = 'proof_minute and proof_nonce are required: prove the challenge in details (site/src/features/contact/proof-of-work.ts).';
  elsif new.proof_minute not in (server_minute, server_minute - 1) then
    raise exception using errcode = 'P0001', message = 'proof_stale',
      detail = public.contact_proof_challenge(server_minute)::text,
      hint = format('A proof is for the server''s minute (%s) or the one before, not minute %s: prove the challenge in details.',
        server_minute, new.proof_minute);
  else
    required := public.contact_proof_bits(new.proof_minute);
    challenge := extensions.digest(convert_to(concat_ws(e'\n', 'sahel-contact-2', new.proof_minute::text,
      encode(public.contact_proof_seed(new.proof_minute), 'hex'),
      new.language, new.email, new.phone, new.full_name, new.message), 'UTF8'), 'sha256');
    new.proof_hash := extensions.digest(challenge || int8send(new.proof_nonce), 'sha256');
    zeros := position(b'1' in ('x' || encode(substr(new.proof_hash, 1, 8), 'hex'))::bit(64));
    zeros := case when zeros = 0 then 64 else zeros - 1 end;
    if zeros < required then
      raise exception using errcode = 'P0001', message = 'proof_invalid',
        detail = public.contact_proof_challenge(server_minute)::text,
        hint = format('sha256(challenge || nonce) starts with %s zero bits; %s are required for minute %s. The challenge is the sha256 of the version, minute, seed, language, e-mail, phone, name and message, one a line.',
          zeros, required, new.proof_minute);
    end if;
  end if;

  -- One insert at a time from here to the end of its transaction, so two at once cannot both
  -- see room for one more. The row's time is taken under the lock: a minute's difficulty counts
  -- the rows stored before it began, and none is stored later with an earlier time.
  perform pg_advisory_xact_lock(hashtextextended('public.contact_messages', 0));
  new.created_at := clock_timestamp();
  if new.proof_hash is not null and exists (select 1 from public.contact_messages where proof_hash = new.proof_hash) then
    raise exception using errcode = 'P0001', message = 'proof_reused',
      detail = 'This proof was already used for a message.', hint = 'Make a new proof for each message.';
  end if;
  select count(*) into recent from public.contact_messages m
  where m.created_at > now() - interval '1 hour'
    and (public.contact_email_key(m.email) = public.contact_email_key(new.email)
      or public.contact_phone_key(m.phone) = public.contact_phone_key(new.phone));
  if recent >= limits.per_sender_per_hour then
    raise exception using errcode = 'P0001', message = 'rate_limited_sender',
      detail = format('At most %s messages an hour from one e-mail address or phone number.', limits.per_sender_per_hour),
      hint = 'Try again later, or reach us on WhatsApp.';
  end if;
  new.sender_address := public.contact_client_address(limits.client_address_header);
  if new.sender_address is not null then
    select count(*) into recent from public.contact_messages m
    where m.created_at > now() - interval '1 hour' and m.sender_address = new.sender_address;
    if recent >= limits.per_address_per_hour then
      raise exception using errcode = 'P0001', message = 'rate_limited_address',
        detail = format('At most %s messages an hour from one address.', limits.per_address_per_hour),
        hint = 'Try again later, or reach us on WhatsApp.';
    end if;
  end if;
  return new;
end
$$;
create or replace trigger contact_messages_guard before insert on public.contact_messages
  for each row execute function public.contact_messages_guard();

-- Supabase lets API roles call new functions: these are only for the trigger and the challenge.
revoke all on function public.contact_phone_key(text) from public, anon, authenticated;
revoke all on function public.contact_email_key(text) from public, anon, authenticated;
revoke all on function public.contact_client_address(text) from public, anon, authenticated;
revoke all on function public.contact_proof_seed(bigint) from public, anon, authenticated;
revoke all on function public.contact_proof_bits(bigint) from public, anon, authenticated;
revoke all on function public.contact_proof_challenge(bigint) from public, anon, authenticated;
revoke all on function public.contact_messages_guard() from public, anon, authenticated;
-- The form's challenge is anon's to ask.
revoke all on function public.contact_message_challenge() from public, anon, authenticated;
grant execute on function public.contact_message_challenge() to anon;
