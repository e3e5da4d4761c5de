import { Link } from 'react-router-dom';
import { fulfilmentSentence, ROLE_DELIVERY } from '@contract/fulfilment.ts';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { InfoPage, InfoSection } from './info-page.tsx';

export default function TermsOfServicePage() {
  return (
    <InfoPage
      title="Terms of Service"
      description={`The terms for using the ${brand.name} website, store and server.`}
      updated
    >
      <InfoSection title="The service">
        <p>
          {brand.name} is a fictional roleplay server on FiveM. It is not affiliated with or endorsed by Rockstar Games,
          Take-Two Interactive or Cfx.re.
        </p>
      </InfoSection>
      <InfoSection title="Eligibility">
        <p>
          You must be 18 or older, or have parental consent, to buy from the store. One character per Discord account.
        </p>
      </InfoSection>
      <InfoSection title="Purchases">
        <ul>
          <li>Prices are in USD; payment is by card only.</li>
          <li>
            All payments are final, as set out in our{' '}
            <Link className="text-moss-300 underline" to={paths.refund}>
              refund policy
            </Link>
            .
          </li>
          <li>
            Purchases are delivered as Discord roles: {fulfilmentSentence(ROLE_DELIVERY)} Where a role does not arrive,
            open a ticket with your transaction ID.
          </li>
          <li>A chargeback or payment dispute results in a permanent ban across affiliated servers and stores.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Conduct">
        <p>
          Playing on the server means following the{' '}
          <Link className="text-moss-300 underline" to={paths.serverRules}>
            server rules
          </Link>
          . Staff may warn, kick or ban players who break them; a ban does not entitle you to a refund.
        </p>
      </InfoSection>
      <InfoSection title="Changes">
        <p>We may change these terms; the date above shows the latest version.</p>
      </InfoSection>
    </InfoPage>
  );
}
