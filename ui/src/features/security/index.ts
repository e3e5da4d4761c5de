/** What other features may use of this one; everything else here is its own. */
export { withSecondFactor } from './api/step-up.ts';
export { SecondFactorHost } from './components/second-factor-host.tsx';
export { RequireSecondFactorSetup } from './components/require-second-factor-setup.tsx';
