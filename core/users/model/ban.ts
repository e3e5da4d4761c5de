/** A ban's reason, given by staff, is at most this long. */
export const BAN_REASON_MAX = 500;
