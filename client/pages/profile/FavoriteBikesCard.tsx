import { Card, Empty, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useFavourites } from '../../api/favourites.js';
import type { Role } from '../../api/types.js';
import { useLocale, useLocalePath, useT } from '../../app/i18n.js';
import { formatMoney } from '../../lib/money.js';
import { LoadError } from '../../components/LoadError.js';

/** Spec section 9: 3 skeleton tiles while favourites load. */
const SKELETON_TILES = 3;

export function FavoriteBikesCard({ role }: { role: Role }) {
  const favourites = useFavourites({ enabled: role !== 'admin' });
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  let body;
  if (role === 'admin') {
    // Admins cannot add favourites (spec section 6), so their list is always empty: say why instead of "none yet".
    body = (
      <Empty className="okb-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.favorites.admin')} />
    );
  } else if (favourites.isPending) {
    body = (
      <div className="favorite-tiles" aria-busy="true" aria-label={t('profile.favorites.loading')}>
        {Array.from({ length: SKELETON_TILES }, (_, i) => (
          <div key={i} className="favorite-tile favorite-tile-skeleton">
            <Skeleton.Node active className="favorite-tile-skeleton-image" />
            <Skeleton active title={false} paragraph={{ rows: 2, width: ['80%', '50%'] }} />
          </div>
        ))}
      </div>
    );
  } else if (favourites.isError) {
    body = (
      <LoadError title={t('profile.favorites.loadFailed')} description={favourites.error.message} onRetry={() => favourites.refetch()} />
    );
  } else if (favourites.data.length === 0) {
    body = (
      <Empty className="okb-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.favorites.none')}>
        <Link to={lp('/allbikes')}>{t('home.browseBikes')}</Link>
      </Empty>
    );
  } else {
    body = (
      <ul className="favorite-tiles">
        {favourites.data.map(({ _id, bikeId: bike }) => (
          <li key={_id} className="favorite-tile">
            <img src={bike.imgageurl} alt="" className="favorite-tile-image" loading="lazy" width={96} height={72} />
            <div className="favorite-tile-text">
              <Link to={lp(`/bike/${bike._id}`)} className="favorite-tile-name">
                {bike.name}
              </Link>
              <span className="favorite-tile-meta">
                {bike.brand} · {t('book.perHourRate', { price: formatMoney(bike.pricePerHour, bike.currency, locale) })}
              </span>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card title={<h2 className="profile-card-title">{t('profile.favorites.title')}</h2>} className="profile-card">
      {body}
    </Card>
  );
}
