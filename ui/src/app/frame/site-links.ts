/** Links of the frame (footer and menu). */

/**
 * Social profiles shown in the footer (they open through the External Link
 * Warning). Replace with the real accounts when they exist.
 */
export const SOCIAL_LINKS: ReadonlyArray<{ label: string; href: string; icon: 'youtube' | 'instagram' | 'x' | 'facebook' }> = [
  { label: 'YouTube', href: 'https://www.youtube.com/@SoundAtlas', icon: 'youtube' },
  { label: 'Instagram', href: 'https://www.instagram.com/soundatlas', icon: 'instagram' },
  { label: 'X', href: 'https://x.com/soundatlas', icon: 'x' },
  { label: 'Facebook', href: 'https://www.facebook.com/soundatlas', icon: 'facebook' },
];

/** The four "FAQ - Video Loading" tips of the menu. */
export const VIDEO_FAQ_TIPS: readonly string[] = [
  'Refresh the page to reset the video cache.',
  'Wait for the site to fully load before using Weekly Top 10.',
  'Click "Watch on YouTube" for instant playback.',
  'Save artists to your favorites and use the built-in playlist player.',
];

/** The mobile menu's drawer (the header's menu button controls it). */
export const MOBILE_MENU_ID = 'site-menu';
