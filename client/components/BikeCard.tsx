import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import type { Bike } from '../api/bikes.js';
import { cardFacts, truncate } from '../lib/bike-text.js';
import { formatMoney } from '../lib/money.js';
import { useLocale, useLocalePath, useNumberFormat, useT } from '../app/i18n.js';
import { ButtonLink } from './ButtonLink.js';
import { FactList } from './FactList.js';
import './bike-card.css';
import { publicAsset } from '../lib/public-asset.js';

export { truncate };

/**
 * A bike in a grid. Badge rules as the spec writes them: the label says 'Available' only above one unit, while
 * the colour is green from one unit up — so a single unit shows green 'Not Available'.
 */
export function BikeCard({ bike, eager = false }: { bike: Bike; eager?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  const number = useNumberFormat({ useGrouping: false });
  const label = bike.quantity > 1 ? t('bike.available') : t('bike.notAvailable');
  const href = lp(`/bike/${bike._id}`);
  // Numbers in the reader's digits (Bangla: ১৫৫); the year without grouping.
  const facts = cardFacts(bike, t).map((fact) => (typeof fact.value === 'number' ? { ...fact, value: number(fact.value) } : fact));
  const color = bike.quantity > 0 ? 'green' : 'red';
  return (
    // Plain markup styled by bike-card.css with the theme's variables: the card is on every listing, and antd's
    // Card and Typography would add their code (tabs, editable text) to those pages' first load.
    <article className="okb-bike-card okb-bike-card--hoverable">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="okb-bike-card__media">
        <img src={publicAsset(bike.imgageurl)} alt="" width={800} height={600} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      </Link>
      <div className="okb-bike-card__body">
        <div className="okb-bike-card__title">
          <h3 className="okb-bike-card__name">
            <Link to={href}>{bike.name}</Link>
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
          facts={facts}
        />
        <div className="okb-bike-card__price">
          <div>
            <span className="okb-bike-card__price-label">{t('bike.hourlyPrice')}</span>
            <strong className="okb-bike-card__price-value">{formatMoney(bike.pricePerHour, bike.currency, locale)}</strong>
            <span className="okb-bike-card__note">{t('bike.priceCanChange')}</span>
          </div>
          <ButtonLink type="primary" to={href} aria-label={t('bike.viewDetailsOf', { name: bike.name })}>
            {t('bike.viewDetails')}
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
