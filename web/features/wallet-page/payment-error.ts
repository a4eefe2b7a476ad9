import type { PaymentStatus } from '../../../schema/money';

/** A failure whose message is already the one to show (e.g. 'Aptos wallet not found'). */
export class PaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentError';
  }
}

/** Why something failed, as one line: an Error's message, a wallet's bare string, or ''. */
export function reasonOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return '';
}

/** The spec's named failure with the underlying reason after it, when there is one to add. */
export function withReason(named: string, error: unknown): string {
  const reason = reasonOf(error);
  if (!reason || reason === named) return named;
  return named.endsWith('.') ? `${named} ${reason}` : `${named}: ${reason}`;
}

/** A payment step's progress: the spec's payment status, plus which deposit step is running. */
export type PaymentProgress = PaymentStatus & { step?: DepositStep };

/** The deposit steps the payment modal lists (accounts §4). */
export type DepositStep = 'check' | 'transfer' | 'process';
