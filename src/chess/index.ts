// The chess core: pure functions over chessops positions. Reading every notation players
// write, writing every notation they want, the game record, PGN.

export * from './game-record.ts';
export * from './languages.ts';
export * from './move-error.ts';
export * from './move-syntax.ts';
export * from './movetext.ts';
export * from './pgn.ts';
export * from './pgn-charset.ts';
export * from './read-move.ts';
export * from './resolve.ts';
export * from './start-position.ts';
export * from './write-move.ts';
export * from './write-movetext.ts';
