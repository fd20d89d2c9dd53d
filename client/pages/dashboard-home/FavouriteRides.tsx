import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton } from 'antd';
import type { Bike } from '../../api/bikes.js';
import { useFavourites, useRemoveFavourite } from '../../api/favourites.js';
import { notify, notifyError } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { FactList } from '../../components/FactList.js';
import { AvailabilityTag } from '../../components/AvailabilityTag.js';
import { cardFacts, truncate } from '../../lib/bike-text.js';
import { formatMoney } from '../../lib/money.js';
import { useLocale, useLocalePath, useNumberFormat, useT } from '../../app/i18n.js';
import { LoadError } from '../../components/LoadError.js';

/** Spec section 9: favourites show 3 skeletons while loading and cut descriptions at 20 characters. */
const SKELETONS = 3;
const DESCRIPTION_LENGTH = 20;


function FavouriteCard({ bike, removing, onRemove }: { bike: Bike; removing: boolean; onRemove: () => void }) {
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  // Numbers in the reader's digits (Bangla: ১৫৫); the year without grouping.
  const number = useNumberFormat({ useGrouping: false });
  const facts = cardFacts(bike, t).map((fact) => (typeof fact.value === 'number' ? { ...fact, value: number(fact.value) } : fact));
  return (
    <li className="favourite-ride">
      <Card
        className="favourite-ride-card"
        cover={<img src={bike.imgageurl} alt="" className="favourite-ride-image" width={800} height={600} loading="lazy" decoding="async" />}
      >
        <div className="favourite-ride-head">
          <h3 className="favourite-ride-name">{bike.name}</h3>
          <AvailabilityTag bike={bike} />
        </div>
        <p className="favourite-ride-description" title={bike.description}>
          {truncate(bike.description, DESCRIPTION_LENGTH)}
        </p>
        <FactList
          className="favourite-ride-facts"
          facts={[
            ...facts,
            { term: t('favRides.price'), value: t('book.perHourRate', { price: formatMoney(bike.pricePerHour, bike.currency, locale) }) },
          ]}
        />
        <div className="favourite-ride-actions">
          <ButtonLink to={lp(`/bike/${bike._id}`)} icon={<EyeOutlined {...decorativeIcon} />} aria-label={t('bike.viewDetailsOf', { name: bike.name })}>
            {t('bike.viewDetails')}
          </ButtonLink>
          <Button danger loading={removing} icon={<DeleteOutlined {...decorativeIcon} />} aria-label={t('favRides.removeOf', { name: bike.name })} onClick={onRemove}>
            {t('favRides.remove')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** Role user: the bikes they marked as favourites (spec section 2). */
export function FavouriteRides() {
  const favourites = useFavourites();
  // Held by the list, not the card: the card leaves the screen as soon as the removal succeeds.
  const removeFavourite = useRemoveFavourite();
  const t = useT();
  const lp = useLocalePath();
  const remove = (bikeId: string) =>
    removeFavourite.mutate(bikeId, {
      onSuccess: () => notify.success(t('favRides.removed')),
      onError: (error) => notifyError(error, t('favRides.removeFailed')),
    });
  let body;
  if (!favourites.data && !favourites.isError) {
    body = (
      <ul className="favourite-rides" aria-busy="true" aria-label={t('favRides.loading')}>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <li key={i} className="favourite-ride">
            <Card cover={<Skeleton.Node active className="favourite-ride-skeleton-image" />}>
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          </li>
        ))}
      </ul>
    );
  } else if (!favourites.data) {
    body = (
      <LoadError title={t('favRides.loadFailed')} onRetry={() => favourites.refetch()} variant="dashboard" />
    );
  } else if (favourites.data.length === 0) {
    body = (
      <Card>
        <Empty description={t('favRides.none')}>
          <ButtonLink type="primary" to={lp('/allbikes')}>
            {t('home.browseBikes')}
          </ButtonLink>
        </Empty>
      </Card>
    );
  } else {
    body = (
      <ul className="favourite-rides">
        {favourites.data.map((favourite) => (
          <FavouriteCard
            key={favourite._id}
            bike={favourite.bikeId}
            removing={removeFavourite.isPending && removeFavourite.variables === favourite.bikeId._id}
            onRemove={() => remove(favourite.bikeId._id)}
          />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="favourite-rides-title" className="dashboard-section">
      <h2 id="favourite-rides-title" className="dashboard-section-title">
        {t('favRides.title')}
      </h2>
      {body}
    </section>
  );
}
