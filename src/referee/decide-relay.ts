// A move counts as delivered when its relay actually reached the player (P-6d; time in transit
// is not theirs, P-6e). A relay that did not go out at its first try — refused by the mail
// server for good, an outbox directory not writable, sent days later once the TD fixed the
// cause (`amici outbox retry`) — delivers its move the day it finally goes out: the move's
// delivery is corrected to that day (`delivery-corrected`, in the event's rule: the same day or
// the next), so the player's clock, the reminders (P-3a) and time claims (P-7a) count from then,
// and a claim filed meanwhile for an excess the correction takes off the clock lapses at its
// deadline (claimStands, P-7c). Only while the move still waits for its answer: a move answered
// (the player had it by other means), a game over, or a position restored since (L-7.2) keep
// their dates. For a player by post the relay is the TD's copy to print and post (P-2m), and
// the move reaches them `transitDays` after it goes out (`deliveredTo`). Likewise a time claim's
// notice that reaches a player by post late moves the claim's protest window (P-7c,
// `decideNoticeSent`).

import type { CalendarDate } from '../clock/index.ts';
import { addDays, compareDates, deliveryDate } from '../clock/index.ts';
import type { Decision } from './decision.ts';
import { nothing } from './decision.ts';
import { noticeReceivedOn } from './due.ts';
import type { EventRules } from './event-rules.ts';
import type { Side } from './game-event.ts';
import { other } from './game-event.ts';
import type { GameState } from './game-state.ts';
import type { NoticeSent, RelaySent } from './referee-input.ts';

/**
 * The day a move relayed on `day` counts as delivered to `to` (P-6d): by email, by the event's
 * rule (that day or the next); to a player by post, who gets it as the letter the TD prints and
 * posts that day (P-2m), when it arrives — `transitDays` later, the time in transit not being
 * theirs (P-6e). Their next card's received date corrects it if it came on another day (P-2f).
 */
export function deliveredTo(to: Side, day: CalendarDate, rules: EventRules): CalendarDate {
  return rules.postal?.[to] ? addDays(day, rules.transitDays) : deliveryDate(day, rules.delivery);
}

/**
 * The index of the move with log place `moveSeq` when it is the game's last and still waits for
 * its answer (the game not over, no position restored after it): a relay of it that reaches the
 * player now is what lets them answer it. Undefined otherwise.
 */
export function moveAwaitingAnswer(state: GameState, moveSeq: number): number | undefined {
  const index = state.plies.length - 1;
  const last = state.plies[index];
  if (!last || last.seq !== moveSeq || state.result || state.restoredOn.has(index + 1))
    return undefined;
  return index;
}

export function decideRelaySent(
  state: GameState,
  input: RelaySent,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  const ply = moveAwaitingAnswer(state, input.moveSeq);
  if (ply === undefined) return nothing();
  const deliveredOn = deliveredTo(other(state.plies[ply]!.side), now, rules);
  // Never earlier than recorded: a relay sent again cannot take days from the player.
  if (compareDates(deliveredOn, state.plies[ply]!.deliveredOn) <= 0) return nothing();
  return { events: [{ type: 'delivery-corrected', on: now, ply, deliveredOn }], effects: [] };
}

/**
 * A time claim's notice that reached a player by post late — the TD's copy to print and post
 * went out on a later day than it was written (P-2m) — gives them the days for a protest from
 * the day it reached them, as a notice sent on time does (P-7c: "after receiving" it): the
 * window is moved to end `protestDays` after the day it went out and its transit
 * (`noticeReceivedOn`), and, for the claimed player, the P-7e count restarts from that day too.
 * Only while the claim is open (not ruled, not protested, the game not over), and never earlier
 * than it ended.
 */
export function decideNoticeSent(
  state: GameState,
  input: NoticeSent,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  const claim = state.claims.find((c) => c.id === input.claimId);
  if (!claim?.protestBy || claim.ruling || claim.protestedOn || state.result) return nothing();
  const side = input.side;
  const received = side ? noticeReceivedOn({ on: now }, side, rules) : now;
  const later = addDays(received, rules.protestDays);
  const moved = compareDates(later, claim.protestBy) > 0;
  // The player's own day of receipt (P-7e: their count restarts from it) is recorded even when
  // the window stays where the other player's letter, posted as late or later, already put it.
  const sentLater = side !== undefined && compareDates(now, claim.sentLate?.[side] ?? claim.on) > 0;
  if (!moved && !sentLater) return nothing();
  const protestBy = moved ? later : claim.protestBy;
  return {
    events: [
      { type: 'claim-window-moved', on: now, id: claim.id, protestBy, ...(side ? { side } : {}) },
    ],
    effects: [],
  };
}
