import type { SVGProps } from 'react';
// One cached sprite instead of inline paths: each icon is two elements in the server
// markup (less React work in the embedded engine and during hydration). esbuild's
// file loader gives the same hashed /static URL in the client and server bundles.
import sprite from './icons.svg';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** An icon from the sprite (ui/src/components/icons.svg), decorative. */
export function Icon({ name, size = 20, ...rest }: IconProps & { name: string }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" {...rest}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
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
