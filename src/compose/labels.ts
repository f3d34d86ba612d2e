// The words the composer puts into tables and lists (issue 4): side names, clock headers, result
// and end words, move-error kinds and reasons (P-4c), leave refusals (P-8a), one
// `templates/<lang>/labels.json` per language, every missing key taken from English. `{name}`
// placeholders are filled by `label()`. The details the rules core writes (claim verdicts, time
// claims, the end of a game) are said from `detail.<code>`, some in plural forms chosen by the
// count (`labelIfAny()`).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type LabelTree = { [key: string]: string | LabelTree };

function merge(base: LabelTree, over: LabelTree): LabelTree {
  const out: LabelTree = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    out[k] = typeof v === 'object' && typeof b === 'object' ? merge(b, v) : v;
  }
  return out;
}

function readLabels(dir: string, lang: string): LabelTree {
  const file = join(dir, lang, 'labels.json');
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof parsed === 'object' && parsed !== null ? (parsed as LabelTree) : {};
}

const cache = new Map<string, LabelTree>();

/** The labels of `lang` over English, read once per templates directory. */
export function loadLabels(dir: string, lang: string): LabelTree {
  const key = `${dir}\u0000${lang}`;
  const known = cache.get(key);
  if (known) return known;
  const labels = merge(readLabels(dir, 'en'), lang === 'en' ? {} : readLabels(dir, lang));
  cache.set(key, labels);
  return labels;
}

/** The label at a dotted path (`clock.live`), with `{name}` filled from `vars`; the path itself when missing. */
export function label(
  labels: LabelTree,
  path: string,
  vars: Record<string, string | number> = {},
): string {
  const node = lookup(labels, path);
  return typeof node === 'string' ? fill(node, vars) : path;
}

/** The entry at a dotted `path`: a text, a subtree (plural forms), or nothing. */
function lookup(labels: LabelTree, path: string): string | LabelTree | undefined {
  let node: string | LabelTree | undefined = labels;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

const fill = (text: string, vars: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (m, name: string) =>
    vars[name] === undefined ? m : String(vars[name]),
  );

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural form (`one`, `few`, `many`, `other`…) `lang` uses for the number `n`. */
export function pluralForm(lang: string, n: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(n);
}

/**
 * The label at `path` when it exists, else undefined; a label given as plural forms
 * (`{ "one": …, "few": …, "other": … }`) takes the form `Intl.PluralRules` of `lang` picks for
 * `vars.count` — or for the variable its `"plural"` entry names (`"plural": "over"`) — and
 * `other` when that form is missing. A form given as forms again (with its own `"plural"`)
 * picks by a second number, for a sentence with two counts.
 */
export function labelIfAny(
  labels: LabelTree,
  path: string,
  lang: string,
  vars: Record<string, string | number> = {},
): string | undefined {
  let node = lookup(labels, path);
  // A form may itself be forms for a second number: "spotřebovány 2 dny, zbývá 1 den" (cs).
  for (let depth = 0; typeof node === 'object' && depth < 3; depth++) {
    const by = typeof node.plural === 'string' ? node.plural : 'count';
    node = node[pluralForm(lang, Number(vars[by]))] ?? node.other;
  }
  return typeof node === 'string' ? fill(node, vars) : undefined;
}
