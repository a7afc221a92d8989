import { describe, expect, it } from 'vitest';
import { defaultToolOptions } from '../../../src/engine/protocol';
import { rememberOpening, setToolPayload, toolChoiceOf } from '../../../src/views/editor/editorTools';

const memory = { door: 'door-double', window: 'window-top' } as const;

describe('tool buttons', () => {
  it('show the opening tool as Door or Window by its kind', () => {
    expect(toolChoiceOf('opening', { ...defaultToolOptions, openingKind: 'door-single' })).toBe('door');
    expect(toolChoiceOf('opening', { ...defaultToolOptions, openingKind: 'window-panoramic' })).toBe(
      'window',
    );
    expect(toolChoiceOf('wall', defaultToolOptions)).toBe('wall');
    expect(toolChoiceOf('eraser', defaultToolOptions)).toBe('eraser');
  });

  it('set the engine tool with the kind last chosen for it', () => {
    expect(setToolPayload('door', defaultToolOptions, memory)).toEqual({
      tool: 'opening',
      options: { openingKind: 'door-double' },
    });
    expect(setToolPayload('window', defaultToolOptions, memory)).toEqual({
      tool: 'opening',
      options: { openingKind: 'window-top' },
    });
    expect(
      setToolPayload('stairs', { ...defaultToolOptions, stairsKind: 'U', stairsTurn: 'right' }, memory),
    ).toEqual({
      tool: 'stairs',
      options: { stairsKind: 'U', stairsTurn: 'right' },
    });
    expect(setToolPayload('paint', defaultToolOptions, memory)).toEqual({ tool: 'paint' });
  });

  it('remember the engine opening kind under its tool', () => {
    expect(rememberOpening(memory, { ...defaultToolOptions, openingKind: 'window-center' })).toEqual({
      door: 'door-double',
      window: 'window-center',
    });
    expect(rememberOpening(memory, { ...defaultToolOptions, openingKind: 'door-single' })).toEqual({
      door: 'door-single',
      window: 'window-top',
    });
  });
});
