import { describe, expect, it } from 'vitest';
import {
  bylineOf,
  cellHeight,
  cellWidth,
  hasLabel,
  labelPlace,
  labelSide,
  labelWidth,
  layoutLabel,
  type Measure,
  wrap,
} from '../../../src/engine/web/build/labels';

// A monospaced stand-in for the canvas: titles 16 px a character, bylines 11 px.
const measure: Measure = (text, font) => text.length * (font === 'title' ? 16 : 11);
const lineWidth = cellWidth - 24;

describe('museum labels', () => {
  it('read title, then artist and year; a picture with none of them gets no label', () => {
    expect(bylineOf({ artist: 'Élise Marchand', year: '2022' })).toBe('Élise Marchand, 2022');
    expect(bylineOf({ artist: 'Élise Marchand' })).toBe('Élise Marchand');
    expect(bylineOf({ year: 'c. 1890' })).toBe('c. 1890');
    expect(hasLabel({ title: '  ' })).toBe(false);
    expect(hasLabel({ year: '1890' })).toBe(true);
    const lines = layoutLabel({ title: 'Blocks', artist: 'Henrik Solberg', year: '2023' }, measure);
    expect(lines.map((l) => [l.font, l.text])).toEqual([
      ['title', 'Blocks'],
      ['byline', 'Henrik Solberg, 2023'],
    ]);
    expect(lines[1].y).toBeGreaterThan(lines[0].y);
  });

  it('wrap long titles at spaces, within the card, and end cut text with an ellipsis', () => {
    const lines = wrap(
      'The quiet evening light over the northern harbour in winter',
      'title',
      lineWidth,
      2,
      measure,
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('The quiet');
    for (const line of lines) expect(measure(line, 'title')).toBeLessThanOrEqual(lineWidth);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(wrap('Short', 'title', lineWidth, 2, measure)).toEqual(['Short']);
  });

  it('cut a word too long for a line instead of letting it run off the card', () => {
    const lines = wrap('Donaudampfschifffahrtsgesellschaft', 'title', lineWidth, 3, measure);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measure(line, 'title')).toBeLessThanOrEqual(lineWidth);
    expect(lines.join('')).toBe('Donaudampfschifffahrtsgesellschaft');
  });

  it('keep every line inside the card, a two-line title leaving room for the byline', () => {
    const lines = layoutLabel(
      { title: 'A very long title that needs two lines', artist: 'Someone With A Long Name', year: '2024' },
      measure,
    );
    expect(lines.filter((l) => l.font === 'title')).toHaveLength(2);
    expect(lines.filter((l) => l.font === 'byline').length).toBeGreaterThanOrEqual(1);
    for (const line of lines) {
      expect(line.y).toBeLessThanOrEqual(cellHeight - 12);
      expect(measure(line.text, line.font)).toBeLessThanOrEqual(lineWidth);
    }
  });

  it('hang beside the frame, never over the picture, its bottom level with the picture’s', () => {
    const place = labelPlace({ width: 1, height: 0.8, frame: { color: '#000000', width: 0.05 } });
    expect(place.x - labelWidth / 2).toBeGreaterThan(0.5 + 0.05);
    expect(place.y).toBeLessThan(0);
  });

  it('move to the left, or below, when another work hangs where the label would go', () => {
    const picture = { width: 1, height: 0.8 };
    expect(labelSide(picture, [])).toBe('right');
    const rightNeighbour = { x: 1.2, y: 0, z: 0, width: 0.6, height: 0.6 };
    expect(labelSide(picture, [rightNeighbour])).toBe('left');
    const leftNeighbour = { ...rightNeighbour, x: -1.2 };
    expect(labelSide(picture, [rightNeighbour, leftNeighbour])).toBe('below');
    // A work on the opposite wall (3 m out) is not in the way.
    expect(labelSide(picture, [{ ...rightNeighbour, z: 3 }])).toBe('right');
    expect(labelPlace(picture, 'below').y).toBeLessThan(-0.4);
  });
});
