// What a mail did, in one line a TD reads at a glance: "played 4.Ba4", "rejected: the
// repetition "3...Nf6" is not the move played: 3...a6 [P-2e]; penalty 5 days", "game ends 1-0
// (resign)". The inbox keeps it beside each mail (P-5a, P-5d), and `amici explain`, `amici td`
// and `amici post` word a rejection the same way.

import { moveNumber, writeMove } from '../chess/index.ts';
import { compareDates } from '../clock/index.ts';
import { appealedText } from './appeal.ts';
import type { Effect, Problem } from './effect.ts';
import type { GameState } from './game-state.ts';

/** Moves written only in a question or a thought ("Maybe 4.Ba4"), as the TD reads of them. */
export const thoughtsText = (thoughts: readonly string[]): string =>
  `${thoughts.join(', ')} only in a question or a thought`;

/** A rejected transmission: why, the rule ids, the penalty if one was given. */
export const rejectionText = (e: Effect & { kind: 'transmission-rejected' }): string =>
  `${problemText(e.problem)} [${e.rules.join(', ')}]${e.penaltyDays ? `; penalty ${e.penaltyDays} days` : ''}${(e.also ?? []).map((p) => `; not counted: ${problemText(p)}`).join('')}`;

/** Why a transmission was not accepted, with what the game expected. */
export function problemText(p: Problem): string {
  switch (p.code) {
    case 'move':
      return `"${p.error.text}" ${p.error.kind.toLowerCase()}: ${p.error.message}${p.error.candidates?.length ? ` (${p.error.candidates.join(', ')})` : ''}`;
    case 'repetition-missing':
      return `the repetition of the opponent's last move is missing: write ${p.expected.join(' ')} first`;
    case 'repetition-wrong':
      return `the repetition "${p.written}" is not the move played: ${p.expected.join(' ')}`;
    case 'score-differs':
      return `the moves before the repetition differ from the game: "${p.written}" where the game has ${p.expected}`;
    case 'extra-moves':
      return `more moves than one: ${p.written.join(' ')}`;
    case 'blank':
      if (p.thoughts) return `no move sent: ${thoughtsText(p.thoughts)}`;
      return p.drawOffer ? 'a draw offer with no move' : 'no move';
    case 'corrected':
      return `${p.slips.join(', ')}, corrected in the same mail (L-4.2)`;
    case 'other-letters':
      return `"${p.written}" read in another language's piece letters (P-2b)`;
    case 'not-relayed':
      return `words not passed on: "${p.words}"`;
    case 'kept-back':
      return `kept back with the move: ${[p.drawOffer ? 'the draw offer' : '', p.conditional ? `the conditional line ${p.conditional}` : ''].filter(Boolean).join(', ')}`;
    case 'game-over':
      return `the game is over (${p.result === '*' ? 'annulled' : p.result})`;
    case 'line-deviation':
      return `a move of the accepted conditional line changed: "${p.written}" where the line has ${p.expected}`;
    case 'not-your-turn':
      return 'not the sender’s turn';
    case 'slip-stands':
      return `a correction to ${p.meant} of a move already sent, which stands: nothing played`;
    case 'no-draw-offer':
      return `a draw accepted, but no draw offer of the opponent stands${p.declinedBy !== undefined ? ` (the sender’s own move, ply ${p.declinedBy + 1}, declined it)` : ''}: nothing agreed${p.ownOffer ? ' (the sender’s own offer stands)' : ''}${p.words ? `; words not passed on: "${p.words}"` : ''}`;
    case 'offer-standing':
      return "no move, and the opponent's draw offer not answered plainly";
    case 'draw-offer-too-early':
      return `draw offer before move ${p.fromMove}, not passed on`;
    case 'conditional-refused':
      return `conditional line not accepted: "${p.error.text}" ${p.error.kind.toLowerCase()}: ${p.error.message}`;
    case 'claim-needs-move':
      return 'a wrong claim with no move to play';
    case 'tablebase-too-many-pieces':
      return `a tablebase claim with ${p.pieces} pieces (7 at most)`;
    case 'leave-refused':
      return `leave not recorded: ${p.reason}${p.available !== undefined ? ` (${p.available} days left${p.year ? ` in ${p.year}` : ''})` : ''}${p.overlaps ? ` (overlaps ${p.overlaps.from}..${p.overlaps.to})` : ''}${p.tdAsked ? `; the TD asked for ${p.tdAsked.from}..${p.tdAsked.to} (P-8c)` : ''}`;
    case 'leave-not-in-advance':
      return `leave not announced in advance${p.tdAsked ? `; the TD asked for ${p.tdAsked.from}..${p.tdAsked.to} (P-8c)` : ''}`;
    case 'leave-unread':
      return `leave dates not read: "${p.words}"`;
  }
}

/** The moves at `plies` (indices into `after.plies`) that `before` did not have, as SAN. */
function movesPlayed(before: GameState, after: GameState, plies: readonly number[]): string {
  const pos = before.pos.clone();
  const written: string[] = [];
  for (let i = before.plies.length; i < after.plies.length; i++) {
    const ply = after.plies[i];
    if (!ply) break;
    const san = writeMove(pos, ply.move, { kind: 'san', lang: 'en' });
    pos.play(ply.move);
    if (plies.includes(i)) written.push(`${moveNumber(ply.number, ply.side)}${san}`);
  }
  return written.join(' ');
}

/**
 * The effects of one mail on one game, as a line for the inbox. `before` and `after` are the
 * game as it was and as the mail left it, so the moves played read in SAN.
 */
export function effectSummary(
  effects: readonly Effect[],
  before: GameState,
  after: GameState,
): string {
  const parts: string[] = [];
  for (const e of effects) {
    switch (e.kind) {
      case 'move-accepted': {
        const moves = movesPlayed(before, after, e.plies);
        parts.push(
          [
            moves ? `played ${moves}` : 'accepted',
            ...(e.corrections.length
              ? [`dates recorded (${[...new Set(e.corrections.map((c) => c.rule))].join(', ')})`]
              : []),
            ...e.warnings.map((w) =>
              w.code === 'corrected' || w.code === 'not-relayed' || w.code === 'other-letters'
                ? problemText(w)
                : `not counted: ${problemText(w)}`,
            ),
          ].join('; '),
        );
        break;
      }
      case 'move-relayed':
        if (e.drawOffer) parts.push('with a draw offer (L-8.1)');
        if (e.conditionalLine?.length)
          parts.push(`conditional line ${e.conditionalLine.join(' ')} (P-4f)`);
        break;
      case 'transmission-rejected':
        parts.push(`rejected: ${rejectionText(e)}`);
        break;
      case 'transmission-repeated':
        parts.push('the last transmission sent again; it stands');
        break;
      case 'ruling-applied':
        // A protest the TD entered (a letter, P-7c): the inbox line names the claims.
        if (e.detail?.key === 'protest' || e.detail?.key === 'protest-reopens')
          parts.push(
            `protest of ${e.detail.params.claim} (P-7c)${e.detail.params.ruledOn ? `, entered after its deadline upheld it on ${e.detail.params.ruledOn}: uphold and restart undone (P-7e)` : ''}; the claim waits for the TD`,
          );
        else parts.push(e.kind);
        break;
      case 'game-ended':
        parts.push(`game ends ${e.result} (${e.endKind.replace(/-/g, ' ')})`);
        break;
      case 'draw-declined':
        parts.push('draw offer declined');
        break;
      case 'analysis-received':
        parts.push(
          `adjudication analysis of ${e.side}, to the TD (P-10)${compareDates(e.on, e.analysisBy) > 0 ? `; late: due by ${e.analysisBy}` : ''}${e.notPlayed ? `; nothing played: in adjudication since ${e.since}` : ''}`,
        );
        break;
      case 'appeal-received':
        parts.push(
          `appeal of ${e.side} against ${appealedText(e.appeal.decision)}, to the TD (${e.rules.join(', ')})${compareDates(e.on, e.appeal.by[e.side]) > 0 ? `; late: due by ${e.appeal.by[e.side]}` : ''}`,
        );
        break;
      case 'appeal-final':
        parts.push(
          `appeal of ${e.side} against ${appealedText(e.appeal.decision)}: decided on ${e.appeal.decided.on}, final (${e.rules.join(', ')}); not recorded, not forwarded`,
        );
        break;
      case 'note-relayed':
        parts.push('note relayed');
        break;
      case 'claim-verdict':
        parts.push(`claim ${e.valid ? 'valid' : 'not valid'}: ${e.detail}`);
        break;
      case 'time-claim':
        parts.push(`time exceeded by ${e.offender}`);
        break;
      case 'leave-announced':
        parts.push(`leave ${e.from}..${e.until}`);
        break;
      case 'leave-requested':
        parts.push(`the TD asked for leave ${e.from}..${e.until}, begun before the mail (P-8c)`);
        break;
      default:
        parts.push(e.kind);
    }
  }
  return parts.join('; ');
}
