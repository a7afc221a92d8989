import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Grid,
  IconButton,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { NewsletterOutcome } from '../../../contracts/newsletter';
import { type SolutionSlug, solutionSlugs } from '../../routes';
import { HomeSpacesRow } from '../explore/HomeSpacesRow';
import { MessagePage } from '../kit/MessagePage';
import { PageMeta } from '../kit/PageMeta';
import { StandardPage } from '../kit/StandardPage';
import { useSeen } from '../kit/useSeen';
import { NotFoundPage } from './NotFoundPage';

/** The plans and their checkout: loaded with the pricing page, not with the home page. */
const PricingSection = lazy(() =>
  import('../commerce/PricingSection').then((m) => ({ default: m.PricingSection })),
);

/** The contact form: its code, country list and strings load with the contact page. */
const ContactForm = lazy(() => import('../contact/ContactForm'));
const MigrationGuide = lazy(() => import('../migration/MigrationGuide'));
const NewsletterForm = lazy(() => import('../contact/NewsletterForm'));
const NewsletterOutcomeNote = lazy(() => import('../contact/NewsletterOutcome'));

/** The six 'What we offer' slides of the home page (platform.md §2.9). */
const offers = ['noCode', 'members', 'devices', 'communication', 'districts', 'enterprise'] as const;
const benefits = ['noCode', 'anyDevice', 'share', 'embed', 'districts', 'selfHost'] as const;
const features = ['editor', 'publishing', 'community'] as const;
const steps = ['build', 'publish', 'share'] as const;

/** The home page's contact form (platform.md §2.9): its code loads when the section comes into view. */
function HomeContact() {
  const { t } = useTranslation();
  const [ref, seen] = useSeen<HTMLElement>();
  return (
    <Box
      ref={ref}
      component="section"
      aria-labelledby="home-contact-heading"
      sx={{ bgcolor: 'grey.100', borderRadius: 4, p: { xs: 3, md: 6 }, my: 6 }}
    >
      <Typography id="home-contact-heading" variant="h2" gutterBottom sx={{ textAlign: 'center' }}>
        {t('pages.home.contactHeading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
        {t('pages.home.contactLead')}
      </Typography>
      <Box sx={{ maxWidth: 720, mx: 'auto', minHeight: 320 }}>
        {seen && (
          <Suspense fallback={<CircularProgress aria-label={t('shell.loading')} />}>
            <ContactForm />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}

function OfferCarousel() {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <Box component="section" aria-labelledby="offers-heading" sx={{ my: 6 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography id="offers-heading" variant="h2" sx={{ flexGrow: 1 }}>
          {t('marketing.whatWeOffer')}
        </Typography>
        <IconButton aria-label={t('shell.previous')} onClick={() => scroll(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label={t('shell.next')} onClick={() => scroll(1)}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box
        component="ul"
        ref={track}
        tabIndex={0}
        aria-labelledby="offers-heading"
        sx={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: { xs: '85%', sm: '45%', lg: '31%' },
          gap: 3,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          listStyle: 'none',
          p: 0,
          m: 0,
          pb: 1,
        }}
      >
        {offers.map((offer) => (
          <Card component="li" key={offer} variant="outlined" sx={{ scrollSnapAlign: 'start' }}>
            <CardContent>
              <Typography variant="h3" component="h3" gutterBottom>
                {t(`marketing.offers.${offer}`)}
              </Typography>
              <Typography color="text.secondary">{t(`pages.home.offers.${offer}.text`)}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  return (
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      <PageMeta title={t('pages.home.title')} description={t('pages.home.description')} />
      <Box component="section" sx={{ textAlign: 'center', py: { xs: 4, md: 10 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '2.25rem', md: '3.5rem' } }} gutterBottom>
          {t('pages.home.heading')}
        </Typography>
        <Typography variant="h3" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 4 }}>
          {t('pages.home.lead')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button size="large" variant="contained" component={Link} href="/curate">
            {t('nav.createSpace')}
          </Button>
          <Button size="large" variant="outlined" component={Link} href="/explore">
            {t('pages.home.exploreCta')}
          </Button>
        </Box>
      </Box>
      <HomeSpacesRow />
      <OfferCarousel />
      <HomeContact />
    </Container>
  );
}

/** /pricing: the plans from the marketplace, with checkout (src/views/commerce). */
export function PricingPage() {
  return (
    <StandardPage page="pricing">
      <Suspense fallback={null}>
        <PricingSection />
      </Suspense>
    </StandardPage>
  );
}

export function SolutionPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  if (!(solutionSlugs as readonly string[]).includes(slug)) return <NotFoundPage />;
  const s = slug as SolutionSlug;
  return (
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      <PageMeta title={t(`pages.solution.${s}.name`)} description={t(`pages.solution.${s}.lead`)} />
      <Box component="section" sx={{ py: { xs: 2, md: 6 } }}>
        <Typography variant="h1" gutterBottom>
          {t(`pages.solution.${s}.heading`)}
        </Typography>
        <Typography variant="h3" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 3 }}>
          {t(`pages.solution.${s}.lead`)}
        </Typography>
        <Button variant="contained" size="large" component={Link} href="/curate">
          {t('nav.createSpace')}
        </Button>
      </Box>
      <Box component="section" aria-labelledby="benefits" sx={{ my: 6 }}>
        <Typography id="benefits" variant="h2" gutterBottom>
          {t('pages.solution.benefitsHeading')}
        </Typography>
        <Grid container spacing={3}>
          {benefits.map((b) => (
            <Grid key={b} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Typography variant="h3" component="h3" gutterBottom>
                {t(`pages.solution.benefits.${b}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`pages.solution.benefits.${b}.text`)}</Typography>
            </Grid>
          ))}
        </Grid>
      </Box>
      <Box component="section" aria-labelledby="features" sx={{ my: 6 }}>
        <Typography id="features" variant="h2" gutterBottom>
          {t('pages.solution.featuresHeading')}
        </Typography>
        <Grid container spacing={3}>
          {features.map((f) => (
            <Grid key={f} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h3" component="h3" gutterBottom>
                    {t(`pages.solution.features.${f}.title`)}
                  </Typography>
                  <Typography color="text.secondary">{t(`pages.solution.features.${f}.text`)}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>
      <Box component="section" aria-labelledby="easy" sx={{ my: 6 }}>
        <Typography id="easy" variant="h2" gutterBottom>
          {t('pages.solution.easyHeading')}
        </Typography>
        <Box component="ol" sx={{ pl: 3 }}>
          {steps.map((step) => (
            <li key={step}>
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {t(`pages.solution.steps.${step}.title`)}
              </Typography>{' '}
              {t(`pages.solution.steps.${step}.text`)}
            </li>
          ))}
        </Box>
      </Box>
      <HomeContact />
    </Container>
  );
}

export function MigrationPage() {
  const { t } = useTranslation();
  return (
    <StandardPage page="migration" width="text">
      <Suspense fallback={<CircularProgress aria-label={t('shell.loading')} />}>
        <MigrationGuide />
      </Suspense>
    </StandardPage>
  );
}

const newsletterOutcomes: readonly NewsletterOutcome[] = ['confirmed', 'unsubscribed', 'invalid'];

export function ComingSoonPage() {
  const { t } = useTranslation();
  const search = useSearch();
  // What the newsletter mail's link did (the service's redirect names it).
  const outcome = new URLSearchParams(search).get('newsletter') as NewsletterOutcome | null;
  return (
    <StandardPage page="comingSoon" width="text">
      <Suspense fallback={<CircularProgress aria-label={t('shell.loading')} />}>
        {outcome && newsletterOutcomes.includes(outcome) && <NewsletterOutcomeNote outcome={outcome} />}
        <NewsletterForm source="coming-soon" label={t('comingSoon.notifyMe')} />
      </Suspense>
    </StandardPage>
  );
}

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <StandardPage page="contact" width="text">
      <Suspense fallback={<CircularProgress aria-label={t('shell.loading')} />}>
        <ContactForm />
      </Suspense>
      <Typography variant="h2" gutterBottom sx={{ mt: 6 }}>
        {t('pages.contact.resourcesHeading')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5 }}>
        <li>
          <Link href="/resources/faqs">{t('nav.faqs')}</Link>
        </li>
        <li>
          <Link href="/resources/guides">{t('nav.guides')}</Link>
        </li>
      </Box>
    </StandardPage>
  );
}

export function SpaceAccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('errors.holdUpExplorer')}
      message={t('errors.spaceAccessDenied')}
      action={
        <Button variant="contained" component={Link} href="/curate">
          {t('pages.spaceAccessDenied.createSpace')}
        </Button>
      }
    />
  );
}
