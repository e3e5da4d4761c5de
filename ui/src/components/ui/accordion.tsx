import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** Items open and close independently, so several can be open at once; arrow keys move between headers. */
export function Accordion({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <AccordionPrimitive.Root type="multiple" aria-label={label} className="space-y-3">
      {children}
    </AccordionPrimitive.Root>
  );
}

/** `level` is the heading level of the question: one below the heading the accordion sits under. */
export function AccordionItem({
  value,
  question,
  level = 3,
  children,
}: {
  value: string;
  question: string;
  level?: 2 | 3 | 4;
  children: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <AccordionPrimitive.Item value={value} className="rounded-xl border border-bayou-700 bg-bayou-900">
      <AccordionPrimitive.Header asChild className="m-0">
        <Heading>
          <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-3 rounded-xl px-5 py-4 text-left font-semibold text-slate-50 hover:text-gold-400">
            {question}
            <ChevronDown
              aria-hidden
              size={18}
              className="shrink-0 transition-transform group-data-[state=open]:rotate-180"
            />
          </AccordionPrimitive.Trigger>
        </Heading>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="px-5 pb-4 text-sm text-slate-300">{children}</AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  );
}
