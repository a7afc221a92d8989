import { type Matrix4, Vector3 } from 'three';
import type { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { Transform } from '../../../../contracts/sceneContent';
import type { GizmoMode, Snapping } from '../../protocol';
import { transformOf } from './objects';
import type { EditorViewport } from './viewport';

/**
 * The move/rotate/scale gizmo on the selection: it sits on the selected object, or on the middle
 * of several, and the selected objects follow it while it is dragged. A drag is one edit, made
 * when it ends (STYLE.md 13).
 */

/** Puts the gizmo on objects (or takes it off when there are none). */
export function placeGizmo(viewport: EditorViewport, ids: string[], mode: GizmoMode, snapping: Snapping) {
  const roots = ids.map((id) => viewport.objects.get(id)?.root).filter((r) => r !== undefined);
  const gizmo = viewport.gizmo;
  if (!roots.length) {
    gizmo.detach();
    return;
  }
  const pivot = viewport.pivot;
  if (roots.length === 1) {
    roots[0].getWorldPosition(pivot.position);
    roots[0].getWorldQuaternion(pivot.quaternion);
    pivot.scale.copy(roots[0].scale);
  } else {
    pivot.position.set(0, 0, 0);
    roots.forEach((r) => pivot.position.add(r.getWorldPosition(new Vector3())));
    pivot.position.divideScalar(roots.length);
    pivot.quaternion.identity();
    pivot.scale.set(1, 1, 1);
  }
  pivot.updateMatrixWorld(true);
  gizmo.setSpace(roots.length === 1 ? 'local' : 'world');
  gizmo.attach(pivot);
  gizmo.setMode(mode);
  snapGizmo(gizmo, snapping);
  viewport.refreshSelectionBoxes();
}

export function snapGizmo(gizmo: TransformControls, snapping: Snapping) {
  const on = snapping.enabled;
  gizmo.setTranslationSnap(on ? snapping.grid : null);
  gizmo.setRotationSnap(on ? (snapping.angle * Math.PI) / 180 : null);
  gizmo.setScaleSnap(on ? snapping.scale : null);
}

export interface GizmoDragHost {
  /** The ids of the objects being dragged. */
  selection(): string[];
  /** The orbit camera stays still while the gizmo is dragged. */
  setCameraEnabled(enabled: boolean): void;
  /** A drag ended: where the objects were let go. */
  dropped(changes: { id: string; transform: Transform }[]): void;
}

/** Moves the selected objects with the gizmo while it is dragged; one drag at a time. */
export class GizmoDrag {
  private start: { pivot: Matrix4; objects: Map<string, Matrix4> } | null = null;

  constructor(private readonly host: GizmoDragHost) {}

  get dragging(): boolean {
    return this.start !== null;
  }

  /** Follows the gizmo of a viewport. */
  follow(viewport: EditorViewport) {
    const gizmo = viewport.gizmo;
    gizmo.addEventListener('dragging-changed', (event) => {
      const dragging = (event as unknown as { value: boolean }).value;
      this.host.setCameraEnabled(!dragging);
      if (dragging) {
        this.start = {
          pivot: viewport.pivot.matrixWorld.clone(),
          objects: new Map(
            this.host.selection().map((id) => [id, viewport.objects.get(id)!.root.matrixWorld.clone()]),
          ),
        };
        return;
      }
      const start = this.start;
      this.start = null;
      if (!start) return;
      this.host.dropped(
        this.host.selection().map((id) => ({ id, transform: transformOf(viewport.objects.get(id)!.root) })),
      );
    });
    gizmo.addEventListener('objectChange', () => {
      const start = this.start;
      if (!start) return;
      const delta = viewport.pivot.matrixWorld.clone().multiply(start.pivot.clone().invert());
      for (const [id, matrix] of start.objects) {
        const root = viewport.objects.get(id)?.root;
        if (!root) continue;
        delta.clone().multiply(matrix).decompose(root.position, root.quaternion, root.scale);
        root.updateMatrixWorld(true);
      }
      viewport.refreshSelectionBoxes();
    });
  }
}
