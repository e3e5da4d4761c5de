export interface PaymentFormProps {
  clientSecret: string;
  payLabel: string;
  /** the payment went through; completes the purchase on the server */
  onPaid: (paymentIntentId: string) => Promise<void>;
  /** the provider refused the payment; the message is the provider's */
  onError: (message: string) => void;
}
