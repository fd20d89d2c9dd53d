import {
  ArrowRightOutlined,
  AppstoreOutlined,
  ClockCircleOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { HydrateLater } from '../../components/HydrateLater.js';
import { bikesQuery } from '../../api/bikes.js';
import { useApi } from '../../api/api-context.js';
import { SITE_NAME } from '../../app/head.js';
import { BikeCard, BikeCardSkeleton } from '../../components/BikeCard.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { Reveal } from '../../components/Reveal.js';
import { SearchBox } from '../../components/SearchBox.js';
import '../../components/bike-grid.css';
import { FEATURED_PAGES, featuredParams, PROMO_BIKE_NAME, PROMO_FEATURES, PROMO_SEARCH, REASONS, TESTIMONIALS } from './home-content.js';
import { SlideCarousel } from './SlideCarousel.js';
import './home.css';
import { LoadError } from '../../components/LoadError.js';
import { publicAsset } from '../../lib/public-asset.js';
import { useT } from '../../app/i18n.js';
import { unlessFailed } from '../../app/prefetch.js';

const HERO_SLIDES = [
  { heading: 'home.slide1.heading', text: 'home.slide1.text', image: publicAsset('/images/hero/hero-1.svg') },
  { heading: 'home.slide2.heading', text: 'home.slide2.text', image: publicAsset('/images/hero/hero-2.svg') },
] as const;

const REASON_ICONS = [<AppstoreOutlined key="a" />, <ClockCircleOutlined key="c" />, <SafetyCertificateOutlined key="s" />, <EnvironmentOutlined key="e" />];
const PROMO_ICONS = [<ThunderboltOutlined key="t" />, <DashboardOutlined key="d" />, <AppstoreOutlined key="a" />, <ClockCircleOutlined key="c" />];

function Hero() {
  const t = useT();
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <h1 id="home-title" className="okb-visually-hidden">
        {t('home.heroTitle', { site: SITE_NAME })}
      </h1>
      <SlideCarousel label={t('home.highlights')} autoplay autoplaySpeed={5000} effect="fade" dots={{ className: 'home-hero-dots' }}>
        {HERO_SLIDES.map((slide, index) => (
          <div key={slide.heading}>
            <div className="page-container home-hero-inner">
              <div className="home-hero-copy">
                <p className="eyebrow">{t('home.eyebrow')}</p>
                <h2 className="home-hero-title">{t(slide.heading)}</h2>
                <p className="home-hero-lead">{t(slide.text)}</p>
                <div className="home-hero-actions">
                  <ButtonLink to="/allbikes" type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
                    {t('home.browseBikes')}
                  </ButtonLink>
                </div>
              </div>
              <img className="home-hero-image" src={slide.image} alt="" width={560} height={380} fetchPriority={index === 0 ? 'high' : 'auto'} />
            </div>
          </div>
        ))}
      </SlideCarousel>
      <div className="page-container home-search">
        <SearchBox id="home-search" />
      </div>
    </section>
  );
}

const WIDE = '(min-width: 992px)';
const MEDIUM = '(min-width: 640px)';

/**
 * Cards per featured slide by screen width. The carousel's own `responsive` option only reacts to later resizes,
 * not to the width the page opens at; the server renders the desktop layout and the browser adjusts after hydration.
 */
function useCardsPerSlide(): number {
  const [count, setCount] = useState(3);
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const medium = window.matchMedia(MEDIUM);
    const update = () => setCount(wide.matches ? 3 : medium.matches ? 2 : 1);
    update();
    wide.addEventListener('change', update);
    medium.addEventListener('change', update);
    return () => {
      wide.removeEventListener('change', update);
      medium.removeEventListener('change', update);
    };
  }, []);
  return count;
}

/** Pages 1..FEATURED_PAGES of the list (see home-content.ts), in order, without pages past the last. */
function useFeaturedBikes() {
  const api = useApi();
  return useQueries({
    // The loader asks for these pages: a failure it met is shown (with Retry), not asked for again.
    queries: Array.from({ length: FEATURED_PAGES }, (_, i) => ({ ...bikesQuery(api, featuredParams(i + 1)), enabled: unlessFailed })),
    combine: (results) => {
      const first = results[0]!;
      const lastPage = first.data?.totalPages ?? 1;
      return {
        data: first.data ? results.slice(0, lastPage).flatMap((r) => r.data?.bikes ?? []) : undefined,
        isError: results.some((r) => r.isError),
        isFetching: results.some((r) => r.isFetching),
        refetch: () => Promise.all(results.map((r) => r.refetch())),
      };
    },
  });
}

function FeaturedBikes() {
  const t = useT();
  const featured = useFeaturedBikes();
  const perSlide = useCardsPerSlide();
  let content;
  if (featured.isError) {
    content = (
      <LoadError title={t('home.featuredError')} onRetry={() => featured.refetch()} retrying={featured.isFetching} />
    );
  } else if (!featured.data) {
    content = (
      <div className="okb-bike-grid home-featured-skeletons" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <BikeCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (featured.data.length === 0) {
    content = <Empty description={t('home.noBikes')} />;
  } else {
    content = (
      <SlideCarousel
        label={t('home.featuredLabel')}
        infinite
        key={perSlide}
        slidesToShow={perSlide}
        slidesToScroll={1}
        arrows
        dots={false}
        className="home-featured-carousel"
      >
        {featured.data.map((bike) => (
          <div key={bike._id} className="home-featured-slide">
            <BikeCard bike={bike} />
          </div>
        ))}
      </SlideCarousel>
    );
  }
  return (
    <section className="page-container home-section" aria-labelledby="featured-title">
      <Reveal>
        <p className="eyebrow">{t('home.featuredEyebrow')}</p>
        <h2 id="featured-title" className="home-section-title">
          {t('home.featuredTitle')}
        </h2>
      </Reveal>
      {content}
      <div className="home-center">
        <ButtonLink to="/allbikes" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
          {t('home.seeAllBikes')}
        </ButtonLink>
      </div>
    </section>
  );
}

function Promo() {
  const t = useT();
  const api = useApi();
  const match = useQuery({ ...bikesQuery(api, { searchTerm: PROMO_SEARCH }), enabled: unlessFailed });
  const bike = match.data?.bikes.find((b) => b.name === PROMO_BIKE_NAME) ?? match.data?.bikes[0];
  return (
    <section className="home-promo" aria-labelledby="promo-title">
      <div className="page-container home-promo-inner">
        <Reveal className="home-promo-copy">
          <p className="home-promo-kicker">{t('home.promoKicker')}</p>
          <h2 id="promo-title" className="home-section-title">
            {PROMO_BIKE_NAME}
          </h2>
          <p className="home-promo-lead">{t('home.promoLead')}</p>
          <ul className="home-promo-features">
            {PROMO_FEATURES.map((feature, i) => (
              <li key={feature.title}>
                <span className="home-icon" aria-hidden="true">
                  {PROMO_ICONS[i]}
                </span>
                <span>
                  <strong>{t(feature.title)}</strong>
                  <span className="home-muted">{t(feature.text)}</span>
                </span>
              </li>
            ))}
          </ul>
          <ButtonLink to={bike ? `/bike/${bike._id}` : '/allbikes'} type="primary" size="large">
            {t('home.reserveNow')}
          </ButtonLink>
        </Reveal>
        <Reveal from="zoom">
          <img className="home-promo-image" src={publicAsset('/images/promo/ebike.svg')} alt={t('home.promoImage', { name: PROMO_BIKE_NAME })} width={560} height={420} loading="lazy" />
        </Reveal>
      </div>
    </section>
  );
}

function WhyChoose() {
  const t = useT();
  return (
    <section className="page-container home-section" aria-labelledby="why-title">
      <Reveal>
        <h2 id="why-title" className="home-section-title home-center-text">
          {t('home.whyTitle', { site: SITE_NAME })}
        </h2>
      </Reveal>
      <ul className="home-reasons">
        {REASONS.map((reason, i) => (
          <li key={reason.title}>
            <Reveal delayMs={i * 120}>
              <div className="okb-panel okb-panel-body home-reason-card">
                <span className="home-icon home-icon--large" aria-hidden="true">
                  {REASON_ICONS[i]}
                </span>
                <h3>{t(reason.title)}</h3>
                <p className="home-muted">{t(reason.text)}</p>
              </div>
            </Reveal>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Testimonials() {
  const t = useT();
  return (
    <section className="home-testimonials" aria-labelledby="testimonials-title">
      <div className="page-container">
        <Reveal>
          <h2 id="testimonials-title" className="home-section-title home-center-text">
            {t('home.testimonialsTitle')}
          </h2>
        </Reveal>
        <SlideCarousel label={t('home.testimonialsLabel')} autoplay autoplaySpeed={1000} infinite dots={{ className: 'home-testimonial-dots' }}>
          {TESTIMONIALS.map((rider) => (
            <div key={rider.name}>
              <figure className="home-testimonial">
                <blockquote>“{t(rider.testimony)}”</blockquote>
                <figcaption>
                  <strong>{rider.name}</strong>
                  <span className="home-muted">{t(rider.job)}</span>
                </figcaption>
              </figure>
            </div>
          ))}
        </SlideCarousel>
      </div>
    </section>
  );
}

function CallToAction() {
  const t = useT();
  return (
    <section className="page-container home-section" aria-labelledby="cta-title">
      <Reveal className="home-cta">
        <h2 id="cta-title" className="home-section-title">
          {t('home.ctaTitle')}
        </h2>
        <p className="home-muted">{t('home.ctaText')}</p>
        <ButtonLink to="/allbikes" type="primary" size="large">
          {t('home.ctaButton')}
        </ButtonLink>
      </Reveal>
    </section>
  );
}

/**
 * The hero hydrates with the page (a Suspense boundary: React hydrates it as a task of its own after the header).
 * The sections below it hydrate when they come near the screen or the visitor acts on them (HydrateLater): a phone
 * opening the shop runs the script of what it shows, not of the whole long page.
 */
export default function HomePage() {
  return (
    <>
      <Suspense fallback={null}>
        <Hero />
      </Suspense>
      <HydrateLater>
        <FeaturedBikes />
      </HydrateLater>
      <HydrateLater>
        <Promo />
      </HydrateLater>
      <HydrateLater>
        <WhyChoose />
      </HydrateLater>
      <HydrateLater>
        <Testimonials />
      </HydrateLater>
      <HydrateLater>
        <CallToAction />
      </HydrateLater>
    </>
  );
}
