import { Box } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, languageCodes, languages, setLanguage } from '../../i18n/languages';

/** The footer's language choice (issue 24 §8): each language named in itself, remembered. */
export default function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [pending, setPending] = useState(false);
  // i18n.language is read so that the switch follows a change made elsewhere.
  const value = i18n.language ? currentLanguage() : 'en';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: '0.875rem' }}>
      <label htmlFor={id}>{t('footer.language')}</label>
      <Box
        component="select"
        id={id}
        value={value}
        disabled={pending}
        onChange={(e: React.ChangeEvent<HTMLSelectElement>) => {
          setPending(true);
          void setLanguage(e.target.value as Language).finally(() => setPending(false));
        }}
        sx={{
          font: 'inherit',
          color: 'common.white',
          bgcolor: 'transparent',
          border: 1,
          borderColor: 'rgba(255,255,255,0.6)',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          '& option': { color: 'text.primary', bgcolor: 'background.paper' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'common.white', outlineOffset: 2 },
        }}
      >
        {languageCodes.map((code) => (
          <option key={code} value={code} lang={code}>
            {languages[code]}
          </option>
        ))}
      </Box>
    </Box>
  );
}
