/** Brand and outside links in one place; each can be overridden at build time with a SITE_ variable. */
// `import.meta.env` exists in the browser build; the build's own scripts read the same file under Node, where it does not.
const env: Record<string, string | undefined> = import.meta.env ?? process.env;

export const brand = {
  name: env.SITE_BRAND_NAME ?? 'Bayou Roleplay',
  logo: '/logo.svg',
  discordInvite: env.SITE_DISCORD_INVITE ?? 'https://discord.gg/bayouroleplay',
  youtube: env.SITE_YOUTUBE_URL ?? 'https://www.youtube.com/@bayouroleplay',
  instagram: env.SITE_INSTAGRAM_URL ?? 'https://www.instagram.com/bayouroleplay',
  tiktok: env.SITE_TIKTOK_URL ?? 'https://www.tiktok.com/@bayouroleplay',
  serverAddress: env.SITE_SERVER_ADDRESS ?? 'connect play.bayouroleplay.gg',
} as const;
