import './bike-detail.css';
import { engineText } from '../../lib/bike-text.js';
import { Button, Rate, Skeleton } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useBike, type BikeDetail } from '../../api/bikes.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { HydrateLater } from '../../components/HydrateLater.js';
import { ProblemState } from '../../components/ProblemState.js';
import { formatMoney } from '../../lib/money.js';
import { RelatedBikes } from './RelatedBikes.js';
import { RentPanel } from './RentPanel.js';
import { ReviewList } from './ReviewList.js';
import { isBookable, isBookableLater } from './structured-data.js';
import { publicAsset } from '../../lib/public-asset.js';
import { useLocale, useLocalePath, useNumberFormat, useT } from '../../app/i18n.js';

function RatingSummary({ bike }: { bike: BikeDetail }) {
  const t = useT();
  const number = useNumberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (bike.reviewCount === 0 || bike.averageRating === null) {
    return (
      <div className="bike-rating">
        <Rate disabled value={0} aria-hidden="true" className="bike-rating-stars" />
        <a href="#reviews">{t('bikeDetail.noReviews')}</a>
      </div>
    );
  }
  return (
    <div className="bike-rating">
      <Rate disabled allowHalf value={bike.averageRating} aria-hidden="true" className="bike-rating-stars" />
      <span className="bike-rating-value">
        <span className="sr-only-text">{t('bikeDetail.averageRating')} </span>
        {number(bike.averageRating)}
        <span className="sr-only-text"> {t('bikeDetail.outOf', { max: 5 })}</span>
      </span>
      <a href="#reviews">{t('bikeDetail.reviewCount', { count: bike.reviewCount })}</a>
    </div>
  );
}

function BikeFacts({ bike }: { bike: BikeDetail }) {
  const t = useT();
  const year = useNumberFormat({ useGrouping: false });
  const facts: [string, string][] = [
    [t('bike.fact.brand'), bike.brand],
    [t('bike.fact.model'), bike.model],
    [t('bike.fact.year'), year(bike.year)],
    [t('bikeDetail.engine'), engineText(bike.cc, t)],
    [t('bikeDetail.quantity'), t('bikeDetail.unitsFree', { free: bike.quantity, total: bike.totalUnits })],
  ];
  return (
    <dl className="bike-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="bike-fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The reviews and the related bikes below the fold hydrate when they come near the screen or are used
 * (HydrateLater): the first seconds on a phone go to the bike and its rent panel.
 */
function BikeView({ bike }: { bike: BikeDetail }) {
  const available = isBookable(bike);
  const bookableLater = isBookableLater(bike);
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  const price = formatMoney(bike.pricePerHour, bike.currency, locale);


  return (
    <>
      <nav aria-label={t('bikeDetail.breadcrumb')} className="bike-breadcrumb">
        <ol>
          <li>
            <Link to={lp('/')}>{t('bikeDetail.home')}</Link>
          </li>
          <li>
            <Link to={lp('/allbikes')}>{t('bikeDetail.bikes')}</Link>
          </li>
          <li aria-current="page">{bike.name}</li>
        </ol>
      </nav>
      <article className="bike-detail-main">
        <div className="bike-detail-media">
          <img src={publicAsset(bike.imgageurl)} alt={bike.name} width={800} height={600} fetchPriority="high" decoding="async" />
        </div>
        <div className="bike-detail-info">
          <p className="eyebrow">{bike.brand}</p>
          <h1 className="bike-detail-title">{bike.name}</h1>
          <RatingSummary bike={bike} />
          <p className="bike-price">
            <span className="bike-price-amount">{price}</span>
            <span className="bike-price-unit"> {t('bikeDetail.perHour')}</span>
            {bike.pricePerDay || bike.pricePerWeek ? (
              <span className="bike-price-more">
                {[
                  bike.pricePerDay ? t('bikeDetail.perDay', { price: formatMoney(bike.pricePerDay, bike.currency, locale) }) : null,
                  bike.pricePerWeek ? t('bikeDetail.perWeek', { price: formatMoney(bike.pricePerWeek, bike.currency, locale) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            ) : null}
          </p>
          <p className="bike-availability">
            <span className={available ? 'availability-badge is-available' : 'availability-badge is-unavailable'}>
              {available ? t('bike.available') : t('bike.notAvailable')}
            </span>
            {/* 'Not Available' is this instant's; a later window may well be free (issue 20 item 12). */}
            {!available && bookableLater ? <span className="bike-availability-later">{t('bikeDetail.allOutLater')}</span> : null}
          </p>
          <p className="bike-description">{bike.description}</p>
          <BikeFacts bike={bike} />
          <RentPanel bike={bike} />
        </div>
      </article>
      <section id="reviews" className="bike-section" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="bike-section-title">
          {t('bikeDetail.reviewsTitle')}
        </h2>
        <HydrateLater>
          <ReviewList bikeId={bike._id} />
        </HydrateLater>
      </section>
      <section className="bike-section" aria-labelledby="explore-title">
        <h2 id="explore-title" className="bike-section-title">
          {t('bikeDetail.exploreTitle')}
        </h2>
        <HydrateLater>
          <RelatedBikes bikeId={bike._id} />
        </HydrateLater>
      </section>
    </>
  );
}

function BikeUnavailable({ retry }: { retry(): void }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <ProblemState
      status="warning"
      title={t('bikeDetail.unavailableTitle')}
      text={t('bikeDetail.unavailableText')}
      actions={
        <>
          <Button type="primary" onClick={retry}>
            {t('bikeDetail.tryAgain')}
          </Button>
          <ButtonLink to={lp('/allbikes')}>{t('bikeDetail.browseBikes')}</ButtonLink>
        </>
      }
    />
  );
}

/** /bike/:id. The route loader has the bike (or answered 404) before this renders. */
export default function BikeDetailPage() {
  const { id = '' } = useParams();
  const bike = useBike(id);
  return (
    <div className="page-container page-section bike-detail">
      {bike.data ? (
        <BikeView bike={bike.data} />
      ) : bike.isError ? (
        <BikeUnavailable retry={() => void bike.refetch()} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}
