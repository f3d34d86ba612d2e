// The board image of a game's current position for a mail (issue 4): drawn by board-raster.ts
// from squares resvg rendered once per font (the look of board-svg.ts, about 0.5 ms a board
// instead of 8), with the last move highlighted, cached per position and view so a mail to three
// recipients renders once. No image (font missing) is `undefined`: the mail then shows the text
// board in its HTML part too.

import { makeFen } from 'chessops/fen';
import type { Color, NormalMove } from 'chessops/types';
import type { GameState } from '../referee/index.ts';
import { findBoardFont } from './board-png.ts';
import type { BoardRaster } from './board-raster.ts';
import { createBoardRaster } from './board-raster.ts';

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
/** One raster per font file, made on the first board drawn with it; `undefined` if that failed. */
const rasters = new Map<string, BoardRaster | undefined>();
/** The font file found for a request (explicit file, else AMICI_BOARD_FONT, else the known paths). */
const fonts = new Map<string, ReturnType<typeof findBoardFont>>();

function rasterFor(fontFile?: string): BoardRaster | undefined {
  const request = `${fontFile ?? ''}\0${process.env.AMICI_BOARD_FONT ?? ''}`;
  let font = fonts.get(request);
  if (!font) {
    font = findBoardFont(fontFile);
    // A missing font is looked for again next time: it may be installed while amici runs.
    if (font.ok) fonts.set(request, font);
  }
  if (!font.ok) return undefined;
  if (!rasters.has(font.value)) {
    let raster: BoardRaster | undefined;
    try {
      raster = createBoardRaster(font.value, SQUARE);
    } catch {
      raster = undefined; // a font resvg cannot read: no image, as without a font
    }
    rasters.set(font.value, raster);
  }
  return rasters.get(font.value);
}

export function boardPngFor(
  state: GameState,
  options: BoardImageOptions,
  fontFile?: string,
): BoardImage | undefined {
  const fen = makeFen(state.pos.toSetup());
  const last = options.lastMove ? `${options.lastMove.from}-${options.lastMove.to}` : '';
  const key = [fen, options.orientation, last, options.files, fontFile ?? ''].join('|');
  if (cache.has(key)) return cache.get(key);
  const raster = rasterFor(fontFile);
  const image = raster
    ? { png: raster.render(state.pos, options), fen, size: raster.size }
    : undefined;
  if (cache.size > 64) cache.clear();
  cache.set(key, image);
  return image;
}
