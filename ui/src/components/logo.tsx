import { Link } from './link';
// A hashed, cached file: one element in the markup instead of nine.
import logoMark from './logo-mark.svg';

/**
 * The logo mark: a compass rose made of sound waves. Low fetch priority (what Chrome
 * gives images before layout anyway) also keeps React from hoisting a preload link for
 * it to the top of the render, which would make the header's markup depend on where it
 * was rendered (lib/prerendered.tsx); the mark is in the first bytes of the body, so a
 * preload would gain nothing. `lazy` for copies below the fold.
 */
export function LogoMark({ size = 36, lazy = false }: { size?: number; lazy?: boolean }) {
  return <img src={logoMark} width={size} height={size} alt="" className="logo-mark" fetchPriority="low" loading={lazy ? 'lazy' : undefined} />;
}

/** Two-word wordmark. */
export function Wordmark() {
  return (
    <span className="wordmark">
      <span className="wordmark-first">Sound</span> <span className="wordmark-second">Atlas</span>
    </span>
  );
}

/** Logo mark + wordmark, linking to /. */
export function LogoLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className="logo-link" onClick={onClick}>
      <LogoMark />
      <Wordmark />
    </Link>
  );
}
