import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Drawer,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlow } from '../../app/AppContext';
import type { ViewerSidebarActorRef } from '../../machines/viewerSidebarMachine';
import type { ViewerPanelContext, ViewerPanelDef } from './panels';

/** The docked panel's width (platform.md §9: drawer 27%, panel at most 612 px). */
const dockedWidth = 'clamp(320px, 27vw, 612px)';
const toolbarGap = 12;
const buttonSize = 48;

/** The look of a toolbar button, for the extra actions too: 48 px, a clear focus ring. */
export const toolbarButtonSx = {
  width: buttonSize,
  height: buttonSize,
  '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 },
} as const;

export interface ViewerSidebarProps {
  panels: readonly ViewerPanelDef[];
  context: ViewerPanelContext;
  /**
   * Buttons added after the panel buttons (e.g. the list view, Enter VR), each a toolbar item in
   * tab order after the panels; give them `aria-label`s and `sx={toolbarButtonSx}` to match.
   */
  extraActions?: readonly ReactNode[];
  /** Space at the top of the screen the toolbar leaves free (the embed's corner controls). */
  top?: number;
}

/**
 * The viewer's sidebar (platform.md §2.7, §4): a toolbar of panel buttons down the right edge and
 * the open panel, docked beside it on a large screen, a drawer from the bottom on a phone. One
 * panel at a time; Escape or the close button closes it and the focus returns to its button.
 */
export function ViewerSidebar(props: ViewerSidebarProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const ids = useMemo(() => props.panels.map((panel) => panel.id), [props.panels]);
  const sidebar = useFlow('viewerSidebar', { panels: ids, small }, { systemId: 'viewerSidebar' });
  useEffect(() => {
    sidebar?.send({ type: 'screen.changed', small });
  }, [sidebar, small]);
  return sidebar ? <SidebarView {...props} sidebar={sidebar} /> : null;
}

function SidebarView({
  panels,
  context,
  extraActions,
  top = toolbarGap,
  sidebar,
}: ViewerSidebarProps & { sidebar: ViewerSidebarActorRef }) {
  const { t } = useTranslation();
  const open = useSelector(sidebar, (s) => s.context.panel);
  const small = useSelector(sidebar, (s) => s.context.small);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const panelRef = useRef<HTMLElement>(null);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const headingId = `${baseId}-heading`;

  // A closed panel gives the focus back to its button.
  useEffect(() => {
    const sub = sidebar.on('panel.closed', ({ panel }) => {
      requestAnimationFrame(() => buttons.current.get(panel)?.focus());
    });
    return () => sub.unsubscribe();
  }, [sidebar]);

  // An opened docked panel takes the focus, so the keyboard goes on into it.
  useEffect(() => {
    if (open && !small) panelRef.current?.focus();
  }, [open, small]);

  const current = panels.find((panel) => panel.id === open) ?? null;
  const onKeyDown = (e: KeyboardEvent) => {
    // Not the Escape of a menu or dialog opened from the panel (React events cross portals).
    if (e.key !== 'Escape' || !open || !e.currentTarget.contains(e.target as Node)) return;
    e.stopPropagation();
    sidebar.send({ type: 'panel.escape' });
  };

  const body = current && (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 1, gap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t(current.label)}
        </Typography>
        <Tooltip title={t('viewer.sidebar.close')}>
          <IconButton
            aria-label={t('viewer.sidebar.close')}
            onClick={() => sidebar.send({ type: 'panel.close' })}
          >
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={{ px: 2, pb: 2, overflowY: 'auto', flex: 1, minHeight: 0 }}
        data-testid={`viewer-panel-${current.id}`}
      >
        {current.render(context)}
      </Box>
    </>
  );

  return (
    <>
      <Paper
        component="nav"
        elevation={3}
        aria-label={t('viewer.sidebar.toolbar')}
        onKeyDown={onKeyDown}
        sx={{
          position: 'absolute',
          right: toolbarGap,
          top: small ? '50%' : top,
          transform: small ? 'translateY(-50%)' : undefined,
          zIndex: 3,
          p: 0.5,
          borderRadius: 3,
        }}
      >
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {panels.map((panel) => {
            const label = t(panel.label);
            const isOpen = open === panel.id;
            return (
              <li key={panel.id}>
                <Tooltip title={label} placement="left">
                  <IconButton
                    ref={(el) => {
                      if (el) buttons.current.set(panel.id, el);
                      else buttons.current.delete(panel.id);
                    }}
                    aria-label={label}
                    aria-expanded={isOpen}
                    aria-controls={isOpen ? panelId : undefined}
                    data-panel={panel.id}
                    color={isOpen ? 'primary' : 'default'}
                    onClick={() => sidebar.send({ type: 'panel.toggle', panel: panel.id })}
                    sx={{ ...toolbarButtonSx, bgcolor: isOpen ? 'action.selected' : undefined }}
                  >
                    <panel.Icon />
                  </IconButton>
                </Tooltip>
              </li>
            );
          })}
          {extraActions?.map((action, index) => (
            <li key={index}>{action}</li>
          ))}
        </Stack>
      </Paper>
      {small ? (
        <Drawer
          anchor="bottom"
          open={current !== null}
          onClose={(_, reason) =>
            sidebar.send({ type: reason === 'escapeKeyDown' ? 'panel.escape' : 'panel.close' })
          }
          slotProps={{
            paper: {
              id: panelId,
              'aria-labelledby': headingId,
              role: 'dialog',
              sx: {
                maxHeight: '75vh',
                display: 'flex',
                flexDirection: 'column',
                borderTopLeftRadius: 12,
                borderTopRightRadius: 12,
              },
            } as object,
          }}
        >
          {body}
        </Drawer>
      ) : (
        current && (
          <Paper
            component="section"
            ref={panelRef}
            id={panelId}
            tabIndex={-1}
            aria-labelledby={headingId}
            elevation={6}
            onKeyDown={onKeyDown}
            sx={{
              position: 'absolute',
              top,
              bottom: toolbarGap,
              right: toolbarGap * 2 + buttonSize + 8,
              width: dockedWidth,
              maxWidth: `calc(100% - ${toolbarGap * 3 + buttonSize + 8}px)`,
              zIndex: 3,
              display: 'flex',
              flexDirection: 'column',
              outline: 'none',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
            }}
          >
            {body}
          </Paper>
        )
      )}
    </>
  );
}
