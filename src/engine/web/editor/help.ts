/**
 * The editor's help panel: its keyboard shortcuts and mouse gestures, shown over the canvas with
 * the ? key (or the page's help toggle).
 */

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl';

export const editorShortcuts: [keys: string, action: string][] = [
  ['Click', 'Select (Shift+click adds to the selection)'],
  ['Drag', 'Orbit the camera (right drag pans, wheel zooms)'],
  ['W / E / R', 'Move / rotate / scale with the gizmo'],
  ['Delete', 'Delete the selection'],
  [`${mod}+D`, 'Duplicate the selection'],
  [`${mod}+C / ${mod}+V`, 'Copy / paste'],
  [`${mod}+Z`, 'Undo'],
  [`${mod}+Shift+Z`, 'Redo'],
  ['F', 'Frame the selection'],
  ['Escape', 'Stop drawing, clear the selection, back to Select'],
  ['Double click', 'Finish a chain of walls'],
  ['?', 'Show or hide this help'],
  ['`', 'Show or hide the profiler'],
];

export class HelpPanel {
  private readonly element: HTMLDivElement;

  constructor(container: HTMLElement) {
    this.element = document.createElement('div');
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-label', 'Editor shortcuts');
    Object.assign(this.element.style, {
      position: 'absolute',
      right: '12px',
      top: '12px',
      maxWidth: '340px',
      padding: '10px 14px',
      background: 'rgba(255,255,255,0.95)',
      color: '#1d2433',
      font: '13px/1.45 system-ui, sans-serif',
      borderRadius: '8px',
      boxShadow: '0 4px 18px rgba(0,0,0,0.18)',
      zIndex: '3',
      display: 'none',
    });
    const title = document.createElement('strong');
    title.textContent = 'Editor shortcuts';
    const table = document.createElement('table');
    table.style.borderSpacing = '8px 2px';
    for (const [keys, action] of editorShortcuts) {
      const row = table.insertRow();
      const k = row.insertCell();
      k.style.whiteSpace = 'nowrap';
      k.style.fontWeight = '600';
      k.textContent = keys;
      row.insertCell().textContent = action;
    }
    this.element.append(title, table);
    container.appendChild(this.element);
  }

  get visible() {
    return this.element.style.display !== 'none';
  }

  setVisible(visible: boolean) {
    this.element.style.display = visible ? 'block' : 'none';
  }

  dispose() {
    this.element.remove();
  }
}
