-- The contact form's table on a Supabase (PostgREST) backend: run this once in the SQL editor.
-- The site inserts one row per message as the anon role, sending `Prefer: return=minimal`:
-- anon may insert the visitor's five columns and do nothing else, not even read its row back.
-- The checks are the form's own rules (site/src/features/contact/validate.ts, which sends the
-- values trimmed and the phone with Western digits), so what the form accepts is stored and a
-- request that skips the form gets no further. scripts/test-contact-sql.sh tests this file.
create table public.contact_messages (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  full_name text not null,
  email text not null,
  phone text not null,
  message text not null,
  language text not null,
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
  constraint contact_messages_language check (language in ('ar', 'en'))
);

-- Supabase grants every role everything on a new table in the public schema: take it all back,
-- then let anon insert the visitor's columns only (id and created_at keep their defaults).
revoke all on table public.contact_messages from public, anon, authenticated;
revoke all on sequence public.contact_messages_id_seq from public, anon, authenticated;
grant insert (full_name, email, phone, message, language) on table public.contact_messages to anon;

-- Row level security: anon may insert; no policy lets any API role read, change or delete.
alter table public.contact_messages enable row level security;
create policy "visitors can send messages" on public.contact_messages
  for insert to anon with check (true);
