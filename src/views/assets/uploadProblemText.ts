import type { TFunction } from 'i18next';
import type { AssetUploadProblem } from '../../machines/assetUploadMachine';
import '../../i18n/assetUploadCatalogue';

const knownCodes = new Set([
  'MODEL_INVALID',
  'MODEL_EXTENSION_UNSUPPORTED',
  'MODEL_PART_MISSING',
  'MODEL_URI_REFUSED',
  'TOO_MANY_MODELS',
  'ARCHIVE_TOO_LARGE',
  'UNSAFE_ARCHIVE',
]);

/**
 * What the form says of a failed step: the browser's checks in the spec's words, a known server
 * code in ours, the server's own message otherwise (it is written for people: the quota's names
 * the plan's limit), and a lost connection as such.
 */
export function uploadProblemText(t: TFunction, problem: AssetUploadProblem): string {
  if (problem.key) return t(problem.key, problem.values ?? {});
  if (problem.code && knownCodes.has(problem.code)) return t(`assetUpload.problems.${problem.code}`);
  if (problem.status === undefined) return t('assetUpload.problems.network');
  if (problem.code === 'QUOTA_EXCEEDED' && problem.message) return problem.message;
  if (problem.status === 413 || problem.status === 415 || problem.status === 429)
    return problem.message && problem.code
      ? problem.message
      : t(`assetUpload.problems.status${problem.status}`);
  return problem.message ?? t('assetUpload.problems.network');
}
