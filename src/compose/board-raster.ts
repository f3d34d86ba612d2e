// The board PNG without a renderer per board (issue 4; issue 5's backlog bench): resvg draws, once
// per font and square size, every square as it can look — each piece and the empty square on each
// of the four square fills — and the four frames (orientation × file labels: the whole board with
// no pieces and no highlight), all from board-svg.ts's own markup, so the look is defined once.
// A board is then the frame's rows with the occupied and highlighted squares' rows copied over,
// written as an indexed PNG. A piece glyph stays well inside its square (DejaVu Sans at 48 px
// squares: at least 8 px from every edge), so a square drawn alone is the square on the board.
//
// The palette is the raster's 256 most frequent colours over all sprites and frames (every other
// colour becomes its nearest one): it does not depend on which boards were drawn, so the same
// position gives the same bytes in every process.

import zlib from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { Board } from 'chessops/board';
import type { Position } from 'chessops/chess';
import type { Color, NormalMove, Piece, Role } from 'chessops/types';
import { textToPaths } from './board-png.ts';
import {
  boardGeometry,
  boardSvg,
  isLightSquare,
  pieceSvg,
  squareCell,
  squareFill,
} from './board-svg.ts';

export interface BoardRasterOptions {
  orientation: Color;
  lastMove?: NormalMove | undefined;
  files: 'letters' | 'digits';
}

export interface BoardRaster {
  /** Width and height of a board in px. */
  readonly size: number;
  render(pos: Pick<Position, 'board'>, options: BoardRasterOptions): Buffer;
}

/**
 * Measured on 300 boards from random games: levels 1, 2 and 3 deflate a board in about 0.40,
 * 0.41 and 0.43 ms to 14.0, 12.9 and 10.4 KB; level 4 and up take twice as long or more.
 */
const DEFLATE_LEVEL = 3;

const ROLES: readonly Role[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];
/** What a square can hold: nothing, then White's and Black's pieces. */
const CONTENTS: readonly (Piece | undefined)[] = [
  undefined,
  ...ROLES.map((role): Piece => ({ role, color: 'white' })),
  ...ROLES.map((role): Piece => ({ role, color: 'black' })),
];
const contentIndex = (p: Piece | undefined): number =>
  p ? 1 + ROLES.indexOf(p.role) + (p.color === 'white' ? 0 : ROLES.length) : 0;
/** Sprites are kept by fill (light, then last move) and content. */
const spriteIndex = (light: boolean, last: boolean, p: Piece | undefined): number =>
  ((light ? 1 : 0) + (last ? 2 : 0)) * CONTENTS.length + contentIndex(p);
const frameIndex = (orientation: Color, files: 'letters' | 'digits'): number =>
  (orientation === 'white' ? 0 : 2) + (files === 'letters' ? 0 : 1);

/** RGBA pixels of an SVG, its text drawn from the glyph paths of board-png.ts. */
function rasterize(svg: string, font: string): Buffer {
  return new Resvg(textToPaths(svg, font), {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  }).render().pixels;
}

/**
 * The 256 most frequent colours (ties: the lower RGB value first) as PLTE bytes, and each colour
 * seen (as 0xRRGGBB) with its index: itself, or the nearest palette colour by squared RGB distance.
 */
function buildPalette(images: readonly Buffer[]): { plte: Buffer; indexOf: Map<number, number> } {
  const counts = new Map<number, number>();
  for (const px of images) {
    for (let i = 0; i < px.length; i += 4) {
      // Every sprite and frame starts with an opaque fill: there is no alpha to keep.
      if (px[i + 3] !== 255) throw new Error('board raster: a pixel is not opaque');
      const rgb = px.readUIntBE(i, 3);
      counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
    }
  }
  const byCount = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([rgb]) => rgb);
  const palette = byCount.slice(0, 256);
  const indexOf = new Map(palette.map((rgb, i) => [rgb, i]));
  for (const rgb of byCount.slice(256)) {
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    palette.forEach((p, i) => {
      const d =
        (((p >> 16) & 255) - ((rgb >> 16) & 255)) ** 2 +
        (((p >> 8) & 255) - ((rgb >> 8) & 255)) ** 2 +
        ((p & 255) - (rgb & 255)) ** 2;
      if (d < bestDistance) {
        best = i;
        bestDistance = d;
      }
    });
    indexOf.set(rgb, best);
  }
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((rgb, i) => {
    plte.writeUIntBE(rgb, i * 3, 3);
  });
  return { plte, indexOf };
}

/** Palette indices of RGBA pixels, `width` per row, each row preceded by `rowPrefix` zero bytes. */
function indexed(
  px: Buffer,
  width: number,
  rowPrefix: number,
  indexOf: Map<number, number>,
): Buffer {
  const rows = px.length / 4 / width;
  const out = Buffer.alloc(rows * (rowPrefix + width));
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < width; x++) {
      const rgb = px.readUIntBE((y * width + x) * 4, 3);
      out[y * (rowPrefix + width) + rowPrefix + x] = indexOf.get(rgb) as number;
    }
  }
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Renders the sprites and frames with resvg (tens of ms); `render` then needs no resvg. */
export function createBoardRaster(fontFile: string, squareSize = 48): BoardRaster {
  const s = squareSize;
  const { margin, size } = boardGeometry(s);
  const spriteSvgs: string[] = [];
  for (const last of [false, true]) {
    for (const light of [false, true]) {
      for (const p of CONTENTS) {
        spriteSvgs[spriteIndex(light, last, p)] =
          `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
          `<rect width="${s}" height="${s}" fill="${squareFill(light, last)}"/>` +
          `${p ? pieceSvg(p, 0, 0, s) : ''}</svg>`;
      }
    }
  }
  const frameSvgs: string[] = [];
  for (const orientation of ['white', 'black'] as const) {
    for (const files of ['letters', 'digits'] as const) {
      frameSvgs[frameIndex(orientation, files)] = boardSvg(
        { board: Board.empty() },
        { orientation, files, squareSize: s },
      );
    }
  }
  const spritePixels = spriteSvgs.map((svg) => rasterize(svg, fontFile));
  const framePixels = frameSvgs.map((svg) => rasterize(svg, fontFile));
  const { plte, indexOf } = buildPalette([...spritePixels, ...framePixels]);
  const sprites = spritePixels.map((px) => indexed(px, s, 0, indexOf));
  // PNG scanlines: a filter byte (0, none) then the row's indices.
  const frames = framePixels.map((px) => indexed(px, size, 1, indexOf));
  const stride = size + 1;

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  const head = Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('PLTE', plte)]);
  const end = chunk('IEND', Buffer.alloc(0));

  return {
    size,
    render(pos, { orientation, lastMove, files }) {
      const rows = Buffer.from(frames[frameIndex(orientation, files)] as Buffer);
      for (let sq = 0; sq < 64; sq++) {
        const piece = pos.board.get(sq);
        const last = lastMove !== undefined && (sq === lastMove.from || sq === lastMove.to);
        if (!piece && !last) continue;
        const sprite = sprites[spriteIndex(isLightSquare(sq), last, piece)] as Buffer;
        const { col, row } = squareCell(sq, orientation);
        let at = (margin + row * s) * stride + 1 + margin + col * s;
        for (let y = 0; y < s; y++, at += stride) sprite.copy(rows, at, y * s, (y + 1) * s);
      }
      const idat = chunk('IDAT', zlib.deflateSync(rows, { level: DEFLATE_LEVEL }));
      return Buffer.concat([head, idat, end]);
    },
  };
}
