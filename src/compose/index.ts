// Writing mail (issue 4, "Writing"): every effect of the rulebook as a mail per recipient, from
// per-language templates, with the board as text and PNG, the clock table and the PGN.

export * from './board-png.ts';
export * from './board-svg.ts';
export * from './board-text.ts';
export * from './compose.ts';
export * from './compose-context.ts';
export * from './for-td.ts';
export {
  gamePgn,
  pgnEndComment,
  pgnResultTags,
  pgnTimeControl,
  plyText,
  timeControlShort,
} from './game-view.ts';
export * from './ruling-done.ts';
export * from './withdrawal.ts';
