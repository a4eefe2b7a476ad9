import type { EntryFunction } from '@aptos-labs/ts-sdk';
import { APT_METADATA, type Asset, FAUCET_ADDRESS } from './chain-constants';
import { invalidInput } from './fullnode-error';
import { aptosSdk } from './sdk';

/** The payload as the fullnode shows it in a transaction's JSON. */
export type PayloadJson = {
  type: 'entry_function_payload';
  function: string;
  type_arguments: string[];
  arguments: unknown[];
};

/** What a transaction asks the local chain to do: move APT or REEL, or (the faucet only) mint APT. */
export type LocalCall = {
  kind: 'transfer' | 'mint';
  asset: Asset;
  to: string;
  amount: bigint;
  payload: PayloadJson;
};

/** The object types `primary_fungible_store::transfer<T>` accepts for a metadata object. */
const METADATA_TYPES = new Set(['0x1::fungible_asset::Metadata', '0x1::object::ObjectCore']);

const SUPPORTED =
  'The local chain runs only 0x1::aptos_account::transfer, 0x1::primary_fungible_store::transfer of APT or REEL, and the faucet mint';

/** Reads the entry function's BCS arguments: each must be exactly one value of the expected kind. */
const readArgs = async (fn: EntryFunction, kinds: ('address' | 'u64')[]) => {
  const { AccountAddress, Deserializer } = await aptosSdk();
  if (fn.args.length !== kinds.length) throw invalidInput(`${SUPPORTED} (wrong number of arguments)`);
  return kinds.map((kind, i) => {
    const deserializer = new Deserializer(fn.args[i]?.bcsToBytes() ?? new Uint8Array());
    try {
      const value =
        kind === 'address' ? AccountAddress.deserialize(deserializer) : deserializer.deserializeU64();
      deserializer.assertFinished();
      return value;
    } catch {
      throw invalidInput(`Failed to deserialize argument ${i} of the entry function as ${kind}`);
    }
  });
};

/**
 * The call of a transaction's entry function, or a 400 for anything the local chain does not run.
 * `sender` decides who may mint (the faucet account only).
 */
export const decodeCall = async (
  fn: EntryFunction,
  sender: string,
  reelAsset: string,
): Promise<LocalCall> => {
  const { AccountAddress } = await aptosSdk();
  const moduleAddress = fn.module_name.address.toStringLong();
  const name = `${fn.module_name.name.identifier}::${fn.function_name.identifier}`;
  const typeArgs = fn.type_args.map((tag) => tag.toString());
  const fnId = `0x1::${name}`;
  if (moduleAddress !== AccountAddress.ONE.toStringLong()) throw invalidInput(SUPPORTED);

  if (name === 'aptos_account::transfer' || name === 'aptos_coin::mint') {
    if (typeArgs.length !== 0) throw invalidInput(`${SUPPORTED} (unexpected type arguments)`);
    if (name === 'aptos_coin::mint' && sender !== FAUCET_ADDRESS) throw invalidInput(SUPPORTED);
    const [to, amount] = (await readArgs(fn, ['address', 'u64'])) as [
      InstanceType<typeof AccountAddress>,
      bigint,
    ];
    return {
      kind: name === 'aptos_coin::mint' ? 'mint' : 'transfer',
      asset: 'apt',
      to: to.toStringLong(),
      amount,
      payload: {
        type: 'entry_function_payload',
        function: fnId,
        type_arguments: [],
        arguments: [to.toString(), amount.toString()],
      },
    };
  }
  if (name === 'primary_fungible_store::transfer') {
    if (typeArgs.length !== 1 || !METADATA_TYPES.has(typeArgs[0] ?? '')) {
      throw invalidInput(`${SUPPORTED} (the type argument must be 0x1::fungible_asset::Metadata)`);
    }
    const [metadata, to, amount] = (await readArgs(fn, ['address', 'address', 'u64'])) as [
      InstanceType<typeof AccountAddress>,
      InstanceType<typeof AccountAddress>,
      bigint,
    ];
    const meta = metadata.toStringLong();
    const asset: Asset | null =
      meta === APT_METADATA ? 'apt' : meta === AccountAddress.from(reelAsset).toStringLong() ? 'reel' : null;
    if (!asset) throw invalidInput(`${SUPPORTED} (unknown fungible asset ${metadata.toString()})`);
    return {
      kind: 'transfer',
      asset,
      to: to.toStringLong(),
      amount,
      payload: {
        type: 'entry_function_payload',
        function: fnId,
        type_arguments: typeArgs,
        arguments: [{ inner: metadata.toString() }, to.toString(), amount.toString()],
      },
    };
  }
  throw invalidInput(SUPPORTED);
};
