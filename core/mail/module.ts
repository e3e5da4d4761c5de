import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '../delivery/model/delivery-settings.ts';
import type { PurchaseRepository } from '../purchases/ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import type { UserRepository } from '../users/ports.ts';
import { type MailEffects, ReceiptEmails } from './model/receipt-emails.ts';
import type { MailOutbox, MailSender, ReceiptLinks } from './ports.ts';
import { ListEmails } from './use-cases/list-emails.ts';
import { RetryEmail } from './use-cases/retry-email.ts';
import { SendDueEmails } from './use-cases/send-due-emails.ts';

/** What the receipts by email need from outside. */
export interface MailPorts {
  outbox: MailOutbox;
  sender: MailSender;
  links: ReceiptLinks;
  /** tries, waits and lease as the Discord deliveries take them (DELIVERY_MAX_ATTEMPTS, DELIVERY_RETRY_BASE_MS) */
  settings?: Partial<DeliverySettings>;
  /** told when there is something to send now (the worker wakes up) */
  onQueued?: () => void;
}

export function createMailModule(
  p: MailPorts,
  shared: {
    accounts: Pick<UserRepository, 'findById'>;
    purchases: Pick<PurchaseRepository, 'ofMembership'>;
    tierName: (tierId: string) => string;
    clock: Clock;
    ids: IdGenerator;
  },
) {
  const settings = { ...DEFAULT_DELIVERY_SETTINGS, ...p.settings };
  const onQueued = p.onQueued ?? (() => {});
  const effects: MailEffects = new ReceiptEmails({
    outbox: p.outbox,
    links: p.links,
    ...shared,
    onRecorded: onQueued,
  });
  return {
    effects,
    mail: {
      sendDue: new SendDueEmails(p.outbox, p.sender, shared.clock, settings),
      list: new ListEmails(p.outbox),
      retry: new RetryEmail(p.outbox, shared.clock, onQueued),
    },
  };
}
