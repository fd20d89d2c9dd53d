/** "1 review", "12 reviews". */
export const reviewCountText = (count: number): string => `${count} ${count === 1 ? 'review' : 'reviews'}`;
