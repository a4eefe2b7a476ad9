/**
 * Errors in the Aptos fullnode's shape: `{message, error_code, vm_error_code}` (api/types AptosError).
 * A transaction the VM refuses answers 400 `vm_error` with "Invalid transaction: Type: Validation
 * Code: <STATUS>" and the status's number, as `create_internal` in aptos-core's api does.
 */
export class FullnodeError extends Error {
  constructor(
    readonly status: 400 | 404 | 500,
    message: string,
    readonly errorCode: string,
    readonly vmErrorCode: number | null = null,
  ) {
    super(message);
    this.name = 'FullnodeError';
  }

  toJSON() {
    return { message: this.message, error_code: this.errorCode, vm_error_code: this.vmErrorCode };
  }
}

/** Move's validation status codes the local chain can answer (move-core-types vm_status.rs). */
const VALIDATION_CODES = {
  INVALID_SIGNATURE: 1,
  INVALID_AUTH_KEY: 2,
  SEQUENCE_NUMBER_TOO_OLD: 3,
  SEQUENCE_NUMBER_TOO_NEW: 4,
  INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE: 5,
  TRANSACTION_EXPIRED: 6,
  SENDING_ACCOUNT_DOES_NOT_EXIST: 7,
  MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND: 13,
  MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS: 14,
  GAS_UNIT_PRICE_BELOW_MIN_BOUND: 15,
  BAD_CHAIN_ID: 23,
} as const;

export type ValidationStatus = keyof typeof VALIDATION_CODES;

/** The VM's refusal of a transaction at validation: it is not committed and changes nothing. */
export const vmRefusal = (status: ValidationStatus) =>
  new FullnodeError(
    400,
    `Invalid transaction: Type: Validation Code: ${status}`,
    'vm_error',
    VALIDATION_CODES[status],
  );

/** A request the node cannot read or does not serve. */
export const invalidInput = (message: string) => new FullnodeError(400, message, 'invalid_input');
