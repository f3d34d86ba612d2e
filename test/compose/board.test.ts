// The board for mail (issue 4): the fixed-width text board in the recipient's letters, and the
// PNG drawn with the DejaVu Sans chess glyphs — a valid PNG, deterministic for a position.

import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import type { NormalMove } from 'chessops/types';
import { parseUci } from 'chessops/util';
import { describe, expect, it } from 'vitest';
import { createBoardRaster } from '../../src/compose/board-raster.ts';
import { boardSvg, boardText, findBoardFont } from '../../src/compose/index.ts';

const at = (fen: string) => Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
const START = Chess.default();
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('boardText', () => {
  it('shows White at the bottom with English letters by default', () => {
    const text = boardText(START);
    expect(text.split('\n')).toEqual([
      '    a b c d e f g h',
      '  +-----------------+',
      '8 | r n b q k b n r | 8',
      '7 | p p p p p p p p | 7',
      '6 | . . . . . . . . | 6',
      '5 | . . . . . . . . | 5',
      '4 | . . . . . . . . | 4',
      '3 | . . . . . . . . | 3',
      '2 | P P P P P P P P | 2',
      '1 | R N B Q K B N R | 1',
      '  +-----------------+',
      '    a b c d e f g h',
    ]);
  });

  it('uses the Polish, German and Czech letters, and ASCII for Ukrainian (Кр is two letters)', () => {
    expect(boardText(START, { letters: 'pl' })).toContain('1 | W S G H K G S W | 1');
    expect(boardText(START, { letters: 'de' })).toContain('2 | B B B B B B B B | 2');
    expect(boardText(START, { letters: 'cs' })).toContain('8 | v j s d k s j v | 8');
    expect(boardText(START, { letters: 'uk' })).toContain('1 | R N B Q K B N R | 1');
  });

  it('turns the board for Black and adds numeric file digits', () => {
    const lines = boardText(START, { orientation: 'black', numeric: true }).split('\n');
    expect(lines[0]).toBe('    h g f e d c b a');
    expect(lines[2]).toBe('1 | R N B K Q B N R | 1');
    expect(lines[lines.length - 1]).toBe('    8 7 6 5 4 3 2 1');
  });
});

describe('board PNG', () => {
  const pos = at('r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4');
  const lastMove = parseUci('g8f6') as NormalMove;
  /** The board image as mails carry it (board-raster.ts); no font is an error value. */
  const renderBoardPng = (p: Chess, last?: NormalMove) => {
    const font = findBoardFont();
    if (!font.ok) return font;
    const raster = createBoardRaster(font.value);
    return {
      ok: true as const,
      value: raster.render(p, { orientation: 'white', files: 'letters', lastMove: last }),
    };
  };

  it('finds the font it draws the pieces with (fonts-dejavu-core, scripts/setup.sh)', () => {
    expect(findBoardFont().ok).toBe(true);
  });

  it('names every piece glyph and highlights the last move in the SVG', () => {
    const svg = boardSvg(pos, { lastMove });
    expect(svg.match(/\u265F/g)?.length).toBe(16); // every pawn's filled glyph
    expect(svg).toContain('#e8e18a'); // g8, a light square, highlighted
  });

  it('renders a valid PNG of plausible size, the same bytes every time', () => {
    const a = renderBoardPng(pos, lastMove);
    const b = renderBoardPng(pos, lastMove);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value.subarray(0, 8).equals(SIGNATURE)).toBe(true);
    expect(a.value.readUInt32BE(16)).toBe(432); // IHDR width: 8 × 48 + 2 × 24
    expect(a.value.readUInt32BE(20)).toBe(432);
    expect(a.value.length).toBeGreaterThan(10_000);
    expect(a.value.equals(b.value)).toBe(true);
  });

  it('draws pieces: a full board differs from one with bare kings', () => {
    const empty = renderBoardPng(at('4k3/8/8/8/8/8/8/4K3 w - - 0 1'));
    const full = renderBoardPng(pos);
    expect(empty.ok && full.ok).toBe(true);
    if (empty.ok && full.ok) expect(full.value.length).toBeGreaterThan(empty.value.length + 5_000);
  });
});
