// A state file that cannot be written (a full disk, a read-only file) stops all play: every TD is
// told once, directly by mail (the outbox is in the state file), and again when it can be written
// (STORE_UNWRITABLE, STORE_WRITABLE). "Once" holds across restarts and `amici run --once` runs
// from cron: that the TDs were told is remembered in a small file beside the state file,
// `<store>.alert` — not in the state file, which is what cannot be written. The folder is the one
// amici keeps its run lock in, so it was writable when amici started; on a disk full to the last
// byte the note may not be written either (logged `remembered: false`), and a restart then tells
// the TDs again rather than not at all. A restart that finds the note does not tell them again,
// and tells them of the end when the store takes mail again, wherever that happens.

import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Logger } from './log.ts';
import type { RefereeService } from './referee-service.ts';
import type { Sender } from './transport.ts';

/** The outage of the state file the TDs may have been told of. */
interface StoreDown {
  /** Since when it cannot be written (ISO instant). */
  since: string;
  /** The TDs have been told (by this process or an earlier one). */
  told: boolean;
  error: string;
}

/** The note beside the state file `store` that the TDs were told; none for a store in memory. */
export const storeAlertFile = (store: string): string | undefined =>
  store === ':memory:' || store === '' ? undefined : `${store}.alert`;

function readNote(file: string | undefined): StoreDown | undefined {
  if (!file) return undefined;
  try {
    const note = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoreDown>;
    return typeof note.since === 'string' && note.told === true
      ? { since: note.since, told: true, error: String(note.error ?? '') }
      : undefined;
  } catch {
    return undefined; // none, or unreadable: as if the TDs were not told
  }
}

/** Writes the note (a new file renamed over the old one); whether it was written. */
function writeNote(file: string | undefined, down: StoreDown): boolean {
  if (!file) return false;
  try {
    writeFileSync(`${file}.new`, `${JSON.stringify(down)}\n`);
    renameSync(`${file}.new`, file);
    return true;
  } catch {
    rmSync(`${file}.new`, { force: true });
    return false;
  }
}

/** What the daemon and `run --once` do when the state file fails, and when it works again. */
export interface StoreAlerts {
  /** The state file could not be written (`e`, a store error): tell the TDs, once. */
  failed(e: Error): Promise<void>;
  /** The state file was written: if the TDs were told it could not be, tell them it can. */
  works(): void;
}

export function storeAlerts(parts: {
  service: RefereeService;
  sender: Sender;
  logger: Logger;
}): StoreAlerts {
  const { service, sender, logger } = parts;
  const file = storeAlertFile(service.store.path);
  // Told by an earlier process, and not yet of the end.
  let down: StoreDown | undefined = readNote(file);
  let logged = false;
  return {
    async failed(e: Error): Promise<void> {
      down ??= { since: service.clock().toISOString(), told: false, error: e.message };
      const told = down.told;
      let remembered: boolean | undefined;
      if (!down.told) {
        const mails = service.storeAlertMails({
          state: 'down',
          since: down.since,
          error: e.message,
        });
        let ok = mails.length > 0;
        for (const m of mails) {
          const r = await sender.send({
            messageId: m.messageId,
            from: m.sender,
            to: m.recipients,
            raw: m.raw,
          });
          ok &&= r.ok;
        }
        down.told = ok;
        if (ok) remembered = writeNote(file, down);
      }
      if (logged) return;
      logged = true;
      logger.error({
        code: 'STORE_UNWRITABLE',
        store: service.config.store.path,
        since: down.since,
        error: e.message,
        // The TDs: told now, told by an earlier run (not again), or not reached (tried again).
        tds: told ? 'told before' : down.told ? 'told' : 'not reached',
        ...(remembered === false ? { remembered: false } : {}),
      });
    },
    works(): void {
      if (!down) return;
      const { since, told } = down;
      down = undefined;
      logged = false;
      const until = service.clock().toISOString();
      logger.info({ code: 'STORE_WRITABLE', store: service.config.store.path, since, until });
      if (told)
        try {
          // The same Message-IDs whichever process sends it: queued once.
          service.store.enqueueMail(
            service.storeAlertMails({ state: 'back', since, until }),
            until,
          );
        } catch (e) {
          logger.error({ code: 'OUTBOX_ERROR', error: String((e as Error).stack ?? e) });
          return;
        }
      if (file) rmSync(file, { force: true });
    },
  };
}
