import { Link } from 'react-router-dom';
import { Accordion, AccordionItem } from '@/components/ui/accordion.tsx';
import { paths } from '@/config/paths.ts';
import { FAQ } from '../data/faq.ts';
import { InfoPage } from './info-page.tsx';

export default function FaqPage() {
  return (
    <InfoPage
      title="Frequently Asked Questions"
      description="Answers about joining, buying, tokens, bans and applications."
    >
      <Accordion label="Questions">
        {FAQ.map((item, index) => (
          <AccordionItem key={item.question} value={`faq-${index}`} question={item.question} level={2}>
            <p>{item.answer}</p>
          </AccordionItem>
        ))}
      </Accordion>
      <p className="text-center text-slate-300">
        Still have a question?{' '}
        <Link to={paths.contact} className="font-semibold text-moss-300 underline">
          Contact us
        </Link>
        .
      </p>
    </InfoPage>
  );
}
