import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { type Asset, GAS_USED, ZERO_HASH } from './chain-constants';
import type { PayloadJson } from './decode-call';

/**
 * The fullnode's JSON for user transactions (api/types Transaction), as the ts-sdk and explorers read
 * it. The committed body is stored without `version`, which the ledger row supplies.
 */

/** The signed fields every form of the transaction shows (PendingTransaction and UserTransaction). */
export type SignedFields = {
  hash: string;
  sender: string;
  sequence_number: string;
  max_gas_amount: string;
  gas_unit_price: string;
  expiration_timestamp_secs: string;
  payload: PayloadJson;
  signature: Record<string, unknown>;
};

type EventJson = {
  guid: { creation_number: string; account_address: string };
  sequence_number: string;
  type: string;
  data: Record<string, string>;
};

const event = (type: string, data: Record<string, string>): EventJson => ({
  guid: { creation_number: '0', account_address: '0x0' },
  sequence_number: '0',
  type,
  data,
});

/** The owner's primary store of an asset: the user-derived object address sha3(owner ‖ metadata ‖ 0xFC). */
const primaryStore = (owner: string, metadata: string) =>
  `0x${bytesToHex(sha3_256(concatBytes(hexToBytes(owner.slice(2)), hexToBytes(metadata.slice(2)), new Uint8Array([0xfc]))))}`;

export type Movement = { from: string | null; to: string; asset: Asset; amount: bigint };

/** A committed transaction's body: fungible-asset Withdraw/Deposit events for what moved, and the fee. */
export const committedBody = (args: {
  signed: SignedFields;
  success: boolean;
  vmStatus: string;
  movement: Movement | null;
  metadataOf: (asset: Asset) => string;
  timestampMicros: number;
}) => {
  const { signed, movement } = args;
  const events: EventJson[] = [];
  if (movement) {
    const metadata = args.metadataOf(movement.asset);
    if (movement.from) {
      events.push(
        event('0x1::fungible_asset::Withdraw', {
          store: primaryStore(movement.from, metadata),
          amount: movement.amount.toString(),
        }),
      );
    }
    events.push(
      event('0x1::fungible_asset::Deposit', {
        store: primaryStore(movement.to, metadata),
        amount: movement.amount.toString(),
      }),
    );
  }
  events.push(
    event('0x1::transaction_fee::FeeStatement', {
      total_charge_gas_units: String(GAS_USED),
      execution_gas_units: String(GAS_USED / 2),
      io_gas_units: String(GAS_USED / 2),
      storage_fee_octas: '0',
      storage_fee_refund_octas: '0',
    }),
  );
  return {
    type: 'user_transaction',
    hash: signed.hash,
    state_change_hash: ZERO_HASH,
    event_root_hash: ZERO_HASH,
    state_checkpoint_hash: null,
    gas_used: String(GAS_USED),
    success: args.success,
    vm_status: args.vmStatus,
    accumulator_root_hash: ZERO_HASH,
    changes: [],
    sender: signed.sender,
    sequence_number: signed.sequence_number,
    max_gas_amount: signed.max_gas_amount,
    gas_unit_price: signed.gas_unit_price,
    expiration_timestamp_secs: signed.expiration_timestamp_secs,
    payload: signed.payload,
    signature: signed.signature,
    events,
    timestamp: String(args.timestampMicros),
  };
};

/** A stored body with its ledger version, as `GET /v1/transactions/by_hash/{hash}` answers it. */
export const withVersion = (body: string, version: number) => ({
  version: String(version),
  ...(JSON.parse(body) as Record<string, unknown>),
});
