import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AvatarColour,
  avatarColourNames,
  avatarColours,
  type AvatarShape,
  avatarShapeNames,
  avatarShapes,
  defaultAvatar,
  formatAvatar,
  parseAvatar,
} from '../../../contracts/avatars';
import { userPatchFormEntries } from '../../../contracts/users';
import '../../i18n/avatarCatalogue';

/** A swatch: the colour in a circle, ringed when chosen. */
function Swatch({ colour, checked }: { colour: string; checked?: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'block',
        width: 32,
        height: 32,
        borderRadius: '50%',
        bgcolor: colour,
        boxShadow: checked
          ? (theme) => `0 0 0 3px ${theme.palette.background.paper}, 0 0 0 5px ${colour}`
          : 'none',
      }}
    />
  );
}

/** The figure, flat: head, body, arms and legs in the colour, scaled by the shape. */
export function AvatarPreview({
  shape,
  colour,
  label,
}: {
  shape: AvatarShape;
  colour: AvatarColour;
  label: string;
}) {
  const { width, height } = avatarShapes[shape];
  const fill = avatarColours[colour];
  return (
    <svg role="img" aria-label={label} viewBox="0 0 100 140" width={100} height={140}>
      <title>{label}</title>
      {/* Scaled about the feet, as the 3D figure is. */}
      <g transform={`translate(50 136) scale(${width} ${height}) translate(-50 -136)`}>
        <circle cx="50" cy="24" r="16" fill={fill} />
        <rect x="38" y="19" width="24" height="8" rx="4" fill="#1f2933" opacity="0.8" />
        <rect x="32" y="44" width="36" height="50" rx="10" fill={fill} />
        <rect x="18" y="48" width="12" height="40" rx="6" fill={fill} />
        <rect x="70" y="48" width="12" height="40" rx="6" fill={fill} />
        <rect x="35" y="92" width="13" height="44" rx="6" fill={fill} />
        <rect x="52" y="92" width="13" height="44" rx="6" fill={fill} />
      </g>
    </svg>
  );
}

/**
 * The Edit info modal's Avatar tab: the figure's shape and colour, or the default, with a preview.
 * Save sends `avatar` (shape/colour, or empty for the default) as the other tabs send theirs.
 */
export function AvatarTab({
  userId,
  avatar,
  busy,
  issue,
  onSave,
}: {
  userId: string;
  avatar: string | null;
  busy: boolean;
  /** The server's message about the avatar field, if the last save was refused. */
  issue?: string;
  onSave: (entries: [string, string][]) => void;
}) {
  const { t } = useTranslation();
  const picked = parseAvatar(avatar);
  const fallback = defaultAvatar(userId);
  const [useDefault, setUseDefault] = useState(picked === null);
  const [shape, setShape] = useState<AvatarShape>(picked?.shape ?? fallback.shape);
  const [colour, setColour] = useState<AvatarColour>(picked?.colour ?? fallback.colour);
  const look = useDefault ? fallback : { shape, colour };
  const shapeName = (s: AvatarShape) => t(`profile.editInfo.avatar.shapes.${s}`);
  const colourName = (c: AvatarColour) => t(`profile.editInfo.avatar.colours.${c}`);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave(userPatchFormEntries({ avatar: useDefault ? null : formatAvatar({ shape, colour }) }));
      }}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr auto' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">{t('profile.editInfo.avatar.intro')}</Typography>
        <FormControl>
          <FormLabel id="avatar-shape">{t('profile.editInfo.avatar.shape')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="avatar-shape"
            name="avatar-shape"
            value={useDefault ? '' : shape}
            onChange={(e) => {
              setShape(e.target.value as AvatarShape);
              setUseDefault(false);
            }}
          >
            {avatarShapeNames.map((s) => (
              <FormControlLabel key={s} value={s} control={<Radio />} label={shapeName(s)} />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id="avatar-colour">{t('profile.editInfo.avatar.colour')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="avatar-colour"
            name="avatar-colour"
            value={useDefault ? '' : colour}
            onChange={(e) => {
              setColour(e.target.value as AvatarColour);
              setUseDefault(false);
            }}
            sx={{ gap: 0.5 }}
          >
            {avatarColourNames.map((c) => (
              <Radio
                key={c}
                value={c}
                icon={<Swatch colour={avatarColours[c]} />}
                checkedIcon={<Swatch colour={avatarColours[c]} checked />}
                slotProps={{ input: { 'aria-label': colourName(c) } }}
                sx={{
                  p: 0.75,
                  '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl error={!!issue}>
          <FormControlLabel
            control={<Checkbox checked={useDefault} onChange={(e) => setUseDefault(e.target.checked)} />}
            label={t('profile.editInfo.avatar.useDefault')}
          />
          <FormHelperText>{issue ?? t('profile.editInfo.avatar.defaultHint')}</FormHelperText>
        </FormControl>
      </Box>
      <Box sx={{ justifySelf: 'center', p: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
        <AvatarPreview
          shape={look.shape}
          colour={look.colour}
          label={t('profile.editInfo.avatar.preview', {
            shape: shapeName(look.shape),
            colour: colourName(look.colour).toLocaleLowerCase(),
          })}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('common.actions.save')}
        </Button>
      </Box>
    </Box>
  );
}
