import { type Fulfilment, processingLine, ROLE_DELIVERY, reviewWithin } from './fulfilment.ts';
import type { SaleKind } from './platform-rules.ts';
import type { Product } from './product.ts';

const base = { options: [], popular: false, recommended: false, aliases: [] as string[], fulfilment: ROLE_DELIVERY };

function whitelist(
  id: string,
  name: string,
  dollars: number,
  tokens: number,
  detail: string,
  description: string,
  features: string[],
  popular = false,
): Product {
  return {
    ...base,
    type: 'whitelist',
    id,
    name,
    description,
    features,
    sells: 'queue-priority',
    // every tier's first feature: the pass whitelists its holder
    grantsAccess: features.find((feature) => feature.includes('server access')),
    priceCents: dollars * 100,
    fixedTokens: tokens,
    detail,
    popular,
  };
}

export const WHITELIST_TIERS: Product[] = [
  whitelist(
    'bayou-basic',
    'Bayou Basic',
    20,
    25,
    'Low queue priority',
    'Your first step into the bayou: whitelist access with a place in the queue.',
    ['Whitelist server access', 'Low queue priority', '25 tokens every month', 'Discord supporter role'],
  ),
  whitelist(
    'parish-life',
    'Parish Life',
    40,
    50,
    'Medium queue priority',
    'Settle into parish life with a faster way into the city.',
    ['Whitelist server access', 'Medium queue priority', '50 tokens every month', 'Discord supporter role'],
  ),
  whitelist(
    'swamp-blood',
    'Swamp Blood',
    60,
    100,
    'High queue priority',
    'Born in the swamp: high priority and a monthly token boost.',
    ['Whitelist server access', 'High queue priority', '100 tokens every month', 'Discord supporter role'],
    true,
  ),
  whitelist(
    'gator-crown',
    'Gator Crown',
    100,
    200,
    'Priority bypass queue',
    'Rule the bayou: skip ahead through the priority bypass queue.',
    ['Whitelist server access', 'Priority bypass queue', '200 tokens every month', 'Exclusive Discord role'],
  ),
  whitelist(
    'voodoo-experience',
    'Voodoo Experience',
    175,
    500,
    'Skip all queues permanently',
    'The full Louisiana experience: never wait in a queue again.',
    ['Whitelist server access', 'Skip all queues permanently', '500 tokens every month', 'Exclusive Discord role'],
  ),
];

export const GANG_PACKAGES: Product[] = [
  {
    ...base,
    type: 'gang',
    sells: 'convenience',
    id: 'starter-gang',
    name: 'Starter Gang',
    priceCents: 5000,
    fixedTokens: null,
    description: 'Get your crew on the map with an official gang slot.',
    features: ['Official gang registration', 'Gang Discord channel', 'Leadership review and in-character interview'],
  },
  {
    ...base,
    type: 'gang',
    sells: 'convenience',
    id: 'hood-package',
    name: 'Hood Package',
    priceCents: 8000,
    fixedTokens: null,
    recommended: true,
    aliases: ['crime-family'],
    description: 'Claim your corner of the parish with turf and colours.',
    features: ['Everything in Starter Gang', '2 turf blocks', '2 custom uniforms'],
  },
  {
    ...base,
    type: 'gang',
    sells: 'convenience',
    id: 'swamp-syndicate',
    name: 'Swamp Syndicate',
    priceCents: 15000,
    fixedTokens: null,
    description: 'Run the bayou: the full syndicate package.',
    features: [
      'Everything in Hood Package',
      '3 turf blocks',
      '3 custom uniforms',
      '1 custom chain',
      '2 clock-in permissions',
    ],
  },
];

function addon(
  id: string,
  name: string,
  sells: SaleKind,
  description: string,
  features: string[],
  price: number | null,
  options: [string, string, number, boolean?][] = [],
  aliases: string[] = [],
): Product {
  return {
    ...base,
    type: 'addon',
    sells,
    id,
    name,
    description,
    features,
    aliases,
    fixedTokens: null,
    priceCents: price === null ? null : price * 100,
    options: options.map(([optionId, label, dollars, isPackage]) => ({
      id: optionId,
      label,
      priceCents: dollars * 100,
      isPackage: isPackage ?? false,
    })),
  };
}

export const ADDONS: Product[] = [
  addon(
    'custom-tattoos',
    'Custom Tattoos',
    'cosmetic',
    'Original ink designed for your character.',
    ['Designed by our artists', 'Any style', 'Placed on your character'],
    null,
    [
      ['upper-body', 'Upper Body', 75],
      ['lower-body', 'Lower Body', 50],
      ['face-neck-head', 'Face/Neck/Head', 40],
      ['full-body-package', 'Full Body Package', 150, true],
    ],
  ),
  addon(
    'bayou-chains',
    'Bayou Chains',
    'cosmetic',
    'Custom chains to show who runs the parish.',
    ['Custom modelled chain', 'Worn in city', 'Your design'],
    null,
    [
      ['basic', 'Basic', 50],
      ['custom-logo', 'Custom Logo', 75],
      ['iced-out', 'Iced Out', 100],
      ['premium-package', 'Premium Package', 150, true],
    ],
  ),
  addon(
    'swamp-vehicles',
    'Swamp Vehicles',
    'convenience',
    'A custom vehicle added to your garage.',
    ['Custom vehicle', 'Added to your garage', 'Unique plate'],
    115,
  ),
  addon(
    'vip-housing',
    'VIP Housing',
    'convenience',
    'A private property to call home.',
    ['Private property', 'Custom interior', 'Storage'],
    100,
  ),
  addon(
    'business-package',
    'Business Package',
    'convenience',
    'Open your own business in the city.',
    ['Business property', 'Employee management', 'Custom signage'],
    150,
  ),
  addon(
    'female-customization',
    'Female Customization',
    'cosmetic',
    'Details that make your character yours.',
    ['Custom nail art', 'Custom styling', 'Made for your character'],
    null,
    [
      ['nail-art', 'Nail Art', 25],
      ['complete-package', 'Complete Package', 150, true],
    ],
  ),
  addon(
    'ped-creation',
    'Ped Creation',
    'cosmetic',
    'A custom character model built for you.',
    ['Custom character model', 'Made to your brief', 'Yours alone'],
    null,
    [
      ['basic', 'Basic', 75],
      ['advanced', 'Advanced', 100],
      ['real-life', 'Real-Life', 150],
      ['premium-package', 'Premium Package', 250, true],
    ],
    ['character-work'],
  ),
];

/** An unban service: its card's processing line and its "Processed in" feature say the review's one time. */
function unban(
  id: string,
  name: string,
  dollars: number,
  review: Fulfilment,
  description: string,
  features: [string, string],
  recommended = false,
): Product {
  const [what, ...rest] = features;
  return {
    ...base,
    type: 'unban',
    sells: 'service',
    id,
    name,
    priceCents: Math.round(dollars * 100),
    fixedTokens: null,
    detail: processingLine(review),
    fulfilment: review,
    description,
    features: [what, `Processed in ${review.time}`, ...rest],
    recommended,
  };
}

export const UNBAN_SERVICES: Product[] = [
  unban(
    'city-unban',
    'City Unban',
    199,
    reviewWithin('1-24 hours'),
    'Lift a ban from the city server after staff review.',
    ['City server ban review', 'Discord username and ban reason required'],
    true,
  ),
  unban('discord-unban', 'Discord Unban', 19.99, reviewWithin('24-48 hours'), 'Get back into the community Discord.', [
    'Discord ban review',
    'Discord username and ban reason required',
  ]),
  unban(
    'anticheat-unban',
    'Anti-Cheat Unban',
    100,
    reviewWithin('24-72 hours'),
    'Review of an automatic anti-cheat ban.',
    ['Anti-cheat ban review', 'Discord username and ban reason required'],
  ),
];

export const ALL_PRODUCTS: Product[] = [...WHITELIST_TIERS, ...GANG_PACKAGES, ...ADDONS, ...UNBAN_SERVICES];
