import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Avatar,
  Box,
  Button,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  type District,
  DistrictTitle,
  districtFontNames,
  districtFonts,
  districtRules,
  districtStylesOf,
  districtThemeNames,
  districtThemes,
} from '../../../contracts/districts';
import { uploadRules } from '../../../contracts/files';
import { useFlow } from '../../app/AppContext';
import { useDistrictHost } from './DistrictHost';
import '../../i18n/districtsCatalogue';

const GeneralForm = z.object({
  title: DistrictTitle,
  public: z.enum(['true', 'false']),
  visible: z.boolean(),
  subtitle: z.string().trim().max(districtRules.subtitleMax),
  description: z.string().trim().max(districtRules.descriptionMax),
  socialLinks: z.string().max(4000),
});
type GeneralValues = z.infer<typeof GeneralForm>;

/** Social links as the form shows them: one per line, a name, a space, the address. */
const linesOf = (links: District['socialMedia']) => links.map((l) => `${l.name} ${l.url}`).join('\n');
const linksOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.lastIndexOf(' ');
      return at > 0 ? { name: line.slice(0, at).trim(), url: line.slice(at + 1) } : { name: line, url: line };
    });

/**
 * District Settings (platform.md §2.1): General (title, public or private, listed in Explore,
 * subtitle, description, social links) and Appearance (logo, cover, theme, type face), for its
 * Owners. The districtSettings flow saves; the host's district shows the change at once.
 */
export function DistrictSettingsPage({
  district,
  tab,
}: {
  district: District;
  tab: 'general' | 'appearance';
}) {
  const { t } = useTranslation();
  const settings = useFlow('districtSettings', { districtId: district.districtId });
  const host = useDistrictHost();
  const busy = useSelector(settings, (s) => !s || s.hasTag('busy'));
  const problem = useSelector(settings, (s) => s?.context.problem ?? null);
  useEffect(() => {
    if (!settings) return;
    const subscription = settings.on('settings.saved', ({ district: saved }) =>
      host?.send({ type: 'district.changed', district: saved }),
    );
    return () => subscription.unsubscribe();
  }, [settings, host]);
  if (district.districtUserRole !== 'Owner') return <Alert severity="info">{t('district.ownersOnly')}</Alert>;
  const save = (
    fields: Record<string, string | boolean | undefined>,
    pictures: Record<string, File | null | undefined> = {},
  ) => settings?.send({ type: 'settings.save', change: { fields, pictures } });
  return (
    <Box sx={{ maxWidth: 720 }}>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem.message || t('district.settings.failed')}
        </Alert>
      )}
      {tab === 'general' ? (
        <General
          district={district}
          busy={busy}
          onSave={save}
          serverIssue={(f) => problem?.fields.find((i) => i.path === `/${f}`)?.message}
        />
      ) : (
        <Appearance district={district} busy={busy} onSave={save} />
      )}
    </Box>
  );
}

function General({
  district,
  busy,
  onSave,
  serverIssue,
}: {
  district: District;
  busy: boolean;
  onSave(fields: Record<string, string | boolean | undefined>): void;
  serverIssue(field: string): string | undefined;
}) {
  const { t } = useTranslation();
  const form = useForm<GeneralValues>({
    resolver: zodResolver(GeneralForm),
    mode: 'onChange',
    defaultValues: {
      title: district.title,
      public: district.public ? 'true' : 'false',
      visible: district.visible,
      subtitle: district.subtitle,
      description: district.description,
      socialLinks: linesOf(district.socialMedia),
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    onSave({
      title: values.title,
      public: values.public,
      visible: values.visible,
      subtitle: values.subtitle,
      description: values.description,
      socialMedia: JSON.stringify(linksOf(values.socialLinks)),
    }),
  );
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={t('district.settings.title')}
        required
        {...form.register('title')}
        error={Boolean(errors.title || serverIssue('title'))}
        helperText={errors.title?.message ?? serverIssue('title') ?? ' '}
      />
      <Controller
        control={form.control}
        name="public"
        render={({ field }) => (
          <RadioGroup
            row
            value={field.value}
            onChange={(_, v) => field.onChange(v)}
            aria-label={t('district.private')}
          >
            <FormControlLabel value="true" control={<Radio />} label={t('district.settings.public')} />
            <FormControlLabel value="false" control={<Radio />} label={t('district.settings.private')} />
          </RadioGroup>
        )}
      />
      <Controller
        control={form.control}
        name="visible"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(_, v) => field.onChange(v)} />}
            label={t('district.settings.visible')}
          />
        )}
      />
      <TextField
        label={t('district.settings.subtitle')}
        {...form.register('subtitle')}
        error={Boolean(errors.subtitle)}
        helperText={errors.subtitle?.message ?? ' '}
      />
      <TextField
        label={t('district.settings.description')}
        multiline
        minRows={4}
        {...form.register('description')}
        error={Boolean(errors.description)}
        helperText={errors.description?.message ?? ' '}
      />
      <TextField
        label={t('district.settings.socialLinks')}
        multiline
        minRows={2}
        {...form.register('socialLinks')}
        error={Boolean(serverIssue('socialMedia'))}
        helperText={serverIssue('socialMedia') ?? t('district.settings.socialHint')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('district.settings.save')}
        </Button>
      </Box>
    </Stack>
  );
}

function Appearance({
  district,
  busy,
  onSave,
}: {
  district: District;
  busy: boolean;
  onSave(
    fields: Record<string, string | boolean | undefined>,
    pictures: Record<string, File | null | undefined>,
  ): void;
}) {
  const { t } = useTranslation();
  const current = districtStylesOf(district.styles);
  const [theme, setTheme] = useState(current.theme);
  const [font, setFont] = useState(current.fontFamily);
  const [logo, setLogo] = useState<File | null | undefined>(undefined);
  const [cover, setCover] = useState<File | null | undefined>(undefined);
  return (
    <Stack spacing={3}>
      <PicturePicker
        label={t('district.settings.logo')}
        current={district.photo}
        value={logo}
        onChange={setLogo}
      />
      <PicturePicker
        label={t('district.settings.cover')}
        current={district.coverPhoto}
        value={cover}
        onChange={setCover}
        wide
      />
      <TextField
        select
        label={t('district.settings.theme')}
        value={theme}
        onChange={(e) => setTheme(e.target.value as typeof theme)}
      >
        {districtThemeNames.map((name) => (
          <MenuItem key={name} value={name}>
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 16,
                height: 16,
                borderRadius: '50%',
                bgcolor: districtThemes[name].primary,
                display: 'inline-block',
                mr: 1,
                border: 2,
                borderColor: districtThemes[name].header,
              }}
            />
            {districtThemes[name].label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('district.settings.font')}
        value={font}
        onChange={(e) => setFont(e.target.value as typeof font)}
      >
        {districtFontNames.map((name) => (
          <MenuItem key={name} value={name} sx={{ fontFamily: districtFonts[name].stack }}>
            {districtFonts[name].label}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() =>
            onSave(
              { styles: JSON.stringify({ theme, fontFamily: font }) },
              { photo: logo, coverPhoto: cover },
            )
          }
        >
          {t('district.settings.save')}
        </Button>
      </Box>
    </Stack>
  );
}

function PicturePicker({
  label,
  current,
  value,
  onChange,
  wide = false,
}: {
  label: string;
  current: string | null;
  value: File | null | undefined;
  onChange(file: File | null | undefined): void;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = value === undefined ? current : preview;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar variant="rounded" src={shown ?? undefined} alt="" sx={{ width: wide ? 160 : 72, height: 72 }} />
      <Box>
        <Typography id={id} sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          aria-labelledby={id}
          accept={uploadRules.picture.types.map((type) => `.${type}`).join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChange(file);
            e.target.value = '';
          }}
        />
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={() => input.current?.click()}>
            {shown ? t('district.settings.change') : t('district.settings.choose')}
          </Button>
          {shown && (
            <Button size="small" onClick={() => onChange(null)}>
              {t('district.settings.remove')}
            </Button>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
