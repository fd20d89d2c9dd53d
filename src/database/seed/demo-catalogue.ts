import { createPrng, type Prng } from './prng.js';

/**
 * The demo bike catalogue: a deterministic list (seeded PRNG, no Math.random) of real-sounding bikes whose
 * pictures ship in public/images/bikes (written by scripts/generate-images.mjs).
 */

export const BIKE_STYLES = ['sport', 'cruiser', 'scooter', 'naked', 'adventure', 'electric'] as const;
export type BikeStyle = (typeof BIKE_STYLES)[number];

/** The colour variants drawn for each body style; keep in step with STYLES in scripts/generate-images.mjs. */
export const BIKE_IMAGE_COLOURS: Record<BikeStyle, readonly string[]> = {
  sport: ['red', 'blue', 'green', 'yellow', 'black'],
  cruiser: ['black', 'red', 'silver', 'teal', 'maroon'],
  scooter: ['mint', 'cream', 'red', 'blue', 'white'],
  naked: ['orange', 'black', 'blue', 'green', 'silver'],
  adventure: ['white', 'orange', 'yellow', 'black', 'blue'],
  electric: ['teal', 'white', 'black', 'purple', 'blue'],
};

export const bikeImageUrl = (style: BikeStyle, colour: string): string => `/images/bikes/${style}-${colour}.svg`;

/** A bike row ready for insertion (the seed adds the id). Money in cents. */
export interface DemoBike {
  name: string;
  description: string;
  imageUrl: string;
  pricePerHourCents: number;
  currency: string;
  cc: number;
  year: number;
  model: string;
  brand: string;
  quantity: number;
  isAvailable: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The electric bike of the home page's 'Introducing the' promo; it is always in the catalogue. */
export const PROMO_BIKE = {
  name: 'Okay Volt E1',
  brand: 'Okay Bike',
  model: 'Volt E1',
  year: 2026,
  cc: 0,
  motorWatts: 500,
  rangeKm: 80,
  features: ['500W motor', '80km range', 'Smart Display', 'Quick Charge'],
  pricePerHourCents: 950,
  quantity: 8,
  description:
    'Our own electric bike: a quiet 500W motor, 80 km of range, a smart display and quick charge from 0 to 80% in about two hours.',
  imageUrl: bikeImageUrl('electric', 'teal'),
  /** The larger illustration the promo section shows. */
  promoImageUrl: '/images/promo/ebike.svg',
} as const;

/** [brand, model, style, cc, first model year] or, for electric bikes, [..., cc 0, first year, range km, price cents]. */
type Entry = readonly [string, string, BikeStyle, number, number] | readonly [string, string, BikeStyle, 0, number, number, number];

const ENTRIES: readonly Entry[] = [
  // Honda
  ['Honda', 'CB350 H\'ness', 'naked', 348, 2020],
  ['Honda', 'CBR650R', 'sport', 649, 2019],
  ['Honda', 'CBR1000RR-R Fireblade SP', 'sport', 999, 2020],
  ['Honda', 'CRF1100L Africa Twin', 'adventure', 1084, 2020],
  ['Honda', 'CB500X', 'adventure', 471, 2016],
  ['Honda', 'Rebel 500', 'cruiser', 471, 2017],
  ['Honda', 'Rebel 1100', 'cruiser', 1084, 2021],
  ['Honda', 'CB650R', 'naked', 649, 2019],
  ['Honda', 'Activa 6G', 'scooter', 110, 2020],
  ['Honda', 'PCX 160', 'scooter', 157, 2021],
  ['Honda', 'Hornet 2.0', 'naked', 184, 2020],
  ['Honda', 'XL750 Transalp', 'adventure', 755, 2023],
  ['Honda', 'Shine 125', 'naked', 124, 2015],
  ['Honda', 'EM1 e:', 'scooter', 0, 2023, 48, 550],
  // Yamaha
  ['Yamaha', 'YZF-R15 V4', 'sport', 155, 2021],
  ['Yamaha', 'YZF-R3', 'sport', 321, 2015],
  ['Yamaha', 'YZF-R7', 'sport', 689, 2021],
  ['Yamaha', 'YZF-R1', 'sport', 998, 2015],
  ['Yamaha', 'MT-15', 'naked', 155, 2019],
  ['Yamaha', 'MT-07', 'naked', 689, 2015],
  ['Yamaha', 'MT-09 SP', 'naked', 890, 2018],
  ['Yamaha', 'FZ-S V3', 'naked', 149, 2019],
  ['Yamaha', 'Tenere 700', 'adventure', 689, 2019],
  ['Yamaha', 'Tracer 9 GT', 'adventure', 890, 2021],
  ['Yamaha', 'Aerox 155', 'scooter', 155, 2021],
  ['Yamaha', 'NMAX 155', 'scooter', 155, 2016],
  ['Yamaha', 'Fascino 125', 'scooter', 125, 2018],
  ['Yamaha', 'Bolt R-Spec', 'cruiser', 942, 2015],
  ['Yamaha', 'XMAX 300', 'scooter', 292, 2017],
  // Suzuki
  ['Suzuki', 'Gixxer SF 250', 'sport', 249, 2019],
  ['Suzuki', 'GSX-R1000R', 'sport', 999, 2017],
  ['Suzuki', 'Hayabusa', 'sport', 1340, 2021],
  ['Suzuki', 'GSX-8S', 'naked', 776, 2023],
  ['Suzuki', 'SV650', 'naked', 645, 2016],
  ['Suzuki', 'V-Strom 650 XT', 'adventure', 645, 2015],
  ['Suzuki', 'V-Strom 800DE', 'adventure', 776, 2023],
  ['Suzuki', 'Access 125', 'scooter', 124, 2016],
  ['Suzuki', 'Burgman Street 125', 'scooter', 124, 2018],
  ['Suzuki', 'Intruder 150', 'cruiser', 155, 2017],
  ['Suzuki', 'Boulevard M109R', 'cruiser', 1783, 2015],
  // Kawasaki
  ['Kawasaki', 'Ninja 400', 'sport', 399, 2018],
  ['Kawasaki', 'Ninja ZX-6R', 'sport', 636, 2015],
  ['Kawasaki', 'Ninja ZX-10R', 'sport', 998, 2016],
  ['Kawasaki', 'Ninja H2', 'sport', 998, 2015],
  ['Kawasaki', 'Z650', 'naked', 649, 2017],
  ['Kawasaki', 'Z900', 'naked', 948, 2017],
  ['Kawasaki', 'Versys 650', 'adventure', 649, 2015],
  ['Kawasaki', 'KLR650', 'adventure', 652, 2022],
  ['Kawasaki', 'Vulcan S', 'cruiser', 649, 2015],
  ['Kawasaki', 'Eliminator 500', 'cruiser', 451, 2024],
  ['Kawasaki', 'Ninja e-1', 'electric', 0, 2024, 72, 1250],
  // Royal Enfield
  ['Royal Enfield', 'Classic 350', 'cruiser', 349, 2015],
  ['Royal Enfield', 'Bullet 350', 'cruiser', 346, 2015],
  ['Royal Enfield', 'Meteor 350', 'cruiser', 349, 2020],
  ['Royal Enfield', 'Hunter 350', 'naked', 349, 2022],
  ['Royal Enfield', 'Himalayan 450', 'adventure', 452, 2023],
  ['Royal Enfield', 'Scram 411', 'adventure', 411, 2022],
  ['Royal Enfield', 'Interceptor 650', 'naked', 648, 2018],
  ['Royal Enfield', 'Continental GT 650', 'sport', 648, 2018],
  ['Royal Enfield', 'Super Meteor 650', 'cruiser', 648, 2023],
  ['Royal Enfield', 'Shotgun 650', 'cruiser', 648, 2024],
  // Bajaj
  ['Bajaj', 'Pulsar NS200', 'naked', 199, 2015],
  ['Bajaj', 'Pulsar RS200', 'sport', 199, 2015],
  ['Bajaj', 'Pulsar N250', 'naked', 249, 2021],
  ['Bajaj', 'Pulsar 150', 'naked', 149, 2015],
  ['Bajaj', 'Dominar 400', 'naked', 373, 2017],
  ['Bajaj', 'Avenger Cruise 220', 'cruiser', 220, 2015],
  ['Bajaj', 'Freedom 125', 'naked', 125, 2024],
  ['Bajaj', 'Chetak Premium', 'scooter', 0, 2020, 127, 600],
  // TVS
  ['TVS', 'Apache RTR 160 4V', 'naked', 160, 2018],
  ['TVS', 'Apache RTR 310', 'naked', 312, 2023],
  ['TVS', 'Apache RR 310', 'sport', 312, 2017],
  ['TVS', 'Ronin', 'cruiser', 225, 2022],
  ['TVS', 'Raider 125', 'naked', 124, 2021],
  ['TVS', 'Jupiter 125', 'scooter', 124, 2021],
  ['TVS', 'Ntorq 125', 'scooter', 124, 2018],
  ['TVS', 'iQube S', 'scooter', 0, 2020, 100, 550],
  // Hero
  ['Hero', 'Xpulse 200 4V', 'adventure', 199, 2019],
  ['Hero', 'Xtreme 160R', 'naked', 163, 2020],
  ['Hero', 'Karizma XMR', 'sport', 210, 2023],
  ['Hero', 'Mavrick 440', 'naked', 440, 2024],
  ['Hero', 'Super Splendor 125', 'naked', 124, 2015],
  ['Hero', 'Destini 125', 'scooter', 124, 2018],
  ['Hero', 'Vida V1 Pro', 'scooter', 0, 2022, 110, 600],
  // KTM
  ['KTM', '200 Duke', 'naked', 199, 2015],
  ['KTM', '390 Duke', 'naked', 399, 2015],
  ['KTM', '790 Duke', 'naked', 799, 2018],
  ['KTM', '1390 Super Duke R', 'naked', 1350, 2024],
  ['KTM', 'RC 200', 'sport', 199, 2015],
  ['KTM', 'RC 390', 'sport', 373, 2015],
  ['KTM', '390 Adventure', 'adventure', 373, 2020],
  ['KTM', '890 Adventure R', 'adventure', 889, 2021],
  ['KTM', '1290 Super Adventure S', 'adventure', 1301, 2017],
  // Ducati
  ['Ducati', 'Panigale V4 S', 'sport', 1103, 2018],
  ['Ducati', 'Panigale V2', 'sport', 955, 2020],
  ['Ducati', 'SuperSport 950 S', 'sport', 937, 2021],
  ['Ducati', 'Monster', 'naked', 937, 2021],
  ['Ducati', 'Streetfighter V4', 'naked', 1103, 2020],
  ['Ducati', 'Scrambler Icon', 'naked', 803, 2015],
  ['Ducati', 'Multistrada V4 S', 'adventure', 1158, 2021],
  ['Ducati', 'DesertX', 'adventure', 937, 2022],
  ['Ducati', 'Diavel V4', 'cruiser', 1158, 2023],
  // BMW
  ['BMW', 'S 1000 RR', 'sport', 999, 2015],
  ['BMW', 'M 1000 RR', 'sport', 999, 2021],
  ['BMW', 'G 310 R', 'naked', 313, 2017],
  ['BMW', 'F 900 R', 'naked', 895, 2020],
  ['BMW', 'R nineT', 'naked', 1170, 2015],
  ['BMW', 'G 310 GS', 'adventure', 313, 2017],
  ['BMW', 'F 850 GS', 'adventure', 853, 2018],
  ['BMW', 'R 1250 GS Adventure', 'adventure', 1254, 2019],
  ['BMW', 'R 1300 GS', 'adventure', 1300, 2024],
  ['BMW', 'CE 04', 'scooter', 0, 2022, 130, 1100],
  // Harley-Davidson
  ['Harley-Davidson', 'Iron 883', 'cruiser', 883, 2015],
  ['Harley-Davidson', 'Forty-Eight', 'cruiser', 1202, 2015],
  ['Harley-Davidson', 'Nightster 975', 'cruiser', 975, 2022],
  ['Harley-Davidson', 'Sportster S', 'cruiser', 1252, 2021],
  ['Harley-Davidson', 'Fat Bob 114', 'cruiser', 1746, 2018],
  ['Harley-Davidson', 'Softail Standard', 'cruiser', 1746, 2020],
  ['Harley-Davidson', 'X440', 'cruiser', 440, 2023],
  ['Harley-Davidson', 'Pan America 1250', 'adventure', 1252, 2021],
  ['Harley-Davidson', 'LiveWire One', 'electric', 0, 2021, 235, 3900],
  // Triumph
  ['Triumph', 'Street Triple 765 RS', 'naked', 765, 2017],
  ['Triumph', 'Trident 660', 'naked', 660, 2021],
  ['Triumph', 'Speed 400', 'naked', 398, 2023],
  ['Triumph', 'Scrambler 400 X', 'adventure', 398, 2023],
  ['Triumph', 'Tiger 900 Rally Pro', 'adventure', 888, 2020],
  ['Triumph', 'Bonneville T120', 'cruiser', 1200, 2016],
  ['Triumph', 'Daytona 660', 'sport', 660, 2024],
  // Aprilia, Vespa and others
  ['Aprilia', 'RS 457', 'sport', 457, 2024],
  ['Aprilia', 'RSV4 Factory', 'sport', 1099, 2015],
  ['Aprilia', 'Tuono 660', 'naked', 659, 2021],
  ['Aprilia', 'Tuareg 660', 'adventure', 659, 2022],
  ['Aprilia', 'SR 160', 'scooter', 160, 2016],
  ['Vespa', 'VXL 150', 'scooter', 150, 2016],
  ['Vespa', 'Primavera 125', 'scooter', 125, 2015],
  ['Vespa', 'GTS 300 Super', 'scooter', 278, 2015],
  ['Jawa', '42 Bobber', 'cruiser', 334, 2021],
  ['Yezdi', 'Adventure', 'adventure', 334, 2022],
  ['Benelli', 'TRK 502X', 'adventure', 500, 2018],
  ['CFMoto', '450SR', 'sport', 450, 2022],
  ['Husqvarna', 'Svartpilen 401', 'naked', 399, 2018],
  // Electric
  ['Ather', '450X', 'scooter', 0, 2018, 111, 650],
  ['Ola', 'S1 Pro', 'scooter', 0, 2021, 181, 650],
  ['Revolt', 'RV400', 'electric', 0, 2019, 150, 800],
  ['Ultraviolette', 'F77 Mach 2', 'electric', 0, 2023, 323, 1600],
  ['Zero', 'SR/F', 'electric', 0, 2019, 259, 3200],
  ['Zero', 'DSR/X', 'electric', 0, 2022, 290, 3500],
  ['Energica', 'Ego+ RS', 'electric', 0, 2020, 400, 4200],
];

// ---------------------------------------------------------------- descriptions
const TEMPLATES: Record<BikeStyle, readonly string[]> = {
  sport: [
    'A track-bred {cc}cc sport bike with sharp handling, a slipper clutch and a riding position made for fast, sweeping corners.',
    'Full fairing, quick-shifter and grippy tyres: the {model} turns every highway on-ramp into a small thrill.',
    'Lightweight and eager, the {model} pairs a rev-happy {cc}cc engine with strong brakes. Best for confident riders.',
    'Aggressive looks and genuine pace. The {model} is ideal for a spirited weekend run through the hills.',
    'Race-inspired bodywork, adjustable suspension and dual-channel ABS make this {cc}cc machine fast and reassuring.',
  ],
  naked: [
    'An upright naked roadster with a punchy {cc}cc engine, light steering and a comfy seat for city commutes.',
    'The {model} is nimble in traffic and lively on open roads; LED lights and ABS come as standard.',
    'Stripped-back styling, a torquey motor and a low seat make this an easy, fun bike for everyday rides.',
    'A great first bike: predictable power, clear mirrors and a fuel-efficient {cc}cc engine that sips petrol.',
    'Muscular tank, wide bars and a sharp exhaust note. The {model} loves short blasts across town.',
  ],
  cruiser: [
    'Laid-back ergonomics, a low saddle and a torquey {cc}cc engine. Perfect for relaxed coastal cruises.',
    'Classic cruiser styling with plenty of chrome; the {model} rumbles along happily at highway speeds.',
    'Feet-forward comfort and a deep, thumping exhaust note. Rent the {model} for a slow, scenic day out.',
    'A long, low cruiser with a plush seat and easy clutch. Great for two-up rides to the lake and back.',
  ],
  scooter: [
    'Easy twist-and-go {cc}cc scooter with under-seat storage for a helmet. Ideal for errands and short city hops.',
    'Light, frugal and simple to ride; the {model} slips through traffic and parks almost anywhere.',
    'A comfortable step-through scooter with a flat floor, USB charging and a smooth automatic gearbox.',
    'Automatic, quiet and very economical. The {model} is the stress-free way to get around the city.',
  ],
  adventure: [
    'Long-travel suspension, spoked wheels and a tall screen: the {model} is ready for gravel tracks and long tours.',
    'Go-anywhere {cc}cc adventure bike with crash bars, hand guards and aluminium panniers included.',
    'Comfortable over long distances and capable off the tarmac. Book the {model} for your next multi-day trip.',
    'Upright seating, a big fuel tank and switchable ABS for dirt roads. Built for exploring beyond the city.',
  ],
  electric: [
    'Silent, zero-emission electric motorcycle with instant torque and about {range} km of range per charge.',
    'The {model} charges from a regular socket and delivers smooth, quiet acceleration around town.',
    'Electric power with ride modes and regenerative braking; expect roughly {range} km between charges.',
  ],
};
const ELECTRIC_SCOOTER_TEMPLATES = [
  'Electric scooter with about {range} km of range, fast charging and a connected dashboard. No fuel, no noise.',
  'The {model} is a quiet battery scooter with reverse assist and roughly {range} km per charge. Charger included.',
  'Zero-emission city scooter: smooth electric pull, a large boot and around {range} km of range.',
];
const EXTRAS = [
  'Helmet included.',
  'Freshly serviced with new tyres.',
  'Phone mount fitted.',
  'Two helmets available on request.',
  'Tank bag and rain cover included.',
  'Popular for weekend trips.',
];

function describe(prng: Prng, style: BikeStyle, model: string, cc: number, range: number | undefined): string {
  const templates = cc === 0 && style === 'scooter' ? ELECTRIC_SCOOTER_TEMPLATES : TEMPLATES[style];
  let text = prng
    .pick(templates)
    .replaceAll('{model}', model)
    .replaceAll('{cc}', String(cc))
    .replaceAll('{range}', String(range ?? 0));
  if (prng.chance(0.4)) {
    const extra = prng.pick(EXTRAS);
    if (text.length + extra.length + 1 <= 200) text = `${text} ${extra}`;
  }
  return text;
}

const BRAND_PREMIUM: Record<string, number> = {
  Ducati: 600,
  BMW: 500,
  'Harley-Davidson': 500,
  Triumph: 300,
  Aprilia: 300,
  KTM: 150,
  Vespa: 150,
};

const DAY_MS = 24 * 3600 * 1000;
const MIN_PRICE = 450;
const MAX_PRICE = 4500;

/**
 * Builds the demo catalogue (at least 112 bikes over more than 10 brands), the promo bike included.
 * Everything is derived from `seed` and `now`: the same inputs give the same list.
 */
export function buildDemoCatalogue(now: Date, seed = 0x0b1ce): DemoBike[] {
  const prng = createPrng(seed);
  const bikes: DemoBike[] = [];
  ENTRIES.forEach((entry, i) => {
    const [brand, model, style, cc, firstYear] = entry;
    const range = entry.length === 7 ? entry[5] : undefined;
    // Spread over the last 18 months (about 540 days), never in the future.
    const createdAt = new Date(now.getTime() - prng.int(3, 540) * DAY_MS - prng.int(0, 23 * 60) * 60_000);
    const latestYear = Math.min(2026, Math.max(firstYear, createdAt.getUTCFullYear() + 1));
    const year = Math.max(2015, prng.int(firstYear, latestYear));
    let price: number;
    if (entry.length === 7) {
      price = entry[6];
    } else {
      price = 400 + cc * 2.1 + (BRAND_PREMIUM[brand] ?? 0) + prng.int(-100, 150);
      price = Math.round(price / 50) * 50;
    }
    price = Math.min(MAX_PRICE, Math.max(MIN_PRICE, price));
    // A few sold-out (0) and single-unit (1) bikes so both badge rules show.
    let quantity: number;
    if (i % 19 === 4) quantity = 0;
    else if (i % 17 === 9) quantity = 1;
    else quantity = prng.int(2, 12);
    const isAvailable = i % 23 !== 11;
    const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + prng.int(0, 60) * DAY_MS));
    bikes.push({
      name: `${brand} ${model}`,
      description: describe(prng, style, model, cc, range),
      imageUrl: bikeImageUrl(style, prng.pick(BIKE_IMAGE_COLOURS[style])),
      pricePerHourCents: price,
      currency: 'USD',
      cc,
      year,
      model,
      brand,
      quantity,
      isAvailable,
      createdAt,
      updatedAt,
    });
  });

  const promoCreated = new Date(now.getTime() - 2 * DAY_MS);
  bikes.push({
    name: PROMO_BIKE.name,
    description: PROMO_BIKE.description,
    imageUrl: PROMO_BIKE.imageUrl,
    pricePerHourCents: PROMO_BIKE.pricePerHourCents,
    currency: 'USD',
    cc: PROMO_BIKE.cc,
    year: PROMO_BIKE.year,
    model: PROMO_BIKE.model,
    brand: PROMO_BIKE.brand,
    quantity: PROMO_BIKE.quantity,
    isAvailable: true,
    createdAt: promoCreated,
    updatedAt: promoCreated,
  });

  for (const b of bikes) {
    if (b.description.length < 60 || b.description.length > 200) {
      throw new Error(`demo catalogue: description of ${b.name} is ${b.description.length} characters`);
    }
  }
  return bikes;
}
