import { playSound, setAudioEnabled, useAudioEnabled } from '../../lib/sound';

/** The sound-effects switch: remembered in localStorage. */
export function AudioToggle() {
  const enabled = useAudioEnabled();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      className="menu-audio"
      onClick={() => {
        setAudioEnabled(!enabled);
        // Turning sound on answers with a click: the visitor hears what they chose.
        if (!enabled) playSound('click');
      }}
    >
      <span>Sound effects</span>
      <span className="menu-audio-state" aria-hidden="true">
        {enabled ? 'On' : 'Off'}
      </span>
    </button>
  );
}
