import type { EngineCommand } from '../../protocol';
import { ContentActions } from './contentActions';
import type { Editor } from './editor';
import { removeObjects, setTransforms, updateObject } from './edits/objects';
import {
  addLevel,
  addOpening,
  addStairs,
  addWall,
  applyTheme,
  removeElement,
  removeLevel,
  renameLevel,
  setCustomSpace,
  setEnvironment,
  setMaterialOverride,
  switchToCustomSpace,
  switchToTemplate,
} from './edits/space';
import {
  addPoint,
  addTour,
  movePoint,
  removePoint,
  removeTour,
  setStartingPoint,
  updatePoint,
  updateTour,
} from './edits/tours';
import { SetFields } from './commands';
import { objectListEvent } from './stateEvents';
import { poseOfPoint } from '../viewer/tour';

/** The editor's protocol: each Editor.* command turned into an edit, a tool change or a query. */
export class EditorCommands {
  private readonly content: ContentActions;

  constructor(private readonly editor: Editor) {
    this.content = new ContentActions(editor);
  }

  handle(cmd: EngineCommand) {
    const e = this.editor;
    const content = this.content;
    const name = `${cmd.channel}.${String(cmd.method)}`;
    const doc = () => e.doc;
    switch (cmd.channel) {
      case 'Editor.Construction':
        switch (cmd.method) {
          case 'setTool':
            return e.setTool(cmd.payload.tool, cmd.payload.options ?? {});
          case 'useTemplate':
            return void e.run(switchToTemplate(doc(), cmd.payload.template), name);
          case 'useCustomSpace':
            return void e.run(switchToCustomSpace(doc()), name);
          case 'setCustomSpace':
            return void e.run(setCustomSpace(doc(), cmd.payload.customSpace), name);
          case 'addLevel': {
            const result = addLevel(doc(), cmd.payload.name);
            if (e.run(result, name) && 'levelId' in result) {
              e.activeLevelId = result.levelId;
              e.applyView();
            }
            return;
          }
          case 'removeLevel':
            return void e.run(removeLevel(doc(), cmd.payload.levelId), name);
          case 'renameLevel':
            return void e.run(renameLevel(doc(), cmd.payload.levelId, cmd.payload.name), name);
          case 'setActiveLevel':
            if (!e.levels().some((l) => l.id === cmd.payload.levelId)) {
              return e.emit({
                type: 'commandRejected',
                command: name,
                code: 'NOT_FOUND',
                message: `There is no level "${cmd.payload.levelId}"`,
              });
            }
            e.activeLevelId = cmd.payload.levelId;
            e.applyView();
            return e.markDirty();
          case 'addWall':
            return void e.run(addWall(doc(), cmd.payload.levelId, cmd.payload.wall), name);
          case 'addOpening':
            return void e.run(addOpening(doc(), cmd.payload.levelId, cmd.payload.opening), name);
          case 'addStairs':
            return void e.run(addStairs(doc(), cmd.payload.levelId, cmd.payload.stairs), name);
          case 'removeElement':
            return void e.run(removeElement(doc(), cmd.payload.id), name);
          case 'setUnits':
            e.units = cmd.payload.units;
            return e.markDirty();
        }
        return;
      case 'Editor.Content':
        switch (cmd.method) {
          case 'add':
            return content.place(cmd.payload.item);
          case 'placeAt':
            return content.place(cmd.payload.item, cmd.payload.x, cmd.payload.y);
          case 'setTransform':
            return void e.run(setTransforms(doc(), [cmd.payload]), name);
          case 'update':
            return void e.run(updateObject(doc(), cmd.payload.id, cmd.payload.patch), name);
          case 'removeObjects':
            return void e.run(removeObjects(doc(), cmd.payload.ids), name);
          case 'select':
            return e.setSelection(cmd.payload.ids);
          case 'deleteSelection':
            return e.deleteSelection();
          case 'duplicateSelection':
            return content.duplicateSelection();
          case 'copySelection':
            return content.copySelection();
          case 'paste':
            return content.paste();
          case 'undo':
            return void e.history.undo();
          case 'redo':
            return void e.history.redo();
          case 'setGizmoMode':
            return e.setGizmoMode(cmd.payload.mode);
          case 'setSnapping':
            return e.setSnapping(cmd.payload);
          case 'setCameraMode':
            return e.setCameraMode(cmd.payload.mode);
          case 'focus':
            return e.focus([cmd.payload.id]);
          case 'setHelpVisible':
            return e.setHelpVisible(cmd.payload.visible);
          case 'requestObjectList':
            return e.emit(objectListEvent(doc()));
          case 'exportContent':
            return e.emit({
              type: 'exportResult',
              content: doc().export(),
              ...(cmd.payload.requestId ? { requestId: cmd.payload.requestId } : {}),
            });
        }
        return;
      case 'Editor.Curation':
        switch (cmd.method) {
          case 'setStartingPoint':
            return void e.run(setStartingPoint(doc(), cmd.payload.position, cmd.payload.rotation), name);
          case 'captureStartingPoint': {
            const pose = e.pose();
            return void e.run(setStartingPoint(doc(), pose.position, pose.yaw), name);
          }
          case 'setLinkable':
            return void e.run(
              new SetFields(
                { linkable: doc().current.linkable },
                { linkable: cmd.payload.linkable },
                'Change linking',
              ),
              name,
            );
        }
        return;
      case 'Editor.Design':
        switch (cmd.method) {
          case 'setMaterialOverride':
            return void e.run(setMaterialOverride(doc(), cmd.payload.materialId, cmd.payload.override), name);
          case 'setBrush':
            e.brush = cmd.payload.brush;
            return;
          case 'applyTheme':
            return void e.run(applyTheme(doc(), cmd.payload.themeId), name);
          case 'setSky':
            return void e.run(setEnvironment(doc(), 'skyUri', cmd.payload.uri), name);
          case 'setTerrain':
            return void e.run(setEnvironment(doc(), 'terrainUri', cmd.payload.uri), name);
          case 'setAmbientSound':
            return void e.run(
              new SetFields(
                { ambientSoundUri: doc().current.ambientSoundUri },
                { ambientSoundUri: cmd.payload.uri ?? undefined },
                'Change ambient sound',
              ),
              name,
            );
          case 'setPropLibrary':
            e.propLibrary = cmd.payload.props;
            return;
        }
        return;
      case 'Editor.GuidedTour':
        switch (cmd.method) {
          case 'addTour':
            return void e.run(addTour(doc(), cmd.payload.tour), name);
          case 'updateTour': {
            const { tourId, ...patch } = cmd.payload;
            return void e.run(updateTour(doc(), tourId, patch), name);
          }
          case 'removeTour':
            return void e.run(removeTour(doc(), cmd.payload.tourId), name);
          case 'addPoint':
            return void e.run(addPoint(doc(), cmd.payload.tourId, cmd.payload.point), name);
          case 'capturePoint': {
            const pose = e.pose();
            const { tourId, title, description, duration } = cmd.payload;
            return void e.run(
              addPoint(doc(), tourId, {
                title,
                description,
                duration,
                position: pose.position,
                rotation: [pose.pitch, pose.yaw, 0],
              }),
              name,
            );
          }
          case 'updatePoint':
            return void e.run(
              updatePoint(doc(), cmd.payload.tourId, cmd.payload.pointId, cmd.payload.patch),
              name,
            );
          case 'movePoint':
            return void e.run(
              movePoint(doc(), cmd.payload.tourId, cmd.payload.pointId, cmd.payload.toIndex),
              name,
            );
          case 'removePoint':
            return void e.run(removePoint(doc(), cmd.payload.tourId, cmd.payload.pointId), name);
          case 'previewPoint': {
            const point = doc()
              .current.guidedTours.find((t) => t.guidedTourId === cmd.payload.tourId)
              ?.points.find((p) => p.guidedTourPointId === cmd.payload.pointId);
            if (!point)
              return e.emit({
                type: 'commandRejected',
                command: name,
                code: 'NOT_FOUND',
                message: 'There is no such tour point',
              });
            return e.setPose(poseOfPoint(point));
          }
        }
        return;
    }
  }
}
