import type { SVGProps } from 'react';
// One cached sprite instead of inline paths. esbuild's file loader gives the same hashed
// /static URL in the client and server bundles.
import sprite from './icons.svg';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'dangerouslySetInnerHTML'> & { size?: number };

/** The `<use>` markup of an icon (also written by hand: components/artist-card-markup.ts). */
export function spriteUse(name: string): string {
  return `<use href="${sprite}#${name}"></use>`;
}

/** The `<use>` markup of each icon, made once: React writes it as it is. */
const uses = new Map<string, { __html: string }>();
function markupOf(name: string): { __html: string } {
  let markup = uses.get(name);
  if (!markup) {
    markup = { __html: spriteUse(name) };
    uses.set(name, markup);
  }
  return markup;
}

/**
 * An icon from the sprite (ui/src/components/icons.svg), decorative. The `<use>` is
 * inner HTML rather than a React element, and there is no IE-only `focusable`: an
 * icon costs half as much to render in the server's engine (a page has dozens).
 */
export function Icon({ name, size = 20, ...rest }: IconProps & { name: string }) {
  return <svg width={size} height={size} aria-hidden="true" {...rest} dangerouslySetInnerHTML={markupOf(name)} />;
}

/** The outline heart; the sprite's heart takes its fill from here. */
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Icon name="heart" fill={filled ? 'currentColor' : 'none'} {...p} />
);

export const SearchIcon = (p: IconProps) => <Icon name="search" {...p} />;
export const ShuffleIcon = (p: IconProps) => <Icon name="shuffle" {...p} />;
export const MenuIcon = (p: IconProps) => <Icon name="menu" {...p} />;
export const CloseIcon = (p: IconProps) => <Icon name="close" {...p} />;
export const ChevronLeftIcon = (p: IconProps) => <Icon name="chevron-left" {...p} />;
export const ChevronRightIcon = (p: IconProps) => <Icon name="chevron-right" {...p} />;
export const ArrowLeftIcon = (p: IconProps) => <Icon name="arrow-left" {...p} />;
export const ShareIcon = (p: IconProps) => <Icon name="share" {...p} />;
export const RefreshIcon = (p: IconProps) => <Icon name="refresh" {...p} />;
export const PlayIcon = (p: IconProps) => <Icon name="play" {...p} />;
export const ExternalIcon = (p: IconProps) => <Icon name="external" {...p} />;
export const HomeIcon = (p: IconProps) => <Icon name="home" {...p} />;
export const GridIcon = (p: IconProps) => <Icon name="grid" {...p} />;
export const BookIcon = (p: IconProps) => <Icon name="book" {...p} />;
export const QuizIcon = (p: IconProps) => <Icon name="quiz" {...p} />;
export const UserIcon = (p: IconProps) => <Icon name="user" {...p} />;
export const InfoIcon = (p: IconProps) => <Icon name="info" {...p} />;
export const SparkIcon = (p: IconProps) => <Icon name="spark" {...p} />;
export const MusicNoteIcon = (p: IconProps) => <Icon name="music-note" {...p} />;

/** Brand glyphs for social links (simplified, single path each). */
export function SocialIcon({ name, size = 20 }: { name: 'youtube' | 'instagram' | 'x' | 'facebook' | 'whatsapp' | 'reddit'; size?: number }) {
  return <Icon name={name} size={size} />;
}
