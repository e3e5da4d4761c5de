/** What other features may use of this one; everything else here is its own. */
export { PlayerSearch } from './components/player-search.tsx';
export { PlayerLink } from './components/player-link.tsx';
