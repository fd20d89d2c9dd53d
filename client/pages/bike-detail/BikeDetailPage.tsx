import './bike-detail.css';
import { engineText } from '../../lib/bike-text.js';
import { Button, Rate, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useBike, type BikeDetail } from '../../api/bikes.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { ProblemState } from '../../components/ProblemState.js';
import { formatMoney } from '../../lib/money.js';
import { reviewCountText } from './format.js';
import { RelatedBikes } from './RelatedBikes.js';
import { RentPanel } from './RentPanel.js';
import { ReviewList } from './ReviewList.js';
import { isBookable, isBookableLater } from './structured-data.js';

function RatingSummary({ bike }: { bike: BikeDetail }) {
  if (bike.reviewCount === 0 || bike.averageRating === null) {
    return (
      <div className="bike-rating">
        <Rate disabled value={0} aria-hidden="true" className="bike-rating-stars" />
        <a href="#reviews">No reviews yet</a>
      </div>
    );
  }
  return (
    <div className="bike-rating">
      <Rate disabled allowHalf value={bike.averageRating} aria-hidden="true" className="bike-rating-stars" />
      <span className="bike-rating-value">
        <span className="sr-only-text">Average rating </span>
        {bike.averageRating.toFixed(1)}
        <span className="sr-only-text"> out of 5</span>
      </span>
      <a href="#reviews">{reviewCountText(bike.reviewCount)}</a>
    </div>
  );
}

function BikeFacts({ bike }: { bike: BikeDetail }) {
  const facts: [string, string][] = [
    ['Brand', bike.brand],
    ['Model', bike.model],
    ['Year', String(bike.year)],
    ['Engine', engineText(bike.cc)],
    ['Quantity', `${bike.quantity} of ${bike.totalUnits} ${bike.totalUnits === 1 ? 'unit' : 'units'} free right now`],
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
 * The sections below the fold sit in Suspense boundaries: nothing suspends there, but React hydrates each boundary
 * as its own task, so the browser stays responsive while the page becomes interactive.
 */
function BikeView({ bike }: { bike: BikeDetail }) {
  const available = isBookable(bike);
  const bookableLater = isBookableLater(bike);
  const price = formatMoney(bike.pricePerHour, bike.currency);


  return (
    <>
      <nav aria-label="Breadcrumb" className="bike-breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/allbikes">Bikes</Link>
          </li>
          <li aria-current="page">{bike.name}</li>
        </ol>
      </nav>
      <article className="bike-detail-main">
        <div className="bike-detail-media">
          <img src={bike.imgageurl} alt={bike.name} width={800} height={600} fetchPriority="high" decoding="async" />
        </div>
        <div className="bike-detail-info">
          <p className="eyebrow">{bike.brand}</p>
          <h1 className="bike-detail-title">{bike.name}</h1>
          <RatingSummary bike={bike} />
          <p className="bike-price">
            <span className="bike-price-amount">{price}</span>
            <span className="bike-price-unit"> per hour</span>
            {bike.pricePerDay || bike.pricePerWeek ? (
              <span className="bike-price-more">
                {[
                  bike.pricePerDay ? `${formatMoney(bike.pricePerDay, bike.currency)} per day` : null,
                  bike.pricePerWeek ? `${formatMoney(bike.pricePerWeek, bike.currency)} per week` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            ) : null}
          </p>
          <p className="bike-availability">
            <span className={available ? 'availability-badge is-available' : 'availability-badge is-unavailable'}>
              {available ? 'Available' : 'Not Available'}
            </span>
            {/* 'Not Available' is this instant's; a later window may well be free (issue 20 item 12). */}
            {!available && bookableLater ? <span className="bike-availability-later">All out right now · book for a later time</span> : null}
          </p>
          <p className="bike-description">{bike.description}</p>
          <BikeFacts bike={bike} />
          <RentPanel bike={bike} />
        </div>
      </article>
      <section id="reviews" className="bike-section" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="bike-section-title">
          Customer Reviews
        </h2>
        <Suspense fallback={null}>
          <ReviewList bikeId={bike._id} />
        </Suspense>
      </section>
      <section className="bike-section" aria-labelledby="explore-title">
        <h2 id="explore-title" className="bike-section-title">
          Explore Our Bikes
        </h2>
        <Suspense fallback={null}>
          <RelatedBikes bikeId={bike._id} />
        </Suspense>
      </section>
    </>
  );
}

function BikeUnavailable({ retry }: { retry(): void }) {
  return (
    <ProblemState
      status="warning"
      title="This bike could not be loaded"
      text="It may have been removed, or the connection dropped. Try again, or browse our other bikes."
      actions={
        <>
          <Button type="primary" onClick={retry}>
            Try again
          </Button>
          <ButtonLink to="/allbikes">Browse bikes</ButtonLink>
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
