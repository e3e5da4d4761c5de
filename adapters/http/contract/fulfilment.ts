/**
 * The catalogue's delivery times and the sentences pages state them in, for the UI. Set apart from the catalogue's
 * schemas so a page that only says a time loads no schema library.
 */
export { type Fulfilment, fulfilmentSentence, ROLE_DELIVERY } from '../../../core/catalogue/model/fulfilment.ts';
