// `amici demo`: a short game played end to end on the embedded default — two players' mails
// dropped into a Maildir, amici deciding and writing its replies into a pickup directory — and
// the exchange shown. One player writes Polish algebraic, the other ICCF numeric; one forgets
// the repetition (P-2e, P-4d) and is told; the game ends in mate (L-5.1.1) and the TD gets the
// PGN (P-12). Nothing leaves the machine.

import { mkdir, mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { loadConfig } from '../config/load-config.ts';
import { runOnce } from '../daemon/daemon.ts';
import { memoryLogger } from '../daemon/log.ts';
import { createMaildirInbox, ensureMaildir } from '../daemon/maildir-inbox.ts';
import { createPickupSender } from '../daemon/pickup-sender.ts';
import { RefereeService } from '../daemon/referee-service.ts';
import { Store } from '../store/store.ts';
import type { CliIo } from './io.ts';
import { amiciCommand, argsOrExit } from './io.ts';

/** The demo event: two players, one game, on the embedded default (Maildir in, pickup out). */
export const DEMO_CONFIG = `from: { name: amici referee, address: referee@demo.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: amici demo event
    tag: DEMO
    td: { name: Anna Nowak, address: td@demo.example }
    timeZone: Europe/Warsaw
    timeControl: { preset: postal, moves: 10, days: 30 }
    players:
      - { id: jan, name: Jan Kowalski, addresses: [jan@demo.example], language: pl, notation: san:pl }
      - { id: petr, name: Petr Novák, addresses: [petr@demo.example], language: cs, notation: numeric }
    games:
      - { id: "1", white: jan, black: petr, startsOn: 2026-11-02 }
`;

const PLAYERS = {
  jan: { name: 'Jan Kowalski', address: 'jan@demo.example' },
  petr: { name: 'Petr Novák', address: 'petr@demo.example' },
} as const;

/** What each player sends, on which day, in their own notation. */
const SCRIPT: { who: keyof typeof PLAYERS; day: string; body: string }[] = [
  { who: 'jan', day: '2026-11-02', body: '1.e4\n\nPowodzenia!' },
  {
    who: 'petr',
    day: '2026-11-04',
    body: '1.5254 5755\n\nObdrženo: 2.11.2026\nOdesláno: 4.11.2026',
  },
  {
    who: 'jan',
    day: '2026-11-05',
    body: '1...e5 2.Gc4\n\nOtrzymano: 4.11.2026\nWysłano: 5.11.2026',
  },
  { who: 'petr', day: '2026-11-07', body: '2...2836' },
  {
    who: 'petr',
    day: '2026-11-07',
    body: '2.6134 2836\n\nObdrženo: 5.11.2026\nOdesláno: 7.11.2026',
  },
  { who: 'jan', day: '2026-11-08', body: '2...Sc6 3.Hh5' },
  { who: 'petr', day: '2026-11-10', body: '3.4185 7866' },
  { who: 'jan', day: '2026-11-11', body: '3...Sf6 4.Hxf7#' },
];

const DEMO_HELP = `usage: amici demo [--dir DIR] [--full]

Plays a short game end to end on the embedded default: two players' mails go into a Maildir,
amici referees them and writes its replies as .eml files, and the exchange is shown.
--dir keeps everything in DIR (default: a new temporary directory); --full shows whole mails.
`;

export async function demoCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'demo', DEMO_HELP, () =>
    parseArgs({
      args,
      options: {
        dir: { type: 'string' },
        full: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const dir = values.dir ?? (await mkdtemp(join(tmpdir(), 'amici-demo-')));
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'amici.yaml'), DEMO_CONFIG);
  const loaded = await loadConfig(join(dir, 'amici.yaml'));
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const config = loaded.config;
  let now = new Date('2026-11-02T09:00:00Z');
  const logger = memoryLogger();
  const store = new Store(config.store.path);
  const service = new RefereeService({ config, store, logger, clock: () => now });
  const inboxDir = join(dir, 'inbox');
  const outboxDir = join(dir, 'outbox');
  await ensureMaildir(inboxDir);
  const parts = {
    service,
    inbox: createMaildirInbox(inboxDir),
    sender: createPickupSender(outboxDir),
    logger,
    sweep: config.sweep,
  };
  service.ensureGames();
  io.out(`amici demo — a game by email on the embedded default, in ${dir}\n`);
  io.out(
    "  inbox:  a Maildir (players' mail is dropped into inbox/new)\n  outbox: a pickup directory (amici's replies are written as .eml files)\n\n",
  );
  const shown = new Set<string>();
  /** Prints the mails amici wrote since the last call (subjects sorted). */
  const showNew = async () => {
    const files = (await readdir(outboxDir)).filter((f) => f.endsWith('.eml') && !shown.has(f));
    const mails = await Promise.all(
      files.map(async (f) => ({ f, m: await simpleParser(await readFile(join(outboxDir, f))) })),
    );
    mails.sort((a, b) => (a.m.subject ?? '').localeCompare(b.m.subject ?? ''));
    for (const { f, m } of mails) {
      shown.add(f);
      const to = Array.isArray(m.to) ? m.to.map((x) => x.text).join(', ') : (m.to?.text ?? '');
      io.out(`   amici → ${to}\n   Subject: ${m.subject}\n`);
      const lines = (m.text ?? '').split('\n');
      const body = values.full ? lines : lines.slice(0, 14);
      for (const l of body) io.out(`   │ ${l}\n`);
      if (!values.full && lines.length > body.length)
        io.out(`   │ … (${lines.length - body.length} more lines; --full shows all)\n`);
      const attachments = m.attachments.map((a) => a.filename ?? a.contentType).join(', ');
      if (attachments) io.out(`   attached: ${attachments}\n`);
      io.out('\n');
    }
  };
  let n = 0;
  try {
    // The morning the game starts: the sweep tells both players (colours, who moves first).
    now = new Date(`${SCRIPT[0]!.day}T07:00:00Z`);
    io.out(`━━ ${SCRIPT[0]!.day}  the game starts:\n`);
    await runOnce(parts);
    await showNew();
    for (const step of SCRIPT) {
      now = new Date(`${step.day}T${String(9 + (n % 8)).padStart(2, '0')}:00:00Z`);
      const p = PLAYERS[step.who];
      const raw = [
        `From: ${p.name} <${p.address}>`,
        'To: amici referee <referee@demo.example>',
        `Subject: Re: [DEMO/1] move`,
        `Date: ${now.toUTCString()}`,
        `Message-ID: <demo-${++n}@demo.example>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        step.body,
        '',
      ].join('\r\n');
      const file = join(inboxDir, 'new', `${now.getTime()}.demo${n}.eml`);
      await writeFile(file, raw);
      await utimes(file, now, now);
      io.out(`━━ ${step.day}  ${p.name} → amici:  ${step.body.split('\n')[0]}\n`);
      await runOnce(parts);
      await showNew();
    }
    const state = service.state('DEMO/1');
    io.out(
      `Result: ${state.result?.result} (${state.result?.kind}, rule ${state.result?.rule}). ${shown.size} mails written to ${outboxDir}.\n`,
    );
    io.out(`Look around: ${amiciCommand()} games --config ${join(dir, 'amici.yaml')}\n`);
    return state.result ? 0 : 1;
  } finally {
    store.close();
  }
}
