import { Link } from 'react-router-dom';
import { fulfilmentSentence, ROLE_DELIVERY } from '@contract/fulfilment.ts';
import { paths } from '@/config/paths.ts';
import { InfoPage, InfoSection } from './info-page.tsx';

export default function RefundPolicyPage() {
  return (
    <InfoPage
      title="Refund Policy"
      description="All payments are final. Read how purchases, chargebacks and disputes are handled."
      updated
    >
      <InfoSection title="All sales are final">
        <p>
          All payments are final and non-refundable. Digital goods are delivered through Discord once payment is
          confirmed, and cannot be returned.
        </p>
        <p>Prices are in USD and payment is by card only.</p>
      </InfoSection>
      <InfoSection title="Chargebacks and disputes">
        <p>
          Opening a chargeback or a payment-provider dispute results in a permanent ban from the server and from all
          affiliated servers and stores.
        </p>
      </InfoSection>
      <InfoSection title="Unban services">
        <p>
          Paid unbans are a final sale and do not guarantee approval. Harassment or doxxing cases are not eligible for
          paid unbans, and repeat offenders may be ineligible. See the{' '}
          <Link className="text-moss-300 underline" to={paths.appealProcess}>
            appeal process
          </Link>{' '}
          for the free route.
        </p>
      </InfoSection>
      <InfoSection title="Problems with a purchase">
        <p>
          {fulfilmentSentence(ROLE_DELIVERY)} If yours have not arrived by then, open a ticket on Discord with your
          transaction ID and proof of purchase. Our{' '}
          <Link className="text-moss-300 underline" to={paths.contact}>
            contact page
          </Link>{' '}
          explains how.
        </p>
      </InfoSection>
      <InfoSection title="Age">
        <p>You must be 18 or older, or have parental consent, to make a purchase.</p>
      </InfoSection>
    </InfoPage>
  );
}
