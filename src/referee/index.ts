// The rulebook as a pure engine (issue 3): a game is an event log, state is a fold, and
// decisions are events plus effects, with `now` and the event's rules passed in.

export * from './adjudication.ts';
export * from './appeal.ts';
export * from './decide.ts';
export * from './decide-due.ts';
export * from './decide-relay.ts';
export * from './decide-ruling.ts';
export * from './decide-transmission.ts';
export * from './decision.ts';
export * from './due.ts';
export * from './effect.ts';
export * from './effect-summary.ts';
export * from './end-game.ts';
export * from './event-rules.ts';
export * from './game-clock.ts';
export * from './game-event.ts';
export * from './game-state.ts';
export * from './referee-input.ts';
export * from './standings.ts';
