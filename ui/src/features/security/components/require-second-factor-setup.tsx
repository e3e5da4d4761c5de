import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useSecondFactorStatus } from '../api/second-factor.ts';

/**
 * On a staff screen whose actions need a second factor: a member who must have one and has none is sent to the
 * security page to set one up (the server refuses those actions until then anyway).
 */
export function RequireSecondFactorSetup({ enabled }: { enabled: boolean }) {
  const status = useSecondFactorStatus(enabled);
  if (!enabled || !status.data?.required || status.data.enrolled) return null;
  return <Navigate to={`${paths.accountSecurity}?setup=required`} replace />;
}
