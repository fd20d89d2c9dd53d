import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import type { Bike } from '../api/bikes.js';
import { cardFacts, truncate } from '../lib/bike-text.js';
import { formatMoney } from '../lib/money.js';
import { ButtonLink } from './ButtonLink.js';
import { FactList } from './FactList.js';
import './bike-card.css';

export { truncate };

/**
 * A bike in a grid. Badge rules as the spec writes them: the label says 'Available' only above one unit, while
 * the colour is green from one unit up — so a single unit shows green 'Not Available'.
 */
export function BikeCard({ bike, eager = false }: { bike: Bike; eager?: boolean }) {
  const label = bike.quantity > 1 ? 'Available' : 'Not Available';
  const color = bike.quantity > 0 ? 'green' : 'red';
  return (
    // Plain markup styled by bike-card.css with the theme's variables: the card is on every listing, and antd's
    // Card and Typography would add their code (tabs, editable text) to those pages' first load.
    <article className="okb-bike-card okb-bike-card--hoverable">
      <Link to={`/bike/${bike._id}`} tabIndex={-1} aria-hidden="true" className="okb-bike-card__media">
        <img src={bike.imgageurl} alt="" width={800} height={600} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      </Link>
      <div className="okb-bike-card__body">
        <div className="okb-bike-card__title">
          <h3 className="okb-bike-card__name">
            <Link to={`/bike/${bike._id}`}>{bike.name}</Link>
          </h3>
          <span className={`okb-bike-card__badge okb-badge okb-badge--${color}`}>{label}</span>
        </div>
        <p className="okb-bike-card__desc">
          {/* Both lengths are rendered; CSS shows one per screen size, so server and browser markup agree. */}
          <span className="okb-only-small">{truncate(bike.description, 35)}</span>
          <span className="okb-only-large">{truncate(bike.description, 50)}</span>
        </p>
        <FactList
          className="okb-bike-card__facts"
          facts={cardFacts(bike)}
        />
        <div className="okb-bike-card__price">
          <div>
            <span className="okb-bike-card__price-label">Hourly Price</span>
            <strong className="okb-bike-card__price-value">{formatMoney(bike.pricePerHour, bike.currency)}</strong>
            <span className="okb-bike-card__note">Price can be changed</span>
          </div>
          <ButtonLink type="primary" to={`/bike/${bike._id}`} aria-label={`View Details of ${bike.name}`}>
            View Details
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}

export function BikeCardSkeleton() {
  return (
    <div className="okb-bike-card" aria-hidden="true">
      <Skeleton.Node active className="okb-bike-card__skeleton-media" />
      <div className="okb-bike-card__body">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    </div>
  );
}
