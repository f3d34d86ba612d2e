// Reading the configuration: YAML parsed, validated against the schema, errors named by their
// path ("events[0].players[2].addresses[0]: expected an email address"). Relative paths are
// taken from the config file's folder. Secrets are read from the environment by name only when
// a transport needs them.

import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import type { EventRules } from '../referee/index.ts';
import { defaultEventRules } from '../referee/index.ts';
import type { AmiciConfig, EventConfig } from './schema.ts';
import { configSchema } from './schema.ts';

export type ConfigResult =
  | { ok: true; config: AmiciConfig; file: string }
  | { ok: false; errors: string[] };

function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`))
    .join('');
}

export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${pathOf(i.path) || '(top level)'}: ${i.message}`);
}

/** Validate already-parsed YAML; `baseDir` resolves relative paths. */
export function validateConfig(data: unknown, baseDir: string): ConfigResult {
  const parsed = configSchema.safeParse(data);
  if (!parsed.success) return { ok: false, errors: formatIssues(parsed.error) };
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

/** The rulebook's settings for an event. */
export function eventRulesOf(e: EventConfig): EventRules {
  return defaultEventRules({
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
