import {
  Alert,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../contracts/assets';
import type { AssetStats } from '../../engine/web/inspector/stats';
import { modelBudgetRows } from '../../../contracts/modelBudget';
import type { ModelBudgetRow, ModelCounts, UploadedFile } from '../../machines/assetUploadMachine';
import { Check, Choice } from './AssetFields';
import type { AssetFormValues } from './assetForm';
import type { PreviewSource } from './ModelPreview';
import '../../i18n/assetUploadCatalogue';

// three.js and the engine's loaders load with the first model form only.
const ModelPreview = lazy(() => import('./ModelPreview'));

const countFields = {
  triangles: 'triangleCount',
  meshes: 'meshCount',
  materials: 'materialCount',
  textures: 'textureCount',
} as const;

function Figures({ title, figures }: { title: string; figures: Partial<ModelCounts> & { bytes?: number } }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2">
      <strong>{title}:</strong>{' '}
      {t('assetUpload.model.figures', {
        triangles: figures.triangles ?? '–',
        meshes: figures.meshes ?? '–',
        materials: figures.materials ?? '–',
        textures: figures.textures ?? '–',
      })}
      {figures.bytes !== undefined && `, ${formatBytes(figures.bytes)}`}
    </Typography>
  );
}

const budgetLabels = Object.fromEntries(modelBudgetRows.map(({ row, label }) => [row, label]));
const bytesRows = new Set(['maxBytes', 'maxTextureMemoryBytes']);

/** The published budget (contracts/modelBudget.ts), the upload before processing and the model stored. */
function BudgetTable({ rows }: { rows: ModelBudgetRow[] }) {
  const { t, i18n } = useTranslation();
  const value = (row: string, n: number) =>
    bytesRows.has(row) ? formatBytes(n) : n.toLocaleString(i18n.language);
  return (
    <Table size="small" aria-label={t('assetUpload.model.budget')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('assetUpload.model.budget')}</TableCell>
          <TableCell align="right">{t('assetUpload.model.before')}</TableCell>
          <TableCell align="right">{t('assetUpload.model.after')}</TableCell>
          <TableCell align="right">{t('assetUpload.model.limit')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row}>
            <TableCell component="th" scope="row">
              {budgetLabels[row.row] ?? row.row}
            </TableCell>
            <TableCell align="right">{value(row.row, row.before)}</TableCell>
            <TableCell align="right">
              {value(row.row, row.after)}{' '}
              {row.within ? (
                <span role="img" aria-label={t('assetUpload.model.within')}>
                  ✓
                </span>
              ) : (
                <Typography component="span" color="error" variant="body2">
                  {t('assetUpload.model.over')}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">{value(row.row, row.limit)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The Model 3D form's own part (districts-commerce-spaces.md §3): the live preview with 'show model
 * dimensions', the counts (from the preview, then from the server's figures once processed), the
 * server's before/after figures and scale note, and the animation clips to choose from.
 */
export function ModelFields({
  uploaded,
  previewSource,
}: {
  uploaded: UploadedFile | null;
  previewSource: PreviewSource | null;
}) {
  const { t } = useTranslation();
  const { setValue, control } = useFormContext<AssetFormValues>();
  const [showDimensions, setShowDimensions] = useState(false);
  const [stats, setStats] = useState<AssetStats | null>(null);
  const counts = useWatch({ control, name: Object.values(countFields) });
  const animated = useWatch({ control, name: 'animated' }) as boolean | undefined;
  const processed = uploaded?.model;
  const clips = processed?.clips?.length ? processed.clips : (stats?.animationClips ?? []);

  useEffect(() => {
    if (!stats || processed) return;
    for (const [figure, field] of Object.entries(countFields))
      setValue(field, stats[figure as keyof typeof countFields]);
    setValue('animationClipCount', stats.animationClips.length);
  }, [stats, processed, setValue]);
  useEffect(() => {
    if (!processed) return;
    for (const [figure, field] of Object.entries(countFields))
      setValue(field, processed[figure as keyof typeof countFields]);
    setValue('format', 'GLB');
    if (processed.clips) setValue('animationClipCount', processed.clips.length);
    if (processed.defaultSize) setValue('defaultSize', processed.defaultSize);
    if (processed.bounds) setValue('modelSize', processed.bounds);
  }, [processed, setValue]);
  useEffect(() => {
    if (!animated) setValue('animationClip', undefined);
  }, [animated, setValue]);

  return (
    <Stack spacing={1.5}>
      {previewSource && (
        <Suspense fallback={<CircularProgress aria-label={t('assetUpload.model.previewLoading')} />}>
          <ModelPreview source={previewSource} showDimensions={showDimensions} onStats={setStats} />
        </Suspense>
      )}
      <FormControlLabel
        label={t('assetUpload.model.showDimensions')}
        control={
          <Switch checked={showDimensions} onChange={(event) => setShowDimensions(event.target.checked)} />
        }
      />
      {showDimensions && stats && (
        <Typography variant="body2">{t('assetUpload.model.dimensions', stats.dimensions)}</Typography>
      )}
      <Typography variant="body2" aria-live="polite">
        {t('assetUpload.model.figures', {
          triangles: counts[0] ?? 0,
          meshes: counts[1] ?? 0,
          materials: counts[2] ?? 0,
          textures: counts[3] ?? 0,
        })}
      </Typography>
      {processed?.before && <Figures title={t('assetUpload.model.before')} figures={processed.before} />}
      {processed?.after && <Figures title={t('assetUpload.model.after')} figures={processed.after} />}
      {processed?.budget && <BudgetTable rows={processed.budget} />}
      {processed?.warnings?.map((warning) => (
        <Alert key={warning} severity="warning">
          {warning}
        </Alert>
      ))}
      {processed?.scaleNote && <Alert severity="info">{processed.scaleNote}</Alert>}
      {(stats || processed) &&
        (clips.length ? (
          <Stack spacing={1}>
            <Typography variant="body2">{t('assetUpload.model.clips', { count: clips.length })}</Typography>
            <Check name="animated" />
            {animated && (
              <Choice name="animationClip" options={clips.map((clip) => ({ value: clip, label: clip }))} />
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('assetUpload.model.noClips')}
          </Typography>
        ))}
    </Stack>
  );
}
