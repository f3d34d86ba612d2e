// The board image of a game's current position for a mail (issue 4): the SVG of board-svg.ts
// rendered by board-png.ts, with the last move highlighted, cached per position and view so a
// mail to three recipients renders once. No image (font missing) is `undefined`: the mail then
// shows the text board in its HTML part too.

import { makeFen } from 'chessops/fen';
import type { Color, NormalMove } from 'chessops/types';
import type { GameState } from '../referee/index.ts';
import { renderBoardPng } from './board-png.ts';
import { boardSvg } from './board-svg.ts';

export interface BoardImage {
  png: Buffer;
  fen: string;
  /** Width and height in px. */
  size: number;
}

export interface BoardImageOptions {
  orientation: Color;
  lastMove: NormalMove | undefined;
  files: 'letters' | 'digits';
}

const SQUARE = 48;
const cache = new Map<string, BoardImage | undefined>();

export function boardPngFor(
  state: GameState,
  options: BoardImageOptions,
  fontFile?: string,
): BoardImage | undefined {
  const fen = makeFen(state.pos.toSetup());
  const last = options.lastMove ? `${options.lastMove.from}-${options.lastMove.to}` : '';
  const key = [fen, options.orientation, last, options.files, fontFile ?? ''].join('|');
  if (cache.has(key)) return cache.get(key);
  const svg = boardSvg(state.pos, {
    orientation: options.orientation,
    files: options.files,
    squareSize: SQUARE,
    ...(options.lastMove ? { lastMove: options.lastMove } : {}),
  });
  const png = renderBoardPng(svg, fontFile);
  const image = png.ok ? { png: png.value, fen, size: 8 * SQUARE + 2 * (SQUARE / 2) } : undefined;
  if (cache.size > 64) cache.clear();
  cache.set(key, image);
  return image;
}
