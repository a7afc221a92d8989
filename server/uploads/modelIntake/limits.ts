/**
 * Limits of the model upload intake (POST /api/fileService/model): the one table the server
 * enforces. Sizes in bytes. An upload over any of them is refused before anything is stored.
 */
export const modelIntakeLimits = {
  /** All parts of one upload together (a .glb, a .gltf with its parts, or one .zip). */
  maxUploadBytes: 31_457_280,
  /** Parts in one multipart upload (.gltf + .bin + textures). */
  maxParts: 64,
  /** Entries in a zip (files and folders), read from its central directory. */
  maxZipEntries: 512,
  /** All entries of a zip together once inflated: counted while inflating, not only as declared. */
  maxUnpackedBytes: 268_435_456,
  /** Largest uncompressed/compressed ratio of one entry (zip bombs reach 1000 and more). */
  maxCompressionRatio: 100,
  /** Entries smaller than this once inflated are not held to the ratio (tiny text compresses well). */
  ratioExemptBelowBytes: 1_048_576,
  /** Longest a conversion may run on the worker before it is stopped. */
  processingTimeoutMs: 120_000,
  /** Heap the conversion worker may use (MiB): a model that needs more is refused, not the server. */
  workerHeapMb: 1536,
} as const;

export type ModelIntakeLimits = { readonly [K in keyof typeof modelIntakeLimits]: number };
