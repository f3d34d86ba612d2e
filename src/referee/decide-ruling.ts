// A TD's ruling applied to a game: uphold or reject a claim (P-7c..P-7f, L-6.7; the same
// consequence as when the protest window passes), grant leave beyond the allowance or refuse
// leave asked late or beyond it (P-8b, P-8c),
// waive a penalty (P-6g), penalise (P-13), set a clock, pause and resume (L-6.10, never under
// Triple Block), restore the position before an illegal move (L-7.2), reverse colours given by
// mistake (L-7.1: only before either player's 10th move), set a result (adjudication P-10,
// withdrawal P-9a, double forfeit L-6.9), annul a game (P-9a) and reinstate it (the annulment
// undone: play resumes, the days it stood annulled on neither clock). Every applied ruling is
// told to both players (P-7d).
// A ruling that cannot apply is refused: an effect to the TD saying why, and no events — never
// a throw.

import type { CalendarDate } from '../clock/index.ts';
import {
  addDays,
  allowsLeave,
  allowsPause,
  checkLeaveRequest,
  compareDates,
  rangesOverlap,
  validateRange,
} from '../clock/index.ts';
import { currentAnalyses } from './adjudication.ts';
import type { AppealWindow } from './appeal.ts';
import { appealableRule, appealBy, resultAppealPending, routeRule } from './appeal.ts';
import type { Decision } from './decision.ts';
import { combine, nothing } from './decision.ts';
import {
  claimedExcess,
  claimedPeriodStillOver,
  noticeReceivedOn,
  restartOn,
  startNoticeDone,
  startNoticeJoins,
} from './due.ts';
import type { Effect } from './effect.ts';
import { BOTH, EVERYONE } from './effect.ts';
import { endGame, loseOnTime } from './end-game.ts';
import type { EventRules } from './event-rules.ts';
import type { GameEvent, Result, Side } from './game-event.ts';
import type { Claim, GameState } from './game-state.ts';
import { extendGame, protestableClaims, redatedDetail, upheldExcesses } from './game-state.ts';
import type { Ruling, TdRuling } from './referee-input.ts';

/**
 * A claim ruled on (by the TD, or by the protest deadline, P-7c), with its consequence for an
 * upheld time claim in an unfinished game: the offender's upheld excesses counted — beyond
 * `rules.excessesAllowed` the game is lost on time (P-7f; a draw by L-6.7 when the opponent
 * cannot mate), otherwise the offender's count restarts from the claim's date (P-7e). The
 * caller adds the effect that tells the players.
 */
export function ruleOnClaim(
  state: GameState,
  claim: Claim,
  upheld: boolean,
  by: 'td' | 'deadline',
  on: CalendarDate,
  rules: EventRules,
): Decision {
  // Upheld, a claim whose excess leave granted since moved (P-8c) is about the excess on its new
  // day: the claim's detail, quoted in every later mail and the PGN, says that day (P-7d).
  const excess =
    upheld && claim.kind === 'time' ? claimedExcess(state, claim, rules, on) : undefined;
  const said = claim.detailKey?.params.date;
  const redated =
    excess?.status === 'stands' && said !== undefined && excess.occurredOn !== said
      ? { excess: { occurredOn: excess.occurredOn, overOnDay: excess.overOnDay } }
      : {};
  const ruled: Decision = {
    events: [{ type: 'claim-ruled', on, id: claim.id, upheld, by, ...redated }],
    effects: [],
  };
  if (!upheld || claim.kind !== 'time' || state.result) return ruled;
  const quoted = redated.excess ? redatedDetail(claim, redated.excess) : claim;
  const upheldBefore = upheldExcesses(state, claim.side, claim.id);
  if (upheldBefore + 1 > rules.excessesAllowed)
    return combine(
      ruled,
      loseOnTime(
        state,
        on,
        claim.side,
        `time exceeded ${upheldBefore + 1} times (${quoted.detail})`,
        quoted.detailKey && {
          code: 'time-forfeit',
          params: { count: upheldBefore + 1 },
          inner: quoted.detailKey,
        },
      ),
    );
  // P-7e counts afresh from the day the notice was received (by post, its transit later) — but
  // never from before the excess it forgives: one that leave granted since moved past that day
  // (P-8c) restarts the count from its new day, or the restart would wipe the upheld excess off
  // the clock, and the next one would not be the second (P-7f). An excess off the clock is not
  // upheld by the TD (applyRuling) nor by the deadline (claimStands): the day is the notice's.
  const from = restartOn(state, claim, rules, on) ?? noticeReceivedOn(claim, claim.side, rules);
  return combine(ruled, {
    events: [{ type: 'clock-restarted', on: from, side: claim.side }],
    effects: [],
  });
}

/**
 * The effects that tell of an upheld claim: `told`, the claim-ruled effect — unless upholding it
 * ended the game on time (P-7f, L-6.7), when the result's mail says both, the claim upheld and
 * therefore the game lost, in one mail to each player and the TD (P-7d, P-12) rather than a
 * result and then a ruling that names no consequence.
 */
export function toldOfRuling(
  ruled: Decision,
  told: Effect & { kind: 'claim-ruled' },
  claim: Claim,
  state: GameState,
  rules: EventRules,
): Effect[] {
  if (!ruled.effects.some((e) => e.kind === 'game-ended')) return [told, ...ruled.effects];
  const about = {
    id: claim.id,
    side: claim.side,
    by: told.by,
    ...(claim.protestBy ? { protestBy: claim.protestBy } : {}),
    count: upheldExcesses(state, claim.side, claim.id) + 1,
    allowed: rules.excessesAllowed,
  };
  return ruled.effects.map((e) =>
    e.kind === 'game-ended' ? { ...e, claim: about, ...(told.note ? { note: told.note } : {}) } : e,
  );
}

/** The extra leave a TD may grant a player in a calendar year (P-8c). */
export const TD_LEAVE_PER_YEAR = 30;

const describe = (r: Ruling): string => {
  switch (r.kind) {
    case 'uphold-claim':
    case 'reject-claim':
      return `${r.kind} ${r.claimId}`;
    case 'grant-leave':
    case 'refuse-leave':
      return `${r.kind} ${r.side} ${r.from}..${r.to}`;
    case 'waive-penalty':
      return `waive-penalty ${r.side} ${r.penaltyOn}`;
    case 'penalise':
      return `penalise ${r.side} ${r.days} days (${r.rule})`;
    case 'set-clock':
      return `set-clock ${r.side}`;
    case 'restore-position':
      return r.before
        ? `restore-position before ${r.before.number}${r.before.side === 'white' ? '.' : '...'}`
        : `restore-position ${r.plies}`;
    case 'set-result':
      return `set-result ${r.result}`;
    case 'annul':
      return 'annul';
    case 'uphold-appeal':
    case 'reject-appeal':
      return `${r.kind} ${r.side}`;
    case 'protest':
      return `protest ${r.side} received ${r.receivedOn}`;
    default:
      return r.kind;
  }
};

/** What a ruling decided, for the players' mail (`rulingDetail.<key>` in their language). */
const detailOf = (r: Ruling): { key: string; params: Record<string, string> } | undefined => {
  switch (r.kind) {
    case 'uphold-claim':
    case 'reject-claim':
      return { key: 'claim', params: { claim: r.claimId } };
    case 'grant-leave':
    case 'refuse-leave':
      return { key: r.kind, params: { side: r.side, from: r.from, to: r.to } };
    case 'waive-penalty':
      return { key: r.kind, params: { side: r.side, on: r.penaltyOn } };
    case 'penalise':
      return { key: r.kind, params: { side: r.side, days: String(r.days) } };
    case 'set-clock':
      return r.usedDays !== undefined
        ? { key: r.kind, params: { side: r.side, used: String(r.usedDays) } }
        : {
            key: 'set-clock-triple',
            params: {
              side: r.side,
              clock: String(r.clockDays ?? 0),
              bank: String(r.bankDays ?? 0),
            },
          };
    case 'set-result':
      return { key: r.kind, params: { result: r.result } };
    case 'uphold-appeal':
    case 'reject-appeal':
      return { key: 'appeal', params: { side: r.side } };
    default:
      return undefined;
  }
};

/** The rule ids a ruling applies, each once (`penalise --rule P-13` names P-13 only once). */
const rulesOf = (r: Ruling): string[] => [...new Set(ruleIdsOf(r))];

const ruleIdsOf = (r: Ruling): string[] => {
  switch (r.kind) {
    case 'uphold-claim':
    case 'reject-claim':
      return ['P-7d'];
    case 'grant-leave':
      return ['P-8c', 'P-7d'];
    case 'refuse-leave':
      return ['P-8b', 'P-8c', 'P-7d'];
    case 'waive-penalty':
      return ['P-6g', 'P-7d'];
    case 'penalise':
      return [r.rule, 'P-13', 'P-7d'];
    case 'set-clock':
      return ['P-13', 'P-7d'];
    case 'pause':
    case 'resume':
      return ['L-6.10', 'P-7d'];
    case 'restore-position':
      return ['L-7.2', 'P-7d'];
    case 'reverse-colours':
      return ['L-7.1', 'P-7d'];
    case 'set-result':
      return [r.rule ?? resultRule(r.result, r.reason), 'P-7d'];
    case 'annul':
    case 'reinstate':
      return ['P-9a', 'P-7d'];
    case 'uphold-appeal':
    case 'reject-appeal':
      return ['P-13', 'P-7d'];
    case 'protest':
      return ['P-7c'];
  }
};

/** The rule a result set by the TD rests on: L-6.9 for 0-0, else by the reason given. */
export function resultRule(result: Result, reason: string): string {
  if (result === '0-0') return 'L-6.9';
  if (/adjudicat/i.test(reason)) return 'P-10';
  if (/withdr|died|death|deceased/i.test(reason)) return 'P-9a';
  // A draw the players agreed and reported to the TD (the TD names L-5.1.2 for a resignation).
  if (result === '1/2-1/2' && /\bagreed\b|\bby agreement\b/i.test(reason)) return 'L-5.2.3';
  return 'P-13';
}

/**
 * A result the TD decided (appeal.ts, `TD_RESULT_RULES`; an annulment): its one mail to everyone
 * carries the TD's note and the appeal — by when it arrives (14 days after each player received
 * it: P-11 for an adjudication, P-13c for any other decision of the TD) and, for an
 * adjudication, whose analysis came, since a player who sent none has no appeal (P-10). A result
 * the TD only records (an agreed draw L-5.2.3, a resignation L-5.1.2) is told as it was.
 */
function appealable(
  state: GameState,
  input: TdRuling,
  now: CalendarDate,
  rules: EventRules,
  end: Decision,
): Decision {
  const ended = end.events.find((e) => e.type === 'ended');
  if (ended?.type !== 'ended' || !(ended.kind === 'annulled' || appealableRule(ended.rule)))
    return end;
  const rule = routeRule(ended.rule);
  const analysed = (['white', 'black'] as const).filter((s) =>
    currentAnalyses(state).some((a) => a.side === s),
  );
  return {
    events: end.events,
    effects: end.effects.map((e) =>
      e.kind === 'game-ended'
        ? {
            ...e,
            ...(input.note ? { note: input.note } : {}),
            appeal: { rule, by: appealBy(now, rules), analysed },
            rules: rule === 'P-10' ? [...e.rules, 'P-11'] : e.rules,
          }
        : e,
    ),
  };
}

const refuse = (input: TdRuling, why: string): Decision => ({
  events: [],
  effects: [
    {
      kind: 'ruling-refused',
      to: ['td'],
      ruling: describe(input.ruling),
      why,
      rules: rulesOf(input.ruling).filter((id) => id !== 'P-7d'),
    },
  ],
});

const applied = (input: TdRuling, ...events: GameEvent[]): Decision =>
  appliedWith(input, detailOf(input.ruling), events);

const appliedWith = (
  input: TdRuling,
  detail: { key: string; params: Record<string, string> } | undefined,
  events: GameEvent[],
): Decision => {
  const reason = 'reason' in input.ruling ? input.ruling.reason.trim() : '';
  return {
    events,
    effects: [
      {
        kind: 'ruling-applied',
        to: BOTH,
        ruling: describe(input.ruling),
        ...(detail ? { detail } : {}),
        ...(reason ? { reason } : {}),
        ...(input.note ? { note: input.note } : {}),
        rules: rulesOf(input.ruling),
      },
    ],
  };
};

const isWholeDays = (n: number | undefined): boolean =>
  n === undefined || (Number.isInteger(n) && n >= 0);

/**
 * The clock the TD sets (P-6c, P-13), as set-clock and reject-claim --used take it: the event, or
 * why it cannot be set so.
 */
function clockSetting(
  r: { side: Side; usedDays?: number; clockDays?: number; bankDays?: number },
  rules: EventRules,
  now: CalendarDate,
): GameEvent | string {
  const triple = rules.timeControl.preset === 'triple-block';
  const fits = triple
    ? r.clockDays !== undefined && r.usedDays === undefined
    : r.usedDays !== undefined && r.clockDays === undefined && r.bankDays === undefined;
  if (!fits)
    return triple
      ? 'under Triple Block the clock is set with clock and bank days'
      : 'this clock is set with the days used';
  if (![r.usedDays, r.clockDays, r.bankDays].every(isWholeDays))
    return 'days must be whole and not negative';
  return {
    type: 'clock-set',
    on: now,
    side: r.side,
    ...(r.usedDays !== undefined ? { usedDays: r.usedDays } : {}),
    ...(r.clockDays !== undefined ? { clockDays: r.clockDays, bankDays: r.bankDays ?? 0 } : {}),
  };
}

/**
 * The waiting time claims whose excess `leave` moves (P-8c): where each then stands, when that
 * is not where it stood (another day, off the clock for now, or gone). The players are told in
 * the ruling's mail, which both get anyway, so they know the day before the deadline (P-7c).
 */
function claimsMovedBy(
  state: GameState,
  leave: GameEvent,
  rules: EventRules,
  now: CalendarDate,
): NonNullable<Extract<Effect, { kind: 'ruling-applied' }>['claims']> {
  const after = extendGame(state, [leave]);
  return state.claims.flatMap((c) => {
    if (c.kind !== 'time' || c.ruling || !('side' in leave) || c.side !== leave.side) return [];
    const was = claimedExcess(state, c, rules, now);
    const is = claimedExcess(after, c, rules, now);
    if (!is || !was) return [];
    const wasOn = was.status === 'gone' ? undefined : was.occurredOn;
    const isOn = is.status === 'gone' ? undefined : is.occurredOn;
    if (was.status === is.status && wasOn === isOn) return [];
    return [
      {
        id: c.id,
        status: is.status,
        ...(isOn ? { on: isOn } : {}),
        ...(c.protestBy ? { protestBy: c.protestBy } : {}),
      },
    ];
  });
}

/**
 * Applies a TD ruling, or refuses it (an effect to the TD, no events). Every ruling applied is a
 * decision any player may appeal within 14 days of receiving it, to the chairman of the ICCF
 * Appeals Commission (P-13c): its mail says so, and by when for each player (appeal.ts). A
 * result or an annulment says it in its own mail (`appealable`: P-10 with P-11; P-13, P-9a,
 * L-6.9, P-7f), or not at all when the TD only records it (L-5.2.3, L-5.1.2).
 */
export function decideRuling(
  state: GameState,
  input: TdRuling,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  const d = applyRuling(state, input, now, rules);
  const kind = input.ruling.kind;
  // A result says its appeal itself; the decision on an appeal is final (P-11, P-13c).
  const final = kind === 'uphold-appeal' || kind === 'reject-appeal';
  // A protest recorded is the player's act, not a decision of the TD (nothing to appeal).
  if (!d.events.length || kind === 'set-result' || kind === 'annul' || final || kind === 'protest')
    return d;
  // A reinstatement on an appeal of the annulment decides that appeal (P-13c): no appeal of it.
  if (d.effects.some((e) => e.kind === 'ruling-applied' && e.final)) return d;
  const appeal: AppealWindow = { rule: 'P-13', by: appealBy(now, rules) };
  return {
    events: d.events,
    effects: d.effects.map((e) =>
      e.kind === 'ruling-applied' || (e.kind === 'claim-ruled' && e.by === 'td')
        ? { ...e, appeal }
        : // A claim upheld that lost the game on time is told in the result's mail (P-7f).
          e.kind === 'game-ended' && e.claim?.by === 'td' && !e.appeal
          ? { ...e, appeal: { ...appeal, analysed: [] } }
          : e,
    ),
  };
}

function applyRuling(
  state: GameState,
  input: TdRuling,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  const r = input.ruling;
  if (r.kind === 'uphold-claim' || r.kind === 'reject-claim') {
    const claim = state.claims.find((c) => c.id === r.claimId);
    if (!claim) {
      // The ids there are, the unruled first: the TD typed one of them, or meant to.
      const open = state.claims.filter((c) => !c.ruling).map((c) => c.id);
      const ruled = state.claims.filter((c) => c.ruling).map((c) => `${c.id} (ruled)`);
      const ids = [...open, ...ruled];
      return refuse(
        input,
        ids.length
          ? `there is no claim ${r.claimId} in this game; its claims: ${ids.join(', ')}`
          : `there is no claim ${r.claimId}: this game has no claim`,
      );
    }
    if (claim.ruling)
      return refuse(input, `claim ${r.claimId} was already ruled on ${claim.ruling.on}`);
    const upheld = r.kind === 'uphold-claim';
    // An excess off the clock is not upheld (P-7e, P-7f): the count would restart from the
    // notice, before the excess it forgives, or from a day still to come, and the clock would
    // never show the excess P-7f counts. The deadline lets such a claim lapse (claimStands).
    if (upheld && claim.kind === 'time' && !state.result) {
      const excess = claimedExcess(state, claim, rules, now);
      const name = claim.side === 'white' ? 'White' : 'Black';
      if (excess?.status === 'ahead')
        return refuse(
          input,
          `claim ${claim.id}'s excess is off the clock until ${excess.occurredOn} (leave granted since, or a move found delivered later, moved it): ${name} is over the limit again only then, if no move is sent by then; upheld now, the count would restart (P-7e) from before the excess it forgives, and the clock would not show the excess counted against ${name} (P-7f). Uphold it once it is back on the clock${claim.protestBy ? ` — if it is not back by its deadline, ${claim.protestBy}, it lapses, and the excess, should it come, is claimed anew (P-7c, P-7a)` : ''}; or reject it now: reject-claim ${claim.id}`,
        );
      if (excess?.status === 'gone')
        return refuse(
          input,
          `claim ${claim.id}'s excess is no longer on the clock (leave granted, a penalty waived, a card entered late or a move found delivered later took it off): upheld, it would count against ${name} as an excess (P-7f) the clock does not show; reject it (reject-claim ${claim.id}), or let it lapse at its deadline (P-7c)`,
        );
    }
    // A rejected time claim whose period is still over its limit: the TD says what the clock
    // really is (P-6c), or the days would keep the period broken and unclaimable (P-7a).
    let setting: Decision = nothing();
    if (r.kind === 'reject-claim' && !state.result) {
      const over = claimedPeriodStillOver(state, claim, rules, now);
      const name = claim.side === 'white' ? 'White' : 'Black';
      if (over && !r.clock)
        return refuse(
          input,
          `${name} is still over the limit of this claim (${over.limitDays === null ? 'the clock and bank are empty' : `more than ${over.limitDays} days used`} before move ${over.controlMove}); rejected as it stands, the days would stay over it and no later excess up to move ${over.controlMove} could be claimed (P-6c, P-7a). Give the days ${name} really used in this count: reject-claim ${claim.id} ${over.limitDays === null ? '--clock N --bank N' : `--used N (N at most ${over.limitDays})`}, as set-clock takes them`,
        );
      if (r.clock) {
        // Refused as set-clock would be, but under the ruling the TD wrote.
        const set = clockSetting({ side: claim.side, ...r.clock }, rules, now);
        if (typeof set === 'string') return refuse(input, set);
        setting = { events: [set], effects: [] };
        if (over && claimedPeriodStillOver(extendGame(state, setting.events), claim, rules, now))
          return refuse(
            input,
            `with that setting ${name} would still be over the limit of this claim (${over.limitDays} days before move ${over.controlMove}); give at most ${over.limitDays}`,
          );
      }
    }
    // Rejected as it stands: are the days behind it still on the clock for the TD to correct?
    const onClock =
      r.kind === 'reject-claim' &&
      !r.clock &&
      !state.result &&
      claimedExcess(state, claim, rules, now)?.status === 'stands';
    const ruled = combine(ruleOnClaim(state, claim, upheld, 'td', now, rules), setting);
    // Everyone is told what the ruling means, as when the deadline rules: a rejected excess
    // does not count (P-6b), an upheld one restarts the count (P-7e) and a second loses (P-7f);
    // the TD what to do about the days a rejected claim leaves on the clock (P-6c).
    const restarted = ruled.events.some((e) => e.type === 'clock-restarted');
    const told: Effect & { kind: 'claim-ruled' } = {
      kind: 'claim-ruled',
      to: EVERYONE,
      claimId: claim.id,
      upheld,
      by: 'td',
      ...(input.note ? { note: input.note } : {}),
      ...(r.kind === 'reject-claim' && r.clock && setting.events.length
        ? { clockSet: r.clock }
        : {}),
      ...(onClock ? { excessOnClock: true as const } : {}),
      rules: restarted ? ['P-7d', 'P-7e'] : setting.events.length ? ['P-7d', 'P-6c'] : ['P-7d'],
    };
    return { events: ruled.events, effects: toldOfRuling(ruled, told, claim, state, rules) };
  }
  if (r.kind === 'protest') return recordProtest(state, input, r, now);
  // The decision on a player's appeal, in a finished game as in one in play (P-11, P-13c): both
  // players are told it (P-11b, P-7d); the appeal no longer waits in the TD's report.
  if (r.kind === 'uphold-appeal' || r.kind === 'reject-appeal') {
    const open = state.appeals.filter((a) => a.side === r.side && !a.ruled);
    if (!open.length) return refuse(input, `no appeal of ${r.side} waits for a decision`);
    const decision = applied(input, {
      type: 'appeal-ruled',
      on: now,
      side: r.side,
      upheld: r.kind === 'uphold-appeal',
    });
    // An appeal of an adjudication is decided by a second expert (P-11); any other by the
    // Appeals Commission (P-13c): either way finally, and the players are told so.
    const adjudicated = open.some((a) => (a.against?.rule ?? state.result?.rule) === 'P-10');
    return {
      events: decision.events,
      effects: decision.effects.map((e) =>
        e.kind === 'ruling-applied'
          ? adjudicated
            ? { ...e, final: 'P-11' as const, rules: ['P-11', 'P-7d'] }
            : { ...e, final: 'P-13' as const }
          : e,
      ),
    };
  }
  // A finished game's result may still be corrected: a result reported wrongly stands unless
  // the TD decides otherwise (L-8.5), and an appeal can change it (P-11, P-13). Annulling is
  // for unfinished games only (P-9a).
  const previous = state.result?.result;
  // An annulment undone: play resumes where it stood; no other result is undone so (a result
  // is corrected with set-result, L-8.5, P-11).
  if (r.kind === 'reinstate') {
    const annulled = state.result?.kind === 'annulled' ? state.result : undefined;
    if (!annulled)
      return refuse(
        input,
        state.result
          ? `the game is over (${state.result.result}, ${state.result.kind}), not annulled: only an annulled game is reinstated (P-9a) — to correct the result, use set-result`
          : 'the game is not annulled: it is in play',
      );
    // The days from the annulment to the day before this, or the one day (not "the days D to
    // D"), or none.
    const last = addDays(now, -1);
    const detail: { key: string; params: Record<string, string> } =
      compareDates(last, annulled.on) > 0
        ? { key: 'reinstate', params: { from: annulled.on, to: last } }
        : compareDates(last, annulled.on) === 0
          ? { key: 'reinstate-one-day', params: { on: annulled.on } }
          : { key: 'reinstate-same-day', params: {} };
    // Leave is the player's, for all their games (P-8a, P-8c): what they took elsewhere while
    // this game stood annulled stops their clock here too — on the days the game runs: before
    // the annulment (leave granted after the fact) or from the reinstatement on. Leave of the
    // annulled days alone stops nothing, and is left out; so is leave this game already has.
    const leave = allowsLeave(rules.timeControl)
      ? (r.leave ?? []).filter(
          (l) =>
            validateRange(l).ok &&
            compareDates(l.to, state.clockStartsOn) >= 0 &&
            (compareDates(l.from, annulled.on) < 0 || compareDates(l.to, now) >= 0) &&
            !state.leaves.some((x) => x.side === l.side && rangesOverlap(x, l)),
        )
      : [];
    // A game with no move whose start was never announced (annulled before it began): this mail
    // announces it too.
    const starts = startNoticeJoins(state, now);
    // Reinstated on an appeal of the annulment (upheld, or still waiting: the Appeals Commission
    // undid it): the decision on that appeal, final (P-13c), as a result set on one is.
    const final = resultAppealPending(state.events);
    const decision = appliedWith(input, detail, [
      { type: 'reinstated', on: now },
      ...(starts ? [startNoticeDone(now)] : []),
      ...leave.map(
        (l): GameEvent => ({
          type: 'leave',
          on: now,
          side: l.side,
          from: l.from,
          to: l.to,
          ...(l.granted ? { granted: true } : {}),
          carried: true,
        }),
      ),
    ]);
    if (!leave.length && !starts && !final) return decision;
    const told = leave.map(({ side, from, to, granted }) => ({
      side,
      from,
      to,
      ...(granted ? { granted: true as const } : {}),
    }));
    return {
      events: decision.events,
      effects: decision.effects.map((e) =>
        e.kind === 'ruling-applied'
          ? {
              ...e,
              ...(leave.length ? { leave: told } : {}),
              ...(starts ? { starts } : {}),
              ...(final ? { final } : {}),
            }
          : e,
      ),
    };
  }
  if (previous !== undefined && r.kind === 'set-result') {
    if (r.result === previous) return refuse(input, `the result is already ${previous}`);
    const detail = { key: 'set-result-corrected', params: { result: r.result, previous } };
    const rule = r.rule ?? resultRule(r.result, r.reason);
    const end = endGame(now, r.result, 'ruling', rule, r.reason);
    // Set on an appeal of the result — the second expert's (P-11), or what the Appeals
    // Commission decided (P-13c): it decides the appeal, finally, and has no appeal of its own.
    const final = resultAppealPending(state.events);
    if (final)
      return combine(appliedWith(input, detail, []), {
        events: end.events,
        effects: end.effects.map((e) =>
          e.kind === 'game-ended'
            ? {
                ...e,
                ...(input.note ? { note: input.note } : {}),
                final,
                rules: [...new Set([...e.rules, final])],
              }
            : e,
        ),
      });
    return combine(appliedWith(input, detail, []), appealable(state, input, now, rules, end));
  }
  if (previous !== undefined && r.kind === 'annul')
    return refuse(
      input,
      `the game is over (${previous}, ${state.result?.kind}); only unfinished games are annulled (P-9a) — to correct the result, use set-result`,
    );
  if (state.result)
    return refuse(input, `the game is over (${state.result.result}, ${state.result.kind})`);

  const control = rules.timeControl;
  switch (r.kind) {
    case 'grant-leave': {
      if (!allowsLeave(control)) return refuse(input, 'Triple Block has no leave (L-10.1)');
      if (!validateRange({ from: r.from, to: r.to }).ok)
        return refuse(input, `${r.from}..${r.to} is not a range of days`);
      const clash = state.leaves.find((l) => l.side === r.side && rangesOverlap(l, r));
      if (clash) return refuse(input, `it overlaps leave ${clash.from}..${clash.to}`);
      // P-8c: up to 30 more days a year (a grant goes to all the player's games, so one game's
      // grants are the player's).
      const granted = state.leaves.filter((l) => l.side === r.side && l.granted);
      const check = checkLeaveRequest(
        control,
        { allowancePerYear: TD_LEAVE_PER_YEAR, grants: [] },
        granted,
        r,
      );
      if (!check.ok && check.error.code === 'exceeds-allowance')
        return refuse(
          input,
          `the TD grants up to ${TD_LEAVE_PER_YEAR} more days a year (P-8c): ${check.error.availableDays} left in ${check.error.year}, ${check.error.requestedDays} asked; beyond that, pause the game (L-6.10) or set the clock (P-13)`,
        );
      const leave: GameEvent = {
        type: 'leave',
        on: now,
        side: r.side,
        from: r.from,
        to: r.to,
        granted: true,
      };
      const decision = applied(input, leave);
      const moved = claimsMovedBy(state, leave, rules, now);
      if (!moved.length) return decision;
      return {
        events: decision.events,
        effects: decision.effects.map((e) =>
          e.kind === 'ruling-applied' ? { ...e, claims: moved } : e,
        ),
      };
    }
    case 'refuse-leave': {
      // Leave asked late or beyond the allowance is the TD's to grant, "in exceptional cases"
      // (P-8c): the TD may as well refuse it, and the player and the opponent are told, with
      // the appeal (P-13c). Leave already on the clock is not refused so: it was taken (P-8a)
      // or granted, and the TD corrects the clock instead.
      if (!allowsLeave(control))
        return refuse(input, 'Triple Block has no leave (L-10.1): there is none to refuse');
      if (!validateRange({ from: r.from, to: r.to }).ok)
        return refuse(input, `${r.from}..${r.to} is not a range of days`);
      const recorded = state.leaves.find((l) => l.side === r.side && rangesOverlap(l, r));
      if (recorded)
        return refuse(
          input,
          `${recorded.from}..${recorded.to} is ${r.side}'s leave already (${recorded.granted ? 'granted by the TD, P-8c' : 'taken, P-8a'}): refuse only days not recorded as leave; to count recorded days on the clock, set it (set-clock, P-13)`,
        );
      return applied(input, {
        type: 'leave-refused',
        on: now,
        side: r.side,
        from: r.from,
        to: r.to,
      });
    }
    case 'waive-penalty': {
      const penalty = state.penalties.find(
        (p) => p.side === r.side && p.on === r.penaltyOn && !p.waived,
      );
      if (!penalty) return refuse(input, `no penalty of ${r.side} on ${r.penaltyOn} to waive`);
      return applied(input, {
        type: 'penalty-waived',
        on: now,
        side: r.side,
        penaltyOn: r.penaltyOn,
      });
    }
    case 'penalise':
      if (!Number.isInteger(r.days) || r.days < 1)
        return refuse(input, `a penalty is a whole number of days, not ${r.days}`);
      return applied(input, {
        type: 'penalty',
        on: now,
        side: r.side,
        days: r.days,
        rule: r.rule,
        reason: r.reason,
      });
    case 'set-clock': {
      // A time claim against the side still waiting for its ruling would be upheld at its
      // deadline whatever the clock now says: the TD rules on it, with the clock (P-7d, P-6c).
      // So too while its excess is off the clock only until a day to come (leave granted since
      // put it off): the claim is still about that excess.
      for (const c of state.claims) {
        if (c.kind !== 'time' || c.side !== r.side || c.ruling) continue;
        const excess = claimedExcess(state, c, rules, now);
        if (excess?.status === 'gone') continue;
        const name = r.side === 'white' ? 'White' : 'Black';
        const why =
          excess?.status === 'ahead'
            ? `its excess is off the clock only until ${excess.occurredOn}, when ${name} is over the limit again if no move is sent, and the claim is about that excess (P-7c)`
            : 'setting the clock would not stop it from being upheld on its deadline (P-7c)';
        return refuse(
          input,
          `claim ${c.id} against ${name} waits for a ruling, and ${why}; rule on it instead: reject-claim ${c.id} ${control.preset === 'triple-block' ? '--clock N --bank N' : '--used N'} rejects it and sets the clock, uphold-claim ${c.id} upholds it (then set-clock if need be)`,
        );
      }
      const set = clockSetting(r, rules, now);
      return typeof set === 'string' ? refuse(input, set) : applied(input, set);
    }
    case 'pause': {
      if (!allowsPause(control))
        return refuse(input, 'clocks are never stopped under Triple Block (L-6.10)');
      if (state.pauses.some((p) => p.to === null))
        return refuse(input, 'the game is already paused');
      // Stopped from an earlier day: not before the game began, a day to come, or a day an
      // earlier pause already covered (it ended on or after that day).
      const from = r.from;
      if (!from) return applied(input, { type: 'paused', on: now });
      const ended = state.pauses.reduce<CalendarDate | undefined>(
        (last, p) => (p.to && (!last || compareDates(p.to, last) > 0) ? p.to : last),
        undefined,
      );
      if (compareDates(from, now) > 0) return refuse(input, `${from} is a day to come`);
      if (compareDates(from, state.clockStartsOn) < 0)
        return refuse(input, `${from} is before the game began (${state.clockStartsOn})`);
      if (ended && compareDates(from, ended) < 0)
        return refuse(input, `the clocks ran again on ${ended}, after ${from}`);
      return appliedWith(input, { key: 'pause-from', params: { from } }, [
        { type: 'paused', on: from, ...(from !== now ? { ruledOn: now } : {}) },
      ]);
    }
    case 'resume':
      if (!state.pauses.some((p) => p.to === null)) return refuse(input, 'the game is not paused');
      return applied(input, { type: 'resumed', on: now });
    case 'restore-position': {
      const b = r.before;
      const plies = b
        ? state.plies.findIndex((p) => p.number === b.number && p.side === b.side)
        : (r.plies ?? -1);
      if (b && plies < 0)
        return refuse(
          input,
          `there is no move ${b.number}${b.side === 'white' ? '.' : '...'} in the game (${state.plies.length} half-moves played)`,
        );
      if (!Number.isInteger(plies) || plies < 0 || plies >= state.plies.length)
        return refuse(
          input,
          `cannot restore to ply ${r.plies}: the game has ${state.plies.length} plies`,
        );
      // The offender made the illegal move: the first move taken back (L-7.2).
      const taken = state.plies[plies]!;
      if (r.offender && r.offender !== taken.side)
        return refuse(
          input,
          `the move taken back, ${taken.number}${taken.side === 'white' ? '.' : '...'}, was ${taken.side}'s: --offender names who made the illegal move`,
        );
      const events: GameEvent[] = [{ type: 'position-restored', on: now, plies }];
      if (r.offender)
        events.push({
          type: 'penalty',
          on: now,
          side: r.offender,
          days: rules.penaltyDays,
          rule: 'L-7.2',
          reason: 'illegal move; position restored',
        });
      // Where play resumes: the number and colour of the move taken back, which is to be
      // replaced; and the penalty, when there is one.
      const params = { number: String(taken.number), side: taken.side };
      return appliedWith(
        input,
        r.offender
          ? {
              key: 'restore-position-penalty',
              params: { ...params, days: String(rules.penaltyDays) },
            }
          : { key: r.kind, params },
        events,
      );
    }
    case 'reverse-colours': {
      const made = Math.max(0, ...state.plies.map((p) => p.ordinal));
      if (made >= 10)
        return refuse(
          input,
          `${made} moves have been made; from the 10th move on the game continues (L-7.1)`,
        );
      return applied(input, { type: 'colours-reversed', on: now });
    }
    case 'set-result': {
      const rule = r.rule ?? resultRule(r.result, r.reason);
      const end = endGame(now, r.result, 'ruling', rule, r.reason);
      // A result the TD decided is told in one mail, the result's, with the appeal (P-10, P-11,
      // P-13c: an adjudication, P-13, a withdrawal P-9a, a double forfeit L-6.9, a loss on time
      // P-7f); one the TD only records (L-5.2.3, L-5.1.2) with the ruling, as before.
      return appealableRule(rule)
        ? appealable(state, input, now, rules, end)
        : combine(applied(input), end);
    }
    case 'annul':
      // The TD's decision on a withdrawn player's game (P-9a): one mail, with the appeal (P-13c).
      return appealable(state, input, now, rules, endGame(now, '*', 'annulled', 'P-9a', r.reason));
  }
  return nothing();
}

/**
 * P-7c: a protest that reached the TD outside amici on `receivedOn` — a letter of a player by
 * post, a mail to the TD's own address — recorded as the daemon records one mailed to amici that
 * day: each time claim filed by then whose window was still open on that day waits for the TD's
 * ruling instead of being upheld at its deadline. Either player may protest (the claim notice
 * invites both). The protesting player is told it is recorded (their copy printed and posted if
 * they play by post, P-2m). A protest that came late, a claim already ruled or protested, a day
 * still to come or a game over are refused, saying which.
 */
function recordProtest(
  state: GameState,
  input: TdRuling,
  r: Extract<Ruling, { kind: 'protest' }>,
  now: CalendarDate,
): Decision {
  const on = r.receivedOn;
  if (compareDates(on, now) > 0)
    return refuse(
      input,
      `the protest was received on ${on}, after today (${now}); enter it once it has come`,
    );
  if (state.result)
    return refuse(
      input,
      `the game is over (${state.result.result}, ${state.result.kind})${state.claims.some((c) => c.kind === 'time' && !c.ruling) ? ': a claim still open when it ended lapsed, and' : ';'} a protest no longer counts (P-7c)`,
    );
  const filed = state.claims.filter(
    (c) => c.kind === 'time' && c.protestBy !== undefined && compareDates(c.on, on) <= 0,
  );
  // A claim upheld at its deadline after the protest came, in a game that goes on, is reopened.
  const open = protestableClaims(state, on).filter((c) => filed.includes(c));
  if (!open.length) {
    const why = filed.map((c) => {
      if (c.protestedOn) return `claim ${c.id} was already protested on ${c.protestedOn}`;
      const late = compareDates(on, c.protestBy!) > 0;
      // A claim whose excess left the clock lapses at its deadline, not upheld (claimStands):
      // nothing counts against the player, and nothing is left for the protest to change.
      if (c.ruling?.by === 'deadline' && !c.ruling.upheld)
        return `claim ${c.id} lapsed at its deadline, ${c.protestBy}, on ${c.ruling.on}: its excess was no longer on the clock, so it does not count against the player (P-7c, P-7f), and the protest has nothing left to change`;
      if (c.ruling) {
        const how =
          c.ruling.by === 'deadline'
            ? `upheld at its deadline, ${c.protestBy}, on ${c.ruling.on}`
            : `${c.ruling.upheld ? 'upheld' : 'rejected'} by you on ${c.ruling.on}`;
        return late
          ? `claim ${c.id} was ${how}, and the protest came after its deadline`
          : `claim ${c.id} was ${how}, before this protest, which came in time, was entered: the ruling stands as recorded; what the protest changes is yours to decide (set-clock, set-result, with --note for the players, P-13)`;
      }
      return `the protest came on ${on}, after the days for a protest of claim ${c.id} ended on ${c.protestBy}: it is late, and the claim is upheld at its deadline unless you rule on it (uphold-claim or reject-claim ${c.id})`;
    });
    const later = state.claims.filter((c) => c.kind === 'time' && compareDates(c.on, on) > 0);
    if (later.length)
      why.push(
        `claim ${later.map((c) => c.id).join(', ')} was filed after ${on}, the day the protest came`,
      );
    return refuse(
      input,
      why.length ? why.join('; ') : 'this game has no time claim a protest could be of (P-7c)',
    );
  }
  // Upheld at the deadline before this protest, which came in time, was entered: the uphold
  // and its P-7e restart are undone (game-state.ts), and everyone is told the claim waits again.
  const reopened = open.filter((c) => c.ruling);
  const params = {
    claim: open.map((c) => c.id).join(', '),
    on,
    side: r.side,
    ...(reopened.length ? { ruledOn: reopened[0]!.ruling!.on } : {}),
  };
  return {
    events: open.map((c) => ({ type: 'claim-protested', on, id: c.id })),
    effects: [
      {
        // Both players learn the claim now waits for the TD's ruling (P-7c, P-7d).
        kind: 'ruling-applied',
        to: ['white', 'black'],
        ruling: describe(input.ruling),
        detail: { key: reopened.length ? 'protest-reopens' : 'protest', params },
        ...(input.note ? { note: input.note } : {}),
        rules: reopened.length ? ['P-7c', 'P-7e'] : rulesOf(input.ruling),
      },
    ],
  };
}
