/** Themed flavour phrases, four per key (docs/product.md#header-and-footer). Pick one with `flavourPhrase(key)`. */
export const DEFAULT_PHRASE = 'Welcome to the Louisiana experience, cher!';

export const FLAVOUR_PHRASES = {
  // whitelist tiers
  'bayou-basic': [
    'Dip your toes in the bayou, cher.',
    'Every gator started as a hatchling.',
    'Your first step into the swamp life.',
    'Humble roots grow the deepest cypress.',
  ],
  'parish-life': [
    'Make the parish your home.',
    'Front porch, sweet tea, and a place in line.',
    'The neighbours already know your name.',
    'Settle in, the parish is calling.',
  ],
  'swamp-blood': [
    'The swamp runs in your veins now.',
    'Mud on your boots, fire in your heart.',
    'Born on the bayou, raised on the bayou.',
    'The gators nod when you pass.',
  ],
  'gator-crown': [
    'Wear the crown, rule the marsh.',
    'Kings of the bayou never wait in line.',
    'The swamp bows to the gator king.',
    'Teeth sharp, crown sharper.',
  ],
  'voodoo-experience': [
    'The spirits open every door for you.',
    'Some magic cannot be explained, cher.',
    'The bayou whispers your name at midnight.',
    'No queue can hold a voodoo soul.',
  ],
  // gang packages
  'starter-gang': [
    'Every crew starts with a handshake.',
    'Small crew, big dreams.',
    'Plant your flag on the levee.',
    'The streets remember who came first.',
  ],
  'hood-package': [
    'Claim the block, wear the colours.',
    'Two blocks, one family.',
    'The hood answers to your crew now.',
    'Uniforms pressed, turf secured.',
  ],
  'swamp-syndicate': [
    'Run the swamp from the shadows.',
    'Chains, turf and respect: the full syndicate.',
    'The whole parish knows your crew.',
    'Empires are built in the dark water.',
  ],
  // unban types
  'city-unban': [
    'Back to the city streets, cher.',
    'A fresh start on the bayou.',
    'The parish gives second chances.',
    'Dust off and walk back into town.',
  ],
  'discord-unban': [
    'Rejoin the conversation.',
    'The porch light is on for you.',
    'Pull up a chair back in the community.',
    'Your voice belongs back in the chat.',
  ],
  'anticheat-unban': [
    'Clear your name with the system.',
    'A careful second look at your case.',
    'Play it straight from here on, cher.',
    'The review board will hear you out.',
  ],
  // site actions
  login: [
    'Come on in, the door is open.',
    'Sign in and join the bayou.',
    'Your crew is waiting inside.',
    'Log in, pass a good time.',
  ],
  logout: [
    'Laissez les bons temps rouler, see you soon!',
    'The bayou will keep your seat warm.',
    'Safe travels through the swamp, cher.',
    'Come back when the moon is high.',
  ],
  shop: [
    'Browse the finest goods in the parish.',
    'Step into the bayou market.',
    'Fresh stock off the riverboat.',
    'Everything a Louisiana legend needs.',
  ],
  discord: [
    'Join the family on Discord.',
    'The porch is always full on our Discord.',
    'Pull up a chair in our community.',
    'Hear the news before the gators do.',
  ],
  cart: [
    'Your basket is looking mighty fine.',
    'Ready to take it home, cher?',
    'A good haul from the market.',
    'The riverboat is loaded up.',
  ],
  profile: [
    'Your story on the bayou.',
    'See how far you have come, cher.',
    'Every legend keeps a ledger.',
    'Your name, your tokens, your legacy.',
  ],
  features: [
    'Built for real roleplay, Louisiana style.',
    'Custom scripts as rich as gumbo.',
    'Every corner of the parish tells a story.',
    'Made with care, seasoned with Cajun spice.',
  ],
  addToCart: [
    'Added to your basket, cher!',
    'Good choice, that one goes fast.',
    'Into the basket it goes.',
    'The market keeper nods in approval.',
  ],
  checkout: [
    'Almost there, settle up at the counter.',
    'One last step before the fun begins.',
    'The riverboat leaves soon, cher.',
    'Sign the ledger and you are set.',
  ],
  processing: [
    'Stirring the gumbo, hold tight...',
    'The spirits are checking the ledger...',
    'Paddling your order down the bayou...',
    'Just a moment, cher...',
  ],
} as const satisfies Record<string, readonly [string, string, string, string]>;

export type FlavourKey = keyof typeof FLAVOUR_PHRASES;

/** A random phrase for the key; the default phrase for a key we do not know. */
export function flavourPhrase(key: string, random: () => number = Math.random): string {
  const phrases = (FLAVOUR_PHRASES as Record<string, readonly string[]>)[key];
  if (!phrases) return DEFAULT_PHRASE;
  return phrases[Math.floor(random() * phrases.length) % phrases.length];
}
