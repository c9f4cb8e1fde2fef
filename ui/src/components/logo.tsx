import { Link } from './link';
// A hashed, cached file: one element in the markup instead of nine.
import logoMark from './logo-mark.svg';

/** The logo mark: a compass rose made of sound waves. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return <img src={logoMark} width={size} height={size} alt="" className="logo-mark" />;
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
