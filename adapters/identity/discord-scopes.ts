/** What the site asks Discord to share at sign-in: who the player is, and their email. */
export const DISCORD_SCOPES = ['identify', 'email'] as const;
