// One line per effect of a decision, for the commands that show what amici decided without
// sending mail (`amici explain`) or after a TD's input (`amici td`, `amici post`): what was
// rejected and why, what was accepted, how a game ended, who is told, with the rule ids.

import type { Effect } from '../referee/index.ts';
import { appealedText, rejectionText } from '../referee/index.ts';
import { count } from './io.ts';

export function describeEffect(e: Effect): string {
  switch (e.kind) {
    case 'transmission-rejected':
      return `REJECTED — ${rejectionText(e)}`;
    case 'move-accepted':
      return `ACCEPTED — ${count(e.plies.length, 'move')} played${e.corrections.length ? `; dates recorded: ${e.corrections.map((c) => `${c.field} ${c.recorded} (${c.rule}${c.noPostmark ? ', no readable postmark' : ''}${c.stated ? `, stated ${c.stated}` : ', not stated'})`).join('; ')}` : ''}${e.warnings.length ? `; warnings: ${e.warnings.map((w) => w.code).join(', ')}` : ''}`;
    case 'game-ended':
      return `GAME ENDS ${e.result} — ${e.endKind} [${e.rules.join(', ')}]`;
    case 'move-relayed':
      return `move-relayed${e.drawOffer ? ' with a draw offer (=)' : ''}${e.conditionalLine?.length ? ` with the conditional line ${e.conditionalLine.join(' ')}` : ''} → ${e.to.join(', ')} [${[...e.rules, ...(e.drawOffer ? ['L-8.1'] : [])].join(', ')}]`;
    case 'transmission-repeated':
      return `ALREADY RECEIVED — the sender's last transmission, sent again: it stands as it was, nothing is played [${e.rules.join(', ')}]`;
    case 'analysis-received':
      return `ANALYSIS — in adjudication since ${e.since} (P-10): the mail goes to the TD as ${e.side}'s claim and analysis, due by ${e.analysisBy}${e.notPlayed ? '; nothing in it is played' : ''} → ${e.to.join(', ')}, td`;
    case 'appeal-received':
      return `APPEAL — of ${appealedText(e.appeal.decision)}, due by ${e.appeal.by[e.side]}: the mail goes to the TD as ${e.side}'s appeal → ${e.to.join(', ')}, td [${e.rules.join(', ')}]`;
    case 'appeal-final':
      return `APPEAL DECIDED — of ${appealedText(e.appeal.decision)}: decided on ${e.appeal.decided.on}, final; nothing recorded, nothing to the TD → ${e.to.join(', ')} [${e.rules.join(', ')}]`;
    case 'ruling-applied':
      // A protest entered by the TD (P-7c): which claims now wait for the ruling.
      if (e.detail?.key === 'protest' || e.detail?.key === 'protest-reopens')
        return `PROTEST recorded — ${e.detail.params.claim}, received ${e.detail.params.on}, in time${e.detail.params.ruledOn ? `; its uphold at the deadline on ${e.detail.params.ruledOn} and the restart of the count are undone (P-7e)` : ''}: the claim waits for your ruling (uphold-claim or reject-claim) instead of its deadline; ${e.to.join(', ')} told${e.note ? ` — ${e.note}` : ''} [${e.rules.join(', ')}]`;
      return `${e.ruling}${e.reason ? ` — reason: ${e.reason}` : ''}${e.note ? ` — ${e.note}` : ''} → ${e.to.join(', ')} [${e.rules.join(', ')}]`;
    case 'ruling-refused':
      // Said where it was typed: nobody is sent anything, so no recipients are named.
      return `REFUSED — ${e.ruling}: ${e.why}${e.rules.length ? ` [${e.rules.join(', ')}]` : ''}`;
    default:
      return `${e.kind} → ${e.to.join(', ')} [${e.rules.join(', ')}]`;
  }
}
