// The two mail adapters the daemon is built on, small and swappable (architecture.md): an
// inbox (a Maildir, or IMAP) that yields raw messages and files them after they are committed,
// and a sender (a pickup directory, or SMTP) that hands over one ready MIME message. Exactly-once
// comes from the store (inbound messages keyed by Message-ID and content hash; the outbox keeps
// ready mail with a stable Message-ID), so an adapter may repeat itself after a crash.

export const SETTLE_OUTCOMES = ['done', 'rejected', 'ignored'] as const;
/** Where a processed message goes: accepted, returned to the player, or never a transmission. */
export type SettleOutcome = (typeof SETTLE_OUTCOMES)[number];

export interface InboundItem {
  /** The adapter's own handle (a Maildir file name, an IMAP "UIDVALIDITY:UID"). */
  id: string;
  raw: Buffer;
  /** When it reached our mailbox (ISO instant): the real dispatch date of P-2j, P-6d. */
  receivedAt: string;
  /** A stored mail read again on the TD's word (`amici inbox replay`): the how-many-th time. */
  replay?: number;
  /**
   * The TD confirmed with the player that this stored mail is theirs (`amici inbox replay ID
   * --sender-confirmed`): it is read without the DKIM check of P-2d.
   */
  senderConfirmed?: boolean;
  /**
   * Why the inbox could not give the mail's bytes (an IMAP server that answered `BODY[] NIL`):
   * `raw` is empty, and reading the mail fails (`MailUnavailable`) until the inbox gives it. It
   * is not filed: it stays where it is and is read again.
   */
  unavailable?: string;
}

/** The mail of an `InboundItem` whose bytes the inbox could not give (`unavailable`). */
export class MailUnavailable extends Error {
  override name = 'MailUnavailable';
}

export interface Inbox {
  /** A short name for logs ("maildir ./var/inbox", "imap referee@host/INBOX"). */
  readonly name: string;
  /** Messages waiting now, oldest first (the catch-up on start and after each wake-up). */
  pending(): AsyncIterable<InboundItem>;
  /**
   * After the message's effects are committed: flag it and file it by outcome. Mail is never
   * deleted. Called at most once per item; must tolerate an item already filed.
   */
  settle(item: InboundItem, outcome: SettleOutcome): Promise<void>;
  /** Resolve when new mail may be waiting (IDLE, a file watch, a poll), or when `signal` aborts. */
  waitForMail(signal: AbortSignal): Promise<void>;
  /** Whether mail can be read now; an inbox that cannot fail (a Maildir) leaves this out. */
  health?(): InboxHealth;
  close(): Promise<void>;
}

/** An inbox that cannot be read: since when (ISO instant) and the last error. */
export type InboxHealth = { ok: true } | { ok: false; since: string; error: string };

export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string[];
  raw: Buffer;
}

export type SendResult =
  | { ok: true; response?: string }
  /** `permanent`: do not retry (a 5xx from SMTP); the TD is told. */
  | { ok: false; permanent: boolean; error: string };

export interface Sender {
  readonly name: string;
  /** How many sends may be in flight at once (default 1). */
  readonly concurrency?: number;
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): Promise<void>;
}

/** Where an IMAP inbox keeps its place: UIDVALIDITY and the last UID seen (in the store). */
export interface CheckpointStore {
  getCheckpoint(mailbox: string): { uidValidity: string; lastUid: number } | undefined;
  setCheckpoint(mailbox: string, uidValidity: string, lastUid: number): void;
}
