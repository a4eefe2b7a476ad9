import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { APT_METADATA, APTOS_COIN } from './chain-constants';
import { invalidInput } from './fullnode-error';
import { getBalance } from './queries';
import { aptosSdk, longAddress } from './sdk';

/** A view call, from either request form: BCS (`application/x.aptos.view_function+bcs`) or JSON. */
export type ViewCall = { fn: string; typeArgs: string[]; args: string[] };

/** The BCS form is an EntryFunction whose arguments are addresses or objects (32 bytes each). */
export const viewCallFromBcs = async (bytes: Uint8Array): Promise<ViewCall> => {
  const { AccountAddress, Deserializer, EntryFunction } = await aptosSdk();
  try {
    const outer = new Deserializer(bytes);
    const fn = EntryFunction.deserialize(outer);
    outer.assertFinished();
    return {
      fn: `${fn.module_name.address.toString()}::${fn.module_name.name.identifier}::${fn.function_name.identifier}`,
      typeArgs: fn.type_args.map((tag) => tag.toString()),
      args: fn.args.map((arg) => {
        const inner = new Deserializer(arg.bcsToBytes());
        const address = AccountAddress.deserialize(inner);
        inner.assertFinished();
        return address.toStringLong();
      }),
    };
  } catch {
    throw invalidInput('Failed to deserialize input into ViewFunction');
  }
};

/** The JSON form: `{function, type_arguments, arguments}`; objects may come as `{inner}`. */
export const viewCallFromJson = async (body: unknown): Promise<ViewCall> => {
  const { function: fn, type_arguments, arguments: args } = (body ?? {}) as Record<string, unknown>;
  if (typeof fn !== 'string' || !Array.isArray(args)) {
    throw invalidInput('A view request needs function and arguments');
  }
  try {
    return {
      fn,
      typeArgs: Array.isArray(type_arguments) ? type_arguments.map(String) : [],
      args: await Promise.all(
        args.map((arg) =>
          longAddress(typeof arg === 'object' && arg && 'inner' in arg ? String(arg.inner) : String(arg)),
        ),
      ),
    };
  } catch {
    throw invalidInput('View arguments must be addresses');
  }
};

const hexName = (name: string) => `0x${bytesToHex(utf8ToBytes(name))}`;

/**
 * Runs the views the ts-sdk uses for balances: `0x1::coin::balance<AptosCoin>`, `0x1::coin::paired_coin`
 * and `0x1::primary_fungible_store::balance` (APT at 0xa, REEL at REEL_ASSET). Values as the
 * fullnode's JSON has them (u64 as strings).
 */
export const runView = async (env: Env, call: ViewCall): Promise<unknown[]> => {
  const { AccountAddress } = await aptosSdk();
  const reel = AccountAddress.from(env.REEL_ASSET).toStringLong();
  const [first, second] = call.args;
  if (
    call.fn === '0x1::coin::balance' &&
    call.typeArgs[0] === APTOS_COIN &&
    first &&
    call.args.length === 1
  ) {
    return [String(await getBalance(env.DB, first, 'apt'))];
  }
  if (call.fn === '0x1::coin::paired_coin' && first && call.args.length === 1) {
    const paired =
      first === APT_METADATA
        ? [{ account_address: '0x1', module_name: hexName('aptos_coin'), struct_name: hexName('AptosCoin') }]
        : [];
    return [{ vec: paired }];
  }
  if (call.fn === '0x1::primary_fungible_store::balance' && first && second && call.args.length === 2) {
    if (second === APT_METADATA) return [String(await getBalance(env.DB, first, 'apt'))];
    if (second === reel) return [String(await getBalance(env.DB, first, 'reel'))];
    return ['0'];
  }
  throw invalidInput(`The local chain does not serve the view ${call.fn}`);
};
