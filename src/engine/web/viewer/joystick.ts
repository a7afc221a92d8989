/**
 * The on-screen joystick for touch screens: a base with a knob, bottom left. It reports a
 * direction with length 0–1 (x to the right, y forwards).
 */
export class Joystick {
  readonly element: HTMLDivElement;
  private readonly knob: HTMLDivElement;
  private pointerId: number | null = null;
  private origin = { x: 0, y: 0 };
  value = { x: 0, y: 0 };
  static readonly radius = 56;

  constructor(container: HTMLElement) {
    const r = Joystick.radius;
    this.element = document.createElement('div');
    this.element.setAttribute('aria-hidden', 'true');
    Object.assign(this.element.style, {
      position: 'absolute',
      left: '24px',
      bottom: '24px',
      width: `${r * 2}px`,
      height: `${r * 2}px`,
      borderRadius: '50%',
      background: 'rgba(20,24,32,0.25)',
      border: '2px solid rgba(255,255,255,0.6)',
      touchAction: 'none',
      display: 'none',
      zIndex: '2',
    });
    this.knob = document.createElement('div');
    Object.assign(this.knob.style, {
      position: 'absolute',
      left: `${r - 24}px`,
      top: `${r - 24}px`,
      width: '48px',
      height: '48px',
      borderRadius: '50%',
      background: 'rgba(255,255,255,0.85)',
      pointerEvents: 'none',
    });
    this.element.appendChild(this.knob);
    container.appendChild(this.element);
    this.element.addEventListener('pointerdown', this.down);
    this.element.addEventListener('pointermove', this.move);
    this.element.addEventListener('pointerup', this.up);
    this.element.addEventListener('pointercancel', this.up);
  }

  show(visible: boolean) {
    this.element.style.display = visible ? 'block' : 'none';
  }

  get active() {
    return this.pointerId !== null;
  }

  private down = (e: PointerEvent) => {
    e.preventDefault();
    e.stopPropagation();
    this.pointerId = e.pointerId;
    this.element.setPointerCapture?.(e.pointerId);
    const rect = this.element.getBoundingClientRect();
    this.origin = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    this.move(e);
  };

  private move = (e: PointerEvent) => {
    if (e.pointerId !== this.pointerId) return;
    e.stopPropagation();
    const r = Joystick.radius;
    let dx = e.clientX - this.origin.x;
    let dy = e.clientY - this.origin.y;
    const length = Math.hypot(dx, dy);
    if (length > r) {
      dx = (dx / length) * r;
      dy = (dy / length) * r;
    }
    this.knob.style.transform = `translate(${dx}px, ${dy}px)`;
    this.value = { x: dx / r, y: -dy / r };
  };

  private up = (e: PointerEvent) => {
    if (e.pointerId !== this.pointerId) return;
    this.pointerId = null;
    this.value = { x: 0, y: 0 };
    this.knob.style.transform = '';
  };

  dispose() {
    this.element.remove();
  }
}
