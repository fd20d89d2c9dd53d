import { Link } from 'react-router-dom';

/** The bike mark next to the brand name; decorative, the link text names it. */
function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <g fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9.5" cy="19.5" r="4.5" />
        <circle cx="22.5" cy="19.5" r="4.5" />
        <path d="M9.5 19.5 13.5 11h6l3 8.5M13.5 11l4 8.5h-8M12 8.5h3.5M19.5 11l1-2.5h2.5" />
      </g>
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link to="/" className="brand-link">
      <BrandMark />
      <span className="brand-name">Okay Bike</span>
    </Link>
  );
}
