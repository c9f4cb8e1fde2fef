import { RefreshIcon } from '../../components/icons';

const LABEL = 'Refresh page to reset video loading';

/** Floating round button at the right middle of the screen that reloads the page. */
export function RefreshButton() {
  return (
    <button type="button" className="refresh-fab" title={LABEL} aria-label={LABEL} onClick={() => window.location.reload()}>
      <RefreshIcon size={20} />
    </button>
  );
}
