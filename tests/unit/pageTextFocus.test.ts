import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPageTextField, watchPageTextFocus } from '../../src/engine/host/pageTextFocus';

function page() {
  document.body.innerHTML = `
    <input id="name" type="text">
    <input id="email" type="email">
    <input id="agree" type="checkbox">
    <textarea id="bio"></textarea>
    <select id="country"><option>NL</option></select>
    <div id="note" contenteditable="true"><b id="bold">hi</b><span id="fixed" contenteditable="false">x</span></div>
    <button id="go">Go</button>
    <div id="engine"><input id="engine-input" type="text"></div>`;
  const el = (id: string) => document.getElementById(id)!;
  return { el, engine: el('engine') };
}

describe('page text fields', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('are inputs one types into, text areas, selects and editable content outside the engine', () => {
    const { el, engine } = page();
    for (const id of ['name', 'email', 'bio', 'country', 'note', 'bold']) {
      expect(isPageTextField(el(id), engine), id).toBe(true);
    }
    for (const id of ['agree', 'go', 'fixed', 'engine-input', 'engine']) {
      expect(isPageTextField(el(id), engine), id).toBe(false);
    }
    expect(isPageTextField(null, engine)).toBe(false);
  });

  it('report focus coming and going, but not a move from one field to the next', () => {
    const { el, engine } = page();
    const onChange = vi.fn();
    const stop = watchPageTextFocus(document, engine, onChange);
    el('name').focus();
    el('email').focus();
    el('agree').focus();
    el('bio').focus();
    el('engine-input').focus();
    expect(onChange.mock.calls.map(([focused]) => focused)).toEqual([true, false, true, false]);
    stop();
    el('name').focus();
    expect(onChange).toHaveBeenCalledTimes(4);
  });

  it('report a field that already has focus when watching starts', () => {
    const { el, engine } = page();
    el('bio').focus();
    const onChange = vi.fn();
    watchPageTextFocus(document, engine, onChange)();
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
