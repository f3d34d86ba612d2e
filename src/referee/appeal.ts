// Appeals of what the TD decided. Any player may appeal any decision of the TD — a result, and
// as much a penalty, a ruling on a time claim, a clock set, leave granted or refused, clocks stopped or
// started, a position restored, colours reversed, a game reinstated — to the chairman of the
// ICCF Appeals Commission, whose decision is final (P-13c); an adjudicated result (P-10) is
// appealed to the TD, and a second expert decides, finally (P-11). Either appeal is made "within 14 days after
// receiving" the decision (the seed text of P-11a and P-13c; the digest's "within 14 days" does
// not say from when, and the seed wins): so the 14 days count from the day each player received
// the mail that told it, not from the day the TD ruled.
// - A player by email receives it the day amici sends it, the TD's ruling day, dated as the event
//   dates the delivery of an email (P-6d: the same day, or the next day under the ICCF custom).
// - A player by post receives the printed copy the event's average transit later (`transitDays`,
//   the transit P-3a counts for a reminder's wait).
// So in a game of one player by email and one by post, each has their own last day, and each
// mail says the reader's own; the TD's copy says both when they differ.
// What the TD decided is read from the log (`tdDecisions`), never stored apart: the events only
// a TD's ruling makes. A result is the TD's decision when the TD judged it: adjudicated (P-10),
// decided under P-13, a withdrawn player's game scored (P-9a) or annulled (P-9a), both players
// lost on time when the TD cannot tell who first (L-6.9), a loss on time the TD sets (P-7f:
// the TD found the excesses, as when upholding a claim). A result the TD only records — a draw
// the players agreed (L-5.2.3), a resignation (L-5.1.2) — is the players' own, and a loss on
// time that follows from a claim upheld at its deadline with no protest (P-7c, P-7f) is the
// rule's, not a decision of the TD: those have no appeal route.

import type { CalendarDate } from '../clock/index.ts';
import { addDays, compareDates, deliveryDate } from '../clock/index.ts';
import type { EventRules } from './event-rules.ts';
import type { GameEvent, Side } from './game-event.ts';
import type { GameState } from './game-state.ts';
import type { Ruling } from './referee-input.ts';

/** P-11, P-13c: the days after receiving the decision within which an appeal arrives. */
export const APPEAL_DAYS = 14;

/** Each player's last day for an appeal of a decision to arrive. */
export type AppealBy = Record<Side, CalendarDate>;

/** The appeal a mail telling a decision of the TD gives: to whom (by its rule), and by when. */
export interface AppealWindow {
  /** P-10: to the TD, for a second expert (P-11); P-13: to the ICCF Appeals Commission (P-13c). */
  rule: 'P-10' | 'P-13';
  by: AppealBy;
}

/**
 * A decision the TD took in a game, as the log has it: the day, the ruling (`amici td`'s name;
 * `ruling.<kind>` says it in the reader's words) and what it decided, when the log tells
 * (`rulingDetail.<key>` and its values, as the ruling's own mail had them).
 */
export interface TdDecision {
  on: CalendarDate;
  ruling: Ruling['kind'];
  /** For a result: the rule it was set under (P-10, P-13). */
  rule?: string;
  detail?: { key: string; params: Record<string, string> };
  /**
   * A result set while an appeal of the game's result waited, or after one was upheld: the
   * decision on that appeal — the second expert's result (P-11: "the decision is final and no
   * further appeals from the player are considered"), or what the Appeals Commission decided
   * (P-13c: "whose decision shall be final"). No appeal of it.
   */
  final?: 'P-11' | 'P-13';
}

/**
 * The appeal a decision of the TD allows, the last one in the game: an adjudication (P-10)
 * to the TD, for a second expert, who decides finally (P-11); any other to the chairman of the
 * ICCF Appeals Commission, whose decision is final (P-13c).
 */
export interface AppealRoute {
  rule: 'P-10' | 'P-13';
  /** The day the TD decided. */
  ruledOn: CalendarDate;
  /** The decision appealed. */
  decision: TdDecision;
  /** Each player's last day for an appeal to arrive: 14 days after they received the decision. */
  by: AppealBy;
  /**
   * An appeal of the decision was decided already (`ruled`, on the day the TD recorded it or set
   * the result again), or the decision is itself the decision on an appeal (`final`): the
   * decision on an appeal is final (P-11, P-13c), so a new appeal of it is not considered.
   */
  decided?: { on: CalendarDate; rule: 'P-11' | 'P-13'; how: 'ruled' | 'final' };
  /**
   * The appeal did not single out the decision: more than one of the TD's decisions was open to
   * the appellant's appeal when it came (within their 14 days), these, oldest first; it was tied
   * to the latest (`appealTarget`). The TD's copy lists them.
   */
  open?: TdDecision[];
}

/**
 * A kind of decision a player may name in an appeal ("I appeal against the penalty"): the
 * result (an adjudication, a result set, an annulment or its undoing), a penalty, a ruling on a
 * claim, leave granted or refused, the clock set, stopped or started.
 */
export type AppealTopic = 'result' | 'penalty' | 'claim' | 'leave' | 'clock';

/** The kinds a decision of the TD is named by in an appeal. */
export function topicsOf(d: TdDecision): AppealTopic[] {
  switch (d.ruling) {
    case 'set-result':
    case 'annul':
    case 'reinstate':
      return ['result'];
    case 'penalise':
    case 'waive-penalty':
      return ['penalty'];
    case 'uphold-claim':
    case 'reject-claim':
      return ['claim'];
    case 'grant-leave':
    case 'refuse-leave':
      return ['leave'];
    case 'set-clock':
    case 'pause':
    case 'resume':
      return ['clock'];
    case 'restore-position':
      return d.detail?.key === 'restore-position-penalty' ? ['penalty'] : [];
    default:
      return [];
  }
}

/**
 * The rules under which a result the TD sets is the TD's decision, so may be appealed (see
 * above): an adjudication (P-10, appealed under P-11), and P-13, P-9a, L-6.9 and P-7f (P-13c).
 */
export const TD_RESULT_RULES: readonly string[] = ['P-10', 'P-13', 'P-9a', 'L-6.9', 'P-7f'];

/** Whether a result set under `rule` is the TD's decision, which may be appealed. */
export const appealableRule = (rule: string): boolean => TD_RESULT_RULES.includes(rule);

/** The route an appeal of a decision under `rule` takes: P-10 with P-11, else P-13c. */
export const routeRule = (rule: string | undefined): AppealRoute['rule'] =>
  rule === 'P-10' ? 'P-10' : 'P-13';

/**
 * Whether `side` receives the TD's decision as a letter (P-2m): who plays by post, as the time
 * claim's notice counts it (`noticeReceivedOn`). Not the event's transit alone: in an event all
 * by email with a transit for reminders (P-3a), a decision reaches a player the day it is mailed.
 */
const byPost = (side: Side, rules: EventRules): boolean => rules.postal?.[side] === true;

/**
 * The day `side` received a decision the TD took on `on` (P-11, P-13c): by email the day amici's
 * mail told it, dated as the event dates an email's delivery (P-6d); by post the average transit
 * later (P-3a).
 */
export const decisionReceivedOn = (
  on: CalendarDate,
  side: Side,
  rules: EventRules,
): CalendarDate =>
  byPost(side, rules) ? addDays(on, rules.transitDays) : deliveryDate(on, rules.delivery);

/** Each player's last day for an appeal of a decision the TD took on `on` (P-11, P-13c). */
export const appealBy = (on: CalendarDate, rules: EventRules): AppealBy => ({
  white: addDays(decisionReceivedOn(on, 'white', rules), APPEAL_DAYS),
  black: addDays(decisionReceivedOn(on, 'black', rules), APPEAL_DAYS),
});

/** A penalty amici gave itself for a transmission (P-6g): its reason is the problem's code. */
const automatic = (e: Extract<GameState['events'][number], { type: 'penalty' }>): boolean =>
  e.rule === 'P-6g' && /^[a-z-]+$/.test(e.reason);

/**
 * The decisions the TD took in the game, oldest first, read from the events only a TD's ruling
 * makes (decide-ruling.ts). A ruling that makes two events is one decision: a claim rejected
 * with the clock set (P-6c), a position restored with the offender's penalty (L-7.2). A claim
 * upheld or lapsed at its deadline (P-7c) is no decision of the TD; nor is a result other than
 * one the TD decided (`TD_RESULT_RULES`, an annulment; see above).
 */
export function tdDecisions(state: GameState): TdDecision[] {
  const out: TdDecision[] = [];
  const events = state.events;
  for (const [i, e] of events.entries()) {
    const before = events[i - 1];
    switch (e.type) {
      case 'claim-ruled':
        if (e.by === 'td')
          out.push({
            on: e.on,
            ruling: e.upheld ? 'uphold-claim' : 'reject-claim',
            detail: { key: 'claim', params: { claim: e.id } },
          });
        break;
      case 'penalty':
        if (automatic(e) || (e.rule === 'L-7.2' && before?.type === 'position-restored')) break;
        out.push({
          on: e.on,
          ruling: 'penalise',
          detail: { key: 'penalise', params: { side: e.side, days: String(e.days) } },
        });
        break;
      case 'penalty-waived':
        out.push({
          on: e.on,
          ruling: 'waive-penalty',
          detail: { key: 'waive-penalty', params: { side: e.side, on: e.penaltyOn } },
        });
        break;
      case 'leave':
        // Leave a reinstatement carried into the game is the reinstatement's, told with it.
        if (e.granted && !e.carried)
          out.push({
            on: e.on,
            ruling: 'grant-leave',
            detail: { key: 'grant-leave', params: { side: e.side, from: e.from, to: e.to } },
          });
        break;
      case 'leave-refused':
        out.push({
          on: e.on,
          ruling: 'refuse-leave',
          detail: { key: 'refuse-leave', params: { side: e.side, from: e.from, to: e.to } },
        });
        break;
      case 'clock-set': {
        const rejected = before?.type === 'claim-ruled' && before.by === 'td' && !before.upheld;
        if (rejected && before.on === e.on) break;
        out.push({
          on: e.on,
          ruling: 'set-clock',
          detail:
            e.usedDays !== undefined
              ? { key: 'set-clock', params: { side: e.side, used: String(e.usedDays) } }
              : {
                  key: 'set-clock-triple',
                  params: {
                    side: e.side,
                    clock: String(e.clockDays ?? 0),
                    bank: String(e.bankDays ?? 0),
                  },
                },
        });
        break;
      }
      case 'paused':
        // Stopped from an earlier day (a postal strike found later): decided on `ruledOn`.
        out.push(
          e.ruledOn
            ? {
                on: e.ruledOn,
                ruling: 'pause',
                detail: { key: 'pause-from', params: { from: e.on } },
              }
            : { on: e.on, ruling: 'pause' },
        );
        break;
      case 'resumed':
        out.push({ on: e.on, ruling: 'resume' });
        break;
      case 'position-restored':
        out.push({ on: e.on, ruling: 'restore-position' });
        break;
      case 'colours-reversed':
        out.push({ on: e.on, ruling: 'reverse-colours' });
        break;
      case 'reinstated': {
        // Reinstated on an appeal of the annulment: the decision on it, final (P-13c).
        const final = resultAppealPending(events.slice(0, i));
        out.push({ on: e.on, ruling: 'reinstate', ...(final ? { final } : {}) });
        break;
      }
      case 'ended':
        if (e.kind === 'ruling' && appealableRule(e.rule))
          out.push({
            on: e.on,
            ruling: 'set-result',
            rule: e.rule,
            detail: { key: 'set-result', params: { result: e.result } },
          });
        // An annulment (P-9a) is the TD's decision on a withdrawn player's game.
        else if (e.kind === 'annulled') out.push({ on: e.on, ruling: 'annul', rule: e.rule });
        else break;
        {
          // Set while the result's appeal waited: it is the decision on it (P-11, P-13c).
          const final = resultAppealPending(events.slice(0, i));
          if (final) out[out.length - 1]!.final = final;
        }
        break;
    }
  }
  return out;
}

/** Whether an appeal is of the game's result: its decision a result, or an annulment. */
const ofResult = (against: TdDecision | undefined): boolean =>
  against === undefined || against.ruling === 'set-result' || against.ruling === 'annul';

/**
 * Whether a result set after `events` decides an appeal of the game's result (P-11, P-13c): an
 * appeal of the result came since it was set, and was not rejected (still waiting, or upheld,
 * the TD then setting what the appeal decided). The rule it is final under: P-11 for an
 * adjudication's, P-13 for another result's.
 */
export function resultAppealPending(events: readonly GameEvent[]): 'P-11' | 'P-13' | undefined {
  const waiting = new Set<Side>();
  let rule: string | undefined;
  for (const e of events) {
    if (e.type === 'ended') {
      waiting.clear();
      rule = e.rule;
    } else if (e.type === 'reinstated') waiting.clear();
    else if (e.type === 'appeal' && ofResult(e.against)) waiting.add(e.side);
    else if (e.type === 'appeal-ruled' && !e.upheld) waiting.delete(e.side);
  }
  return waiting.size ? (rule === 'P-10' ? 'P-11' : 'P-13') : undefined;
}

const sameDecision = (a: TdDecision, b: TdDecision): boolean =>
  a.on === b.on &&
  a.ruling === b.ruling &&
  JSON.stringify(a.detail ?? null) === JSON.stringify(b.detail ?? null);

/**
 * Whether the appeal of decision `d` is decided, finally (P-11, P-13c): an appeal of it by either
 * player was decided (the TD recorded it, or set the result again), or `d` is itself the decision
 * on an appeal. The decision on an appeal settles what was appealed, for both players: the second
 * expert's result is the game's (P-11), the Appeals Commission's word is final (P-13c).
 */
export function appealDecided(state: GameState, d: TdDecision): AppealRoute['decided'] {
  if (d.final) return { on: d.on, rule: d.final, how: 'final' };
  const rule = routeRule(d.rule) === 'P-10' ? 'P-11' : 'P-13';
  const ruled = state.appeals.filter(
    (a) => a.ruled && (a.against ? sameDecision(a.against, d) : d.ruling === 'set-result'),
  );
  const on = ruled
    .map((a) => a.ruled!.on)
    .sort(compareDates)
    .at(-1);
  return on ? { on, rule, how: 'ruled' } : undefined;
}

/** The appeal a decision of the TD allows: its route and each player's last day. */
const routeOf = (decision: TdDecision, rules: EventRules): AppealRoute => ({
  rule: routeRule(decision.rule),
  ruledOn: decision.on,
  decision,
  by: appealBy(decision.on, rules),
});

/** The appeal the TD's last decision in the game allows; undefined when the TD decided nothing. */
export function appealOf(state: GameState, rules: EventRules): AppealRoute | undefined {
  const decision = tdDecisions(state).at(-1);
  return decision && routeOf(decision, rules);
}

/**
 * The decision of the TD an appeal of `side`'s that came on `now` is against (P-11, P-13c), and
 * the appeal it allows. The decisions it may be against are those it names (`names`: "I appeal
 * against the penalty"), or, naming none (or none the TD took), any; of those, the ones still
 * open to `side`'s appeal (within their 14 days, their appeal not decided), else the latest
 * within them (whose appeal was decided: `decided`, final), else the latest (an appeal come
 * late, which the TD weighs). Of several open, the latest: the route then lists the decisions
 * open to appeal (`open`), for the TD to see which the player may mean. Undefined when the TD
 * decided nothing.
 */
export function appealTarget(
  state: GameState,
  side: Side,
  now: CalendarDate,
  rules: EventRules,
  names: readonly AppealTopic[] = [],
): AppealRoute | undefined {
  const all = tdDecisions(state);
  if (!all.length) return undefined;
  const inTime = (d: TdDecision) => compareDates(now, appealBy(d.on, rules)[side]) <= 0;
  const named = all.filter((d) => topicsOf(d).some((t) => names.includes(t)));
  const among = named.length ? named : all;
  const undecided = (d: TdDecision) => appealDecided(state, d) === undefined;
  const inTimeAmong = among.filter(inTime);
  const open = inTimeAmong.filter(undecided);
  // An appeal of a decision whose appeal was decided is of that one still, when no other is
  // open: the player is told it is final (P-11, P-13c).
  const chosen = open.at(-1) ?? inTimeAmong.at(-1) ?? among.at(-1)!;
  const decided = appealDecided(state, chosen);
  const route = { ...routeOf(chosen, rules), ...(decided ? { decided } : {}) };
  return open.length > 1 ? { ...route, open: all.filter((d) => inTime(d) && undecided(d)) } : route;
}

/**
 * A decision appealed, in English for the logs and the TD's prompt: "the P-10 result of
 * 2027-04-12", "the TD's penalise black 5 days of 2027-01-25".
 */
export function appealedText(d: TdDecision): string {
  if (d.ruling === 'set-result') return `the ${d.rule} result of ${d.on}`;
  const what = d.detail ? ` ${Object.values(d.detail.params).join(' ')}` : '';
  return `the TD's ${d.ruling}${what} of ${d.on}`;
}
