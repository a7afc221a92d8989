import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Button, Stack, TextField, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Group, GroupFields, groupLimits } from '../../../contracts/groups';
import { uploadRules } from '../../../contracts/files';
import { useFlow } from '../../app/AppContext';
import type { GroupFormValues } from '../../machines/groupFormMachine';
import { Modal } from '../kit/Modal';
import '../../i18n/groupsCatalogue';

type FieldValues = { title: string; description: string };
/** The contract's rules for the text fields (the image is checked by the server). */
const schema = GroupFields.required({ description: true });

/**
 * Making or changing a group (platform.md §3 'Group: title, description, image'): the fields are
 * checked with the contract's rules as the user types; the image is previewed before it is sent.
 * The groupForm flow sends it; a refusal shows the server's words beside the fields.
 */
export function GroupFormDialog({
  group,
  districtId,
  onClose,
  onSaved,
}: {
  /** The group to change; null makes a new one. */
  group: Group | null;
  /** A new group is made for this district (its Groups › New group); omitted: the user's own. */
  districtId?: string;
  onClose(): void;
  onSaved(group: Group): void;
}) {
  const { t } = useTranslation();
  const flow = useFlow('groupForm', { group, ...(districtId ? { districtId } : {}) });
  const busy = useSelector(flow, (s) => s?.hasTag('busy') ?? false);
  const problem = useSelector(flow, (s) => s?.context.problem ?? null);
  const saved = useSelector(flow, (s) => (s?.status === 'done' ? s.output : undefined));
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [image, setImage] = useState<File | null | undefined>(undefined);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = image === undefined ? group?.image : preview;

  const form = useForm<FieldValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { title: group?.title ?? '', description: group?.description ?? '' },
  });
  const { errors } = form.formState;

  const latestOnSaved = useRef(onSaved);
  useEffect(() => {
    latestOnSaved.current = onSaved;
  });
  useEffect(() => {
    if (saved) latestOnSaved.current(saved);
  }, [saved]);

  const serverIssue = (field: string) => problem?.fields.find((f) => f.path === `/${field}`)?.message;
  const submit = form.handleSubmit((values) => {
    const sent: GroupFormValues = { ...values, ...(image !== undefined ? { image } : {}) };
    flow?.send({ type: 'form.submit', values: sent });
  });

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={t(group ? 'groups.edit' : 'groups.new')}
      closeOnOutsideClick={false}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.actions.cancel')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={busy || !flow}>
            {t(group ? 'groups.save' : 'groups.create')}
          </Button>
        </>
      }
    >
      <Stack component="form" spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate>
        {problem && (
          <Alert severity="error">
            {problem.fields.length === 0 && problem.message ? problem.message : t('groups.saveFailed')}
          </Alert>
        )}
        <TextField
          label={t('groups.fields.title')}
          required
          autoFocus
          {...form.register('title')}
          error={Boolean(errors.title || serverIssue('title'))}
          helperText={errors.title?.message ?? serverIssue('title') ?? ' '}
          slotProps={{ htmlInput: { maxLength: groupLimits.titleMax } }}
        />
        <TextField
          label={t('groups.fields.description')}
          multiline
          minRows={3}
          {...form.register('description')}
          error={Boolean(errors.description || serverIssue('description'))}
          helperText={errors.description?.message ?? serverIssue('description') ?? ' '}
          slotProps={{ htmlInput: { maxLength: groupLimits.descriptionMax } }}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar variant="rounded" src={shown ?? undefined} alt="" sx={{ width: 72, height: 72 }} />
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <input
              ref={fileInput}
              id={inputId}
              type="file"
              accept={uploadRules.picture.types.map((type) => `.${type}`).join(',')}
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) setImage(file);
                event.target.value = '';
              }}
            />
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                onClick={() => fileInput.current?.click()}
              >
                {t(shown ? 'groups.fields.changeImage' : 'groups.fields.chooseImage')}
              </Button>
              {shown && (
                <Button size="small" disabled={busy} onClick={() => setImage(null)}>
                  {t('groups.fields.removeImage')}
                </Button>
              )}
            </Stack>
            <Typography variant="caption" color={serverIssue('image') ? 'error' : 'text.secondary'}>
              {serverIssue('image') ?? t('groups.fields.imageHint')}
            </Typography>
          </Stack>
        </Stack>
      </Stack>
    </Modal>
  );
}
