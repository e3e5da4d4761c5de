import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { InfoPage, InfoSection } from './info-page.tsx';

export default function PrivacyPolicyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      description="What we collect when you sign in, buy or apply, and how we use it."
      updated
    >
      <InfoSection title="What we collect">
        <ul>
          <li>From Discord sign-in: your Discord ID, username, avatar and email address.</li>
          <li>
            From purchases: the product, the price, the payment reference and your email. Card details go straight to
            our payment provider; we never see or store them.
          </li>
          <li>From applications: the answers you give on the whitelist or staff application forms.</li>
        </ul>
      </InfoSection>
      <InfoSection title="How we use it">
        <ul>
          <li>To sign you in and keep your session.</li>
          <li>To deliver purchases, credit tokens and assign your Discord roles.</li>
          <li>To review applications and enforce the server rules.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Cookies">
        <p>We use one session cookie to keep you signed in. We do not use advertising or tracking cookies.</p>
      </InfoSection>
      <InfoSection title="Sharing">
        <p>
          We do not sell your data. We share only what our payment provider and Discord need to process your payment and
          deliver your roles.
        </p>
      </InfoSection>
      <InfoSection title="Your choices">
        <p>
          Under Your data on{' '}
          <Link className="text-moss-300 underline" to={paths.account}>
            My Account
          </Link>
          , download a copy of your data as one file, or delete your account. A deletion takes out your name, email,
          Discord ID and what you wrote, ends your sessions and removes your Discord roles. The amounts, dates and
          products of your purchases stay in our accounts, as the law requires. We answer every request within 30 days.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
