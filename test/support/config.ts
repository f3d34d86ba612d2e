// A raw (unvalidated) config for tests: the embedded default's mailboxes and store, and one
// event "Club" (tag CLUB, Prague) whose fields `event` adds to or replaces.

export const clubConfig = <E extends Record<string, unknown>>(event: E) => ({
  from: { address: 'referee@club.example' },
  inbox: { kind: 'maildir', path: './in' },
  outbox: { kind: 'pickup', path: './out' },
  store: { path: './amici.sqlite' },
  events: [
    {
      name: 'Club',
      tag: 'CLUB',
      td: { name: 'TD', address: 'td@club.example' },
      timeZone: 'Europe/Prague',
      ...event,
    },
  ],
});
