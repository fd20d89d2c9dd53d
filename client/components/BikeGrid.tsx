import { useLayoutEffect, useRef } from 'react';
import type { Bike } from '../api/bikes.js';
import { BikeCard, BikeCardSkeleton } from './BikeCard.js';
import './bike-grid.css';

/** The height each grid (by label) last had with its cards, so its placeholders take exactly that room. */
const lastHeights = new Map<string, number>();

/**
 * Bike cards in a responsive grid; `skeletons` placeholders instead while loading. When the grid has shown cards
 * before (the next page is loading), the placeholders fill the box the cards filled, so the page neither grows
 * for five placeholders nor jumps back for three cards.
 */
export function BikeGrid({ bikes, loading = false, skeletons = 5, label }: { bikes: Bike[]; loading?: boolean; skeletons?: number; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    if (!loading && list.current && bikes.length > 0) lastHeights.set(label, list.current.offsetHeight);
  });
  if (loading) {
    const height = lastHeights.get(label);
    return (
      <div
        className={height ? 'okb-bike-grid okb-bike-grid--fit' : 'okb-bike-grid'}
        style={height ? { height } : undefined}
        aria-busy="true"
        aria-label={label}
        role="status"
      >
        {Array.from({ length: skeletons }, (_, i) => (
          <BikeCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <ul className="okb-bike-grid" aria-label={label} ref={list}>
      {bikes.map((bike, index) => (
        <li key={bike._id}>
          <BikeCard bike={bike} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
