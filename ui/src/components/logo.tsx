import { useId } from 'react';
import { Link } from 'react-router';

/** The logo mark: a compass rose made of sound waves. */
export function LogoMark({ size = 36 }: { size?: number }) {
  const gradientId = `sa-logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="logo-mark">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#f472b6" />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="22" fill={`url(#${gradientId})`} />
      <circle cx="24" cy="24" r="15" fill="none" stroke="#0b0b12" strokeOpacity="0.35" strokeWidth="2" />
      <path d="M24 9 28 24 24 39 20 24z" fill="#0b0b12" fillOpacity="0.85" />
      <path d="M13 20v8M17 17v14M31 17v14M35 20v8" stroke="#0b0b12" strokeOpacity="0.85" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="24" cy="24" r="2.5" fill="#fff" />
    </svg>
  );
}

/** Two-word wordmark. */
export function Wordmark() {
  return (
    <span className="wordmark">
      <span className="wordmark-first">Sound</span> <span className="wordmark-second">Atlas</span>
    </span>
  );
}

/** Logo mark + wordmark, linking to / (spec section 1). */
export function LogoLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className="logo-link" onClick={onClick}>
      <LogoMark />
      <Wordmark />
    </Link>
  );
}
