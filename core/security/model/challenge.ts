import type { Clock } from '../../shared/ports.ts';
import { CHALLENGE_LIFETIME_MS, type Challenge, ChallengeExpiredError } from './second-factor.ts';

/** The challenge's value when it was issued for `purpose` and is still young; the caller has already taken it away. */
export function liveChallenge(challenge: Challenge | undefined, purpose: Challenge['purpose'], clock: Clock): string {
  const age = clock.now().getTime() - (challenge?.issuedAt ?? 0);
  if (!challenge || challenge.purpose !== purpose || age < 0 || age > CHALLENGE_LIFETIME_MS)
    throw new ChallengeExpiredError();
  return challenge.value;
}
