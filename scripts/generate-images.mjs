#!/usr/bin/env node
// Writes the illustrations that ship with Okay Bike into public/images/.
// Plain Node, no dependencies, fully deterministic: running it twice gives byte-identical files.
//
//   node scripts/generate-images.mjs
//
// Output:
//   public/images/bikes/<style>-<colour>.svg   side views, 800x600 (6 body styles x 5 colour schemes)
//   public/images/team/<slug>.svg              4 stylised team portraits, 400x400
//   public/images/hero/hero-1.svg, hero-2.svg  wide road scenes, 1600x700
//   public/images/promo/ebike.svg              the home page's electric bike promo, 800x600
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');

// ---------------------------------------------------------------- colour helpers
const hex = (n) => n.toString(16).padStart(2, '0');
const parse = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
/** Mix colour a towards b by t (0..1). */
const mix = (a, b, t) => {
  const x = parse(a);
  const y = parse(b);
  return '#' + x.map((v, i) => hex(Math.round(v + (y[i] - v) * t))).join('');
};
const lighten = (c, t) => mix(c, '#ffffff', t);
const darken = (c, t) => mix(c, '#000000', t);

/** Colour schemes: body, second colour (graphics), accent (stripes/details), background hue. */
const PALETTES = {
  red: { body: '#d62828', second: '#1f2228', accent: '#f1f1f1', bg: '#f6d5cf' },
  blue: { body: '#1f5fd6', second: '#f4f6f8', accent: '#ffcc33', bg: '#d3e1f7' },
  green: { body: '#5fb832', second: '#1c1f24', accent: '#f4f6f8', bg: '#dcefd0' },
  yellow: { body: '#f2b705', second: '#1c1f24', accent: '#ffffff', bg: '#f8ecc4' },
  black: { body: '#2a2d33', second: '#e63946', accent: '#c8ccd2', bg: '#dde1e6' },
  orange: { body: '#f27405', second: '#1d2026', accent: '#ffffff', bg: '#fbe0c8' },
  silver: { body: '#aeb5bd', second: '#2b2f36', accent: '#d62828', bg: '#e3e7ec' },
  teal: { body: '#149e8f', second: '#f4f6f8', accent: '#ffd166', bg: '#cdece6' },
  white: { body: '#eceff2', second: '#1f5fd6', accent: '#e63946', bg: '#d9e4ef' },
  purple: { body: '#6d3fc0', second: '#f4f6f8', accent: '#2ee6c5', bg: '#e2d8f5' },
  mint: { body: '#8fd3c1', second: '#f7f3ea', accent: '#5a4636', bg: '#d8f0ea' },
  cream: { body: '#efe1bf', second: '#8a5a3c', accent: '#5a4636', bg: '#f3ead8' },
  maroon: { body: '#8c1c2b', second: '#e8c77a', accent: '#f1f1f1', bg: '#efd6d6' },
};

// ---------------------------------------------------------------- shared parts
const TIRE = '#1c1e22';
const STEEL = '#8d949c';
const CHROME = '#d5dae0';

const f = (n) => Math.round(n);

/** A wheel: tyre, rim, spokes (wire | cast | five), brake disc and hub. */
function wheel(cx, cy, r, { rim = '#2b2e34', spokes = 'cast', tire = 18, knobby = false, disc = true } = {}) {
  const inner = r - tire / 2 - 4;
  let s = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${TIRE}" stroke-width="${tire}"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${r - tire / 2 + 2}" fill="none" stroke="#3a3e45" stroke-width="2"/>`;
  if (knobby) {
    s += `<circle cx="${cx}" cy="${cy}" r="${r + tire / 2}" fill="none" stroke="${TIRE}" stroke-width="6" stroke-dasharray="7 6"/>`;
  }
  s += `<circle cx="${cx}" cy="${cy}" r="${inner}" fill="none" stroke="${rim}" stroke-width="6"/>`;
  let d = '';
  if (spokes === 'wire') {
    const n = 18;
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      const h = a + (i % 2 ? 0.5 : -0.5);
      d += `M${f(cx + Math.cos(h) * 9)} ${f(cy + Math.sin(h) * 9)}L${f(cx + Math.cos(a) * (inner - 2))} ${f(cy + Math.sin(a) * (inner - 2))}`;
    }
    s += `<path d="${d}" stroke="${CHROME}" stroke-width="2"/>`;
  } else {
    const n = spokes === 'five' ? 5 : 3;
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 - Math.PI / 2;
      if (spokes === 'five') {
        d += `M${cx} ${cy}L${f(cx + Math.cos(a) * inner)} ${f(cy + Math.sin(a) * inner)}`;
      } else {
        for (const o of [-0.2, 0.2]) {
          d += `M${f(cx + Math.cos(a) * 14)} ${f(cy + Math.sin(a) * 14)}L${f(cx + Math.cos(a + o) * inner)} ${f(cy + Math.sin(a + o) * inner)}`;
        }
      }
    }
    s += `<path d="${d}" stroke="${rim}" stroke-width="${spokes === 'five' ? 7 : 6}" stroke-linecap="round"/>`;
  }
  if (disc) {
    s += `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.42)}" fill="none" stroke="#a7adb4" stroke-width="7" stroke-dasharray="5 3"/>`;
  }
  s += `<circle cx="${cx}" cy="${cy}" r="13" fill="#4a4f57"/><circle cx="${cx}" cy="${cy}" r="5" fill="${CHROME}"/>`;
  return s;
}

const line = (d, stroke, w, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const shape = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
/** A mudguard: the ring between radii rIn and rOut around (cx, cy), from angle a0 to a1 (degrees, 0 = right, -90 = up). */
function fender(cx, cy, rIn, rOut, a0, a1, fill) {
  const pt = (r, a) => `${f(cx + Math.cos((a * Math.PI) / 180) * r)} ${f(cy + Math.sin((a * Math.PI) / 180) * r)}`;
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  return shape(`M${pt(rOut, a0)}A${rOut} ${rOut} 0 ${large} 1 ${pt(rOut, a1)}L${pt(rIn, a1)}A${rIn} ${rIn} 0 ${large} 0 ${pt(rIn, a0)}Z`, fill);
}

function defs(p, id = '') {
  return (
    `<linearGradient id="b${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(p.body, 0.18)}"/>` +
    `<stop offset="1" stop-color="${darken(p.body, 0.22)}"/></linearGradient>` +
    `<linearGradient id="m${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset="1" stop-color="#8f979f"/></linearGradient>`
  );
}

/** Background for an 800x600 bike card: soft gradient, a large light disc, floor and shadow. */
function background(p) {
  const top = lighten(p.bg, 0.35);
  const bottom = p.bg;
  return (
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<radialGradient id="gl" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`
  );
}
const stage = (p) =>
  `<rect width="800" height="600" fill="url(#bg)"/><circle cx="410" cy="300" r="290" fill="url(#gl)"/>` +
  `<rect y="505" width="800" height="95" fill="${darken(p.bg, 0.06)}" opacity=".55"/>` +
  `<ellipse cx="410" cy="516" rx="300" ry="14" fill="#000" opacity=".16"/>`;

// ---------------------------------------------------------------- body styles
// Each returns SVG markup in an 800x600 frame, wheels standing on y ~ 515. `id` suffixes gradient ids.

function sport(p, id = '') {
  const B = `url(#b${id})`;
  const rim = p.second === '#f4f6f8' ? '#2b2e34' : p.second;
  return (
    wheel(228, 427, 88, { rim }) +
    wheel(590, 427, 88, { rim }) +
    line('M228 427L372 392', '#2a2d33', 20) +
    line('M228 409L366 376M228 445L370 410', '#5a6068', 3) +
    shape('M358 326L468 318L502 378L474 444L392 450L350 402Z', '#3b4047') +
    line('M372 350H460M368 366H470M366 382H476', '#565c64', 3) +
    line('M468 440Q430 470 372 458', STEEL, 12) +
    shape('M300 434L372 444L376 466L304 462Z', `url(#m${id})`) +
    line('M590 427L562 340', '#b9bec5', 10) +
    line('M565 349L534 250', '#d4a72c', 15) +
    fender(590, 427, 100, 110, -150, -40, B) +
    line('M532 252L500 262', '#222', 8) +
    shape('M446 266C470 238 522 230 552 246L540 302L470 306L444 292Z', B) +
    shape('M236 232L258 230L346 262L350 290L458 292L452 306L382 322L328 314Z', B) +
    shape('M340 262L452 270L456 292L348 290Z', '#1f2126') +
    shape('M238 236L254 234L256 248L242 250Z', '#ff3b3b') +
    shape('M296 282L372 300L368 310L296 294Z', p.second) +
    shape('M548 242L604 236C634 250 652 280 656 306L642 318L600 316Q522 318 494 368Q478 400 482 448L404 456L394 424L428 404L440 344L502 296Z', B) +
    shape('M500 356Q560 316 646 306L640 316Q566 326 506 368Z', p.second) +
    shape('M420 424L470 412L472 426L424 436Z', p.accent) +
    shape('M630 290L654 302L650 312L624 302Z', '#fff3b0') +
    shape('M562 240L598 212L616 240L602 248Z', '#bfe3ff', ' opacity=".75"') +
    line('M590 236L604 224', '#222', 4) +
    `<circle cx="404" cy="396" r="6" fill="#777"/>`
  );
}

function cruiser(p, id = '') {
  const B = `url(#b${id})`;
  return (
    wheel(212, 430, 86, { rim: CHROME, spokes: 'wire', tire: 26 }) +
    wheel(620, 430, 90, { rim: CHROME, spokes: 'wire', tire: 16 }) +
    line('M212 430L330 420L300 330M330 420L452 440L548 262L330 300L300 330', '#1f2126', 10) +
    line('M548 262L620 430M556 258L628 426', CHROME, 8) +
    fender(212, 430, 88, 112, -190, -40, B) +
    shape('M100 396L112 396L112 410L100 410Z', '#ff3b3b') +
    `<g transform="rotate(-28 392 368)"><rect x="368" y="318" width="50" height="74" rx="6" fill="#9aa1a9"/><rect x="364" y="312" width="58" height="16" rx="4" fill="#5d646c"/><path d="M370 338H416M370 352H416M370 366H416" stroke="#6c737b" stroke-width="4"/></g>` +
    `<g transform="rotate(28 458 368)"><rect x="434" y="318" width="50" height="74" rx="6" fill="#9aa1a9"/><rect x="430" y="312" width="58" height="16" rx="4" fill="#5d646c"/><path d="M436 338H482M436 352H482M436 366H482" stroke="#6c737b" stroke-width="4"/></g>` +
    shape('M372 392H478L486 440L444 452H392L366 436Z', '#6f767e') +
    `<circle cx="426" cy="392" r="20" fill="${CHROME}" stroke="#8f979f" stroke-width="3"/>` +
    line('M470 396Q466 460 420 462L136 466', CHROME, 10) +
    line('M392 402Q400 444 360 448L140 452', '#c2c8ce', 10) +
    line('M128 452L150 470M126 438L148 456', '#9aa1a9', 6) +
    shape('M382 296C398 254 500 244 544 262C548 286 522 304 470 306L398 308Z', B) +
    shape('M420 270C450 262 500 260 526 268L520 276C494 270 452 272 424 280Z', p.accent, ' opacity=".8"') +
    shape('M282 298C318 320 360 322 386 304L402 298L398 288C370 300 332 300 296 284Z', '#1f2126') +
    shape('M274 294L296 282L300 300L280 306Z', '#1f2126') +
    line('M546 256L538 224Q534 208 514 212L488 220', '#222', 7) +
    line('M496 218L480 222', '#111', 10) +
    fender(620, 430, 98, 112, -160, -20, B) +
    `<circle cx="582" cy="282" r="24" fill="${CHROME}"/><circle cx="584" cy="282" r="16" fill="#fff6c8"/>` +
    line('M470 442H520', '#2a2d33', 10)
  );
}

function scooter(p, id = '') {
  const B = `url(#b${id})`;
  return (
    wheel(255, 456, 60, { rim: '#c9ced4', spokes: 'five', tire: 18, disc: false }) +
    wheel(568, 456, 60, { rim: '#c9ced4', spokes: 'five', tire: 18 }) +
    shape('M236 408H348Q360 408 360 420V446Q360 458 348 458H250Z', '#5b6068') +
    shape('M176 440H246L250 462H180Z', `url(#m${id})`) +
    line('M556 330L568 456', '#3a3e45', 12) +
    shape('M160 404C150 350 198 316 280 308L426 300C450 300 460 318 454 340L442 398L330 402C318 366 288 350 252 352C212 356 194 380 188 410Z', B) +
    line('M200 392C210 350 250 332 300 328L430 322', p.second, 4, ' opacity=".9"') +
    shape('M418 398H504L510 414L426 420Z', '#3a3e45') +
    shape('M490 410C500 340 506 292 522 244L546 234C562 282 586 322 602 362C606 384 592 400 570 402C546 406 520 408 490 410Z', B) +
    fender(568, 456, 72, 82, -175, -20, B) +
    shape('M248 306C258 280 300 278 332 284L424 290C438 292 440 304 428 306L256 312Z', p.accent) +
    shape('M504 236L570 224C582 224 586 240 574 244L510 252Z', darken(p.body, 0.15)) +
    `<ellipse cx="580" cy="234" rx="10" ry="13" fill="#fff4c0" stroke="${CHROME}" stroke-width="3"/>` +
    line('M512 236L498 228', '#222', 8) +
    line('M526 232L516 190', '#333', 3) +
    `<ellipse cx="514" cy="184" rx="10" ry="7" fill="${CHROME}"/>` +
    shape('M160 358L174 356L176 374L162 376Z', '#ff3b3b') +
    line('M170 300H240L250 308', '#555b63', 5) +
    `<circle cx="582" cy="330" r="8" fill="${p.accent}" opacity=".8"/>`
  );
}

function naked(p, id = '') {
  const B = `url(#b${id})`;
  const frame = p.body === '#aeb5bd' || p.body === '#2a2d33' ? '#d62828' : darken(p.body, 0.05);
  return (
    wheel(230, 428, 88, { rim: p.second === '#f4f6f8' ? '#2b2e34' : '#2b2e34' }) +
    wheel(584, 428, 88, { rim: '#2b2e34' }) +
    line('M230 428L376 394', '#2a2d33', 20) +
    line('M230 410L370 378M230 446L374 412', '#5a6068', 3) +
    shape('M380 322L486 300L516 348L500 430L430 452L372 440L360 380Z', '#3e434a') +
    line('M392 340L478 322M392 356L488 338M394 372L496 356', '#5d636b', 4) +
    line('M506 350Q528 420 470 460Q420 476 396 462', STEEL, 11) +
    shape('M392 450L470 444L476 470L398 476Z', `url(#m${id})`) +
    line('M536 252L390 290L372 394M536 252L452 330L390 290M452 330L372 394M536 252L520 330L452 330', frame, 7) +
    line('M584 428L556 340', '#b9bec5', 10) +
    line('M559 348L530 248', '#d4a72c', 15) +
    line('M534 238L520 222L494 226', '#222', 7) +
    shape('M424 262C444 228 520 220 550 244L544 292L500 304L430 302Z', B) +
    shape('M470 250C490 240 520 238 538 248L534 266C514 258 490 258 474 264Z', lighten(p.body, 0.3), ' opacity=".7"') +
    shape('M500 300L548 290L556 326L512 334Z', darken(p.body, 0.25)) +
    shape('M322 260L428 266L432 292L336 292Z', '#1f2126') +
    shape('M250 238L270 238L330 256L432 266L426 292L336 306L300 290Z', B) +
    shape('M290 270L340 280L338 290L292 280Z', p.second) +
    shape('M252 242L266 242L266 254L254 254Z', '#ff3b3b') +
    `<circle cx="592" cy="276" r="25" fill="#1f2126"/><circle cx="596" cy="276" r="17" fill="#fff3b0" stroke="${CHROME}" stroke-width="3"/>` +
    fender(584, 428, 100, 110, -150, -40, B) +
    `<circle cx="404" cy="398" r="6" fill="#777"/>`
  );
}

function adventure(p, id = '') {
  const B = `url(#b${id})`;
  return (
    wheel(226, 424, 88, { rim: '#2b2e34', spokes: 'wire', tire: 20, knobby: true }) +
    wheel(604, 416, 96, { rim: '#2b2e34', spokes: 'wire', tire: 16, knobby: true }) +
    line('M226 424L372 384', '#9aa1a9', 16) +
    line('M604 416L568 300', CHROME, 11) +
    line('M570 306L540 222', '#2a2d33', 16) +
    shape('M380 316L490 300L512 360L492 424L400 430L370 380Z', '#4a4f57') +
    line('M396 336L484 322M394 352L492 340M398 368L500 358', '#656b73', 4) +
    line('M500 300Q540 330 520 400Q500 440 440 440L400 436', '#2a2d33', 6) +
    shape('M390 440L500 430L520 410L512 448L420 460Z', '#b8bec6') +
    shape('M292 306L382 300L392 328L300 344Z', '#2d3137') +
    shape('M420 254C446 216 530 208 560 236L566 300L502 322L432 312Z', B) +
    shape('M446 282L552 262L556 284L458 306Z', p.second) +
    shape('M546 234L590 222L622 272L604 304L562 302Z', B) +
    shape('M600 262L622 272L614 290L596 284Z', '#fff3b0') +
    shape('M540 172L578 160L594 228L556 240Z', '#bfe3ff', ' opacity=".7"') +
    shape('M556 258L646 292L640 308L562 282Z', B) +
    shape('M296 244L424 252L428 272L304 270Z', '#1f2126') +
    shape('M236 236L300 242L306 270L262 286Z', B) +
    shape('M212 272H334V366H212Z', `url(#m${id})`, ' stroke="#6c737b" stroke-width="3"') +
    line('M212 294H334M226 284V356M320 284V356', '#7f8790', 2) +
    shape('M238 238L252 238L252 250L240 252Z', '#ff3b3b') +
    line('M540 214L520 202L494 208', '#222', 7) +
    shape('M508 196L536 190L540 206L512 212Z', p.second === '#f4f6f8' ? '#2a2d33' : p.second) +
    fender(604, 416, 108, 116, -145, -45, B)
  );
}

function electric(p, id = '') {
  const B = `url(#b${id})`;
  return (
    wheel(236, 430, 86, { rim: '#2b2e34', spokes: 'five', tire: 20 }) +
    wheel(578, 430, 86, { rim: '#2b2e34', spokes: 'five', tire: 18 }) +
    `<circle cx="236" cy="430" r="30" fill="#2f3339" stroke="${CHROME}" stroke-width="4"/>` +
    line('M236 430L382 398', '#9aa1a9', 16) +
    line('M236 412L392 384M236 448L392 412', '#3a3e45', 3) +
    shape('M534 250L398 292L374 394L416 404L446 320L540 286Z', '#b0b6be') +
    `<rect x="392" y="300" width="132" height="112" rx="16" fill="#2f3339"/>` +
    `<rect x="402" y="310" width="112" height="92" rx="10" fill="${B}"/>` +
    line('M416 322V390M432 322V390M498 322V390', darken(p.body, 0.3), 3) +
    shape('M470 318L448 360H466L456 392L486 348H468L478 318Z', p.accent) +
    `<circle cx="398" cy="404" r="22" fill="#3a3e45" stroke="${CHROME}" stroke-width="4"/>` +
    line('M578 430L548 338', '#b9bec5', 10) +
    line('M551 346L524 256', '#3a3e45', 15) +
    line('M528 246L512 232L486 236', '#222', 7) +
    shape('M430 264C450 236 520 230 546 250L538 292L440 298Z', B) +
    shape('M446 278L536 268L534 280L448 288Z', p.second) +
    shape('M298 258L432 268L432 290L310 286Z', '#1f2126') +
    shape('M248 240L300 256L310 288L268 278Z', B) +
    shape('M250 244L264 246L264 258L252 256Z', '#ff3b3b') +
    shape('M560 262L598 280L592 304L556 288Z', '#2a2d33') +
    line('M566 276L590 288', '#aef7ff', 5) +
    fender(578, 430, 100, 110, -150, -40, B)
  );
}

const STYLES = {
  sport: { draw: sport, colours: ['red', 'blue', 'green', 'yellow', 'black'] },
  cruiser: { draw: cruiser, colours: ['black', 'red', 'silver', 'teal', 'maroon'] },
  scooter: { draw: scooter, colours: ['mint', 'cream', 'red', 'blue', 'white'] },
  naked: { draw: naked, colours: ['orange', 'black', 'blue', 'green', 'silver'] },
  adventure: { draw: adventure, colours: ['white', 'orange', 'yellow', 'black', 'blue'] },
  electric: { draw: electric, colours: ['teal', 'white', 'black', 'purple', 'blue'] },
};

const svg = (w, h, label, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">${body}</svg>\n`;

const written = [];
function write(rel, content) {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push([rel, Buffer.byteLength(content)]);
}

// ---------------------------------------------------------------- bikes
for (const [style, { draw, colours }] of Object.entries(STYLES)) {
  for (const colour of colours) {
    const p = PALETTES[colour];
    const body = `<defs>${background(p)}${defs(p)}</defs>${stage(p)}${draw(p)}`;
    write(`bikes/${style}-${colour}.svg`, svg(800, 600, `${colour} ${style} motorcycle`, body));
  }
}

// ---------------------------------------------------------------- promo: the Okay Volt E1
{
  const p = { body: '#12b3a0', second: '#0f172a', accent: '#ffe14d', bg: '#cfeee9' };
  const body =
    `<defs>${background(p)}${defs(p)}</defs>${stage(p)}` +
    `<path d="M40 120H260M80 150H300M520 110H760M560 140H720" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".7"/>` +
    electric(p) +
    `<g font-family="Arial,Helvetica,sans-serif" font-weight="700"><rect x="40" y="36" width="196" height="44" rx="22" fill="#0f172a"/>` +
    `<text x="138" y="65" font-size="20" fill="#ffe14d" text-anchor="middle">OKAY VOLT E1</text>` +
    `<rect x="600" y="36" width="160" height="44" rx="22" fill="#fff" opacity=".9"/>` +
    `<text x="680" y="65" font-size="18" fill="#0f172a" text-anchor="middle">500W · 80 km</text></g>`;
  write('promo/ebike.svg', svg(800, 600, 'Okay Volt E1 electric bike', body));
}

// ---------------------------------------------------------------- team portraits
const TEAM = [
  { slug: 'ayesha-rahman', skin: '#c68a5e', hair: '#1d1410', shirt: '#1f5fd6', bg: '#d3e1f7', hairStyle: 'long' },
  { slug: 'daniel-okafor', skin: '#7a4b2e', hair: '#111111', shirt: '#f27405', bg: '#fbe0c8', hairStyle: 'short' },
  { slug: 'mei-lin-chen', skin: '#f0c8a0', hair: '#2a1b12', shirt: '#149e8f', bg: '#cdece6', hairStyle: 'bun' },
  { slug: 'lucas-moreau', skin: '#e8b48f', hair: '#b5651d', shirt: '#6d3fc0', bg: '#e2d8f5', hairStyle: 'curly' },
];

function portrait({ skin, hair, shirt, bg, hairStyle }) {
  const shade = darken(skin, 0.15);
  let back = '';
  let front = '';
  if (hairStyle === 'long') {
    back = `<path d="M130 170C130 100 270 100 270 170V300C250 320 150 320 130 300Z" fill="${hair}"/>`;
    front = `<path d="M138 176C140 120 190 100 222 106C250 110 268 140 264 180C240 150 200 140 170 150C156 156 146 166 138 176Z" fill="${hair}"/>`;
  } else if (hairStyle === 'short') {
    front = `<path d="M142 170C138 118 180 98 210 100C246 102 266 130 260 172C250 148 230 136 200 136C172 136 152 148 142 170Z" fill="${hair}"/>`;
  } else if (hairStyle === 'bun') {
    back = `<circle cx="200" cy="88" r="30" fill="${hair}"/>`;
    front = `<path d="M140 180C136 120 176 104 204 104C238 104 268 126 262 180C250 146 224 132 200 134C174 136 150 150 140 180Z" fill="${hair}"/>`;
  } else {
    let c = '';
    for (let i = 0; i < 9; i++) {
      const a = Math.PI + (i / 8) * Math.PI;
      c += `<circle cx="${f(200 + Math.cos(a) * 62)}" cy="${f(160 + Math.sin(a) * 58)}" r="24" fill="${hair}"/>`;
    }
    front = c;
  }
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(bg, 0.4)}"/><stop offset="1" stop-color="${bg}"/></linearGradient></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    `<circle cx="200" cy="200" r="170" fill="#fff" opacity=".35"/>` +
    back +
    `<path d="M60 400C60 320 120 282 200 282C280 282 340 320 340 400Z" fill="${shirt}"/>` +
    `<path d="M170 284L200 320L230 284" fill="none" stroke="${lighten(shirt, 0.5)}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="178" y="226" width="44" height="60" rx="18" fill="${shade}"/>` +
    `<ellipse cx="200" cy="180" rx="62" ry="74" fill="${skin}"/>` +
    `<ellipse cx="138" cy="186" rx="10" ry="16" fill="${skin}"/><ellipse cx="262" cy="186" rx="10" ry="16" fill="${skin}"/>` +
    front +
    `<path d="M166 166Q178 158 190 166M210 166Q222 158 234 166" fill="none" stroke="${darken(hair, 0.1)}" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="178" cy="184" r="6" fill="#222"/><circle cx="222" cy="184" r="6" fill="#222"/>` +
    `<circle cx="180" cy="182" r="2" fill="#fff"/><circle cx="224" cy="182" r="2" fill="#fff"/>` +
    `<path d="M200 190Q194 206 202 210" fill="none" stroke="${shade}" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M178 222Q200 240 222 222" fill="none" stroke="#8c3b3b" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="160" cy="210" r="10" fill="#e0707a" opacity=".25"/><circle cx="240" cy="210" r="10" fill="#e0707a" opacity=".25"/>`
  );
}
for (const t of TEAM) write(`team/${t.slug}.svg`, svg(400, 400, 'Team member portrait', portrait(t)));

// ---------------------------------------------------------------- hero scenes
function skyline(baseY, colour, seed, windows) {
  // deterministic pseudo-random skyline
  let x = 0;
  let s = seed;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  let out = '';
  let win = '';
  while (x < 1600) {
    const w = 60 + f(rnd() * 90);
    const h = 120 + f(rnd() * 220);
    out += `M${x} ${baseY - h}h${w - 8}v${h}h-${w - 8}z`;
    if (windows) {
      for (let wy = baseY - h + 18; wy < baseY - 20; wy += 34) {
        if (rnd() < 0.4) win += `M${x + 12} ${wy}h${f((w - 32) / 2)}v12h-${f((w - 32) / 2)}z`;
      }
    }
    x += w;
  }
  return `<path d="${out}" fill="${colour}"/>` + (windows ? `<path d="${win}" fill="${windows}" opacity=".7"/>` : '');
}

function hero({ sky1, sky2, sun, far, near, windows, road, p, style, label, hills }) {
  const bike = style(p, 'x');
  let body =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient>${defs(p, 'x')}</defs>` +
    `<rect width="1600" height="700" fill="url(#sky)"/>` +
    `<circle cx="1240" cy="200" r="90" fill="${sun}" opacity=".9"/>` +
    `<g fill="#fff" opacity=".8"><ellipse cx="260" cy="120" rx="90" ry="26"/><ellipse cx="310" cy="100" rx="60" ry="30"/>` +
    `<ellipse cx="820" cy="80" rx="70" ry="20"/><ellipse cx="860" cy="66" rx="44" ry="24"/></g>`;
  if (hills) {
    body +=
      `<path d="M0 420L220 300L420 400L640 260L900 410L1120 280L1360 390L1600 300V520H0Z" fill="${far}"/>` +
      `<path d="M0 470C240 400 420 470 640 430C880 390 1100 470 1600 420V540H0Z" fill="${near}"/>`;
  } else {
    body += skyline(480, far, 7, null) + skyline(520, near, 11, windows);
  }
  body +=
    `<rect y="520" width="1600" height="180" fill="${road}"/>` +
    `<rect y="512" width="1600" height="12" fill="${lighten(road, 0.35)}"/>` +
    `<path d="M0 655H1600" stroke="#f4f1e6" stroke-width="10" stroke-dasharray="80 60"/>` +
    `<ellipse cx="1012" cy="592" rx="270" ry="14" fill="#000" opacity=".3"/>` +
    `<g transform="translate(660 147) scale(.86)">${bike}</g>`;
  return svg(1600, 700, label, body);
}

write(
  'hero/hero-1.svg',
  hero({
    sky1: '#7cc4f2',
    sky2: '#e4f4fd',
    sun: '#fff2b3',
    far: '#a9c3d6',
    near: '#5f7c93',
    windows: '#f8e7a1',
    road: '#3b4149',
    p: PALETTES.red,
    style: sport,
    label: 'A red sport bike on a city road',
  }),
);
write(
  'hero/hero-2.svg',
  hero({
    sky1: '#f7a072',
    sky2: '#ffe3b8',
    sun: '#fff4d6',
    far: '#c98a7a',
    near: '#7d5a5a',
    road: '#403a40',
    p: PALETTES.black,
    style: cruiser,
    label: 'A cruiser on a hill road at sunset',
    hills: true,
  }),
);

let max = 0;
for (const [, size] of written) max = Math.max(max, size);
console.log(`wrote ${written.length} files into ${root} (largest ${max} bytes)`);
