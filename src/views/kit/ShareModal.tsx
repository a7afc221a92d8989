import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import RedditIcon from '@mui/icons-material/Reddit';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import CodeIcon from '@mui/icons-material/Code';
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  Stack,
  SvgIcon,
  type SvgIconProps,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ComponentType, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmbedDialog, useCopyToClipboard } from './EmbedDialog';
import { Modal } from './Modal';

export { copyToastMs } from './EmbedDialog';

/** The networks of the share panel, in the order shown (platform.md §2.8). */
export const shareNetworks = ['facebook', 'x', 'reddit', 'whatsapp', 'viber', 'email', 'linkedin'] as const;
export type ShareNetwork = (typeof shareNetworks)[number];

export interface ShareTexts {
  /** The space's title (Reddit's post title). */
  title: string;
  /** A line that goes with the link ('Check out this 3D space: …'). */
  text: string;
  /** E-mail subject and body (the body carries the link). */
  emailSubject: string;
  emailBody: string;
}

export { viewerUrl } from '../../lib/viewerUrl';

/** Plain share URLs of each network for `url` (no SDKs: each opens the network's own share page). */
export function shareLinks(url: string, texts: ShareTexts): Record<ShareNetwork, string> {
  const e = encodeURIComponent;
  const withLink = `${texts.text} ${url}`;
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`,
    x: `https://x.com/intent/tweet?url=${e(url)}&text=${e(texts.text)}`,
    reddit: `https://www.reddit.com/submit?url=${e(url)}&title=${e(texts.title)}`,
    whatsapp: `https://api.whatsapp.com/send?text=${e(withLink)}`,
    viber: `viber://forward?text=${e(withLink)}`,
    email: `mailto:?subject=${e(texts.emailSubject)}&body=${e(texts.emailBody)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}`,
  };
}

function ViberIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M11.4 2C7.2 2.1 3.5 3.2 3.1 8.6c-.3 3.5-.2 6.6 2.6 8.9v3.3c0 .7.8 1 1.3.5l2.4-2.6c.7.1 1.4.1 2.1.1 4.2-.1 7.9-1.2 8.3-6.6.3-3.4.2-6.2-1.5-8.3C17 2.3 14.6 1.9 11.4 2Zm.2 1.8c2.6 0 4.6.3 5.8 1.7 1.3 1.6 1.4 3.9 1.1 6.8-.3 4.3-3.2 5-6.7 5-.7 0-1.4 0-2.1-.1l-1.9 2.1v-2.6C5.5 14.9 5.5 12.3 5 9c-.3-4 2.3-5.1 6.6-5.2Zm-2.9 2.7c-.3 0-.6.1-.9.4-.5.5-.9 1.1-.6 1.9.6 1.6 1.6 3.1 2.9 4.3 1.3 1.3 2.8 2.2 4.4 2.9.7.3 1.4-.1 1.9-.6.5-.5.6-1 .1-1.4l-1.3-1c-.4-.3-.9-.3-1.2.1l-.5.6c-1.3-.5-2.5-1.7-3-3l.6-.5c.4-.3.4-.8.1-1.2l-1-1.3c-.2-.2-.4-.3-.6-.2Zm3.2-.1a.4.4 0 0 0 0 .8c1.8.1 3.1 1.4 3.2 3.2a.4.4 0 0 0 .8 0c-.1-2.2-1.8-3.9-4-4Zm.1 1.5a.4.4 0 0 0 0 .8c.9.1 1.5.7 1.6 1.6a.4.4 0 0 0 .8 0c-.1-1.3-1.1-2.3-2.4-2.4Z" />
    </SvgIcon>
  );
}

const networkIcons: Record<ShareNetwork, { Icon: ComponentType<SvgIconProps>; color: string }> = {
  facebook: { Icon: FacebookIcon, color: '#1877f2' },
  x: { Icon: XIcon, color: '#000000' },
  reddit: { Icon: RedditIcon, color: '#ff4500' },
  whatsapp: { Icon: WhatsAppIcon, color: '#25d366' },
  viber: { Icon: ViberIcon, color: '#7360f2' },
  email: { Icon: EmailIcon, color: '#5f6368' },
  linkedin: { Icon: LinkedInIcon, color: '#0a66c2' },
};

export interface ShareModalProps {
  open: boolean;
  onClose: () => void;
  /** The link to share (a space's viewer link, see `viewerUrl`). */
  url: string;
  /** What is shared (a space's title): shown, and put in the share texts. */
  title: string;
}

/**
 * The share modal (districts-commerce-spaces.md §2 'Share modal', platform.md §2.8): the viewer
 * link with a copy button ('Copied to clipboard!' for 400 ms), share links for Facebook, X,
 * Reddit, WhatsApp, Viber, e-mail and LinkedIn, and 'Embed', which opens the embed dialog over it.
 */
export function ShareModal({ open, onClose, url, title }: ShareModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('share.title')}>
      <ShareBody url={url} title={title} />
    </Modal>
  );
}

/**
 * What the share modal shows, for any container (the modal, the viewer's Share panel): the
 * space's title, its link with a copy button, the seven networks and 'Embed'.
 */
export function ShareBody({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const copyText = useCopyToClipboard();
  const input = useRef<HTMLInputElement>(null);
  const [embedOpen, setEmbedOpen] = useState(false);
  const links = shareLinks(url, {
    title,
    text: t('share.text', { title }),
    emailSubject: t('share.emailSubject', { title }),
    emailBody: t('share.emailBody', { url }),
  });

  const copy = async () => {
    // Leave the link selected so it can be copied by hand.
    if (!(await copyText(url))) input.current?.select();
  };

  return (
    <>
      <Typography sx={{ mb: 2, fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
      <TextField
        fullWidth
        label={t('shareModal.link')}
        value={url}
        inputRef={input}
        onFocus={(e) => e.target.select()}
        slotProps={{
          htmlInput: { readOnly: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('share.copyLink')}>
                  <IconButton aria-label={t('share.copyLink')} onClick={() => void copy()} edge="end">
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box component="nav" aria-label={t('shareModal.networks')} sx={{ mt: 3 }}>
        <Stack
          component="ul"
          direction="row"
          sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', gap: 1.5, justifyContent: 'center' }}
        >
          {shareNetworks.map((network) => {
            const { Icon, color } = networkIcons[network];
            const name = t(`share.${network}`);
            const external = network !== 'email' && network !== 'viber';
            return (
              <li key={network}>
                <Tooltip title={name}>
                  <IconButton
                    component="a"
                    href={links[network]}
                    aria-label={t('share.shareOn', { network: name })}
                    {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    sx={{
                      width: 48,
                      height: 48,
                      bgcolor: color,
                      color: '#fff',
                      '&:hover, &:focus-visible': { bgcolor: color, opacity: 0.85 },
                    }}
                  >
                    <Icon />
                  </IconButton>
                </Tooltip>
              </li>
            );
          })}
        </Stack>
      </Box>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}>
        <Button variant="outlined" startIcon={<CodeIcon />} onClick={() => setEmbedOpen(true)}>
          {t('share.embed')}
        </Button>
      </Box>
      {embedOpen && <EmbedDialog open onClose={() => setEmbedOpen(false)} url={url} title={title} />}
    </>
  );
}
