import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  IconButton,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extraSlotPriceCoin, type Slot, type SlotKind } from '../../../contracts/publishing';
import { isSlotDeletable, isSlotSelectable } from '../../machines/publishWizardMachine';
import { ConfirmDialog } from '../editor/ConfirmDialog';

const kindKey: Record<SlotKind, string> = {
  free: 'publish.placement.freeSlot',
  extra: 'publish.placement.extraSlot',
  district: 'publish.placement.districtSlot',
};

export type SlotPickerStatus = 'loading' | 'choosing' | 'noSlot' | 'failed';

export interface SlotPickerProps {
  slots: Slot[];
  /** The space being published (a slot holding it can be chosen again). */
  sceneId: string;
  slotId: string | null;
  status: SlotPickerStatus;
  onSelect(slotId: string): void;
  onRetry(): void;
  /** 'Add an extra slot' can be pressed (signed in, nothing under way). */
  canBuy: boolean;
  /** An extra slot is being bought. */
  buying: boolean;
  onBuy(): void;
  /** The slots that can be deleted now (empty extra slots, signed in, nothing under way). */
  deletable: readonly string[];
  /** The extra slot being deleted, if any. */
  deletingSlotId: string | null;
  /** Deletion confirmed in the dialog. */
  onDelete(slotId: string): void;
}

/**
 * The placement step's slots (platform.md §2.5): one radio per slot, named by its kind ('Free
 * slot', 'District slot', 'Extra slot', numbered when there are several of a kind); slots holding
 * another space, or beyond the plan, cannot be chosen. 'Add an extra slot for 100 credits' buys
 * one with the wallet's credits (its price explained below it). An empty extra slot has a delete
 * button, which asks first (the credits are not refunded).
 */
export function SlotPicker({
  slots,
  sceneId,
  slotId,
  status,
  onSelect,
  onRetry,
  canBuy,
  buying,
  onBuy,
  deletable,
  deletingSlotId,
  onDelete,
}: SlotPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const [confirming, setConfirming] = useState<{ slotId: string; name: string } | null>(null);

  const kindCount = (kind: SlotKind) => slots.filter((s) => s.kind === kind).length;
  const nameOf = (slot: Slot, index: number) => {
    // A district's slot is named by the district it publishes into.
    if (slot.kind === 'district' && slot.districtSubdomain) {
      const same = slots.filter((s) => s.districtSubdomain === slot.districtSubdomain);
      const name = t('publish.placement.districtSlotOf', { district: slot.districtSubdomain });
      return same.length < 2 ? name : `${name} (${same.indexOf(slot) + 1})`;
    }
    const kind = t(kindKey[slot.kind]);
    if (kindCount(slot.kind) < 2) return kind;
    const number = slots.slice(0, index + 1).filter((s) => s.kind === slot.kind).length;
    return t('publish.placement.slotName', { kind, number });
  };
  const describe = (slot: Slot) => {
    if (!slot.active) return t('publish.placement.inactive');
    if (slot.sceneId === sceneId) return t('publish.placement.thisSpace');
    if (slot.sceneId) return t('publish.placement.occupiedBy', { title: slot.title ?? t('common.untitled') });
    return t('publish.placement.empty');
  };

  return (
    <Stack spacing={2}>
      <FormLabel id={labelId}>{t('publish.placement.chooseSlot')}</FormLabel>
      {status === 'loading' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">{t('publish.placement.loading')}</Typography>
        </Stack>
      )}
      {status === 'failed' && (
        <Box>
          <Button variant="outlined" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        </Box>
      )}
      {status !== 'loading' && status !== 'failed' && slots.length > 0 && (
        <RadioGroup aria-labelledby={labelId} value={slotId ?? ''} onChange={(_, value) => onSelect(value)}>
          {slots.map((slot, index) => {
            const descriptionId = `${labelId}-${slot.slotId}`;
            return (
              <Box key={slot.slotId}>
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <FormControlLabel
                    value={slot.slotId}
                    disabled={!isSlotSelectable(slot, sceneId)}
                    control={<Radio slotProps={{ input: { 'aria-describedby': descriptionId } }} />}
                    label={nameOf(slot, index)}
                  />
                  {isSlotDeletable(slot) &&
                    (deletingSlotId === slot.slotId ? (
                      <CircularProgress size={20} aria-label={t('publish.placement.deletingSlot')} />
                    ) : (
                      <IconButton
                        size="small"
                        disabled={!deletable.includes(slot.slotId)}
                        aria-label={t('publish.placement.deleteSlot', { name: nameOf(slot, index) })}
                        onClick={() => setConfirming({ slotId: slot.slotId, name: nameOf(slot, index) })}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    ))}
                </Stack>
                <Typography
                  id={descriptionId}
                  variant="body2"
                  color="text.secondary"
                  sx={{ ml: 4, mt: -0.75 }}
                >
                  {describe(slot)}
                </Typography>
              </Box>
            );
          })}
        </RadioGroup>
      )}
      {status === 'noSlot' && <Alert severity="warning">{t('publish.errors.noSlot')}</Alert>}
      <Box>
        <Button variant="outlined" disabled={!canBuy} aria-describedby={hintId} onClick={onBuy}>
          {t('publish.placement.addExtraSlot', { count: extraSlotPriceCoin })}
        </Button>
        {buying && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }} role="status">
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">{t('publish.placement.buyingSlot')}</Typography>
          </Stack>
        )}
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('publish.placement.extraSlotPrice', { count: extraSlotPriceCoin })}
        </Typography>
      </Box>
      <ConfirmDialog
        open={confirming !== null}
        title={t('publish.placement.deleteTitle', { name: confirming?.name ?? '' })}
        message={t('publish.placement.deleteBody', { count: extraSlotPriceCoin })}
        confirmLabel={t('publish.placement.deleteConfirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) onDelete(confirming.slotId);
          setConfirming(null);
        }}
      />
    </Stack>
  );
}
