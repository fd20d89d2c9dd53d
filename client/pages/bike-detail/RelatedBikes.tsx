import { Empty, Skeleton } from 'antd';
import { useRelatedBikes } from '../../api/bikes.js';
import { BikeCard } from '../../components/BikeCard.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { LoadError } from '../../components/LoadError.js';
import { useT } from '../../app/i18n.js';

/** One row on a desktop screen; the listing has the rest. */
const SHOWN = 4;

/** 'Explore Our Bikes': other bikes, most similar first (GET bikes/related/{id}). */
export function RelatedBikes({ bikeId }: { bikeId: string }) {
  const related = useRelatedBikes(bikeId);
  const t = useT();

  if (related.isPending) {
    return (
      <div className="related-grid" aria-busy="true">
        {Array.from({ length: SHOWN }, (_, i) => (
          <Skeleton.Node key={i} active className="related-skeleton" />
        ))}
      </div>
    );
  }
  if (related.isError && !related.data) {
    return (
      <LoadError title={t('related.loadError')} onRetry={() => related.refetch()} variant="inline" />
    );
  }
  if (related.data.length === 0) return <Empty description={t('related.none')} />;
  return (
    <>
      <ul className="related-grid">
        {related.data.slice(0, SHOWN).map((bike) => (
          <li key={bike._id}>
            <BikeCard bike={bike} />
          </li>
        ))}
      </ul>
      <p className="related-more">
        <ButtonLink to="/allbikes">{t('related.browseAll')}</ButtonLink>
      </p>
    </>
  );
}
