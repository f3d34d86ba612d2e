// Reading the configuration: YAML parsed, validated against the schema, errors named by their
// path ("events[0].players[2].addresses[0]: expected an email address"). Relative paths are
// taken from the config file's folder. Secrets are read from the environment by name only when
// a transport needs them.

import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import { pgnPersonName } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import type { EventRules } from '../referee/index.ts';
import { defaultEventRules } from '../referee/index.ts';
import { editDistance } from '../words.ts';
import type { AmiciConfig, EventConfig, GameConfig, PlayerConfig } from './schema.ts';
import { configSchema } from './schema.ts';

export type ConfigResult =
  | { ok: true; config: AmiciConfig; file: string }
  | { ok: false; errors: string[] };

function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`))
    .join('');
}

/** What a required key holds, for the message that says it is missing. */
const EXAMPLES: Record<string, string> = {
  td: 'td: { name: …, address: … }',
  timeZone: 'timeZone: Europe/Warsaw',
  tag: 'tag: CCC26',
  name: 'name: …',
  players: 'players: [ { id: …, name: …, addresses: [ … ] }, … ]',
  addresses: 'addresses: [ name@example.org ]',
  startsOn: 'startsOn: YYYY-MM-DD',
  events: 'events: [ { name: …, tag: …, td: …, players: …, games: … } ]',
};

const A_TYPE: Record<string, string> = {
  object: 'a mapping of keys',
  array: 'a list',
  string: 'a text',
  number: 'a number',
  boolean: 'true or false',
};

const valueAt = (data: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    data,
  );

/**
 * Which event, player or game a path is in, by the names the TD wrote ("event CCC26, player
 * novak"): a list index alone does not say which of twenty players is meant.
 */
function whereIn(data: unknown, path: readonly PropertyKey[]): string {
  const named: string[] = [];
  path.forEach((list, i) => {
    const by = NAMED_BY[String(list)];
    if (!by || typeof path[i + 1] !== 'number') return;
    const item = valueAt(data, path.slice(0, i + 2)) as Record<string, unknown> | undefined;
    const name = item?.[by.key];
    if (typeof name === 'string') named.push(`${by.what} ${name}`);
  });
  return named.length ? ` — in ${named.join(', ')}` : '';
}

/** The lists whose items a TD knows by a name: what the item is called, and its naming key. */
const NAMED_BY: Record<string, { what: string; key: string }> = {
  events: { what: 'event', key: 'tag' },
  players: { what: 'player', key: 'id' },
  games: { what: 'game', key: 'id' },
};

/**
 * The schema's complaints as a TD can act on them: the path, which event/player/game it is in,
 * a missing key said to be missing (with an example), an unknown key with the known one it is
 * probably a slip for ("timezone" — did you mean "timeZone"?).
 */
/** Keys under which a password itself would be written: the file names its variable instead. */
const SECRET_KEY = /^(?:pass(?:word)?|pwd|secret|smtpPassword|imapPassword)$/i;

export function formatIssues(error: z.ZodError, data?: unknown): string[] {
  const known = knownKeys(configSchema);
  const issues = error.issues;
  const lines: string[] = [];
  const meant = new Set<string>();
  for (const i of issues) {
    if (i.code !== 'unrecognized_keys') continue;
    for (const key of i.keys) {
      // A password written into the file: never kept there, only named (passwordEnv).
      if (SECRET_KEY.test(key)) {
        meant.add(pathOf([...i.path, 'passwordEnv']));
        lines.push(
          `${pathOf(i.path) || '(top level)'}: unknown key "${key}": a password is never written in this file; give passwordEnv: NAME, the name of an environment variable holding the password, never the password itself (export NAME=… before \`amici run\`), or tokenCommand (OAuth2)${whereIn(data, i.path)}`,
        );
        continue;
      }
      const near = nearest(key, [...known]);
      if (near) meant.add(pathOf([...i.path, near]));
      lines.push(
        `${pathOf(i.path) || '(top level)'}: unknown key "${key}"${near ? `; did you mean "${near}"?` : ''}${whereIn(data, i.path)}`,
      );
    }
  }
  const rest = issues.flatMap((i) => {
    if (i.code === 'unrecognized_keys') return [];
    const at = pathOf(i.path) || '(top level)';
    const missing =
      i.code === 'invalid_type' && data !== undefined && valueAt(data, i.path) === undefined;
    // A key written misspelt is reported once, as the slip, not also as missing.
    if ((missing || i.code === 'custom') && meant.has(at)) return [];
    const key = String(i.path.at(-1) ?? '');
    const options = (i as { options?: unknown[] }).options;
    const written = valueAt(data, i.path);
    const choice =
      i.code === 'invalid_union' && Array.isArray(options) && typeof written === 'string'
        ? { written, options: options.map(String) }
        : undefined;
    const meantOption = choice && nearest(choice.written, choice.options);
    const message = missing
      ? `missing: ${EXAMPLES[key] ? `expected ${EXAMPLES[key]}` : `expected ${A_TYPE[i.expected] ?? i.expected}`}`
      : choice
        ? `unknown ${key} "${choice.written}"; expected ${choice.options.join(', ')}${meantOption ? `; did you mean "${meantOption}"?` : ''}`
        : i.message;
    return [`${at}: ${message}${whereIn(data, i.path)}`];
  });
  return [...rest, ...lines];
}

/** The word of `words` that `word` is most likely a slip for (case, or a few letters), if any. */
function nearest(word: string, words: readonly string[]): string | undefined {
  return words
    .map((k) => ({ k, d: k.toLowerCase() === word.toLowerCase() ? 0 : editDistance(k, word) }))
    .filter((c) => c.d <= Math.max(1, Math.floor(word.length / 4)))
    .sort((a, b) => a.d - b.d)[0]?.k;
}

/** Every key any object of the schema knows: what a misspelt key is compared with. */
function knownKeys(schema: z.ZodType): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (s: unknown): void => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    const def = (s as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def.type === 'object') {
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        keys.add(k);
        walk(v);
      }
    }
    for (const k of ['element', 'innerType', 'in', 'out', 'valueType', 'left', 'right'])
      walk(def[k]);
    for (const k of ['options', 'items'])
      if (Array.isArray(def[k])) for (const o of def[k]) walk(o);
  };
  walk(schema);
  return keys;
}

/** Validate already-parsed YAML; `baseDir` resolves relative paths. */
export function validateConfig(data: unknown, baseDir: string): ConfigResult {
  const parsed = configSchema.safeParse(data);
  if (!parsed.success) return { ok: false, errors: formatIssues(parsed.error, data) };
  const config = parsed.data;
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(baseDir, p));
  config.store.path = abs(config.store.path);
  if (config.inbox.kind === 'maildir') config.inbox.path = abs(config.inbox.path);
  if (config.outbox.kind === 'pickup') config.outbox.path = abs(config.outbox.path);
  const tags = new Set<string>();
  const errors: string[] = [];
  config.events.forEach((e, i) => {
    if (tags.has(e.tag)) errors.push(`events[${i}].tag: "${e.tag}" is used by another event`);
    tags.add(e.tag);
  });
  return errors.length ? { ok: false, errors } : { ok: true, config, file: '' };
}

export async function loadConfig(file: string): Promise<ConfigResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return {
      ok: false,
      errors: [`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? e}`],
    };
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (e) {
    if (e instanceof YAMLParseError) {
      const pos = e.linePos?.[0];
      return {
        ok: false,
        errors: [`${file}${pos ? `:${pos.line}:${pos.col}` : ''}: ${e.message.split('\n')[0]}`],
      };
    }
    throw e;
  }
  const r = validateConfig(data, dirname(resolve(file)));
  return r.ok ? { ...r, file: resolve(file) } : r;
}

/**
 * A player's name in the PGN's White and Black tags, which a rating officer's database files
 * players by: `pgnName` as given, else "Surname, Firstname" from `name` when that is safe
 * (`pgnPersonName`: "Jan Kowalski" is "Kowalski, Jan"), else `name` as written — which
 * check-config warns of (`pgnNameWarnings`).
 */
export const pgnNameOf = (p: Pick<PlayerConfig, 'name' | 'pgnName'>): string =>
  p.pgnName ?? pgnPersonName(p.name) ?? p.name.trim();

/** A player's rating and ids as the PGN tags them (`gamePgn`), those the config gives. */
export const pgnIdsOf = (
  p: Pick<PlayerConfig, 'rating' | 'fideId' | 'iccfId'>,
): { rating?: number; fideId?: string; iccfId?: string } => ({
  ...(p.rating !== undefined ? { rating: p.rating } : {}),
  ...(p.fideId !== undefined ? { fideId: p.fideId } : {}),
  ...(p.iccfId !== undefined ? { iccfId: p.iccfId } : {}),
});

/**
 * What check-config says of the players' PGN names: the names amici swapped itself, for the TD
 * to check ("Wang Hao" would be "Hao, Wang"), and each name it could not swap and that has no
 * `pgnName`, which the PGN writes as it is.
 */
export function pgnNameWarnings(e: EventConfig): { derived: string[]; unsure: string[] } {
  const derived: string[] = [];
  const unsure: string[] = [];
  for (const p of e.players) {
    if (p.pgnName !== undefined) continue;
    const swapped = pgnPersonName(p.name);
    if (swapped === undefined) unsure.push(p.id);
    else if (swapped !== p.name.trim()) derived.push(`${p.name.trim()} → ${swapped}`);
  }
  return { derived, unsure };
}

/** How a game's moves travel: both players by email, both by post, or one each. */
export type GameMode = 'email' | 'postal' | 'mixed';

/**
 * Whether `player`'s moves in `game` travel by post: the game's own `mode`, else the player's
 * `post`, else the event's `mode`.
 */
export function playsByPost(e: EventConfig, game: GameConfig, player: PlayerConfig): boolean {
  return (
    (game.mode ?? (player.post === undefined ? e.mode : player.post ? 'postal' : 'email')) ===
    'postal'
  );
}

/** A game's mode from whether each of its players plays by post. */
export function gameModeOf(byPost: { white: boolean; black: boolean }): GameMode {
  return byPost.white && byPost.black ? 'postal' : byPost.white || byPost.black ? 'mixed' : 'email';
}

/**
 * Players who play by post in some game and have no `postalAddress`: amici's mail to them goes
 * to the TD to print and post with no address on it (P-2m). A warning, not an error: the TD may
 * keep the addresses elsewhere (a federation's register), and the copy says the address is
 * missing; but a TD who meant amici to give it should hear so before the first copy comes.
 * Each names the player, why they play by post, and where the key goes.
 */
export function postalAddressWarnings(c: AmiciConfig): string[] {
  return postalAddressGaps(c).map((g) => g.warning);
}

/**
 * The players of `postalAddressWarnings`, each with the event's tag and the player's id beside
 * the warning: what `amici run` logs at its start and at each reload (`CONFIG_NO_POSTAL_ADDRESS`).
 */
export function postalAddressGaps(
  c: AmiciConfig,
): { event: string; player: string; warning: string }[] {
  return c.events.flatMap((e, ei) =>
    e.players.flatMap((p, pi) => {
      if (p.postalAddress !== undefined) return [];
      const games = e.games.filter((g) => g.white === p.id || g.black === p.id);
      const byPost = games.filter((g) => playsByPost(e, g, p));
      if (!byPost.length && !(p.post === true && !games.length)) return [];
      const own = byPost.filter((g) => g.mode === 'postal').map((g) => g.id);
      const why =
        p.post === true
          ? 'post: true'
          : [
              ...(own.length ? [`mode: postal on game ${own.join(', ')}`] : []),
              ...(byPost.some((g) => g.mode === undefined) ? ["the event's mode: postal"] : []),
            ].join(' and ');
      return [
        {
          event: e.tag,
          player: p.id,
          warning: `player ${p.id} (${p.name}) of event ${e.tag} plays by post (${why}) and has no postalAddress: amici's every mail to them goes to the TD to print and post with no address to post it to (P-2m). Add postalAddress: "street, town, country" to events[${ei}].players[${pi}] (player ${p.id}).`,
        },
      ];
    }),
  );
}

const ownModes = new WeakMap<EventConfig, boolean>();

/**
 * Whether any game or player of the event sets a mode of its own. Without one, every game
 * follows the event's `mode` and the reminders wait the transit as they always did (P-3a),
 * for every game whatever the mode.
 */
function setsOwnModes(e: EventConfig): boolean {
  let own = ownModes.get(e);
  if (own === undefined) {
    own = e.games.some((g) => g.mode !== undefined) || e.players.some((p) => p.post !== undefined);
    ownModes.set(e, own);
  }
  return own;
}

/**
 * The rulebook's settings for an event, or for one of its games: given which of the game's
 * players play by post, the transit counts in the reminder's wait only for them (P-3a), once any
 * game or player of the event sets a mode of its own.
 */
export function eventRulesOf(
  e: EventConfig,
  byPost?: { white: boolean; black: boolean },
): EventRules {
  return defaultEventRules({
    ...(byPost && setsOwnModes(e) ? { byPost: { ...byPost } } : {}),
    ...(byPost && (byPost.white || byPost.black) ? { postal: { ...byPost } } : {}),
    timeControl: e.timeControl,
    delivery: e.delivery,
    excessesAllowed: e.excessesAllowed,
    penaltyDays: e.penaltyDays,
    ...(e.leavePerYear !== undefined ? { leavePerYear: e.leavePerYear } : {}),
    drawOffersFromMove: e.drawOffersFromMove,
    conditionalVisibility: e.conditionalVisibility,
    reminderDays: e.reminderDays,
    transitDays: e.transitDays,
    silenceDays: e.silenceDays,
    protestDays: e.protestDays,
    ...(e.endDate ? { endDate: e.endDate } : {}),
  });
}

/** The day an event begins (PGN `EventDate`): the first day any of its games starts. */
export function eventStartsOn(e: EventConfig): CalendarDate | undefined {
  return e.games.map((g) => g.startsOn).sort()[0];
}

/** A secret from the environment, by the name the config gives. */
export function secret(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

/** The parts of the configuration a running daemon holds open; changing them needs a restart. */
export const RESTART_ONLY = ['inbox', 'outbox', 'store', 'sweep'] as const;

/** Which of the restart-only parts differ between the configuration in force and an edited one. */
export function restartOnlyChanges(
  running: AmiciConfig,
  edited: AmiciConfig,
): (typeof RESTART_ONLY)[number][] {
  return RESTART_ONLY.filter((k) => JSON.stringify(running[k]) !== JSON.stringify(edited[k]));
}
