/** What other features may use of this one; everything else here is its own. */
export { QueuePlace } from './components/queue-place.tsx';
