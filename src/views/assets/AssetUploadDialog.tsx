import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Asset, AssetInput, AssetType } from '../../../contracts/assets';
import { useFlow } from '../../app/AppContext';
import type { AssetUploadActorRef } from '../../machines/assetUploadMachine';
import { fileKindOf } from '../../lib/assetFiles';
import { MediaHolder } from '../kit/MediaHolder';
import { Modal } from '../kit/Modal';
import { AssetFields } from './AssetFields';
import { type AssetFormValues, assetSchemas, assetValues } from './assetForm';
import { FileDropZone } from './FileDropZone';
import { ModelFields } from './ModelFields';
import { uploadProblemText } from './uploadProblemText';
import '../../i18n/assetUploadCatalogue';

export interface AssetUploadDialogProps {
  open: boolean;
  type: AssetType;
  /** The asset to edit; a new asset of `type` when absent. */
  asset?: Asset;
  onClose(): void;
  onSaved(asset: Asset): void;
  /** The district whose library the asset goes into; the caller's own library when absent. */
  districtId?: string;
}

/**
 * The upload form of one asset (districts-commerce-spaces.md §2 'Asset upload form', §3): Image,
 * Video, Model 3D, Text 3D, Hyper Text, Web view and Audio, to create one or, given `asset`, to
 * edit it. The form's rules are its type's contract schema; picking, checking, reading, uploading
 * and saving are the `assetUpload` flow's (assetUploadMachine), run while the dialog is open.
 */
export function AssetUploadDialog({
  open,
  type,
  asset,
  onClose,
  onSaved,
  districtId,
}: AssetUploadDialogProps) {
  const { t } = useTranslation();
  const assetType = asset?.type ?? type;
  return (
    <Modal
      open={open}
      onClose={onClose}
      closeOnOutsideClick={false}
      maxWidth="md"
      title={t(asset ? 'assetUpload.title.edit' : 'assetUpload.title.create', {
        type: t(`assetUpload.types.${assetType}`),
      })}
    >
      {open && (
        <AssetUploadForm
          key={asset?.id ?? assetType}
          type={assetType}
          asset={asset}
          onClose={onClose}
          onSaved={onSaved}
          districtId={districtId}
        />
      )}
    </Modal>
  );
}

type FormProps = Omit<AssetUploadDialogProps, 'open'>;

function AssetUploadForm(props: FormProps) {
  const { t } = useTranslation();
  const flow = useFlow('assetUpload', {
    type: props.type,
    asset: props.asset ?? null,
    districtId: props.districtId ?? null,
  });
  if (!flow)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <CircularProgress aria-label={t('shell.loading')} />
      </Box>
    );
  return <UploadForm {...props} flow={flow} />;
}

/** Empty optional fields are absent, and a default size left empty is no default size. */
function cleaned(values: AssetFormValues): AssetFormValues {
  const entries = Object.entries(values).filter(([, value]) => value !== '' && value !== null);
  const clean = Object.fromEntries(entries) as AssetFormValues;
  const size = clean.defaultSize as unknown[] | undefined;
  if (Array.isArray(size) && size.every((n) => n === undefined || Number.isNaN(n))) delete clean.defaultSize;
  return clean;
}

function resolverOf(type: AssetType): Resolver<AssetFormValues> {
  const resolve = zodResolver(assetSchemas[type] as never) as unknown as Resolver<AssetFormValues>;
  return (values, context, options) => resolve(cleaned(values), context, options);
}

function UploadForm({ type, asset, onClose, onSaved, flow }: FormProps & { flow: AssetUploadActorRef }) {
  const { t } = useTranslation();
  const kind = fileKindOf(type);
  const form = useForm<AssetFormValues>({
    resolver: resolverOf(type),
    defaultValues: assetValues(type, asset),
  });
  const files = useSelector(flow, (s) => s.context.files);
  const metadata = useSelector(flow, (s) => s.context.metadata);
  const uploaded = useSelector(flow, (s) => s.context.uploaded);
  const progress = useSelector(flow, (s) => s.context.progress);
  const problem = useSelector(flow, (s) => s.context.problem);
  const saved = useSelector(flow, (s) => s.context.asset);
  const reading = useSelector(flow, (s) => s.matches('reading'));
  const sending = useSelector(flow, (s) => s.matches({ uploading: 'sending' }));
  const processing = useSelector(flow, (s) => s.matches({ uploading: 'processing' }));
  const saving = useSelector(flow, (s) => s.hasTag('saving'));
  const canRetry = useSelector(flow, (s) => s.can({ type: 'upload.retry' }));
  const canSave = useSelector(flow, (s) => s.can({ type: 'asset.submitted', values: {} as AssetInput }));
  const { setValue } = form;

  // What the flow learns of the file goes into the form, which is what is saved.
  useEffect(() => {
    if (uploaded) setValue('fileId', uploaded.fileId, { shouldValidate: form.formState.isSubmitted });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploaded, setValue]);
  useEffect(() => {
    if (!metadata) return;
    for (const field of ['width', 'height', 'duration'] as const)
      if (metadata[field] !== undefined) setValue(field, metadata[field]);
  }, [metadata, setValue]);
  useEffect(() => {
    if (saved) onSaved(saved);
  }, [saved, onSaved]);

  const pick = (picked: File[]) => flow.send({ type: 'files.picked', files: picked });
  const clear = () => {
    flow.send({ type: 'files.cleared' });
    for (const field of ['fileId', 'width', 'height', 'duration'] as const) setValue(field, undefined);
  };
  const submit = form.handleSubmit((values) =>
    flow.send({ type: 'asset.submitted', values: cleaned(values) as AssetInput }),
  );
  const fileProblem = problem && (problem.step === 'file' || problem.step === 'read') ? problem : null;
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const fileError = form.formState.errors.fileId?.message;

  const previewSource = useMemo(
    () =>
      uploaded
        ? { url: uploaded.url }
        : files.length
          ? { files }
          : asset?.fileUrl && type === 'model3d'
            ? { url: asset.fileUrl }
            : null,
    [uploaded, files, asset, type],
  );

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t(`assetUpload.types.${type}`)}>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {kind && (
            <FileDropZone
              kind={kind}
              chosen={files.map((file) => file.name)}
              error={fileProblem ? uploadProblemText(t, fileProblem) : (fileError as string | undefined)}
              disabled={saving}
              onFiles={pick}
              onClear={clear}
            >
              {(type === 'picture' || type === 'video') && (uploaded || asset?.fileUrl) && (
                <MediaHolder kind={type} src={uploaded?.url ?? asset?.fileUrl ?? null} />
              )}
              {asset && !files.length && (
                <Typography variant="body2" color="text.secondary">
                  {t('assetUpload.current')}
                </Typography>
              )}
              {reading && <LinearProgress aria-label={t('assetUpload.reading')} />}
              {sending && (
                <Stack spacing={0.5}>
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    aria-label={t('assetUpload.progress')}
                  />
                  <Typography variant="body2">{t('assetUpload.uploading', { percent })}</Typography>
                </Stack>
              )}
              {processing && (
                <Stack spacing={0.5}>
                  <LinearProgress aria-label={t('assetUpload.processing')} />
                  <Typography variant="body2">{t('assetUpload.processing')}</Typography>
                </Stack>
              )}
              {uploaded && (
                <Typography variant="body2" color="success.main">
                  {t('assetUpload.uploaded', { files: files.map((file) => file.name).join(', ') })}
                </Typography>
              )}
              {problem?.step === 'upload' && (
                <Alert
                  severity="error"
                  action={
                    canRetry && (
                      <Button
                        color="inherit"
                        size="small"
                        onClick={() => flow.send({ type: 'upload.retry' })}
                      >
                        {t('assetUpload.retry')}
                      </Button>
                    )
                  }
                >
                  {uploadProblemText(t, problem)}
                </Alert>
              )}
            </FileDropZone>
          )}
          {type === 'model3d' && <ModelFields uploaded={uploaded} previewSource={previewSource} />}
          <AssetFields type={type} />
          {problem?.step === 'save' && <Alert severity="error">{uploadProblemText(t, problem)}</Alert>}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('assetUpload.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!canSave || saving} loading={saving}>
              {t('assetUpload.save')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </FormProvider>
  );
}
