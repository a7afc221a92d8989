import { Vector3 } from 'three';
import type { Transform } from '../../../../contracts/sceneContent';
import type { PlaceableItem } from '../../protocol';
import { addPlacement } from './addPlacement';
import type { ObjectEntry } from './document';
import type { Editor } from './editor';
import { addObject, copiesOf } from './edits/objects';
import { isRejection } from './edits/rejection';
import { isFlat, placementFor } from './placement';

/**
 * Content added from the page and the keyboard: new content placed where it is dropped (or,
 * added, where addPlacement.ts puts it), copies of the selection, and the clipboard they are
 * pasted from. What is added becomes the selection.
 */
export class ContentActions {
  private clipboard: ObjectEntry[] = [];
  private pasteCount = 0;

  constructor(private readonly editor: Editor) {}

  /**
   * Places content where a page point meets a surface (a drop), or, without a point (Add), by
   * the rules of addPlacement.ts: a picture on the wall the camera faces, anything else on the
   * floor in front of the camera, each clear of what is already there.
   */
  place(item: PlaceableItem, x?: number, y?: number) {
    const editor = this.editor;
    let transform =
      x === undefined || y === undefined ? this.placementForAdd(item) : this.placementAt(item, x, y);
    if (item.kind === 'model3d' && item.item.placedScale) {
      const { placedScale, ...model } = item.item;
      transform = { ...transform, scale: [placedScale, placedScale, placedScale] };
      item = { kind: 'model3d', item: model };
    }
    const result = addObject(editor.doc, item, transform);
    if (
      editor.run(result, x === undefined ? 'Editor.Content.add' : 'Editor.Content.placeAt') &&
      !isRejection(result)
    ) {
      editor.setSelection([result.id]);
    }
  }

  private placementForAdd(item: PlaceableItem): Transform {
    const editor = this.editor;
    const camera = editor.runtime.camera;
    const direction = camera.getWorldDirection(new Vector3());
    return addPlacement(item, {
      content: editor.doc.current,
      activeLevelId: editor.activeLevelId,
      camera: { position: camera.position.toArray(), direction: direction.toArray() },
      objects: editor.viewport?.objects ?? new Map(),
    });
  }

  private placementAt(item: PlaceableItem, x: number, y: number): Transform {
    const editor = this.editor;
    const pick = editor.pickAt(x, y, { objects: false });
    const level = editor.activeLevel();
    const cam = editor.runtime.camera.position;
    let hit;
    if (pick) {
      const floorY =
        pick.normal.y > 0.5
          ? pick.point.y
          : pick.kind === 'surface' && 'levelId' in pick.surface
            ? (editor.levels().find((l) => l.id === (pick.surface as { levelId: string }).levelId)
                ?.elevation ?? 0)
            : (level?.elevation ?? 0);
      hit = {
        point: pick.point.toArray() as [number, number, number],
        normal: pick.normal.toArray() as [number, number, number],
        floorY,
      };
    } else {
      const dir = editor.runtime.camera.getWorldDirection(new Vector3()).setY(0).normalize();
      const p = cam.clone().addScaledVector(dir, 3);
      hit = {
        point: [p.x, level?.elevation ?? 0, p.z] as [number, number, number],
        normal: [0, 1, 0] as [number, number, number],
        floorY: level?.elevation ?? 0,
      };
    }
    if (!isFlat(item.kind) && hit.normal[1] <= 0.5 && pick?.kind === 'object')
      hit.floorY = level?.elevation ?? 0;
    return placementFor(item.kind, hit, [cam.x, cam.y, cam.z]);
  }

  duplicateSelection() {
    const editor = this.editor;
    const entries = editor.selection.map((id) => editor.doc.get(id)!).filter(Boolean);
    const result = copiesOf(
      editor.doc,
      entries,
      (e) => offsetFor(e, 1),
      entries.length === 1 ? 'Duplicate' : `Duplicate ${entries.length} objects`,
    );
    if (editor.run(result, 'Editor.Content.duplicateSelection') && !isRejection(result))
      editor.setSelection(result.ids);
  }

  copySelection() {
    const editor = this.editor;
    this.clipboard = editor.selection.map((id) => structuredClone(editor.doc.get(id)!)).filter(Boolean);
    this.pasteCount = 0;
  }

  paste() {
    const editor = this.editor;
    this.pasteCount++;
    const result = copiesOf(
      editor.doc,
      this.clipboard,
      (e) => offsetFor(e, this.pasteCount),
      this.clipboard.length === 1 ? 'Paste' : `Paste ${this.clipboard.length} objects`,
    );
    if (editor.run(result, 'Editor.Content.paste') && !isRejection(result)) editor.setSelection(result.ids);
  }
}

/** Copies step aside: flat things along their own width, standing things 0.6 m along x and z. */
function offsetFor(entry: ObjectEntry, times: number): [number, number, number] {
  const item = entry.item as { width?: number; transform: { rotation: [number, number, number] } };
  if (typeof item.width === 'number') {
    const yaw = (item.transform.rotation[1] * Math.PI) / 180;
    const step = (item.width + 0.2) * times;
    return [Math.cos(yaw) * step, 0, -Math.sin(yaw) * step];
  }
  return [0.6 * times, 0, 0.6 * times];
}
