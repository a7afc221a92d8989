import type { AssetDamageKind, AssetFailure } from '../../protocol';

/**
 * Reading a glTF or GLB file's description before three.js parses it, so that a damaged file or
 * one that needs an extension we cannot read fails with a reason the page can put in words (three.js
 * only warns about an unknown required extension and draws what it can).
 */

/** The glTF extensions the engine reads: three.js's GLTFLoader with its Draco, meshopt and KTX2 decoders. */
export const readableExtensions = new Set([
  'KHR_draco_mesh_compression',
  'KHR_lights_punctual',
  'KHR_materials_anisotropy',
  'KHR_materials_clearcoat',
  'KHR_materials_diffuse_roughness',
  'KHR_materials_dispersion',
  'KHR_materials_emissive_strength',
  'KHR_materials_ior',
  'KHR_materials_iridescence',
  'KHR_materials_sheen',
  'KHR_materials_specular',
  'KHR_materials_transmission',
  'KHR_materials_unlit',
  'KHR_materials_volume',
  'KHR_mesh_quantization',
  'KHR_meshopt_compression',
  'KHR_texture_basisu',
  'KHR_texture_transform',
  'EXT_materials_bump',
  'EXT_mesh_gpu_instancing',
  'EXT_meshopt_compression',
  'EXT_texture_avif',
  'EXT_texture_webp',
]);

export class ModelFileError extends Error {
  constructor(
    readonly failure: AssetFailure,
    message: string,
  ) {
    super(message);
  }
}

const damaged = (kind: AssetDamageKind, message: string) =>
  new ModelFileError({ reason: 'damaged', detail: kind }, message);

export interface GltfDescription {
  extensionsUsed?: unknown;
  extensionsRequired?: unknown;
  asset?: { version?: unknown };
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a; // 'JSON'

/** The JSON description of a GLB or .gltf file; throws a ModelFileError when the bytes are not one. */
export function readGltfDescription(bytes: ArrayBuffer): GltfDescription {
  const view = new DataView(bytes);
  let text: string;
  if (bytes.byteLength >= 4 && view.getUint32(0, true) === GLB_MAGIC) {
    if (bytes.byteLength < 20) throw damaged('truncated', 'The GLB file ends inside its header');
    const version = view.getUint32(4, true);
    if (version !== 2) throw damaged('notModel', `GLB version ${version}: only glTF 2.0 is read`);
    const length = view.getUint32(8, true);
    if (length > bytes.byteLength) {
      throw damaged('truncated', `The GLB file says it is ${length} bytes long but has ${bytes.byteLength}`);
    }
    const chunkLength = view.getUint32(12, true);
    if (view.getUint32(16, true) !== JSON_CHUNK)
      throw damaged('badJson', 'The GLB file has no JSON chunk first');
    if (20 + chunkLength > length) throw damaged('truncated', 'The GLB file ends inside its JSON chunk');
    text = new TextDecoder().decode(new Uint8Array(bytes, 20, chunkLength));
  } else {
    const head = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 64));
    const first = head.find(
      (b) => b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0xef && b !== 0xbb && b !== 0xbf,
    );
    if (first !== 0x7b) throw damaged('notModel', 'The file is neither a GLB nor a glTF (JSON) file');
    text = new TextDecoder().decode(bytes);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw damaged('badJson', `The glTF JSON cannot be read: ${(error as Error).message}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw damaged('badJson', 'The glTF JSON is not an object');
  }
  const description = json as GltfDescription;
  const assetVersion = description.asset?.version;
  if (typeof assetVersion !== 'string' || !assetVersion.startsWith('2.')) {
    throw damaged('notModel', `glTF version ${String(assetVersion)}: only glTF 2.0 is read`);
  }
  return description;
}

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Throws when the file requires extensions the engine cannot read, naming them. */
export function checkRequiredExtensions(description: GltfDescription) {
  const missing = names(description.extensionsRequired).filter((name) => !readableExtensions.has(name));
  if (missing.length === 0) return;
  throw new ModelFileError(
    { reason: 'unsupportedExtension', detail: missing.join(', ').slice(0, 500) },
    `The model requires glTF extensions the engine cannot read: ${missing.join(', ')}`,
  );
}

/** The decoders a file needs, from the extensions it uses. */
export function decodersFor(description: GltfDescription) {
  const used = new Set([...names(description.extensionsUsed), ...names(description.extensionsRequired)]);
  return {
    draco: used.has('KHR_draco_mesh_compression'),
    meshopt: used.has('EXT_meshopt_compression') || used.has('KHR_meshopt_compression'),
    ktx2: used.has('KHR_texture_basisu'),
  };
}
