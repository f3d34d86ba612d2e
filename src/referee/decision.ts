// What `decide` returns: the events to append and the effects to carry out, together — the
// shell commits both in one transaction with the inbound message's "done" mark.

import type { Effect } from './effect.ts';
import type { GameEvent } from './game-event.ts';

export interface Decision {
  events: GameEvent[];
  effects: Effect[];
}

export const nothing = (): Decision => ({ events: [], effects: [] });

export function combine(...decisions: Decision[]): Decision {
  return {
    events: decisions.flatMap((d) => d.events),
    effects: decisions.flatMap((d) => d.effects),
  };
}
