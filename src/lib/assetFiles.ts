import { type AssetType, formatBytes } from '../../contracts/assets';
import { type FileKind, uploadRules } from '../../contracts/files';

/**
 * Which files an asset's upload form takes (platform.md §3 'Asset upload forms', §5 'File drop',
 * §8 file messages): the file-service kind of each asset type and the checks made in the browser
 * before any byte is sent, with the limits of contracts/files.ts.
 */

/** The file-service kind of an asset type's main file; null for types without one. */
export function fileKindOf(type: AssetType): FileKind | null {
  switch (type) {
    case 'picture':
      return 'picture';
    case 'video':
      return 'video';
    case 'model3d':
      return 'model';
    case 'audio':
      return 'audio';
    default:
      return null;
  }
}

/** What a message calls a file of each kind (the keys of `validation.file.*`). */
export const thingOf: Record<FileKind, 'image' | 'video' | 'model' | 'audio'> = {
  picture: 'image',
  video: 'video',
  model: 'model',
  audio: 'audio',
};

/** The files a model upload starts from: one of these, plus the parts it names. */
export const modelMainTypes = ['glb', 'gltf', 'obj', 'zip'] as const;

/** The types a drop zone of the kind accepts (a model's also zip). */
export function acceptedTypes(kind: FileKind): readonly string[] {
  return kind === 'model' ? [...uploadRules.model.types, 'zip'] : uploadRules[kind].types;
}

/** `accept` attribute of the kind's file input. */
export const acceptAttribute = (kind: FileKind) =>
  acceptedTypes(kind)
    .map((type) => `.${type}`)
    .join(',');

/** 'Chair.GLB' → 'glb'. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A refusal in words: an i18n key and its values. */
export interface FileProblem {
  key: string;
  values?: Record<string, string | number>;
}

/** The size and name of a picked file: all the checks read. */
export interface PickedFile {
  name: string;
  size: number;
}

/** Why the picked files cannot be uploaded as the kind's file, or null when they can. */
export function checkFiles(kind: FileKind, files: readonly PickedFile[]): FileProblem | null {
  const thing = thingOf[kind];
  const types = acceptedTypes(kind);
  const { maxBytes } = uploadRules[kind];
  if (files.length === 0) return { key: `validation.file.onlyOne.${thing}` };
  if (kind !== 'model' && files.length > 1) return { key: `validation.file.onlyOne.${thing}` };
  for (const file of files) {
    if (!types.includes(extensionOf(file.name)))
      return {
        key: `validation.file.wrongType.${thing}`,
        values: { file: file.name, types: types.join(', ') },
      };
    if (file.size > maxBytes)
      return {
        key: `validation.file.tooLarge.${thing}`,
        values: { file: file.name, size: formatBytes(maxBytes) },
      };
  }
  if (kind === 'model') {
    const models = files.filter((file) =>
      (modelMainTypes as readonly string[]).includes(extensionOf(file.name)),
    );
    if (models.length > 1) return { key: 'validation.file.tooManyModels' };
    if (models.length === 0)
      return {
        key: 'validation.file.wrongType.model',
        values: { file: files[0].name, types: modelMainTypes.join(', ') },
      };
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > maxBytes)
      return {
        key: 'validation.file.tooLarge.model',
        values: { file: models[0].name, size: formatBytes(maxBytes) },
      };
  }
  return null;
}
