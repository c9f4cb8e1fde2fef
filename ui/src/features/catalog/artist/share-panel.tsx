// The share panel is shared with the article page: it lives in components/.
export { COPIED_INDICATOR_MS, SharePanel } from '../../../components/share-panel';
