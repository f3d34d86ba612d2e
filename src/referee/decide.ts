// The rulebook's one entry point: decide(state, input, now, rules) → events + effects. Pure:
// `now` is the calendar day in the event's zone, the rules are the event's settings. A player's
// mistake is never an exception — it is an effect that says what was wrong.

import type { CalendarDate } from '../clock/index.ts';
import { decideDue } from './decide-due.ts';
import { decideNoticeSent, decideRelaySent } from './decide-relay.ts';
import { decideRuling } from './decide-ruling.ts';
import { decideTransmission } from './decide-transmission.ts';
import type { Decision } from './decision.ts';
import type { EventRules } from './event-rules.ts';
import type { GameState } from './game-state.ts';
import type { RefereeInput } from './referee-input.ts';

export function decide(
  state: GameState,
  input: RefereeInput,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  switch (input.kind) {
    case 'transmission':
      return decideTransmission(state, input, now, rules);
    case 'ruling':
      return decideRuling(state, input, now, rules);
    case 'due':
      return decideDue(state, input, now, rules);
    case 'relay-sent':
      return decideRelaySent(state, input, now, rules);
    case 'notice-sent':
      return decideNoticeSent(state, input, now, rules);
  }
}
