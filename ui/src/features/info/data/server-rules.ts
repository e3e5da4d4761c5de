export type Severity = 'Critical' | 'High' | 'Medium' | 'Low';

export interface Rule {
  number: number;
  title: string;
  text: string;
  severity: Severity;
  sanction: string;
}

export interface RuleGroup {
  title: string;
  rules: readonly Rule[];
}

/**
 * The 18 server rules in their four groups, with their sanctions (docs/product.md#information-pages). Rules given no sanction
 * follow the punishment ladder; severity follows the sanction (docs/decisions/0007-public-site.md).
 */
export const RULE_GROUPS: readonly RuleGroup[] = [
  {
    title: 'Core Roleplay',
    rules: [
      {
        number: 1,
        title: 'Stay in Character',
        text: 'Stay in character at all times while in the city. Out-of-character talk belongs in Discord or /ooc, and brief.',
        severity: 'Critical',
        sanction: 'Immediate ban',
      },
      {
        number: 2,
        title: 'No Random Death Match (RDM)',
        text: 'Never attack another player without a roleplay reason that both sides could follow.',
        severity: 'Medium',
        sanction: 'Minimum 3-day ban on a first offense',
      },
      {
        number: 3,
        title: 'No Vehicle Death Match (VDM)',
        text: 'Never use a vehicle as a weapon to run players down without a roleplay reason.',
        severity: 'High',
        sanction: 'Immediate 7-day ban',
      },
      {
        number: 4,
        title: 'No Fail Roleplay',
        text: 'Act as a real person would: value your life, react to injuries and do not do what your character could not do.',
        severity: 'Medium',
        sanction: 'Warning, then temporary ban (1-30 days), then permanent ban',
      },
      {
        number: 5,
        title: 'No Power Gaming',
        text: 'Do not force an outcome on another player or use mechanics the story does not allow.',
        severity: 'Medium',
        sanction: 'Minimum 1-day ban',
      },
    ],
  },
  {
    title: 'Communication',
    rules: [
      {
        number: 6,
        title: 'No Meta Gaming',
        text: 'Never use information your character did not learn in the city, such as streams or Discord messages.',
        severity: 'High',
        sanction: 'Permanent ban for repeat offenses',
      },
      {
        number: 7,
        title: 'Respectful Communication',
        text: 'No slurs, harassment or hate speech, in character or out. Trash talk stays inside the story.',
        severity: 'Critical',
        sanction: 'Permanent ban',
      },
      {
        number: 8,
        title: 'Louisiana Accent & Culture',
        text: 'A Louisiana accent and bayou culture are encouraged, not required. Keep portrayals respectful.',
        severity: 'Low',
        sanction: 'None: encouraged, not required',
      },
      {
        number: 9,
        title: 'No Stream Sniping',
        text: "Never watch another player's stream to find them or follow what they are doing.",
        severity: 'High',
        sanction: 'Minimum 7-day ban',
      },
      {
        number: 10,
        title: 'Proper Voice Chat',
        text: 'Use a working microphone, no soundboards or music over voice, and keep radio chatter in character.',
        severity: 'Low',
        sanction: 'Warning to kick',
      },
    ],
  },
  {
    title: 'Criminal Activity',
    rules: [
      {
        number: 11,
        title: 'Realistic Criminal RP',
        text: 'Crime needs a story: plan it, give victims a chance to respond and avoid crime for crime’s sake.',
        severity: 'Medium',
        sanction: 'Warning, then temporary ban (1-30 days), then permanent ban',
      },
      {
        number: 12,
        title: 'Gang Territory Respect',
        text: 'Respect the turf of other gangs; take it only through roleplay that staff can follow.',
        severity: 'Medium',
        sanction: 'Warning, then temporary ban (1-30 days), then permanent ban',
      },
      {
        number: 13,
        title: 'No Cop Baiting',
        text: 'Do not provoke police with no purpose other than starting a chase.',
        severity: 'Medium',
        sanction: '3-day ban',
      },
      {
        number: 14,
        title: 'Robbery & Heist Rules',
        text: 'A maximum of 4 people per heist. Hostages must be real players, and police must be given time to respond.',
        severity: 'Medium',
        sanction: 'Warning, then temporary ban (1-30 days), then permanent ban',
      },
    ],
  },
  {
    title: 'Technical & Exploit',
    rules: [
      {
        number: 15,
        title: 'No Cheating or Hacking',
        text: 'Mod menus, injectors, aimbots and any third-party cheat are forbidden.',
        severity: 'Critical',
        sanction: 'Permanent ban',
      },
      {
        number: 16,
        title: 'No Exploiting',
        text: 'Report bugs to staff; never use them for money, items or an advantage.',
        severity: 'High',
        sanction: '30-day ban',
      },
      {
        number: 17,
        title: 'No Alt Characters',
        text: 'One character per Discord account. Do not use a second account to get around a ban or a limit.',
        severity: 'Critical',
        sanction: 'Permanent ban: all accounts are banned',
      },
      {
        number: 18,
        title: 'No Combat Logging',
        text: 'Never leave the game to escape a fight, an arrest or a robbery.',
        severity: 'High',
        sanction: '7-day ban',
      },
    ],
  },
];
