/** What other features may use of this one; everything else here is its own. */
export { GrantList } from './components/grant-list.tsx';
