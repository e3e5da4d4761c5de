/** What other features may use of this one; everything else here is its own. */
export { creatorKeys } from './api/creators.ts';
export { CreatorSection } from './components/creator-section.tsx';
