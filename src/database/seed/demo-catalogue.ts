/**
 * The demo catalogue: real-sounding bikes over 13 brands, generated deterministically (same data on every
 * machine), each pointing at an illustration that ships in public/images/bikes.
 */
export type BodyStyle = 'sport' | 'naked' | 'cruiser' | 'adventure' | 'scooter' | 'electric';

const COLOURS: Record<BodyStyle, string[]> = {
  sport: ['red', 'blue', 'black', 'green', 'yellow'],
  naked: ['orange', 'black', 'blue', 'green', 'silver'],
  cruiser: ['black', 'maroon', 'red', 'silver', 'teal'],
  adventure: ['orange', 'white', 'blue', 'black', 'yellow'],
  scooter: ['red', 'mint', 'cream', 'blue', 'white'],
  electric: ['teal', 'blue', 'purple', 'black', 'white'],
};

/** [brand, model, style, cc] */
const MODELS: [string, string, BodyStyle, number][] = [
  ['Honda', 'CBR150R', 'sport', 149], ['Honda', 'CB Hornet 160R', 'naked', 162], ['Honda', 'Activa 6G', 'scooter', 110],
  ['Honda', 'CB350 Highness', 'cruiser', 348], ['Honda', 'CRF300L', 'adventure', 286],
  ['Yamaha', 'YZF-R15 V4', 'sport', 155], ['Yamaha', 'MT-15', 'naked', 155], ['Yamaha', 'FZ-S V3', 'naked', 149],
  ['Yamaha', 'Ray ZR 125', 'scooter', 125], ['Yamaha', 'Tenere 700', 'adventure', 689], ['Yamaha', 'YZF-R3', 'sport', 321],
  ['Suzuki', 'Gixxer SF 250', 'sport', 249], ['Suzuki', 'Access 125', 'scooter', 124], ['Suzuki', 'V-Strom 650', 'adventure', 645],
  ['Suzuki', 'Intruder 150', 'cruiser', 155], ['Suzuki', 'GSX-S750', 'naked', 749],
  ['Kawasaki', 'Ninja 400', 'sport', 399], ['Kawasaki', 'Z650', 'naked', 649], ['Kawasaki', 'Versys 650', 'adventure', 649],
  ['Kawasaki', 'Vulcan S', 'cruiser', 649], ['Kawasaki', 'Ninja ZX-10R', 'sport', 998],
  ['Royal Enfield', 'Classic 350', 'cruiser', 349], ['Royal Enfield', 'Himalayan 450', 'adventure', 452],
  ['Royal Enfield', 'Meteor 350', 'cruiser', 349], ['Royal Enfield', 'Interceptor 650', 'naked', 648], ['Royal Enfield', 'Hunter 350', 'naked', 349],
  ['Bajaj', 'Pulsar NS200', 'naked', 199], ['Bajaj', 'Dominar 400', 'naked', 373], ['Bajaj', 'Pulsar RS200', 'sport', 199],
  ['Bajaj', 'Avenger Street 220', 'cruiser', 220], ['Bajaj', 'Chetak Premium', 'electric', 0],
  ['TVS', 'Apache RTR 160 4V', 'naked', 160], ['TVS', 'Apache RR 310', 'sport', 312], ['TVS', 'Ntorq 125', 'scooter', 124],
  ['TVS', 'iQube S', 'electric', 0], ['TVS', 'Ronin', 'cruiser', 225],
  ['Hero', 'Splendor Plus', 'naked', 97], ['Hero', 'Xpulse 200 4V', 'adventure', 199], ['Hero', 'Xtreme 160R', 'naked', 163],
  ['Hero', 'Maestro Edge 125', 'scooter', 125], ['Hero', 'Vida V1 Pro', 'electric', 0],
  ['KTM', 'Duke 390', 'naked', 373], ['KTM', 'RC 390', 'sport', 373], ['KTM', '390 Adventure', 'adventure', 373],
  ['KTM', 'Duke 200', 'naked', 199], ['KTM', '890 Adventure R', 'adventure', 889],
  ['Ducati', 'Panigale V2', 'sport', 955], ['Ducati', 'Monster', 'naked', 937], ['Ducati', 'Scrambler Icon', 'naked', 803],
  ['Ducati', 'Multistrada V2', 'adventure', 937], ['Ducati', 'Diavel V4', 'cruiser', 1158],
  ['BMW', 'G 310 R', 'naked', 313], ['BMW', 'R 1250 GS', 'adventure', 1254], ['BMW', 'S 1000 RR', 'sport', 999],
  ['BMW', 'F 900 R', 'naked', 895], ['BMW', 'CE 04', 'electric', 0],
  ['Harley-Davidson', 'Iron 883', 'cruiser', 883], ['Harley-Davidson', 'Street Bob 114', 'cruiser', 1868],
  ['Harley-Davidson', 'Fat Boy 114', 'cruiser', 1868], ['Harley-Davidson', 'Pan America 1250', 'adventure', 1252],
  ['Harley-Davidson', 'LiveWire One', 'electric', 0],
];

const DESCRIPTIONS: Record<BodyStyle, string[]> = {
  sport: [
    'Track-bred fairing, sharp handling and a crouched riding position for spirited weekend runs.',
    'A light, eager sport bike with quick steering and strong brakes, happiest on open twisty roads.',
    'Full fairing, slipper clutch and a rev-happy engine: the sporty choice for experienced riders.',
  ],
  naked: [
    'Upright streetfighter with a punchy engine and a comfortable seat for everyday city riding.',
    'Nimble naked roadster that filters through traffic with ease and still has fun on the highway.',
    'Torquey, light and easy to ride: a friendly naked bike for commuting and short trips out of town.',
  ],
  cruiser: [
    'Relaxed low-slung cruiser with a deep seat and a lazy, torquey engine for long easy rides.',
    'Classic styling, forward controls and a thumping exhaust note made for unhurried highway cruising.',
    'Comfortable touring cruiser with plenty of low-end pull and a seat you can sit on all day.',
  ],
  adventure: [
    'Tall, rugged adventure bike with long-travel suspension for broken roads and gravel detours.',
    'Go-anywhere tourer with crash protection, luggage mounts and an upright, all-day riding position.',
    'Dual-sport built for trails and highways alike, with spoked wheels and generous ground clearance.',
  ],
  scooter: [
    'Easy automatic scooter with under-seat storage, ideal for errands and short city hops.',
    'Light, frugal and twist-and-go simple: the stress-free way to cross town in heavy traffic.',
    'Comfortable step-through scooter with a flat floor, smooth CVT and excellent fuel economy.',
  ],
  electric: [
    'Silent electric ride with instant torque, regenerative braking and a fast-charge battery.',
    'Zero-emission commuter with a smart display, app connectivity and a range that covers a full day.',
    'Smooth, quiet and cheap to run: an electric two-wheeler for clean city journeys.',
  ],
};

export interface CatalogueBike {
  name: string;
  description: string;
  imageUrl: string;
  pricePerHourCents: number;
  cc: number;
  year: number;
  model: string;
  brand: string;
  quantity: number;
  isAvailable: boolean;
  /** Days before "now" the bike was listed. */
  listedDaysAgo: number;
}

/** The home page promotes this hard-coded electric bike (500W motor, 80km range, Smart Display, Quick Charge). */
export const PROMO_BIKE: CatalogueBike = {
  name: 'Okay Volt E1',
  description: 'Our own electric bike: 500W motor, 80km range, Smart Display and Quick Charge to 80% in under two hours.',
  imageUrl: '/images/promo/ebike.svg',
  pricePerHourCents: 750,
  cc: 0,
  year: 2026,
  model: 'Volt E1',
  brand: 'Okay',
  quantity: 8,
  isAvailable: true,
  listedDaysAgo: 3,
};

/** mulberry32: a tiny seeded PRNG, so the catalogue is identical on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hourlyPriceCents(style: BodyStyle, cc: number, jitter: number): number {
  const base = style === 'electric' ? 6 + jitter * 5 : Math.min(45, Math.max(4.5, 3.5 + cc / 42 + jitter * 3));
  return Math.round(base * 2) * 50; // whole or half dollars
}

export function demoCatalogue(): CatalogueBike[] {
  const rand = prng(20261121);
  const bikes: CatalogueBike[] = [];
  // Two listings of each model (different model years and colours) give 124 bikes, plus the promo bike.
  for (let round = 0; round < 2; round++) {
    MODELS.forEach(([brand, model, style, cc], i) => {
      const n = bikes.length;
      const year = round === 0 ? 2021 + Math.floor(rand() * 6) : 2015 + Math.floor(rand() * 6);
      const colour = COLOURS[style][(i + round * 2) % 5];
      // Every 9th bike is out of stock and every 11th has one unit left, so both badge rules show.
      const quantity = n % 9 === 4 ? 0 : n % 11 === 5 ? 1 : 2 + Math.floor(rand() * 11);
      bikes.push({
        name: round === 0 ? `${brand} ${model}` : `${brand} ${model} (${year})`,
        description: DESCRIPTIONS[style][Math.floor(rand() * 3)],
        imageUrl: `/images/bikes/${style}-${colour}.svg`,
        pricePerHourCents: hourlyPriceCents(style, cc, rand()),
        cc,
        year,
        model,
        brand,
        quantity,
        isAvailable: n % 23 !== 7,
        listedDaysAgo: Math.floor(rand() * 540) + 7,
      });
    });
  }
  bikes.push(PROMO_BIKE);
  return bikes;
}
