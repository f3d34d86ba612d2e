// Rendering one mail from a per-language eta template (issue 4): `templates/<lang>/<name>.txt.eta`
// (English when the language or the template is missing) is rendered twice — as plain text, and
// HTML-escaped for the HTML part, where blank-line paragraphs become <p> and fixed-width blocks
// (board, clock table, score) become <pre>/<table>/<img> — then wrapped: the marker line first
// (src/mail/marker.ts), the shared `templates/_layout.html.eta` around the HTML. The template's
// first line is the subject.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import { AMICI_MARKER } from '../mail/marker.ts';

/** The repository's templates directory. */
export const TEMPLATES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'templates');

/** A fixed-width block: its text form, and its HTML form (already safe HTML). */
export interface Block {
  text: string;
  html: string;
}

export type RenderMode = 'text' | 'html';

const engines = new Map<string, { text: Eta; html: Eta }>();

function enginesFor(dir: string): { text: Eta; html: Eta } {
  const known = engines.get(dir);
  if (known) return known;
  // No automatic trimming: control lines end in `-%>` to drop their own newline.
  const common = { views: dir, defaultExtension: '', cache: true, autoTrim: false as const };
  const made = {
    text: new Eta({ ...common, autoEscape: false }),
    html: new Eta({ ...common, autoEscape: true }),
  };
  engines.set(dir, made);
  return made;
}

const templateLanguages = new Map<string, string>();

/**
 * The language whose template exists for `name`: `lang`, else English. Looked up once per
 * directory, language and template (templates are compiled once too: `cache: true`).
 */
export function templateLanguage(dir: string, lang: string, name: string): string {
  const key = `${dir}\0${lang}\0${name}`;
  let found = templateLanguages.get(key);
  if (found === undefined) {
    found =
      /^[a-z]{2,3}$/.test(lang) && existsSync(join(dir, lang, `${name}.txt.eta`)) ? lang : 'en';
    templateLanguages.set(key, found);
  }
  return found;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const HOLE = (n: number) => `\uE000${n}\uE001`;
const HOLE_RE = /\uE000(\d+)\uE001/g;

function paragraphs(body: string, blocks: readonly string[]): string {
  return body
    .split(/\n[ \t]*\n+/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.length > 0)
    .map((chunk) => {
      const html = chunk.replace(HOLE_RE, (_, n: string) => blocks[Number(n)] ?? '');
      return /^\uE000\d+\uE001$/.test(chunk)
        ? html
        : `<p style="margin:0 0 12px 0">${html.split('\n').join('<br>\n')}</p>`;
    })
    .join('\n');
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/**
 * Renders `<lang>/<name>.txt.eta` with `data`; `data.block(b)` places a fixed-width block.
 * `signature` closes both parts. `marker: false` leaves the marker line out: a letter printed
 * and posted to a player by post (P-2m) is answered on a card, not above a line. `preface`, a
 * paragraph that goes first.
 */
export function renderMail(
  dir: string,
  lang: string,
  name: string,
  data: Record<string, unknown>,
  signature: string,
  options: { marker?: boolean; preface?: string } = {},
): Rendered {
  const marker = options.marker === false ? '' : AMICI_MARKER;
  // A paragraph before the template's own (what its own words do not say: a letter written
  // anew, P-2m), plain text, escaped for the HTML part.
  const preface = options.preface ?? '';
  const { text: textEta, html: htmlEta } = enginesFor(dir);
  const file = `${lang}/${name}.txt.eta`;

  const text = textEta.render(file, { ...data, mode: 'text', block: (b: Block) => b.text });
  const holes: string[] = [];
  const htmlBody = htmlEta.render(file, {
    ...data,
    mode: 'html',
    block: (b: Block) => {
      holes.push(b.html);
      return `\n\n${HOLE(holes.length - 1)}\n\n`;
    },
  });

  const [subjectLine = '', ...rest] = text.split('\n');
  // Optional paragraphs (date corrections, warnings) leave blank lines behind when absent:
  // one blank line between paragraphs, as in the HTML part.
  const body = rest
    .join('\n')
    .replace(/^\s*\n/, '')
    .replace(/\s+$/, '')
    .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n');
  const htmlRest = htmlBody.split('\n').slice(1).join('\n');
  const html = htmlEta.render('_layout.html.eta', {
    lang,
    marker,
    body: `${preface ? `<p style="margin:0 0 12px 0">${escapeHtml(preface)}</p>\n` : ''}${paragraphs(htmlRest, holes)}`,
    signature,
  });
  return {
    subject: subjectLine.trim(),
    text: `${marker ? `${marker}\n\n` : ''}${preface ? `${preface}\n\n` : ''}${body}\n\n-- \n${signature}\n`,
    html,
  };
}

export const htmlEscape = escapeHtml;
