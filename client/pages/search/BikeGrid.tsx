import type { Bike } from '../../api/bikes.js';
import { BikeCard, BikeCardSkeleton } from '../../components/BikeCard.js';
import './bike-grid.css';

/** Bike cards in a responsive grid; `skeletons` placeholders instead while loading. */
export function BikeGrid({ bikes, loading = false, skeletons = 5, label }: { bikes: Bike[]; loading?: boolean; skeletons?: number; label: string }) {
  if (loading) {
    return (
      <div className="okb-bike-grid" aria-busy="true" aria-label={label}>
        {Array.from({ length: skeletons }, (_, i) => (
          <BikeCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <ul className="okb-bike-grid" aria-label={label}>
      {bikes.map((bike, index) => (
        <li key={bike._id}>
          <BikeCard bike={bike} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
