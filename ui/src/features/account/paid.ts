/** A purchase whose payment went through (refunded and disputed ones too): it has a receipt. Else only its details. */
export const wasPaid = (status: string) => status === 'completed' || status === 'refunded' || status === 'disputed';
