export * from './users.js';
export * from './bikes.js';
export * from './rentals.js';
export * from './payments.js';
export * from './reviews.js';
export * from './favourites.js';
export * from './idempotency-keys.js';
export * from './contact-messages.js';
