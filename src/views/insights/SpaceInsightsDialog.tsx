import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsightsObject } from '../../../contracts/insights';
import { useFlow } from '../../app/AppContext';
import {
  chartsOf,
  type InsightsRange,
  insightsRanges,
  type SpaceInsightsActorRef,
} from '../../machines/spaceInsightsMachine';
import { Modal } from '../kit/Modal';

export interface SpaceInsightsDialogProps {
  sceneId: string;
  title: string;
  open: boolean;
  onClose: () => void;
}

/**
 * A space's insights for its owner, as charts (MUI X Charts): visits and unique visitors per day,
 * the median time spent, the works and info points opened most and where visits came from.
 * Loaded on demand with its chart library (the first page's scripts stay small).
 */
export function SpaceInsightsDialog({ sceneId, title, open, onClose }: SpaceInsightsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('insights.title', { title })} maxWidth="md">
      {open && <InsightsFlow sceneId={sceneId} />}
    </Modal>
  );
}

function InsightsFlow({ sceneId }: { sceneId: string }) {
  const actor = useFlow('spaceInsights', { sceneId });
  return actor ? <InsightsView actor={actor} /> : <Loading />;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={t('insights.loading')} />
    </Box>
  );
}

/** 95 → '1 min 35 s'. */
function useDuration() {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    if (seconds === null) return t('insights.duration.none');
    const whole = Math.round(seconds);
    if (whole < 60) return t('insights.duration.seconds', { seconds: whole });
    return t('insights.duration.minutes', { minutes: Math.floor(whole / 60), seconds: whole % 60 });
  };
}

export function InsightsView({ actor }: { actor: SpaceInsightsActorRef }) {
  const { t } = useTranslation();
  const days = useSelector(actor, (s) => s.context.days);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const empty = useSelector(actor, (s) => s.hasTag('empty'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const error = useSelector(actor, (s) => s.context.error);

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('insights.privacy')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={days}
        aria-label={t('insights.range')}
        onChange={(_, value: InsightsRange | null) =>
          value && actor.send({ type: 'range.changed', days: value })
        }
      >
        {insightsRanges.map((range) => (
          <ToggleButton key={range} value={range}>
            {t('insights.lastDays', { count: range })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {loading && <Loading />}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => actor.send({ type: 'insights.retry' })}>
              {t('common.actions.retry')}
            </Button>
          }
        >
          {t('insights.failed', { message: error ?? '' })}
        </Alert>
      )}
      {empty && (
        <Alert severity="info" data-testid="insights-empty">
          {t('insights.empty')}
        </Alert>
      )}
      {ready && <InsightsCharts actor={actor} />}
    </Stack>
  );
}

function InsightsCharts({ actor }: { actor: SpaceInsightsActorRef }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const insights = useSelector(actor, (s) => s.context.insights)!;
  const charts = chartsOf(insights);
  const nameOf = (o: InsightsObject) => o.title ?? t(`insights.untitled.${o.kind}`, { id: o.objectId });

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="dl" sx={{ m: 0 }}>
        <Figure label={t('insights.visits')} value={String(insights.totals.visits)} />
        <Figure label={t('insights.uniqueVisitors')} value={String(insights.totals.uniqueVisitors)} />
        <Figure label={t('insights.medianTime')} value={duration(insights.totals.medianSeconds)} />
      </Stack>

      <Section title={t('insights.perDay')}>
        <LineChart
          height={260}
          xAxis={[{ scaleType: 'point', data: charts.days }]}
          series={[
            { data: charts.visits, label: t('insights.visits'), showMark: false },
            { data: charts.uniqueVisitors, label: t('insights.uniqueVisitors'), showMark: false },
          ]}
        />
      </Section>

      <Section title={t('insights.topOpened')}>
        {charts.top.length === 0 ? (
          <Typography color="text.secondary">{t('insights.noneOpened')}</Typography>
        ) : (
          <>
            <BarChart
              height={Math.max(160, 36 * charts.top.length + 60)}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: charts.top.map(nameOf), width: 160 }]}
              series={[{ data: charts.top.map((o) => o.opens), label: t('insights.opens') }]}
              hideLegend
            />
            <Table size="small" aria-label={t('insights.topOpened')}>
              <TableHead>
                <TableRow>
                  <TableCell component="th">{t('insights.topOpened')}</TableCell>
                  <TableCell component="th" align="right">
                    {t('insights.opens')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {charts.top.map((o) => (
                  <TableRow key={`${o.kind}:${o.objectId}`}>
                    <TableCell>{nameOf(o)}</TableCell>
                    <TableCell align="right">{o.opens}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Section>

      <Section title={t('insights.sources')}>
        <PieChart
          height={220}
          series={[
            {
              data: charts.sources.map((s) => ({
                id: s.source,
                value: s.visits,
                label: t(`insights.source.${s.source}`),
              })),
              innerRadius: 40,
            },
          ]}
        />
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {charts.sources.map((s) => (
            <li key={s.source}>
              {t(`insights.source.${s.source}`)}: {s.visits}
            </li>
          ))}
        </Box>
      </Section>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, flex: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
