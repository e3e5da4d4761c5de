import { Link } from 'react-router-dom';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { InfoPage, InfoSection } from './info-page.tsx';

export default function AboutPage() {
  return (
    <InfoPage
      title="About Us"
      description={`${brand.name} is a Louisiana-themed FiveM roleplay server, bringing the bayou to life since 2025.`}
    >
      <InfoSection title="Who we are">
        <p>
          {brand.name} is the premier FiveM roleplay server since 2025. From the French Quarter to the deep swamp, every
          parish is built for serious, story-driven roleplay with a Cajun accent.
        </p>
        <p>
          Our staff and developers are players first: they build the jobs, gangs, vehicles and properties they want to
          play with.
        </p>
      </InfoSection>
      <InfoSection title="What we offer">
        <ul>
          <li>Five levels of priority pass, delivered via Discord.</li>
          <li>Three gang tiers, from Starter Gang to Swamp Syndicate.</li>
          <li>Custom add-ons: tattoos, chains, vehicles, housing, businesses and character work.</li>
          <li>More than 30 job systems and 150+ custom vehicles.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Our community">
        <p>
          Everything happens in our Discord: announcements, support tickets, applications and events. Read the{' '}
          <Link className="text-moss-300 underline" to={paths.serverRules}>
            server rules
          </Link>{' '}
          before you play, and{' '}
          <a className="text-moss-300 underline" href={brand.discordInvite} target="_blank" rel="noopener noreferrer">
            join the community
          </a>{' '}
          to say hello.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
