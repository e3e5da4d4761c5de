/**
 * A buyer's express consent to delivery starting at once, and their acknowledgement that the 14-day right of
 * withdrawal ends with it (EU Directive 2011/83/EU, art. 16(m) for digital content, 16(a) for services): given before
 * paying, by ticking an unticked box whose text is below. The purchase stores which wording was shown, when it was
 * ticked and from where.
 */
export const WITHDRAWAL_CONSENT = {
  /** a new wording takes a new version; the purchases given an older one keep theirs */
  version: '2026-11-30',
  text: 'I want delivery to start straight away, and I understand that I lose my 14-day right of withdrawal once it has started.',
} as const;

/** The consent a purchase was given. */
export interface WithdrawalConsent {
  /** the wording's version the box showed */
  version: string;
  givenAt: Date;
  /** the address the checkout came from; null where none was known */
  address: string | null;
}

/** The text of a stored consent's version, or null for a version this site no longer knows. */
export function withdrawalConsentText(version: string): string | null {
  return version === WITHDRAWAL_CONSENT.version ? WITHDRAWAL_CONSENT.text : null;
}
